package templates

import (
	"testing"

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
