package site

import (
	"testing"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// TestBookletPuzzleKeepsWhatABookletPrints: the copy a booklet keeps drops
// the goal, description, other properties, warnings and places, keeps the
// rest, and leaves the puzzle as it was.
func TestBookletPuzzleKeepsWhatABookletPrints(t *testing.T) {
	p := &puzzle.Puzzle{Width: 1, Height: 1, Rows: []puzzle.Line{{{Len: 1, Color: 1}}},
		Cols: []puzzle.Line{{{Len: 1, Color: 1}}}, Palette: puzzle.DefaultPalette(),
		Goal: &puzzle.Image{Width: 1, Height: 1, Cells: []uint8{1}},
		Meta: puzzle.Meta{Title: "T", Author: "A", Copyright: "C", License: "L", Catalogue: "#1",
			Description: "long", Extra: []puzzle.Property{{Key: "k", Value: "v"}}},
		Origin:   puzzle.Origin{File: "f.non", Line: 3, Places: &puzzle.Places{}, Set: &puzzle.Meta{}},
		Warnings: diag.List{{Message: "w"}}}
	q := BookletPuzzle(p)
	if q.Goal != nil || q.Warnings != nil || q.Meta.Description != "" || q.Meta.Extra != nil ||
		q.Origin.Places != nil || q.Origin.Set != nil {
		t.Errorf("BookletPuzzle kept what no booklet prints: %+v", q)
	}
	if q.Meta.Title != "T" || q.Meta.Author != "A" || q.Meta.Copyright != "C" || q.Meta.License != "L" ||
		q.Meta.Catalogue != "#1" || q.Where() != "f.non:3" || &q.Rows[0] != &p.Rows[0] || len(q.Palette) != 2 {
		t.Errorf("BookletPuzzle lost what a booklet prints: %+v", q)
	}
	if p.Goal == nil || p.Meta.Description == "" || p.Origin.Places == nil || p.Warnings == nil {
		t.Error("BookletPuzzle changed the puzzle")
	}
}
