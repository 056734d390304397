package sitetest

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// smallLinksJS lists the breadcrumbs' and the footer's links less than
// 24 px tall (WCAG 2.5.8), with their height: on a phone the breadcrumbs
// wrap, one small link right above another.
const smallLinksJS = `[...document.querySelectorAll('.np-crumbs a, .np-footer a')]
  .map(a => [a.textContent.trim(), a.getBoundingClientRect().height])
  .filter(([, h]) => h < 24).map(([n, h]) => n + ' ' + h.toFixed(1) + ' px')`

// TestCrumbAndFooterLinksAreTappable: on a phone, the breadcrumbs a
// visitor climbs back up by, and the footer's links, are targets at least
// 24 px tall, on a page whose breadcrumbs take two lines.
func TestCrumbAndFooterLinksAreTappable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	dot := picture(2, 2, puzzle.DefaultPalette(), func(x, y int) int { return (x + y) % 2 })
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"puzzles_for_beginners/quick_and_easy_ones/a.non": dot,
	})
	ctx := browsertest.New(t)
	for _, page := range []string{"puzzles-for-beginners/quick-and-easy-ones/a/index.html", "puzzles-for-beginners/quick-and-easy-ones/index.html"} {
		err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(base+page),
			chromedp.WaitVisible(chromedp.CSS(`.np-crumbs a`)))
		if err != nil {
			t.Fatal(err)
		}
		if small := evalIn[[]string](t, ctx, smallLinksJS); len(small) > 0 {
			t.Errorf("%s at 390 px: links under 24 px tall: %q", page, small)
		}
	}
}
