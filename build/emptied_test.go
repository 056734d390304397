package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/internal/archivegen"
)

// A user may empty or edit the published folder by hand: `rm -rf public/*`
// to "clean" a site leaves its dotfiles, the marker and its manifest among
// them. The build after such a change must publish the whole site again,
// whether or not the build stamp holds.

// emptyOutput removes everything in dir but its dotfiles, as the shell's
// `rm -rf dir/*` does (its * matches no name that starts with a dot).
func emptyOutput(t *testing.T, dir string) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "[^.]*"))
	if err != nil || len(names) == 0 {
		t.Fatalf("nothing to remove in %s (%v)", dir, err)
	}
	for _, name := range names {
		if err := os.RemoveAll(name); err != nil {
			t.Fatal(err)
		}
	}
}

// afterTick waits out the tick of the file system's change times (a few
// milliseconds): a change within the tick of a build's last write to a
// folder would leave the folder's time as the stamp recorded it.
func afterTick() { time.Sleep(30 * time.Millisecond) }

// stampedTwice builds s twice with settled files, so that the second
// build is answered from the stamp (and the back buffer exists).
func stampedTwice(t *testing.T, s *testSite) {
	t.Helper()
	mustBuildWith(t, stampedBuilder(s, Config{}))
	if !mustBuildWith(t, stampedBuilder(s, Config{})).Unchanged {
		t.Fatal("the second build of an unchanged tree is not stamped")
	}
	afterTick()
}

// checkRepaired fails unless s.out holds what a build of the same tree
// into a new folder holds, byte for byte.
func checkRepaired(t *testing.T, s *testSite) {
	t.Helper()
	fresh := filepath.Join(t.TempDir(), "fresh")
	s.mustBuild(Config{Out: fresh})
	if d := diffSnapshots(snapshot(t, fresh), snapshot(t, s.out)); d != "" {
		t.Errorf("the output is not a fresh build's (first: fresh, second: repaired):\n%s", d)
	}
}

// TestEmptiedOutputStamped: after `rm -rf public/*` the stamp must not hold
// (it did, and the site stayed empty), and the build publishes every file.
func TestEmptiedOutputStamped(t *testing.T) {
	s := newSite(t, smallSite)
	stampedTwice(t, s)
	emptyOutput(t, s.out)
	var log strings.Builder
	b := stampedBuilder(s, Config{})
	b.log = &log
	sum := mustBuildWith(t, b)
	if sum.Unchanged || sum.Written == 0 {
		t.Errorf("build after emptying the output: unchanged %v, %d files written", sum.Unchanged, sum.Written)
	}
	// The user is told what happened, and how much.
	if sum.Repaired != sum.Written || !strings.Contains(log.String(), fmt.Sprintf("%d files of the published site were gone or changed by hand since the last build: written again", sum.Written)) {
		t.Errorf("repaired %d of %d files written; the log says:\n%s", sum.Repaired, sum.Written, log.String())
	}
	checkRepaired(t, s)
}

// TestEmptiedOutputUnstamped: after `rm -rf public/*`, a build the stamp
// does not answer must not link the published files it trusted from the
// manifest (it failed: link ... no such file or directory), but write them.
func TestEmptiedOutputUnstamped(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	s.mustBuild(Config{}) // the back buffer exists, clean and empty
	emptyOutput(t, s.out)
	s.forgetStamp()
	s.mustBuild(Config{})
	checkRepaired(t, s)
	// And once more, with a back buffer that now holds the emptied site.
	emptyOutput(t, s.out)
	s.forgetStamp()
	s.mustBuild(Config{})
	checkRepaired(t, s)
	s.forgetStamp()
	s.mustBuild(Config{}) // swaps the back buffer in again
	checkRepaired(t, s)
}

// TestDeletedDeepFileRepaired: a file deleted by hand deep in the published
// folder is written again, by a build the stamp would answer and by one it
// does not; so is a file replaced by a folder.
func TestDeletedDeepFileRepaired(t *testing.T) {
	s := newSite(t, smallSite)
	stampedTwice(t, s)
	page := filepath.Join(s.out, "animals", "cross", "index.html")
	if err := os.Remove(page); err != nil {
		t.Fatal(err)
	}
	mustBuildWith(t, stampedBuilder(s, Config{}))
	checkRepaired(t, s)

	sheet := filepath.Join(s.out, "animals", "corner", "sheet.svg")
	if err := os.Remove(sheet); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(sheet, 0o755); err != nil {
		t.Fatal(err)
	}
	s.forgetStamp()
	s.mustBuild(Config{})
	checkRepaired(t, s)
	for _, dir := range []string{s.out, output.BackName(s.out)} {
		if _, err := os.Stat(filepath.Join(dir, output.MarkerName)); err != nil {
			t.Errorf("%s: %v", dir, err)
		}
	}
}

// TestReplacedFileRepaired: a published page replaced by hand (saved by an
// editor, which renames a new file over the old) is written again by a
// build the stamp would otherwise answer.
func TestReplacedFileRepaired(t *testing.T) {
	s := newSite(t, smallSite)
	stampedTwice(t, s)
	page := filepath.Join(s.out, "animals", "cross", "index.html")
	if err := os.WriteFile(page+".new", []byte("<p>edited by hand</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(page+".new", page); err != nil {
		t.Fatal(err)
	}
	mustBuildWith(t, stampedBuilder(s, Config{}))
	checkRepaired(t, s)
}

// TestServeRepairsDeletedFile: a builder kept between builds (serve) that
// answers an edit after a published file was deleted publishes it again,
// rather than patching a site that lacks it.
func TestServeRepairsDeletedFile(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.builder(Config{})
	ctx := t.Context()
	if _, err := b.Rebuild(ctx, []string{}); err != nil {
		t.Fatal(err)
	}
	for b.Pending() {
		if _, err := b.Rebuild(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(s.out, "animals", "corner", "sheet.svg")); err != nil {
		t.Fatal(err)
	}
	target, err := archivegen.FirstNon(s.src)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Rebuild(ctx, []string{target}); err != nil {
		t.Fatal(err)
	}
	for b.Pending() {
		if _, err := b.Rebuild(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	checkRepaired(t, s)
}

// TestServePrepareOnDamagedFolder: a published file deleted before serve
// readies its back buffer: the readying must not take the folder as the
// site, and the edit that follows publishes the file again.
func TestServePrepareOnDamagedFolder(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.builder(Config{})
	ctx := t.Context()
	mustBuildWith(t, b)
	afterTick()
	sheet := filepath.Join(s.out, "animals", "corner", "sheet.svg")
	if err := os.Remove(sheet); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Rebuild(ctx, nil); err != nil { // readies the back buffer
		t.Fatal(err)
	}
	target := filepath.Join(s.src, "animals", "cross.non")
	writeTree(t, s.src, "-- animals/cross.non --\n"+changedCross)
	if _, err := b.Rebuild(ctx, []string{target}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(sheet); err != nil {
		t.Errorf("the edit published a site without the deleted file: %v", err)
	}
	for b.Pending() {
		if _, err := b.Rebuild(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	checkRepaired(t, s)
}
