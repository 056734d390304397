package sitetest

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// overflowJS lists the cards and collection cards that reach past their
// list's right edge, by their text, and last how far the page reaches past
// 390 px (a phone's layout viewport widens to what overflows it).
const overflowJS = `(() => {
  const out = [];
  for (const c of document.querySelectorAll('.np-coll, .np-card')) {
    if (c.getBoundingClientRect().right > c.parentElement.getBoundingClientRect().right + 0.5) out.push(c.textContent.trim().slice(0, 40));
  }
  out.push(String(document.documentElement.scrollWidth - 390));
  return out;
})()`

// TestLongNamesFitAPhone checks that collections and puzzles whose names
// are one long word (folders such as 01_quick_and_easy) keep their cards
// inside a phone's screen: the names wrap instead of widening the grid.
func TestLongNamesFitAPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	dot := picture(2, 2, puzzle.DefaultPalette(), func(x, y int) int { return (x + y) % 2 })
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"set/01_quick_and_easy_puzzles/a.non":      dot,
		"set/02_not_so_tough/b.non":                dot,
		"set/03_symbols/very_long_puzzle_name.non": dot,
	})
	ctx := browsertest.New(t)
	for _, page := range []string{"set/index.html", "set/03-symbols/index.html"} {
		err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(base+page),
			chromedp.WaitVisible(chromedp.CSS(`.np-coll, .np-card`)))
		if err != nil {
			t.Fatal(err)
		}
		got := evalIn[[]string](t, ctx, overflowJS)
		if over := got[len(got)-1]; over != "0" || len(got) > 1 {
			t.Errorf("%s at 390 px: the page is %s px wider than the screen; cards past its edge: %q", page, over, got[:len(got)-1])
		}
	}
}
