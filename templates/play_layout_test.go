package templates

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// patternPicture draws a deterministic one-colour picture of w x h cells.
func patternPicture(w, h int) []string {
	rows := make([]string, h)
	for y := range h {
		var b strings.Builder
		for x := range w {
			if (x*y+3*x+y)%7 < 3 {
				b.WriteByte('1')
			} else {
				b.WriteByte('.')
			}
		}
		rows[y] = b.String()
	}
	return rows
}

// rect is an element's box in viewport coordinates.
type rect struct{ Left, Top, Right, Bottom float64 }

func rectOf(t testing.TB, ctx context.Context, selector string) rect {
	t.Helper()
	r := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`, selector))
	return rect{r[0], r[1], r[2], r[3]}
}

func TestPlayNarrowScreenLargeGrid(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), patternPicture(50, 50)...)
	url := site.put(t, "/big/fifty/", p, "Fifty")
	ctx := browsertest.New(t)
	do(t, ctx, chromedp.EmulateViewport(320, 640, chromedp.EmulateMobile))
	open(t, ctx, url)

	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play td.np-cell').length`); n != 2500 {
		t.Fatalf("%d cells, want 2500", n)
	}
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 320 {
		t.Errorf("the page is %d px wide on a 320 px screen: the grid must scroll inside its box", w)
	}
	if right := eval[float64](t, ctx, `Math.max(...Array.from(document.querySelectorAll('#np-play button')).map(b => b.getBoundingClientRect().right))`); right > 320 {
		t.Errorf("a button reaches x=%.0f, past the 320 px screen", right)
	}

	// Scrolled into the middle of the grid, the clues stay at the edges.
	eval[bool](t, ctx, `(() => { const s = document.querySelector('#np-play .np-scroll'); s.scrollTop = 600; s.scrollLeft = 600; return true; })()`)
	box := rectOf(t, ctx, "#np-play .np-scroll")
	colClue := rectOf(t, ctx, "#np-play .np-colclue:nth-child(30)")
	rowClue := rectOf(t, ctx, "#np-play tbody tr:nth-child(30) .np-rowclue")
	if colClue.Top-box.Top > 2 || colClue.Top < box.Top-1 {
		t.Errorf("column clues at y=%.0f, want them held at the top of the grid box (y=%.0f)", colClue.Top, box.Top)
	}
	if rowClue.Left-box.Left > 2 || rowClue.Left < box.Left-1 {
		t.Errorf("row clues at x=%.0f, want them held at the left of the grid box (x=%.0f)", rowClue.Left, box.Left)
	}

	// Moving with the keyboard keeps the focused cell in view, clear of the
	// sticky clues.
	do(t, ctx, chromedp.Focus(cell(0, 0)))
	var keys strings.Builder
	for range 40 {
		keys.WriteString(kb.ArrowDown + kb.ArrowRight)
	}
	do(t, ctx, chromedp.KeyEvent(keys.String()+" "))
	focused := rectOf(t, ctx, "#np-play td:focus")
	head := rectOf(t, ctx, "#np-play .np-colclue:nth-child(41)")
	side := rectOf(t, ctx, "#np-play tbody tr:nth-child(41) .np-rowclue")
	box = rectOf(t, ctx, "#np-play .np-scroll")
	if focused.Top < head.Bottom-1 || focused.Left < side.Right-1 || focused.Bottom > box.Bottom+1 || focused.Right > box.Right+1 {
		t.Errorf("focused cell at %+v is hidden (column clues end at y=%.0f, row clues at x=%.0f, box %+v)", focused, head.Bottom, side.Right, box)
	}
	if got := eval[string](t, ctx, `document.activeElement.getAttribute('aria-label')`); got != "Row 41, column 41: filled" {
		t.Errorf("focused cell is %q", got)
	}

	// Zooming changes the cell size.
	before := rectOf(t, ctx, "#np-play td:focus")
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-zoom-in`)))
	after := rectOf(t, ctx, "#np-play td.np-cell[tabindex='0']")
	if after.Right-after.Left <= before.Right-before.Left {
		t.Errorf("zoom in: cell width %.1f → %.1f", before.Right-before.Left, after.Right-after.Left)
	}
}

func TestPlayFromFileURL(t *testing.T) {
	dir := t.TempDir()
	writeStaticFiles(t, dir)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	page := filepath.Join(dir, "hearts", "heart", "index.html")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte(playPage("../../static/", "Heart", playJSON(t, p, "Heart"))), 0o644); err != nil {
		t.Fatal(err)
	}
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(page)}).String()

	ctx := browsertest.New(t)
	open(t, ctx, u)
	clickAll(t, ctx, heart, "1")
	wantSolved(t, ctx, true)
	do(t, ctx, chromedp.Reload())
	open(t, ctx, u)
	wantGrid(t, ctx, heart...)
	wantSolved(t, ctx, true)
}

func TestPlayZoomsOutToFitNarrowScreens(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), patternPicture(15, 15)...)
	url := site.put(t, "/fit/fifteen/", p, "Fifteen")
	ctx := browsertest.New(t)
	cellWidth := func() float64 {
		r := rectOf(t, ctx, "#np-play td.np-cell")
		return r.Right - r.Left
	}

	open(t, ctx, url)
	if w := cellWidth(); w != 28 {
		t.Errorf("on a wide screen a 15x15 grid has %.1f px cells, want 28", w)
	}
	do(t, ctx, chromedp.EmulateViewport(320, 640, chromedp.EmulateMobile))
	open(t, ctx, url)
	if w := cellWidth(); w != 16 {
		t.Errorf("on a 320 px screen a 15x15 grid has %.1f px cells, want 16", w)
	}
	if fits := eval[bool](t, ctx, `(() => { const s = document.querySelector('#np-play .np-scroll'); return s.scrollWidth <= s.clientWidth; })()`); !fits {
		t.Error("the zoomed-out 15x15 grid still needs scrolling sideways on a 320 px screen")
	}
}

// TestPlayToolsStayInReachOnAPhone: on a phone, a colour puzzle's tools
// take several rows above a grid as tall as most of the screen. With the
// whole grid in view the player must still see, and reach, every colour,
// Cross out and Undo: choosing a colour is most of what a player does
// between taps. The same on a phone held sideways, where the screen is
// short.
func TestPlayToolsStayInReachOnAPhone(t *testing.T) {
	palette := []puzzle.Color{{Char: '.', Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}}}
	for i, name := range []string{"gold", "red", "beige", "brown", "green", "teal", "dark grey"} {
		palette = append(palette, puzzle.Color{Char: rune('a' + i), Name: name, RGB: puzzle.RGB{R: uint8(30 * i), G: 100, B: uint8(200 - 20*i)}})
	}
	pic := make([]string, 40)
	for y := range pic {
		var b strings.Builder
		for x := range 40 {
			if c := (x*y + 3*x + y) % 11; c < len(palette)-1 {
				b.WriteByte(byte('1' + c))
			} else {
				b.WriteByte('.')
			}
		}
		pic[y] = b.String()
	}
	site := newTestSite(t)
	url := site.put(t, "/colour/forty/", drawnPuzzle(t, palette, pic...), "Forty")
	ctx := browsertest.New(t)
	for _, size := range [][2]int64{{390, 844}, {844, 390}} {
		do(t, ctx, chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateMobile))
		open(t, ctx, url)
		eval[bool](t, ctx, `document.querySelector('#np-play .np-scroll').scrollIntoView({block: 'end'}), true`)
		box := rectOf(t, ctx, "#np-play .np-scroll")
		if box.Bottom > float64(size[1])+1 {
			t.Errorf("at %dx%d the grid ends at y=%.0f, below the screen", size[0], size[1], box.Bottom)
		}
		controls := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#np-play .np-tool, #np-play .np-undo')).map(b => b.textContent)`)
		tops := eval[[]float64](t, ctx, `Array.from(document.querySelectorAll('#np-play .np-tool, #np-play .np-undo')).map(b => b.getBoundingClientRect().top)`)
		bottoms := eval[[]float64](t, ctx, `Array.from(document.querySelectorAll('#np-play .np-tool, #np-play .np-undo')).map(b => b.getBoundingClientRect().bottom)`)
		for i, name := range controls {
			if tops[i] < -1 || bottoms[i] > box.Top+1 {
				t.Errorf("at %dx%d, with the grid in view (y=%.0f to %.0f), %q is at y=%.0f to %.0f: out of sight or over the grid",
					size[0], size[1], box.Top, box.Bottom, name, tops[i], bottoms[i])
			}
		}
	}

	// Scrolled on, the toolbar stays and the grid passes under it: a cell
	// the keyboard moves to comes out from under it. (A strip of four rows,
	// whose clues are lower than the toolbar; the test page ends with the
	// game, where a puzzle page goes on with its sheet.)
	strip := site.put(t, "/colour/strip/", drawnPuzzle(t, palette, pic[:4]...), "Strip")
	open(t, ctx, strip)
	eval[bool](t, ctx, `(() => {
		const more = document.createElement('div');
		more.style.height = '3000px';
		document.body.appendChild(more);
		scrollBy(0, document.querySelector('#np-play .np-scroll').getBoundingClientRect().bottom);
		document.querySelector('#np-play td[data-x="2"][data-y="3"]').focus({preventScroll: true});
		return true; })()`)
	do(t, ctx, chromedp.KeyEvent(kb.ArrowUp+kb.ArrowUp))
	focused := rectOf(t, ctx, "#np-play td:focus")
	if bar := rectOf(t, ctx, "#np-play .np-toolbar"); focused.Top < bar.Bottom-1 {
		t.Errorf("the focused cell (y=%.0f to %.0f) is under the toolbar (y=%.0f to %.0f)", focused.Top, focused.Bottom, bar.Top, bar.Bottom)
	}
}

// TestPlayGridStaysPutAsCluesAreMarked: a clue gets a tick when its line is
// complete and a "!" when the marks cannot give it. On the widest row clue
// or the tallest column clue, a mark that took room of its own moved the
// whole grid under the pointer (18 px right, 20 px down on the demo's
// 5×5 cup): the next click landed in the wrong cell.
func TestPlayGridStaysPutAsCluesAreMarked(t *testing.T) {
	site := newTestSite(t)
	url := site.put(t, "/hearts/heart/", drawnPuzzle(t, puzzle.DefaultPalette(), heart...), "Heart")
	ctx := browsertest.New(t)
	for _, width := range []int64{1280, 390} {
		do(t, ctx, chromedp.EmulateViewport(width, 844))
		open(t, ctx, url)
		eval[bool](t, ctx, `localStorage.clear(), true`)
		open(t, ctx, url)
		where := rectOf(t, ctx, `#np-play td[data-x="2"][data-y="2"]`)
		for _, step := range []struct {
			what string
			x, y int
		}{
			// Row 1 (2 2) is the widest clue, and every column's is one number.
			{"row 1 broken", 2, 0},
			{"row 1 mended", 2, 0},
			{"row 1 done", 0, 0}, {"row 1 done", 1, 0}, {"row 1 done", 3, 0}, {"row 1 done", 4, 0},
			{"column 2 done", 1, 1}, {"column 2 done", 1, 2}, {"column 2 done", 1, 3},
			{"column 1 broken", 0, 4},
		} {
			do(t, ctx, chromedp.Click(cell(step.x, step.y)))
			if got := rectOf(t, ctx, `#np-play td[data-x="2"][data-y="2"]`); got != where {
				t.Fatalf("at %d px, after a click for %s the grid moved: a cell went from %+v to %+v", width, step.what, where, got)
			}
		}
		if got := eval[string](t, ctx, `['row', 'col'].map(w => Array.from(document.querySelectorAll('#np-play .np-' + w + 'clue')).map(th =>
			th.classList.contains('np-clash') ? '!' : th.classList.contains('np-done') ? 'v' : '.').join('')).join(' ')`); got != "v...v !v..." {
			t.Errorf("at %d px, clues marked %q, want %q", width, got, "v...v !v...")
		}
	}
}
