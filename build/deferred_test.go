package build

import (
	"github.com/nonopress/nonopress/build/output"

	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnchangedBuildLeavesOutputAlone: the build after the first, with
// nothing changed, neither swaps nor fills the back buffer (which stays
// clean and empty); the first build that changes something fills it with
// the unchanged files and publishes; the back buffer then holds the older
// site, complete.
func TestUnchangedBuildLeavesOutputAlone(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	first := snapshot(t, s.out)
	for i := range 2 {
		sum := s.mustBuild(Config{})
		if len(sum.Changed) != 0 {
			t.Errorf("unchanged build %d: Changed = %v", i, sum.Changed)
		}
		back := snapshot(t, output.BackName(s.out))
		if len(back) != 1 || back[output.MarkerName] == nil {
			t.Errorf("unchanged build %d: back buffer holds %d files, want only its marker", i, len(back))
		}
		if d := diffSnapshots(first, snapshot(t, s.out)); d != "" {
			t.Fatalf("unchanged build %d changed the output:\n%s", i, d)
		}
	}
	writeTree(t, s.src, "-- animals/cross.non --\n"+changedCross)
	sum := s.mustBuild(Config{})
	if !contains(sum.Changed, "animals/cross/index.html") {
		t.Errorf("Changed = %v, want the changed puzzle's page", sum.Changed)
	}
	if d := diffSnapshots(first, snapshot(t, output.BackName(s.out))); d != "" {
		t.Errorf("back buffer is not the older site:\n%s", d)
	}
	if d := diffSnapshots(coldSnapshot(t, smallSite, "-- animals/cross.non --\n"+changedCross), snapshot(t, s.out)); d != "" {
		t.Errorf("output differs from a cold build's:\n%s", d)
	}
	// The published files were linked, not copied: unchanged ones share inodes.
	a, err1 := os.Stat(filepath.Join(s.out, "animals", "corner", "sheet.svg"))
	b, err2 := os.Stat(filepath.Join(output.BackName(s.out), "animals", "corner", "sheet.svg"))
	if err1 != nil || err2 != nil || !os.SameFile(a, b) {
		t.Errorf("an unchanged file is not shared by the two buffers (%v, %v)", err1, err2)
	}
}

// PrepareBack links the published site into an empty back buffer, so that
// the next build writes only what changed; the result is the same site.
func TestPrepareBack(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.builder(Config{})
	ctx := t.Context()
	mustBuildWith(t, b)
	if err := b.prepareBack(ctx); err != nil {
		t.Fatal(err)
	}
	back := output.BackName(s.out)
	hashes, err := output.ReadManifest(back)
	if err != nil || len(hashes) == 0 {
		t.Fatalf("back buffer manifest after PrepareBack: %d files, %v", len(hashes), err)
	}
	front, _ := output.ReadManifest(s.out)
	if !maps.Equal(hashes, front) {
		t.Error("back buffer manifest differs from the published one")
	}
	for p := range hashes {
		a, errA := os.Stat(filepath.Join(s.out, filepath.FromSlash(p)))
		c, errC := os.Stat(filepath.Join(back, filepath.FromSlash(p)))
		if errA != nil || errC != nil || !os.SameFile(a, c) {
			t.Fatalf("%s: not linked (%v, %v)", p, errA, errC)
		}
	}
	// Again: nothing to do, the back buffer stays as it is.
	if err := b.prepareBack(ctx); err != nil {
		t.Fatal(err)
	}
	if again, _ := output.ReadManifest(back); !maps.Equal(again, hashes) {
		t.Error("a second PrepareBack changed the back buffer")
	}

	edit(t, filepath.Join(s.src, "animals", "corner.non"), `title "Corner"`, `title "Corner edited"`)
	sum, err := b.Build(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.read("animals/corner/index.html"), "Corner edited") || !contains(sum.Changed, "animals/corner/index.html") {
		t.Error("the build after PrepareBack does not publish the edit")
	}
	fresh := &testSite{t: t, src: s.src, out: filepath.Join(t.TempDir(), "public")}
	fresh.mustBuild(Config{})
	for p := range hashes {
		if fresh.exists(p) && fresh.read(p) != s.read(p) {
			t.Errorf("%s differs from a build from scratch", p)
		}
	}
}
