package build

import (
	"github.com/nonopress/nonopress/build/output"

	"os"
	"path/filepath"
	"testing"
)

// TestStaleRemovedFromBothBuffers removes a collection after the back buffer
// exists and is clean (stale files then come from its manifest, not a walk):
// its files and folders leave the published folder, and a build later the
// back buffer too, and both equal a cold build of the smaller tree.
func TestStaleRemovedFromBothBuffers(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	s.mustBuild(Config{})
	if err := os.Remove(filepath.Join(s.src, "shapes", "minis.nonpack")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(s.src, "shapes", "README.md")); err != nil {
		t.Fatal(err)
	}
	sum := s.mustBuild(Config{})
	if sum.Removed == 0 {
		t.Error("no file removed")
	}
	s.forgetStamp() // this build, with nothing changed, must run to clean the back buffer
	s.mustBuild(Config{})
	c := newSite(t, smallSite)
	os.RemoveAll(filepath.Join(c.src, "shapes"))
	c.mustBuild(Config{})
	want := snapshot(t, c.out)
	for _, dir := range []string{s.out, output.BackName(s.out)} {
		if _, err := os.Stat(filepath.Join(dir, "shapes")); !os.IsNotExist(err) {
			t.Errorf("%s: shapes/ left behind (%v)", dir, err)
		}
		if d := diffSnapshots(want, snapshot(t, dir)); d != "" {
			t.Errorf("%s differs from a cold build of the smaller tree:\n%s", dir, d)
		}
	}
}

// TestMarkerTempRemovedFromCleanBuffer: a build killed while marking a clean
// back buffer dirty leaves the marker's temporary file beside a marker that
// still says clean; it must not be published.
func TestMarkerTempRemovedFromCleanBuffer(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	writeTree(t, s.src, "-- animals/cross.non --\n"+changedCross)
	s.mustBuild(Config{}) // the back buffer now holds the first site, clean
	tmp := filepath.Join(output.BackName(s.out), ".np-123456.tmp")
	if err := os.WriteFile(tmp, []byte("half a marker"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{})
	if _, err := os.Stat(filepath.Join(s.out, ".np-123456.tmp")); !os.IsNotExist(err) {
		t.Errorf("the marker's temporary file was published (%v)", err)
	}
}
