package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BuildQuick answers an edit with the puzzle's page and its collection's,
// keeping the booklet and the site-wide lists as published; the next Build
// brings those up to date, to the same bytes as a build from scratch.
func TestBuildQuick(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.builder(Config{BaseURL: "https://example.org"})
	ctx := t.Context()
	mustBuildWith(t, b)
	kept := []string{"animals/booklet.pdf", "authors/index.html", "catalogue.json", "licenses/cc0-1-0/index.html", "sitemap.xml", "atom.xml"}
	before := map[string]string{}
	for _, p := range kept {
		before[p] = s.read(p)
	}

	edit(t, filepath.Join(s.src, "animals", "cross.non"), `by "Ann Author"`, `by "Ann Other"`)
	edit(t, filepath.Join(s.src, "animals", "cross.md"), `title: The Cross`, `title: The Edited Cross`)
	sum, err := b.buildQuick(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Deferred == 0 {
		t.Error("Deferred = 0, want the booklet and lists counted")
	}
	if page := s.read("animals/cross/index.html"); !strings.Contains(page, "Ann Other") || !strings.Contains(page, "The Edited Cross") {
		t.Error("the puzzle page does not show the edit")
	}
	if !strings.Contains(s.read("animals/index.html"), "The Edited Cross") {
		t.Error("the collection page does not show the edited title")
	}
	for _, p := range kept {
		if s.read(p) != before[p] {
			t.Errorf("%s was made again", p)
		}
	}

	sum, err = b.Build(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Deferred != 0 {
		t.Errorf("Build after: Deferred = %d, want 0", sum.Deferred)
	}
	for _, p := range kept {
		if p == "sitemap.xml" { // lists the same pages
			continue
		}
		if s.read(p) == before[p] || !contains(sum.Changed, p) {
			t.Errorf("Build after: %s not brought up to date (in Changed: %v)", p, contains(sum.Changed, p))
		}
	}
	fresh := &testSite{t: t, src: s.src, out: filepath.Join(t.TempDir(), "public")}
	os.RemoveAll(s.cache())
	fresh.mustBuild(Config{BaseURL: "https://example.org"})
	for _, p := range append(kept, "animals/cross/index.html", "animals/index.html", "index.html") {
		if fresh.read(p) != s.read(p) {
			t.Errorf("%s after Build differs from a build from scratch", p)
		}
	}
}

// A quick build makes the page of a tag the published site lacks, so that
// no link of the edited page is broken in between.
func TestBuildQuickMakesNewTagPage(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.builder(Config{})
	ctx := t.Context()
	mustBuildWith(t, b)
	note := filepath.Join(s.src, "animals", "cross.md")
	if err := os.WriteFile(note, []byte("---\ntags: [brand-new]\n---\nA cross.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.buildQuick(ctx); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.read("tags/brand-new/index.html"), "cross") {
		t.Error("the new tag's page does not list the puzzle")
	}
}

// edit replaces old by new in a file, which must hold old.
func edit(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(data), old) {
		t.Fatalf("edit %s: %v, or no %q in it", file, err, old)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Quick builds keep the caches in memory without saving them: the next
// quick build takes every unchanged puzzle from them (an earlier version
// took the missing cache files for a removed cache folder and rendered the
// whole site again on the first edit after serve started).
func TestBuildQuickKeepsUnsavedCaches(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.builder(Config{})
	ctx := t.Context()
	if _, err := b.buildQuick(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(s.cache(), storeFile)); err == nil {
		t.Fatal("a quick build saved the file memo")
	}
	edit(t, filepath.Join(s.src, "animals", "corner.non"), `title "Corner"`, `title "Corner edited"`)
	sum, err := b.buildQuick(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := b.rendered.Load(); n != 1 {
		t.Errorf("second quick build rendered %d puzzles, want the edited one", n)
	}
	if sum.Deferred == 0 {
		t.Error("the unsaved caches are not owed to a full build")
	}
	mustBuildWith(t, b)
	for _, name := range []string{storeFile} {
		if _, err := os.Stat(filepath.Join(s.cache(), name)); err != nil {
			t.Errorf("the full build after quick ones did not save %s: %v", name, err)
		}
	}
	// A removed cache folder still means starting afresh.
	os.RemoveAll(s.cache())
	mustBuildWith(t, b)
	if n := b.rendered.Load(); n != 4 {
		t.Errorf("after the cache folder was removed, rendered %d puzzles, want all 4", n)
	}
}
