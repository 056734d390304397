package templates

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// openOnDemand opens a large grid's page (LargeGrid), asks for the grid
// with the page's button, and waits until play.js has built it.
func openOnDemand(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#np-play .np-play-start`)),
		chromedp.Click(chromedp.CSS(`#np-play .np-play-start`)),
		chromedp.WaitVisible(chromedp.CSS(`#np-play[data-ready="true"]`))); err != nil {
		t.Fatalf("opening %s and starting its grid: %v", url, err)
	}
}

func TestLargeGrid(t *testing.T) {
	for _, c := range []struct {
		w, h  int
		large bool
	}{{50, 50, false}, {64, 64, true}, {2500, 1, false}, {2501, 1, true}, {51, 50, true}} {
		if got := LargeGrid(c.w, c.h); got != c.large {
			t.Errorf("LargeGrid(%d, %d) = %v, want %v", c.w, c.h, got, c.large)
		}
		p := &puzzle.Puzzle{Width: c.w, Height: c.h, Rows: make([]puzzle.Line, c.h), Cols: make([]puzzle.Line, c.w), Palette: puzzle.DefaultPalette()}
		if d := NewPlayData(p, "id", "t"); d.OnDemand != c.large {
			t.Errorf("NewPlayData(%dx%d).OnDemand = %v, want %v", c.w, c.h, d.OnDemand, c.large)
		}
	}
}

// TestPlayLargeGridOnDemand checks that a large grid's page builds no cell
// as it loads, offers a button that builds the grid and focuses its first
// cell, and that a player with progress saved gets the grid at once.
func TestPlayLargeGridOnDemand(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), patternPicture(64, 64)...)
	url := site.put(t, "/big/sixty-four/", p, "Sixty-four")
	ctx := browsertest.New(t)

	do(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#np-play .np-play-start`)))
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play td, #np-play th').length`); n != 0 {
		t.Errorf("the page built %d grid cells before it was asked to", n)
	}
	if got := eval[string](t, ctx, `document.querySelector('#np-play .np-play-offer p').textContent`); got != "64 × 64, 4,096 cells: the grid is built when you start. Progress is kept in this browser." {
		t.Errorf("offer says %q", got)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-play-start`)), chromedp.WaitVisible(chromedp.CSS(`#np-play[data-ready="true"]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play td.np-cell').length`); n != 4096 {
		t.Fatalf("%d cells after starting, want 4096", n)
	}
	if got := eval[string](t, ctx, `document.activeElement.getAttribute('aria-label')`); got != "Row 1, column 1: empty" {
		t.Errorf("after starting, the focus is on %q, want the first cell", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play .np-play-offer').length`); n != 0 {
		t.Error("the offer is still there after starting")
	}

	// A mark saves progress: the page then builds the grid as it loads.
	do(t, ctx, chromedp.Click(cell(3, 2)))
	open(t, ctx, url)
	if got := eval[string](t, ctx, `document.querySelector('#np-play td[data-x="3"][data-y="2"]').getAttribute('data-state')`); got != "filled" {
		t.Errorf("with progress saved, cell (3,2) is %q, want filled", got)
	}
}
