package render

import (
	"github.com/nonopress/nonopress/puzzle"
	"testing"
)

// TestPuzzlePacking checks how puzzles share pages: two quarter-size puzzles
// side by side in a half, a half-size one alone in a half, a big one on a page
// of its own, always in order.
func TestPuzzlePacking(t *testing.T) {
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	quarter, half, full := dancer(t), randomPuzzle(25, 15, 1, 2), randomPuzzle(40, 45, 1, 3)
	spec := sheetSpec{heading: "Puzzle 10"}
	if fitCell(m, half, pageSize{A4, 105, 148.5}, spec) >= sharedCell || fitCell(m, half, pageSize{A4, 210, 148.5}, spec) < sharedCell {
		t.Fatal("the half-page test puzzle does not fit a half page only")
	}
	for _, c := range []struct {
		name  string
		seq   []*puzzleCase
		pages int
		where []string // page and position of each puzzle's heading
	}{
		{"Q H", []*puzzleCase{{quarter}, {half}}, 1, []string{"1 left top", "1 centre bottom"}},
		{"Q Q Q", []*puzzleCase{{quarter}, {quarter}, {quarter}}, 1, []string{"1 left top", "1 right top", "1 left bottom"}},
		{"H Q Q H", []*puzzleCase{{half}, {quarter}, {quarter}, {half}}, 2, []string{"1 centre top", "1 left bottom", "1 right bottom", "2 centre top"}},
		{"Q F Q", []*puzzleCase{{quarter}, {full}, {quarter}}, 3, []string{"1 left top", "2 centre top", "3 left top"}},
	} {
		var entries []BookletEntry
		for _, pc := range c.seq {
			entries = append(entries, BookletEntry{Puzzle: pc.p})
		}
		pages, _ := puzzlePages(m, entries, a4, false, 2)
		if len(pages) != c.pages {
			t.Errorf("%s: %d pages, want %d", c.name, len(pages), c.pages)
			continue
		}
		var got []string
		for i, pg := range pages {
			for _, it := range pg.Items {
				if tx, ok := it.(text); ok && tx.Size == headingSize {
					x := "centre"
					if tx.X < pg.Width*0.4 {
						x = "left"
					} else if tx.X > pg.Width*0.6 {
						x = "right"
					}
					y := "top"
					if tx.Y > pg.Height/2 {
						y = "bottom"
					}
					got = append(got, string(rune('1'+i))+" "+x+" "+y)
				}
			}
		}
		if len(got) != len(c.where) {
			t.Errorf("%s: headings at %v, want %v", c.name, got, c.where)
			continue
		}
		for i := range got {
			if got[i] != c.where[i] {
				t.Errorf("%s: puzzle %d at %s, want %s", c.name, i+1, got[i], c.where[i])
			}
		}
	}
}

type puzzleCase struct{ p *puzzle.Puzzle }
