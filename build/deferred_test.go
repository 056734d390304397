package build

import (
	"os"
	"path/filepath"
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
		back := snapshot(t, backName(s.out))
		if len(back) != 1 || back[markerName] == nil {
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
	if d := diffSnapshots(first, snapshot(t, backName(s.out))); d != "" {
		t.Errorf("back buffer is not the older site:\n%s", d)
	}
	if d := diffSnapshots(coldSnapshot(t, smallSite, "-- animals/cross.non --\n"+changedCross), snapshot(t, s.out)); d != "" {
		t.Errorf("output differs from a cold build's:\n%s", d)
	}
	// The published files were linked, not copied: unchanged ones share inodes.
	a, err1 := os.Stat(filepath.Join(s.out, "animals", "corner", "sheet.svg"))
	b, err2 := os.Stat(filepath.Join(backName(s.out), "animals", "corner", "sheet.svg"))
	if err1 != nil || err2 != nil || !os.SameFile(a, b) {
		t.Errorf("an unchanged file is not shared by the two buffers (%v, %v)", err1, err2)
	}
}
