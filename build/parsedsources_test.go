package build

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/output"
)

// TestSourceOfTakesTheKeptParse: the publish step takes a file as the title
// pass kept it, without reading it again, and only once.
func TestSourceOfTakesTheKeptParse(t *testing.T) {
	f := &content.PuzzleFile{Abs: filepath.Join(t.TempDir(), "gone.non")}
	var kept parsedSources
	kept.keep(f.Abs, parsedSource{data: []byte("kept")})
	src, err := sourceOf(context.Background(), f, &kept)
	if err != nil || string(src.data) != "kept" {
		t.Fatalf("sourceOf = %q, %v; want the kept bytes", src.data, err)
	}
	if _, err := sourceOf(context.Background(), f, &kept); err == nil {
		t.Fatal("sourceOf gave the kept file twice; want it read again (and missing)")
	}
}

// nameFiles is the title pass over files at once.
func (b *Builder) nameFiles(ctx context.Context, files []*content.PuzzleFile) {
	p := b.startTitles()
	p.name(ctx, files)
	p.done()
}

// TestNameFilesKeepsParses: the title pass keeps each file it parsed for
// its publish step, and a build forgets those no step took (that of a file
// whose note is broken).
func TestNameFilesKeepsParses(t *testing.T) {
	s := newSite(t, "-- c/a.non --\n"+dot("Ant")+"-- c/b.non --\n"+dot("Bee")+
		"-- c/broken.non --\n"+dot("Broken")+"-- c/broken.md --\n---\ntitle: [\n---\n")
	b, err := New(Config{Src: s.src, Out: s.out, SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	_, files, err := content.Scan(s.src, s.out, output.BackName(s.out))
	if err != nil {
		t.Fatal(err)
	}
	b.nameFiles(context.Background(), files)
	if n := len(b.titles.parsed.m); n != 3 {
		t.Fatalf("title pass kept %d parsed files; want 3", n)
	}
	src, ok := b.titles.parsed.take(filepath.Join(s.src, "c", "b.non"))
	if !ok || len(src.puzzles) != 1 || src.puzzles[0].Meta.Title != "Bee" {
		t.Fatalf("kept b.non = %+v, %v; want its puzzle Bee", src, ok)
	}
	if err := os.RemoveAll(s.cache()); err != nil { // a cold build: every title read
		t.Fatal(err)
	}
	cold, err := New(Config{Src: s.src, Out: s.out, SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cold.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := len(cold.titles.parsed.m); n != 0 {
		t.Errorf("after the build %d parsed files are still kept; want none", n)
	}
}

// TestStaleParseIsNotRemembered: a file can change between the title pass's
// read and its publish step (serve's full build read it mid-save). What the
// step made of the bytes the title pass read is published, but the memo
// must not keep it under the key of the new bytes: the rebuild the save's
// event starts must show the file as saved, not the old result again.
func TestStaleParseIsNotRemembered(t *testing.T) {
	s := newSite(t, "-- c/a.non --\n"+dot("Ant")+"-- c/b.non --\n"+dot("Bee"))
	b, err := New(Config{Src: s.src, Out: s.out, SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	a := filepath.Join(s.src, "c", "a.non")
	b.afterTitles = func() {
		if err := os.WriteFile(a, []byte(dot("Ant Two")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	if _, err := b.Build(ctx); err != nil {
		t.Fatal(err)
	}
	if b.memo.program == "" {
		t.Skip("no memo: the program could not be fingerprinted")
	}
	if !strings.Contains(s.read("c/a/index.html"), ">Ant<") {
		t.Fatal("the build did not publish what its title pass read; the test no longer races the save")
	}
	b.afterTitles = nil
	if _, err := b.Rebuild(ctx, []string{a}); err != nil {
		t.Fatal(err)
	}
	if page := s.read("c/a/index.html"); !strings.Contains(page, "Ant Two") {
		t.Error("after the save's own rebuild the page still shows the file as it was before the save")
	}
}
