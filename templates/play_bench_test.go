package templates

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// BenchmarkPlayLoad measures loading a puzzle page until play.js has built
// the game, for growing grids (a large one when asked to, as a player does).
func BenchmarkPlayLoad(b *testing.B) {
	site := newTestSite(b)
	ctx := browsertest.New(b)
	for _, side := range []int{10, 50, 200} {
		p := drawnPuzzle(b, puzzle.DefaultPalette(), patternPicture(side, side)...)
		url := site.put(b, fmt.Sprintf("/bench/p%d/", side), p, "Bench")
		b.Run(fmt.Sprintf("%dx%d", side, side), func(b *testing.B) {
			for b.Loop() {
				if LargeGrid(side, side) {
					openOnDemand(b, ctx, url)
				} else {
					open(b, ctx, url)
				}
			}
		})
	}
}

// BenchmarkPlayStroke measures one change on a 50x50 grid: a key press that
// fills a cell, rechecks its row and column and saves the progress.
func BenchmarkPlayStroke(b *testing.B) {
	site := newTestSite(b)
	ctx := browsertest.New(b)
	p := drawnPuzzle(b, puzzle.DefaultPalette(), patternPicture(50, 50)...)
	open(b, ctx, site.put(b, "/bench/stroke/", p, "Bench"))
	do(b, ctx, chromedp.Focus(cell(25, 25)))
	for b.Loop() {
		do(b, ctx, chromedp.KeyEvent(" "))
	}
}
