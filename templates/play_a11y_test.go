package templates

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// This file plays as a player who uses only a keyboard, or a screen
// reader: what the page tells them (the accessibility tree Chromium builds
// for assistive technology) and where the focus goes.

// activeJS names the focused element: its tag and aria-label.
const activeJS = `(() => { const a = document.activeElement; return a.tagName + ' ' + (a.getAttribute('aria-label') || a.textContent.trim()); })()`

// TestPlayFocusStaysAfterTheLastUndo: a keyboard player on the Undo button
// who undoes the last step makes it disabled, and a disabled button drops
// the focus to the page's start (the next Tab goes to "Skip to content").
// The focus goes back to the cell last played instead; Redo likewise.
func TestPlayFocusStaysAfterTheLastUndo(t *testing.T) {
	site := newTestSite(t)
	url := site.put(t, "/hearts/heart/", drawnPuzzle(t, puzzle.DefaultPalette(), heart...), "Heart")
	ctx := browsertest.New(t)
	open(t, ctx, url)
	do(t, ctx, chromedp.Focus(cell(0, 0)), chromedp.KeyEvent("f"+kb.ArrowRight+"f"))
	wantGrid(t, ctx, "11...", ".....", ".....", ".....", ".....")

	do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-play .np-undo`)), chromedp.KeyEvent(kb.Enter))
	if got := eval[string](t, ctx, activeJS); got != "BUTTON Undo" {
		t.Errorf("after an Undo with more to undo, the focus is on %q, want the Undo button", got)
	}
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	wantGrid(t, ctx, emptyHeart...)
	if got := eval[string](t, ctx, activeJS); got != "TD Row 1, column 2: empty" {
		t.Errorf("after the last Undo the focus is on %q, want the cell last played", got)
	}
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-play .np-redo`)), chromedp.KeyEvent(kb.Enter+kb.Enter))
	wantGrid(t, ctx, "11...", ".....", ".....", ".....", ".....")
	if got := eval[string](t, ctx, activeJS); got != "TD Row 1, column 2: filled" {
		t.Errorf("after the last Redo the focus is on %q, want the cell last played", got)
	}
}

// axInvalid lists the elements of a role (a grid's "gridcell", a
// triddler's "button") the accessibility tree calls invalid, by name.
func axInvalid(t *testing.T, ctx context.Context, role string) []string {
	t.Helper()
	tree, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range tree.Nodes {
		if n.Role == nil || !strings.Contains(string(n.Role.Value), role) {
			continue
		}
		for _, p := range n.Properties {
			if p.Name == accessibility.PropertyNameInvalid && strings.Trim(string(p.Value.Value), `"`) == "true" {
				out = append(out, strings.Trim(string(n.Name.Value), `"`))
			}
		}
	}
	return out
}

// TestCoachCheckTellsWhichMarksAreWrong: Check outlines the wrong marks,
// which a screen reader user cannot see; the cells are also told invalid,
// so that moving over them says so, until the outlines go.
func TestCoachCheckTellsWhichMarksAreWrong(t *testing.T) {
	ctx, _, _ := openCheckedHeart(t)
	do(t, ctx, chromedp.Click(cell(0, 0)), chromedp.Click(cell(2, 0)))
	if got := pressCheck(t, ctx); !strings.Contains(got, "1 of your 2 marks is wrong") {
		t.Fatalf("Check says %q", got)
	}
	if got := strings.Join(axInvalid(t, ctx, "gridcell"), "; "); got != "Row 1, column 3: filled" {
		t.Errorf("cells told invalid: %q, want the wrong one", got)
	}
	do(t, ctx, chromedp.Click(cell(2, 0)))
	if got := pressCheck(t, ctx); !strings.Contains(got, "right so far") {
		t.Fatalf("Check says %q", got)
	}
	if got := axInvalid(t, ctx, "gridcell"); len(got) != 0 {
		t.Errorf("after the mark is cleared and checked again, cells told invalid: %q", got)
	}
}

// TestPlayKeysAreHeard: a screen reader user who fills a cell with a key
// hears what it now holds. Most screen readers do not say a change of the
// focused cell's name, so a live region, seen by no one, says it; the
// same words twice (two cells filled in turn) are said twice.
func TestPlayKeysAreHeard(t *testing.T) {
	site := newTestSite(t)
	url := site.put(t, "/hearts/heart/", drawnPuzzle(t, puzzle.DefaultPalette(), heart...), "Heart")
	ctx := browsertest.New(t)
	open(t, ctx, url)
	const echoJS = `(() => { const e = document.querySelector('#np-play .np-echo'); return e.getAttribute('aria-live') + '|' + e.textContent; })()`
	do(t, ctx, chromedp.Focus(cell(0, 0)))
	last := ""
	for _, step := range []struct{ keys, want string }{
		{"f", "filled"},
		{kb.ArrowRight + "f", "filled"},
		{"x", "crossed out"},
		{kb.Delete, "empty"},
	} {
		do(t, ctx, chromedp.KeyEvent(step.keys))
		got := eval[string](t, ctx, echoJS)
		if strings.TrimRight(got, "\u00a0") != "polite|"+step.want {
			t.Errorf("after %q the live region says %q, want %q", step.keys, got, "polite|"+step.want)
		}
		if got == last {
			t.Errorf("after %q the live region did not change (%q): it is not said again", step.keys, got)
		}
		last = got
	}
	if w := eval[float64](t, ctx, `document.querySelector('#np-play .np-echo').getBoundingClientRect().width`); w > 1 {
		t.Errorf("the live region for screen readers is %.0f px wide on the page", w)
	}
}

// TestPlayFocusedCellShowsItsMark: the focus ring once covered the whole
// of a 16 px cell (3 px of blue and 5 px of white inside it), so a
// keyboard player saw no fill in the cell they had just filled, and a
// quarter of a 32 px one. Most of a focused filled cell shows its fill.
func TestPlayFocusedCellShowsItsMark(t *testing.T) {
	site := newTestSite(t)
	url := site.put(t, "/hearts/heart/", drawnPuzzle(t, puzzle.DefaultPalette(), heart...), "Heart")
	ctx := browsertest.New(t)
	open(t, ctx, url)
	do(t, ctx, chromedp.Focus(cell(0, 0)), chromedp.KeyEvent("f"))
	for _, want := range []float64{32, 28, 24, 20, 16} {
		if w := rectOf(t, ctx, `#np-play td[data-x="0"][data-y="0"]`); w.Right-w.Left != want {
			t.Fatalf("cells are %.1f px, want %.0f", w.Right-w.Left, want)
		}
		shot, err := chromedp.Run(ctx, chromedp.Screenshot(cell(0, 0)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		dark := 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if r, g, bl, _ := img.At(x, y).RGBA(); r+g+bl < 3*0x3000 {
					dark++
				}
			}
		}
		if share := float64(dark) / float64(b.Dx()*b.Dy()); share < 0.6 {
			t.Errorf("a focused filled %.0f px cell shows its fill on %.0f%% of it, want 60%% at least", want, 100*share)
		}
		if want > 16 {
			do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-zoom-out`)), chromedp.Focus(cell(0, 0)))
		}
	}
}

// contrastJS is the contrast ratio (WCAG) of an element's text colour on
// its background colour, both opaque, as computed: rgb() from 0 to 255, or
// color(srgb) from 0 to 1 (what color-mix gives).
const contrastJS = `((e) => {
  const lum = (c) => { const k = c.startsWith('color(srgb') ? 1 : 255;
    const v = c.replace('color(srgb', '').match(/[\d.]+/g).slice(0, 3).map(Number).map(x => { x /= k; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const s = getComputedStyle(e), a = lum(s.color), b = lum(s.backgroundColor);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
})`

// TestPlayDoneColourCluesReadable: a complete line's colour clues are told
// apart from the others at a glance (once by fading them to .45 opacity,
// which left their numbers at about 1.5:1; then by a strike-through alone,
// which did not show) and stay readable: they are a tint of their colour
// with dark ink, 4.5:1 or more.
func TestPlayDoneColourCluesReadable(t *testing.T) {
	palette := []puzzle.Color{puzzle.DefaultPalette()[0], red, blue}
	site := newTestSite(t)
	url := site.put(t, "/colour/flag/", drawnPuzzle(t, palette, "112.", ".22.", "1.21"), "Flag")
	ctx := browsertest.New(t)
	open(t, ctx, url)
	do(t, ctx, chromedp.Click(cell(0, 0)), chromedp.Click(cell(1, 0)), chromedp.Focus(cell(2, 0)), chromedp.KeyEvent("2f"))
	if got := doneLines(t, ctx, "row"); got != "100" {
		t.Fatalf("rows done %s, want 100", got)
	}
	done := `document.querySelector('#np-play tbody tr:nth-child(1) .np-clue-colour')`
	open2 := `document.querySelector('#np-play tbody tr:nth-child(3) .np-clue-colour')`
	if a, b := eval[string](t, ctx, `getComputedStyle(`+done+`).backgroundColor`), eval[string](t, ctx, `getComputedStyle(`+open2+`).backgroundColor`); a == b {
		t.Errorf("a done row's red clue has the background of a red clue still to do (%s)", a)
	}
	if c := eval[float64](t, ctx, contrastJS+`(`+done+`)`); c < 4.5 {
		t.Errorf("a done row's red clue has a contrast of %.1f:1, want 4.5:1 or more", c)
	}
	if o := eval[string](t, ctx, `getComputedStyle(`+done+`).opacity`); o != "1" {
		t.Errorf("a done row's clue has opacity %s", o)
	}
}
