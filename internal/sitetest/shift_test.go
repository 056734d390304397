package sitetest

import (
	"math"
	"testing"

	"github.com/chromedp/cdproto/emulation"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// slotBottomJS is where the play area's slot ends on the page: where what
// follows it (the printable sheet) starts.
const slotBottomJS = `document.querySelector('.np-play-slot').getBoundingClientRect().bottom`

// TestTriddlerPageKeepsItsPlace checks that the page under a triddler does
// not jump as triddler.js draws the puzzle: the page keeps a box of the
// drawing's shape for it. Before, the printable sheet under a side-4
// hexagon moved down 638 px at 1280 px and 275 px at 390 px (the corpus's
// blob.g: a layout shift of 0.26 at 1280 px, where Web Vitals' good is
// 0.1).
func TestTriddlerPageKeepsItsPlace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	base := layoutSite(t, map[string]*puzzle.Puzzle{"set/hexagon.xml": hexagon(4)})
	ctx := browsertest.New(t)
	for _, width := range []int64{1280, 390} {
		view := chromedp.EmulateViewport(width, 900)
		if width < 500 {
			view = chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile)
		}
		url := base + "set/hexagon/index.html"
		// The page as it is before its scripts run, then drawn.
		scripts := func(off bool) { // the page's scripts
			t.Helper()
			if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: off}); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Do(ctx, view); err != nil {
			t.Fatal(err)
		}
		scripts(true)
		if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS(`.np-play-slot`))); err != nil {
			t.Fatal(err)
		}
		before := evalIn[float64](t, ctx, slotBottomJS)
		scripts(false)
		if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#np-tplay[data-ready="true"]`))); err != nil {
			t.Fatal(err)
		}
		after := evalIn[float64](t, ctx, slotBottomJS)
		t.Logf("at %d px the play area ends at %.0f px before it is drawn, %.0f px after", width, before, after)
		if math.Abs(after-before) > 0.05*after {
			t.Errorf("at %d px the page below the triddler moves by %.0f px as it is drawn (from %.0f to %.0f)", width, after-before, before, after)
		}
	}
}

// hexagon is a black-and-white triddler: a hexagon of the given side with
// the second of every three triangles filled.
func hexagon(side int) *puzzle.Puzzle {
	g := puzzle.TriddlerHexagon(side)
	img := puzzle.NewImage(g.Width, g.Height)
	for i, c := range g.Cells {
		img.Set(c.X, c.Y, i%3%2)
	}
	return g.TriddlerOf(img, puzzle.DefaultPalette())
}
