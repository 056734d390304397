package site

import (
	"reflect"
	"testing"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// TestBookletPartKeepsWhatABookletPrints: a booklet part gives back the
// puzzle's clues (blots too), size, palette, texts and place, its
// solution and difficulty, and drops the goal, description, other
// properties and warnings, leaving the puzzle as it was.
func TestBookletPartKeepsWhatABookletPrints(t *testing.T) {
	p := &puzzle.Puzzle{Width: 3, Height: 2, Palette: puzzle.DefaultPalette(),
		Rows: []puzzle.Line{{{Len: 1, Color: 1}, {Len: 200, Color: 300, Blot: true}}, {}},
		Cols: []puzzle.Line{{{Len: 2, Color: 1}}, nil, {{Len: 1, Color: 1, Blot: true}}},
		Goal: &puzzle.Image{Width: 3, Height: 2, Cells: make([]uint8, 6)},
		Meta: puzzle.Meta{Title: "T", Author: "A", Copyright: "C", License: "L", Catalogue: "#1",
			Description: "long", Extra: []puzzle.Property{{Key: "k", Value: "v"}}},
		Origin:   puzzle.Origin{File: "f.non", Line: 3, Places: &puzzle.Places{}, Set: &puzzle.Meta{}},
		Warnings: diag.List{{Message: "w"}}}
	sol := &puzzle.Image{Width: 3, Height: 2, Cells: []uint8{1, 0, 1, 0, 0, 0}}
	e := NewBookletPart(p, "Shown", sol, "line", nil).Entry() // the title the site shows
	q := e.Puzzle
	if !reflect.DeepEqual(e.Solution, sol) || e.Difficulty != "line" || e.Drawn != nil {
		t.Errorf("entry = %+v, want the solution and difficulty given", e)
	}
	if q.Goal != nil || q.Warnings != nil || q.Meta.Description != "" || q.Meta.Extra != nil {
		t.Errorf("the booklet part kept what no booklet prints: %+v", q)
	}
	if q.Meta.Title != "Shown" || q.Meta.Author != "A" || q.Meta.Copyright != "C" || q.Meta.License != "L" ||
		q.Meta.Catalogue != "#1" || q.Where() != "f.non:3" || q.Width != 3 || q.Height != 2 || len(q.Palette) != 2 {
		t.Errorf("the booklet part lost what a booklet prints: %+v", q)
	}
	for i, lines := range [][2][]puzzle.Line{{q.Rows, p.Rows}, {q.Cols, p.Cols}} {
		got, want := lines[0], lines[1]
		if len(got) != len(want) {
			t.Fatalf("lines %d: %d, want %d", i, len(got), len(want))
		}
		for j := range want {
			if len(got[j]) != len(want[j]) || (len(want[j]) > 0 && !reflect.DeepEqual(got[j], want[j])) {
				t.Errorf("lines %d, line %d = %v, want %v", i, j, got[j], want[j])
			}
		}
	}
	if p.Goal == nil || p.Meta.Description == "" || p.Origin.Places == nil || p.Warnings == nil {
		t.Error("the booklet part changed the puzzle")
	}
}

// TestBookletPartKeepsTheWholeOrigin: a booklet part's puzzle has the
// origin its source has, every field of it (the places of its clues, its
// set, its size counted from its clues), so that a booklet asking where a
// clue is or which set the puzzle came in is not answered with a blank.
func TestBookletPartKeepsTheWholeOrigin(t *testing.T) {
	o := puzzle.Origin{File: "minis.nonpack", Line: 7, Index: 2, Format: "nonpack", SizeFromClues: true,
		Syntax: puzzle.Syntax{License: "a line such as: license CC-BY-4.0", Goal: "a goal line"},
		Places: &puzzle.Places{Rows: []int{9, 10}, Cols: []int{12}, RowsHeader: 8, ColsHeader: 11},
		Set:    &puzzle.Meta{Title: "Minis", Author: "A"}}
	v := reflect.ValueOf(o)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("the test's origin leaves %s unset: set it, so that it is checked", v.Type().Field(i).Name)
		}
	}
	p := &puzzle.Puzzle{Width: 1, Height: 2, Palette: puzzle.DefaultPalette(), Rows: make([]puzzle.Line, 2),
		Cols: make([]puzzle.Line, 1), Origin: o}
	if got := NewBookletPart(p, "", nil, "", nil).Entry().Puzzle.Origin; !reflect.DeepEqual(got, o) {
		t.Errorf("origin = %+v, want the source's %+v", got, o)
	}
}

// TestBookletPartSolutions: a solution comes back cell for cell, packed
// (two colours, any length) or not (more colours); none stays none.
func TestBookletPartSolutions(t *testing.T) {
	p := &puzzle.Puzzle{Palette: puzzle.DefaultPalette()}
	for _, cells := range [][]uint8{{1}, {0, 1, 1, 0, 1, 0, 0, 1, 1}, {0, 2, 1, 3}} {
		sol := &puzzle.Image{Width: len(cells), Height: 1, Cells: cells}
		if got := NewBookletPart(p, "", sol, "", nil).Entry().Solution; !reflect.DeepEqual(got, sol) {
			t.Errorf("solution %v came back %v", cells, got)
		}
	}
	if got := NewBookletPart(p, "", nil, "", nil).Entry().Solution; got != nil {
		t.Errorf("no solution came back %v", got)
	}
}

// A booklet titles a puzzle as its page does, by its entry's title (its
// note's over its file's, else, untitled, its file's name as the site
// names it: never "Untitled"); an ambiguous one is marked.
func TestBookletTitle(t *testing.T) {
	e := &Entry{Title: "minis #2"}
	if got := e.BookletTitle(&puzzle.Puzzle{}); got != "minis #2" {
		t.Errorf("untitled puzzle: %q, want the entry's title", got)
	}
	noted := &Entry{Title: "Teacup"}
	if got := noted.BookletTitle(&puzzle.Puzzle{Meta: puzzle.Meta{Title: "Morning Cup"}}); got != "Teacup" {
		t.Errorf("a puzzle its note titles: %q, want the note's title", got)
	}
	e.Verdict = "multiple"
	if got := e.BookletTitle(&puzzle.Puzzle{}); got != "minis #2 (ambiguous)" {
		t.Errorf("ambiguous puzzle: %q, want it marked", got)
	}
}

// check and print name an untitled puzzle of a path as the site names it
// from its file: the base name without any compound extension, and in a
// file of several puzzles its place too.
func TestFileFallbackTitle(t *testing.T) {
	for _, c := range []struct {
		path     string
		i, count int
		want     string
	}{
		{"a/minis.nonpack.gz", 1, 3, "minis #2"},
		{"a/data001.non", 0, 1, "data001"},
		{"v1.2.non", 0, 1, "v1.2"},
	} {
		if got := FileFallbackTitle(c.path, c.i, c.count); got != c.want {
			t.Errorf("FileFallbackTitle(%q, %d, %d) = %q, want %q", c.path, c.i, c.count, got, c.want)
		}
	}
}
