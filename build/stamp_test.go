package build

import (
	"github.com/nonopress/nonopress/build/output"

	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// stampedBuilder is a builder for s whose files count as settled at once
// (the racy window is what keeps a just-written tree from being stamped).
func stampedBuilder(s *testSite, cfg Config) *Builder {
	b := s.builder(cfg)
	b.racy = 0
	return b
}

// A build after which nothing changed is answered from the stamp, with the
// last build's counts and warnings, by a new builder too (a new process).
func TestStampUnchangedBuild(t *testing.T) {
	s := newSite(t, smallSite)
	unlicensed := "title \"Free\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"
	if err := os.WriteFile(filepath.Join(s.src, "shapes", "free.non"), []byte(unlicensed), 0o644); err != nil {
		t.Fatal(err)
	}
	first := mustBuildWith(t, stampedBuilder(s, Config{}))
	if first.Unchanged {
		t.Fatal("first build says unchanged")
	}
	page := s.read("animals/cross/index.html")
	again := mustBuildWith(t, stampedBuilder(s, Config{}))
	if !again.Unchanged {
		t.Fatal("second build of an unchanged tree not answered from the stamp")
	}
	if again.Puzzles != first.Puzzles || again.Pages != first.Pages || !slices.Equal(again.Warnings, first.Warnings) || len(first.Warnings) == 0 {
		t.Errorf("stamped summary: %d puzzles, %d pages, warnings %q; want the first build's: %d, %d, %q (not none)",
			again.Puzzles, again.Pages, again.Warnings, first.Puzzles, first.Pages, first.Warnings)
	}
	if s.read("animals/cross/index.html") != page {
		t.Error("the output changed")
	}
}

// Whatever the output depends on invalidates the stamp: a file's metadata,
// a new file, the build's settings, and the output folders (another build).
func TestStampInvalidated(t *testing.T) {
	s := newSite(t, smallSite)
	mustBuildWith(t, stampedBuilder(s, Config{}))
	unchanged := func(cfg Config) bool { return mustBuildWith(t, stampedBuilder(s, cfg)).Unchanged }
	if !unchanged(Config{}) {
		t.Fatal("not stamped to begin with")
	}

	earlier := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(s.src, "animals", "cross.non"), earlier, earlier); err != nil {
		t.Fatal(err)
	}
	if unchanged(Config{}) {
		t.Error("a puzzle file's new time went unnoticed")
	}
	if !unchanged(Config{}) {
		t.Error("not stamped again after the rebuild")
	}

	if err := os.WriteFile(filepath.Join(s.src, "shapes", "extra.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if unchanged(Config{}) {
		t.Error("a new file went unnoticed")
	}
	if !s.exists("shapes/extra.txt") {
		t.Error("the new resource was not published")
	}

	if unchanged(Config{BaseURL: "https://example.org"}) {
		t.Error("a new base URL went unnoticed")
	}
	if !s.exists("sitemap.xml") {
		t.Error("no sitemap after the base URL was set")
	}

	// A quick build replaces the markers: the next full build must run.
	b := stampedBuilder(s, Config{BaseURL: "https://example.org"})
	edit(t, filepath.Join(s.src, "animals", "corner.non"), `title "Corner"`, `title "Corner edited"`)
	if _, err := b.buildQuick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if mustBuildWith(t, b).Unchanged {
		t.Error("the build after a quick build was skipped")
	}

	if err := os.Remove(filepath.Join(s.out, output.MarkerName)); err != nil {
		t.Fatal(err)
	}
	if _, err := stampedBuilder(s, Config{BaseURL: "https://example.org"}).Build(context.Background()); err == nil {
		t.Error("a build into a folder whose marker was removed did not refuse it")
	}
}

// A tree changed within the racy window, or holding a symbolic link, is
// never stamped.
func TestStampNotSaved(t *testing.T) {
	s := newSite(t, smallSite)
	b := stampedBuilder(s, Config{})
	b.racy = time.Hour
	mustBuildWith(t, b)
	if mustBuildWith(t, b).Unchanged {
		t.Error("a tree changed within the racy window was stamped")
	}

	s = newSite(t, smallSite)
	if err := os.Symlink(filepath.Join(s.src, "animals"), filepath.Join(s.src, "linked")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	mustBuildWith(t, stampedBuilder(s, Config{}))
	if mustBuildWith(t, stampedBuilder(s, Config{})).Unchanged {
		t.Error("a tree with a symbolic link was stamped")
	}
}
