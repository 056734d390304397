package build

import (
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/formats"
)

// TestBookletItemsUseWhatPublishKept: a booklet draws a puzzle from what
// the publish step kept of it, without reading its file (gone here); a
// puzzle with nothing kept is read from its file again.
func TestBookletItemsUseWhatPublishKept(t *testing.T) {
	src := "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
	dir := t.TempDir()
	writeTree(t, dir, "-- dot.non --\n"+src)
	puzzles, err := formats.Read("dot.non", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	kept := site.NewBookletPart(puzzles[0], "Dot", nil, "line", nil)
	gone, onDisk := &site.Entry{}, &site.Entry{}
	gone.Place(nil, &content.PuzzleFile{Abs: filepath.Join(dir, "gone.non")}, 0)
	gone.SetBooklet(kept)
	onDisk.Place(nil, &content.PuzzleFile{Abs: filepath.Join(dir, "dot.non")}, 1)
	onDisk.Title = "dot" // the untitled puzzle's name on the site: its file's
	b, err := New(Config{Src: dir, Out: filepath.Join(t.TempDir(), "out")})
	if err != nil {
		t.Fatal(err)
	}
	b.memo.load()
	r := &run{Builder: b}
	items, err := r.bookletItems(t.Context(), []*site.Entry{gone, onDisk})
	if err != nil {
		t.Fatalf("bookletItems read a file for a puzzle it was given: %v", err)
	}
	if len(items) != 2 || items[0].Puzzle.Meta.Title != "Dot" || items[0].Difficulty != "line" || items[0].Solution != nil {
		t.Fatalf("bookletItems = %+v, want the kept entry first", items)
	}
	if p := items[1].Puzzle; p == nil || p.Meta.Title != "dot" || items[1].Solution == nil {
		t.Errorf("the puzzle with nothing kept, read again: %+v", items[1])
	}
}
