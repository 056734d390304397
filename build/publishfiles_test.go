package build

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/output"
)

// TestCollectionBatches: a batch holds whole collections, in the order of
// their first files, each collection's files in path order, and is closed
// once it holds size files or more.
func TestCollectionBatches(t *testing.T) {
	a, b, c := &content.Collection{Dir: "a"}, &content.Collection{Dir: "b"}, &content.Collection{Dir: "c"}
	var files []*content.PuzzleFile
	for _, coll := range []*content.Collection{a, b, a, c, c, b} {
		files = append(files, &content.PuzzleFile{Coll: coll})
	}
	got := collectionBatches(files, 3)
	want := [][]int{{0, 2, 1, 5}, {3, 4}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("collectionBatches(size 3) = %v, want %v", got, want)
	}
	if got := collectionBatches(files, 100); len(got) != 1 || len(got[0]) != len(files) {
		t.Errorf("collectionBatches(size 100) = %v, want one batch of every file", got)
	}
	if got := collectionBatches(nil, 3); len(got) != 0 {
		t.Errorf("collectionBatches of no files = %v, want none", got)
	}
}

// batchSite is a cold build of three collections of two files each,
// published a collection at a time; each runs after a batch's title pass,
// given its number (from 1).
func batchSite(t *testing.T, archive string, each func(s *testSite, b *Builder, n int)) (*testSite, error) {
	t.Helper()
	s := newSite(t, archive)
	b, err := New(Config{Src: s.src, Out: s.out})
	if err != nil {
		t.Fatal(err)
	}
	b.batch = 1
	n := 0
	b.afterTitles = func() {
		n++
		each(s, b, n)
	}
	_, err = b.Build(t.Context())
	if n != 3 {
		t.Fatalf("%d batches named; want one a collection (3)", n)
	}
	return s, err
}

// TestTitlePassKeepsOneBatch: the title pass keeps the parses of one batch
// of files for their publish steps at a time, not those of the whole tree.
func TestTitlePassKeepsOneBatch(t *testing.T) {
	tree := "-- a/1.non --\n" + dot("A1") + "-- a/2.non --\n" + dot("A2") + "-- b/1.non --\n" + dot("B1") +
		"-- b/2.non --\n" + dot("B2") + "-- c/1.non --\n" + dot("C1") + "-- c/2.non --\n" + dot("C2")
	_, err := batchSite(t, tree, func(s *testSite, b *Builder, n int) {
		b.titles.parsed.mu.Lock()
		defer b.titles.parsed.mu.Unlock()
		if kept := len(b.titles.parsed.m); kept != 2 {
			t.Errorf("batch %d: %d parses kept; want its own 2", n, kept)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestBookletsMadeWithTheirBatch: a collection's booklet is made once its
// batch of files is published, while the next batch is (done before the
// one after); once a file has an error (without SkipInvalid, so that the
// build will fail) no booklet is.
func TestBookletsMadeWithTheirBatch(t *testing.T) {
	made := func(s *testSite, coll string) bool {
		_, err := os.Stat(filepath.Join(output.BackName(s.out), coll, "booklet.pdf"))
		return err == nil
	}
	tree := "-- a/1.non --\n" + dot("A1") + "-- a/2.non --\n" + dot("A2") + "-- b/1.non --\n" + dot("B1") +
		"-- b/2.non --\n" + dot("B2") + "-- c/1.non --\n" + dot("C1") + "-- c/2.non --\n" + dot("C2")
	s, err := batchSite(t, tree, func(s *testSite, _ *Builder, n int) {
		if n == 3 && !made(s, "a") {
			t.Error("the booklet of the first batch was not made before the third batch")
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !s.exists("a/booklet.pdf") || !s.exists("c/booklet.pdf") {
		t.Error("a booklet made with its batch is not published")
	}
	broken := "title \"Bad\"\nwidth 1\nheight 1\nrows\n2\ncolumns\n1\n"
	s, err = batchSite(t, "-- a/1.non --\n"+broken+"-- b/1.non --\n"+dot("B1")+"-- c/1.non --\n"+dot("C1"),
		func(*testSite, *Builder, int) {})
	if err == nil {
		t.Fatal("the build of a file with an error did not fail")
	}
	if made(s, "b") || made(s, "c") {
		t.Error("a booklet was made after a file with an error, in a build that will fail")
	}
}
