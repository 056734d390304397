package build

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A full build that fails (a file broke meanwhile) is not retried in a loop:
// the booklets stay owed until the next change, and are made once it builds.
func TestFinishDeferredWaitsAfterAFailure(t *testing.T) {
	s, b := newServedSite(t)
	ctx := context.Background()
	file := filepath.Join(s.src, "animals", "cross.non")
	good, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(file, []byte("width 2\nheight 1\nrows\n1\n7\ncolumns\n1\n0\n"), 0o644)
	b.serving.pending, b.serving.owed = true, true
	if _, err := b.Rebuild(ctx, nil); err == nil {
		t.Fatal("a broken file built")
	}
	if b.serving.pending || !b.serving.owed {
		t.Errorf("after a failed build: behind %v (want false), owed %v (want true)", b.serving.pending, b.serving.owed)
	}
	os.WriteFile(file, good, 0o644)
	if _, err := b.Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if b.serving.owed {
		t.Error("booklets still owed after a good build")
	}
}

// Rebuild answers an edit with a quick build, owes the deferred files until
// Rebuild(ctx, nil) makes them, and then readies the back buffer.
func TestRebuildDefersThenCatchesUp(t *testing.T) {
	s, b := newServedSite(t)
	ctx := context.Background()
	writeTree(t, s.src, "-- animals/cross.non --\n"+changedCross)
	sum, err := b.Rebuild(ctx, []string{filepath.Join(s.src, "animals", "cross.non")})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Deferred == 0 || !b.serving.owed || !b.Pending() {
		t.Fatalf("quick rebuild: deferred %d, owed %v, pending %v", sum.Deferred, b.serving.owed, b.Pending())
	}
	sum, err = b.Rebuild(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.serving.owed || !contains(sum.Changed, "animals/booklet.pdf") {
		t.Errorf("catch-up: owed %v, changed %v", b.serving.owed, sum.Changed)
	}
	if !b.Pending() {
		t.Error("the back buffer is not readied after the catch-up")
	}
	if _, err := b.Rebuild(ctx, nil); err != nil || b.Pending() {
		t.Errorf("readying the back buffer: err %v, pending %v", err, b.Pending())
	}
}

// newServedSite makes a small site and its builder, after serve's first
// build.
func newServedSite(t *testing.T) (*testSite, *Builder) {
	t.Helper()
	s := newSite(t, smallSite)
	b, err := New(Config{Src: s.src, Out: s.out})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Rebuild(context.Background(), []string{}); err != nil {
		t.Fatal(err)
	}
	return s, b
}

// A mistake in nonopress.toml keeps failing serve's rebuilds, whatever set
// them off, until the file is fixed: an edit to a puzzle after it does not
// build with the settings from before the mistake (serve then said the
// mistake was fixed), nor does the catch-up.
func TestRebuildKeepsFailingUntilTheSettingsAreFixed(t *testing.T) {
	s, b := newServedSite(t)
	ctx := context.Background()
	toml := filepath.Join(s.src, "nonopress.toml")
	os.WriteFile(toml, []byte("per_pgae = 50\n"), 0o644)
	if _, err := b.Rebuild(ctx, []string{toml}); err == nil {
		t.Fatal("a misspelt key in nonopress.toml built")
	}
	writeTree(t, s.src, "-- animals/cross.non --\n"+changedCross)
	if _, err := b.Rebuild(ctx, []string{filepath.Join(s.src, "animals", "cross.non")}); err == nil {
		t.Error("an edit to a puzzle built with the settings from before the mistake")
	}
	b.serving.pending, b.serving.owed = true, true
	if _, err := b.Rebuild(ctx, nil); err == nil {
		t.Error("the catch-up built with the settings from before the mistake")
	}
	os.WriteFile(toml, []byte("per_page = 50\n"), 0o644)
	if _, err := b.Rebuild(ctx, []string{filepath.Join(s.src, "animals", "cross.non")}); err != nil {
		t.Errorf("after the fix: %v", err)
	}
}

// An edit that gives a puzzle an author and a license no other puzzle has
// is patched with the new author's and license's pages, which the puzzle's
// page links to, though the site-wide lists are kept as published: an
// earlier version left them to the full build that follows, and the links
// answered 404 in between.
func TestRebuildMakesANewAuthorsPage(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.served(t, Config{})
	target := filepath.Join(s.src, "animals", "cross.non")
	edit(t, target, `by "Ann Author"`, `by "Brand New"`)
	edit(t, target, `license CC0-1.0`, `license MIT`)
	b.last.indexFiles(nil)
	if _, ok := b.last.patchable([]string{target}); !ok {
		t.Fatal("the edit is not patched")
	}
	sum, err := b.Rebuild(t.Context(), []string{target})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Deferred == 0 {
		t.Error("Deferred = 0: the lists' indexes are owed")
	}
	for _, p := range []string{"authors/brand-new/index.html", "licenses/mit/index.html"} {
		if !slices.Contains(sum.Changed, p) {
			t.Errorf("the patch did not write %s: %v", p, sum.Changed)
		}
	}
	checkLinks(t, s.out)
}
