package sitetest

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// buttonsTouchingJS lists the pairs of play buttons on one line that touch or
// overlap, by their text: buttons pressed together read as one control
// and are easy to miss with a finger.
const buttonsTouchingJS = `(() => {
  const bs = Array.from(document.querySelectorAll('.np-play button')).filter(b => b.offsetParent);
  const out = [];
  for (let i = 0; i < bs.length; i++) for (let j = i + 1; j < bs.length; j++) {
    const a = bs[i].getBoundingClientRect(), b = bs[j].getBoundingClientRect();
    const sameLine = a.top < b.bottom && b.top < a.bottom;
    const gap = Math.max(b.left - a.right, a.left - b.right);
    if (sameLine && gap < 3) out.push(bs[i].textContent.trim() + '|' + bs[j].textContent.trim());
  }
  return out;
})()`

// TestPlayButtonsApart checks, at desktop and phone widths, that no two
// buttons of a puzzle's play area touch: a grid's toolbar and a
// triddler's Reset, Check and Hint, which once sat edge to edge.
func TestPlayButtonsApart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"set/grid.non":     picture(5, 5, puzzle.DefaultPalette(), diagonals),
		"set/triddler.xml": hexagon(2),
	})
	ctx := browsertest.New(t)
	for _, width := range []int{1280, 390} {
		openGrid(t, ctx, base+"set/grid/index.html", width)
		if got := evalIn[[]string](t, ctx, buttonsTouchingJS); len(got) > 0 {
			t.Errorf("grid at %d px: buttons touching: %q", width, got)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"set/triddler/index.html"),
			chromedp.WaitVisible(chromedp.CSS(`#np-tplay[data-ready="true"]`))); err != nil {
			t.Fatal(err)
		}
		got := evalIn[[]string](t, ctx, buttonsTouchingJS)
		if n := evalIn[int](t, ctx, `document.querySelectorAll('#np-tplay button').length`); n < 2 {
			t.Fatalf("triddler at %d px: %d buttons, want Reset and Check at least", width, n)
		}
		if len(got) > 0 {
			t.Errorf("triddler at %d px: buttons touching: %q", width, got)
		}
	}
}
