package templates

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// TestPlayBlots plays a grid whose clues are all blots: each clue shows a
// "?", screen readers hear "blotted", the page offers no coach (its line
// logic has fixed lengths), and two different pictures that fit the clues
// both complete the puzzle.
func TestPlayBlots(t *testing.T) {
	blot := puzzle.Line{{Color: 1, Blot: true}}
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 2, Height: 2, Palette: puzzle.DefaultPalette(),
		Rows: []puzzle.Line{blot, blot}, Cols: []puzzle.Line{blot, blot}}
	site := newTestSite(t)
	url := site.put(t, "/blots/all/", p, "All blots")
	ctx := browsertest.New(t)
	open(t, ctx, url)
	if got := eval[string](t, ctx, `Array.from(document.querySelectorAll('#np-play .np-clue-blot')).map(e => e.textContent).join('')`); got != "????" {
		t.Errorf("blotted clues show %q, want ????", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('#np-play .np-rowclue').getAttribute('aria-label')`); got != "Row 1 clue: blotted" {
		t.Errorf("row 1's label is %q", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play .np-hint-button').length`); n != 0 {
		t.Errorf("%d Hint buttons on a blotted puzzle, want none", n)
	}
	for _, picture := range [][]string{{"11", "1."}, {"1.", "11"}} {
		clickAll(t, ctx, picture, "1")
		wantSolved(t, ctx, true)
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
		wantSolved(t, ctx, false)
	}
	// Row 2 left empty: its blot still wants a block.
	clickAll(t, ctx, []string{"11", ".."}, "1")
	wantSolved(t, ctx, false)
}
