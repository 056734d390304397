package build

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/internal/archivegen"
)

// inodes maps every file of dir (slash-separated paths) to its inode: a
// file written again (output files are replaced, never written in place)
// gets a new one, a file carried over keeps it.
func inodes(t *testing.T, dir string) map[string]uint64 {
	t.Helper()
	out := map[string]uint64{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = info.Sys().(*syscall.Stat_t).Ino
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// served makes s's builder with cfg and runs serve's first build with
// it, then the builds that ready the back buffer for an edit.
func (s *testSite) served(t *testing.T, cfg Config) *Builder {
	t.Helper()
	b := s.builder(cfg)
	if _, err := b.Rebuild(t.Context(), []string{}); err != nil {
		t.Fatal(err)
	}
	settle(t, b)
	return b
}

// settle lets the builder do its deferred work, as serve does when idle.
func settle(t *testing.T, b *Builder) {
	t.Helper()
	for b.Pending() {
		if _, err := b.Rebuild(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
	}
}

// An edit of one puzzle file writes its own files and the pages listing it
// (its collection's pages and those above it, up to the home page), and no
// other file of the site; what it publishes is what a full build from
// scratch publishes, the deferred booklets and site-wide lists aside, and
// the full build that follows catches those up.
func TestRebuildWritesOnlyWhatAnEditChanges(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	if _, err := archivegen.Write(src, archivegen.Options{Puzzles: 60, Seed: 3, MaxSide: 12}); err != nil {
		t.Fatal(err)
	}
	target, err := archivegen.FirstNon(src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(Config{Src: src, Out: out, Quiet: true, SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	if _, err := b.Rebuild(ctx, []string{}); err != nil {
		t.Fatal(err)
	}
	settle(t, b)
	before := inodes(t, out)

	edit(t, target, `title "`, `title "Edited `)
	sum, err := b.Rebuild(ctx, []string{target})
	if err != nil {
		t.Fatal(err)
	}
	after := inodes(t, out)
	var rewritten []string
	for p, ino := range after {
		if before[p] != ino && !strings.HasPrefix(p, ".") { // the marker is always new
			rewritten = append(rewritten, p)
		}
	}
	sort.Strings(rewritten)
	related := relatedOutputs(t, src, target)
	for _, p := range rewritten {
		if !related(p) {
			t.Errorf("the edit rewrote %s, unrelated to it", p)
		}
	}
	for _, p := range sum.Changed {
		if !related(p) {
			t.Errorf("the edit changed %s, unrelated to it", p)
		}
	}
	if len(rewritten) == 0 || len(rewritten) > 12 {
		t.Errorf("the edit rewrote %d files, want its page and files and its listings: %v", len(rewritten), rewritten)
	}
	if sum.Deferred == 0 {
		t.Error("Deferred = 0: the booklets and lists are owed")
	}

	fresh := filepath.Join(t.TempDir(), "public")
	fb, err := New(Config{Src: src, Out: fresh, Quiet: true, SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fb.Build(ctx); err != nil {
		t.Fatal(err)
	}
	got, want := snapshot(t, out), snapshot(t, fresh)
	for p := range want {
		if deferredPage(p) {
			delete(got, p)
			delete(want, p)
		}
	}
	delete(got, ".nonopress")
	delete(want, ".nonopress")
	if d := diffSnapshots(got, want); d != "" {
		t.Errorf("the edit's site differs from a build from scratch (deferred files aside):\n%s", d)
	}
	settle(t, b)
	if d := diffSnapshots(snapshot(t, out), snapshot(t, fresh)); d != "" {
		t.Errorf("after the deferred work, the site differs from a build from scratch:\n%s", d)
	}
}

// relatedOutputs says which output paths an edit of the puzzle file target
// may write: its own folder and copy, the pages of the files beside it
// (which link to it by its title), and the listing pages of its
// collection and those above it.
func relatedOutputs(t *testing.T, src, target string) func(string) bool {
	t.Helper()
	_, files, err := content.Scan(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Abs != target {
			continue
		}
		var listings []*regexp.Regexp
		for c := f.Coll; c != nil; c = c.Parent {
			listings = append(listings, regexp.MustCompile(`^`+regexp.QuoteMeta(c.URL)+`(page/[0-9]+/)?index\.html$`))
		}
		dir, orig := f.Coll.URL+f.Slug+"/", f.Coll.URL+f.Original
		// The pages of the files beside it link to it by its title.
		neighbours := map[string]bool{}
		for _, g := range f.Coll.Files {
			if g.Prev.Page == dir+"index.html" || g.Next.Page == dir+"index.html" {
				neighbours[g.Coll.URL+g.Slug+"/index.html"] = true
			}
		}
		return func(p string) bool {
			if strings.HasPrefix(p, dir) || p == orig || neighbours[p] {
				return true
			}
			for _, re := range listings {
				if re.MatchString(p) {
					return true
				}
			}
			return false
		}
	}
	t.Fatalf("%s not found in the content tree", target)
	return nil
}

// A puzzle broken by an edit is left out of the patched site (its files
// removed, the skip reported) while its collection, which lists others,
// stays; fixed, it comes back.
func TestRebuildLeavesOutABrokenPuzzle(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.served(t, Config{SkipInvalid: true})
	ctx := t.Context()
	corner := filepath.Join(s.src, "animals", "corner.non")
	good, err := os.ReadFile(corner)
	if err != nil {
		t.Fatal(err)
	}
	edit(t, corner, "width 2", "width 0")
	sum, err := b.Rebuild(ctx, []string{corner})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Skipped()) != 1 || !strings.Contains(sum.Skipped()[0], "corner.non") {
		t.Errorf("Skipped = %q, want corner.non", sum.Skipped())
	}
	if s.exists("animals/corner/index.html") || strings.Contains(s.read("animals/index.html"), "corner/") {
		t.Error("the broken puzzle is still published")
	}
	if !s.exists("animals/cross/index.html") {
		t.Error("the other puzzles of its collection are gone")
	}
	if err := os.WriteFile(corner, good, 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err = b.Rebuild(ctx, []string{corner})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Skipped()) != 0 || !s.exists("animals/corner/index.html") || !strings.Contains(s.read("animals/index.html"), "corner/") {
		t.Errorf("the fixed puzzle is not back (skipped %q)", sum.Skipped())
	}
}

// A patch keeps the booklets as published, and so their warnings: the
// summary of an edit still names a title no font draws.
func TestRebuildKeepsBookletWarnings(t *testing.T) {
	s := newUndrawableSite(t)
	b := s.served(t, Config{Quiet: true, SkipInvalid: true})
	ctx := t.Context()
	alpha := filepath.Join(s.src, "shapes", "alpha.non")
	edit(t, alpha, `title "`, `title "Edited `)
	sum, err := b.Rebuild(ctx, []string{alpha})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range sum.Diagnostics {
		found = found || strings.Contains(d.Message, "U+2FE0 U+2FE1")
	}
	if !found {
		t.Errorf("the edit's summary lost the booklet's warning: %q", sum.Warnings)
	}
}

// Serve's rebuild after an edit does not patch a published folder whose
// manifest cannot be trusted (a patch would carry none of its files, and
// the commit would keep the whole old site as a user's): it builds every
// file, so that only the user's file is kept and warned of, and the builds
// that catch up after it copy no page of the site aside as a user's.
func TestRebuildAfterAnUntrustedManifestDoesNotPatch(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.served(t, Config{Quiet: true})
	ctx := t.Context()
	writeTree(t, s.out, "-- CNAME --\nexample.org\n")
	forgeManifest(t, s.out, "../elsewhere")
	cross := filepath.Join(s.src, "animals", "cross.non")
	edit(t, cross, `title "`, `title "Edited `)
	changed := []string{cross}
	for {
		sum, err := b.Rebuild(ctx, changed)
		if err != nil {
			t.Fatal(err)
		}
		changed = nil
		for _, w := range sum.Warnings {
			if strings.Contains(w, "not written by nonopress") && !strings.HasPrefix(w, filepath.Join(s.out, "CNAME")+": ") {
				t.Errorf("a file of the site taken for a user's: %s", w)
			}
		}
		if !s.exists("CNAME") || !s.exists("index.html") {
			t.Fatalf("after the edit: CNAME there %v, index.html there %v", s.exists("CNAME"), s.exists("index.html"))
		}
		if !b.Pending() {
			break
		}
	}
	if _, err := os.Stat(output.KeptName(s.out)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("files copied aside as a user's (%v)", err)
	}
}

// Each of serve's rebuilds warns of a file a user added to the output
// folder, as a build does: a patch after an edit of a puzzle file, one
// whose edit changed nothing it publishes (before and after the back
// buffer is readied), a quick build after an edit of a note, and the full
// builds that catch up after them. The file stays.
func TestRebuildWarnsOfUserFiles(t *testing.T) {
	s := newSite(t, smallSite)
	b := s.builder(Config{Quiet: true})
	ctx := t.Context()
	if _, err := b.Rebuild(ctx, []string{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.out, "CNAME"), []byte("example.org\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cross := filepath.Join(s.src, "animals", "cross.non")
	data, err := os.ReadFile(cross)
	if err != nil {
		t.Fatal(err)
	}
	rebuild := func(when string, changed []string) {
		t.Helper()
		sum, err := b.Rebuild(ctx, changed)
		if err != nil {
			t.Fatal(err)
		}
		if sum.Pages == 0 {
			return // the back buffer readied for the next edit: no build
		}
		want := filepath.Join(s.out, "CNAME") + ": not written by nonopress: kept in place"
		if !slices.ContainsFunc(sum.Warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
			t.Errorf("%s: warnings %q do not start one %q", when, sum.Warnings, want)
		}
		if !s.exists("CNAME") {
			t.Fatalf("%s: CNAME lost", when)
		}
	}
	// Before the back buffer is readied, a patch that changes nothing
	// does not swap.
	rebuild("saved unchanged", []string{cross})
	settle(t, b)
	edit(t, cross, `title "`, `title "Edited `)
	rebuild("a puzzle file edited", []string{cross})
	for b.Pending() {
		rebuild("catching up after the edit", nil)
	}
	if err := os.WriteFile(cross, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rebuild("the edit undone", []string{cross})
	rebuild("saved again unchanged", []string{cross})
	for b.Pending() {
		rebuild("catching up after the undo", nil)
	}
	writeTree(t, s.src, "-- animals/README.md --\nAn edited note.\n")
	rebuild("a note edited", []string{filepath.Join(s.src, "animals", "README.md")})
	for b.Pending() {
		rebuild("catching up after the note", nil)
	}
}
