package sitetest

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// offerInsetJS measures the panel that offers to build a large grid: the
// width of its border and the room between that border and its text, on
// the left, in px.
const offerInsetJS = `(() => {
  const panel = document.querySelector('#np-play');
  const text = panel.querySelector('.np-play-offer p').getBoundingClientRect();
  const style = getComputedStyle(panel);
  return [parseFloat(style.borderLeftWidth), text.left - panel.getBoundingClientRect().left];
})()`

// TestOfferPanel checks that a large grid's offer to build it is framed
// like the page's other panels, with room around its text, on a desktop
// screen and on a phone (where the built grid keeps only a narrow edge).
func TestOfferPanel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	base := layoutSite(t, map[string]*puzzle.Puzzle{"big/eighty.non": picture(80, 60, puzzle.DefaultPalette(), rings)})
	ctx := browsertest.New(t)
	for _, width := range []int{1280, 390} {
		view := chromedp.EmulateViewport(int64(width), 900)
		if width < 500 {
			view = chromedp.EmulateViewport(int64(width), 844, chromedp.EmulateMobile)
		}
		if err := chromedp.Do(ctx, view, chromedp.Navigate(base+"big/eighty/index.html"), chromedp.WaitVisible(chromedp.CSS(`#np-play .np-play-start`))); err != nil {
			t.Fatal(err)
		}
		got := evalIn[[]float64](t, ctx, offerInsetJS)
		if got[0] < 1 {
			t.Errorf("at %d px the offer panel has no border", width)
		}
		if got[1] < 12 {
			t.Errorf("at %d px the offer's text starts %.0f px inside its panel, want at least 12", width, got[1])
		}
	}
}
