package templates

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// heart is a one-colour picture whose clues are the test puzzle.
var heart = []string{
	"11.11",
	"11111",
	"11111",
	".111.",
	"..1..",
}

var emptyHeart = []string{".....", ".....", ".....", ".....", "....."}

// withoutRows returns picture with the first k rows blanked.
func withoutRows(picture []string, k int) []string {
	out := append([]string(nil), picture...)
	for i := range k {
		out[i] = strings.Repeat(".", len(out[i]))
	}
	return out
}

func TestPlaySolveByClicksAndKeepProgress(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	url := site.put(t, "/hearts/heart/", p, "Heart")
	ctx := browsertest.New(t)

	open(t, ctx, url)
	wantGrid(t, ctx, emptyHeart...)
	wantSolved(t, ctx, false)
	if got := doneLines(t, ctx, "row"); got != "00000" {
		t.Errorf("rows marked complete on an empty grid: %s", got)
	}

	clickAll(t, ctx, heart[:1], "1")
	if got := doneLines(t, ctx, "row"); got != "10000" {
		t.Errorf("after filling row 1, rows marked complete = %s, want 10000", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('#np-play td[data-x="1"][data-y="0"]').getAttribute('aria-label')`); got != "Row 1, column 2: filled" {
		t.Errorf("cell label = %q", got)
	}

	// Everything but the last cell, then the last cell.
	rest := withoutRows(heart, 1)
	rest[4] = "....."
	clickAll(t, ctx, rest, "1")
	wantSolved(t, ctx, false)
	do(t, ctx, chromedp.Click(cell(2, 4)))
	wantGrid(t, ctx, heart...)
	wantSolved(t, ctx, true)
	if rows, cols := doneLines(t, ctx, "row"), doneLines(t, ctx, "col"); rows != "11111" || cols != "11111" {
		t.Errorf("complete rows %s, columns %s; want all", rows, cols)
	}

	// Crossing out a background cell keeps it solved; a filled one does not.
	rightClick(t, ctx, 2, 0)
	wantSolved(t, ctx, true)
	rightClick(t, ctx, 0, 0)
	wantSolved(t, ctx, false)
	if got := eval[string](t, ctx, `document.querySelector('#np-play td[data-x="0"][data-y="0"]').getAttribute('aria-label')`); got != "Row 1, column 1: crossed out" {
		t.Errorf("crossed cell label = %q", got)
	}
	do(t, ctx, chromedp.Click(cell(0, 0))) // a click on a crossed cell fills it
	wantSolved(t, ctx, true)
	solved := []string{"11x11", "11111", "11111", ".111.", "..1.."}
	wantGrid(t, ctx, solved...)
	if got, want := storedProgress(t, ctx, p), `{"v":1,"width":5,"height":5,"cells":"2212222222222220222000200","solved":true}`; got != want {
		t.Errorf("stored progress = %s, want %s", got, want)
	}

	t.Run("reload keeps progress", func(t *testing.T) {
		do(t, ctx, chromedp.Reload())
		open(t, ctx, url)
		wantGrid(t, ctx, solved...)
		wantSolved(t, ctx, true)
	})

	t.Run("changed clues start afresh", func(t *testing.T) {
		changed := drawnPuzzle(t, puzzle.DefaultPalette(), "11.11", "11111", "11111", ".111.", ".1...")
		if changed.ID() == p.ID() {
			t.Fatal("test puzzles share an id")
		}
		site.put(t, "/hearts/heart/", changed, "Heart")
		open(t, ctx, url)
		wantGrid(t, ctx, emptyHeart...)
		wantSolved(t, ctx, false)
		if storedProgress(t, ctx, changed) != "" {
			t.Error("progress stored for the changed puzzle before any move")
		}
		site.put(t, "/hearts/heart/", p, "Heart")
		open(t, ctx, url)
		wantGrid(t, ctx, solved...)
	})

	t.Run("reset clears and undo restores", func(t *testing.T) {
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
		wantGrid(t, ctx, emptyHeart...)
		wantSolved(t, ctx, false)
		if got := status(t, ctx); !strings.Contains(got, "cleared") {
			t.Errorf("status after reset = %q", got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-undo`)))
		wantGrid(t, ctx, solved...)
		wantSolved(t, ctx, true)
		do(t, ctx, chromedp.Reload())
		open(t, ctx, url)
		wantGrid(t, ctx, solved...)
	})

	// A Reset pressed by mistake, then the page closed or reloaded (a
	// phone drops a tab in the background): Undo still brings the grid
	// back. Before, Reset forgot the saved progress at once.
	t.Run("reset survives a reload and undo restores", func(t *testing.T) {
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
		wantGrid(t, ctx, emptyHeart...)
		do(t, ctx, chromedp.Reload())
		open(t, ctx, url)
		wantGrid(t, ctx, emptyHeart...)
		if got := status(t, ctx); !strings.Contains(got, "Undo brings it back") {
			t.Errorf("status after a reload after reset = %q, want it to say Undo brings the grid back", got)
		}
		if eval[bool](t, ctx, `document.querySelector('#np-play .np-undo').disabled`) {
			t.Fatal("after a reset and a reload, Undo is disabled")
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-undo`)))
		wantGrid(t, ctx, solved...)
		wantSolved(t, ctx, true)

		// Once the player marks the cleared grid, the old cells are let go:
		// the saved progress is the new mark alone.
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
		do(t, ctx, chromedp.Click(cell(0, 0)))
		do(t, ctx, chromedp.Reload())
		open(t, ctx, url)
		wantGrid(t, ctx, "1....", ".....", ".....", ".....", ".....")
		if got := storedProgress(t, ctx, p); strings.Contains(got, "reset") {
			t.Errorf("after a mark on the cleared grid, stored progress %q still keeps the cleared cells", got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
		if got := storedProgress(t, ctx, p); got != `{"v":1,"width":5,"height":5,"cells":"0000000000000000000000000","solved":true,"reset":"2000000000000000000000000"}` {
			t.Errorf("after reset, stored progress = %q", got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-undo`)))
		wantGrid(t, ctx, "1....", ".....", ".....", ".....", ".....")
		do(t, ctx, chromedp.Click(cell(0, 0)))
		clickAll(t, ctx, solved, "1")
		rightClick(t, ctx, 2, 0)
		wantGrid(t, ctx, solved...)
	})

	// Once solved, the entry says so for the puzzle's card (cards.js),
	// when the grid is emptied too; with no cells, the grid loads empty.
	t.Run("solved is kept on an emptied grid", func(t *testing.T) {
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
		do(t, ctx, chromedp.Click(cell(0, 0)))
		do(t, ctx, chromedp.Click(cell(0, 0))) // a click on a filled cell empties it
		wantGrid(t, ctx, emptyHeart...)
		if got, want := storedProgress(t, ctx, p), `{"v":1,"width":5,"height":5,"solved":true}`; got != want {
			t.Errorf("a solved grid emptied keeps %s, want %s", got, want)
		}
		do(t, ctx, chromedp.Reload())
		open(t, ctx, url)
		wantGrid(t, ctx, emptyHeart...)
		wantSolved(t, ctx, false)
		if got := status(t, ctx); strings.Contains(got, "restored") {
			t.Errorf("an empty grid loaded says %q", got)
		}
		clickAll(t, ctx, heart, "1")
		wantSolved(t, ctx, true)
	})

	t.Run("bad saved progress is ignored", func(t *testing.T) {
		for _, bad := range []string{`not json`, `{"v":1,"width":5,"height":5,"cells":"00"}`, `{"v":1,"width":5,"height":5,"cells":"0000000000000000000000009"}`} {
			eval[bool](t, ctx, `localStorage.setItem("nonopress:progress:`+p.ID()+`", `+jsString(bad)+`), true`)
			do(t, ctx, chromedp.Reload())
			open(t, ctx, url)
			wantGrid(t, ctx, emptyHeart...)
		}
		do(t, ctx, chromedp.Click(cell(0, 0)))
		wantGrid(t, ctx, "1....", ".....", ".....", ".....", ".....")
	})
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

func TestPlaySolveByKeyboard(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	url := site.put(t, "/hearts/heart/", p, "Heart")
	ctx := browsertest.New(t)
	open(t, ctx, url)

	do(t, ctx, chromedp.Focus(cell(0, 0)))
	for y, row := range heart {
		var keys strings.Builder
		for x, ch := range row {
			if ch == '1' {
				keys.WriteString(" ")
			} else {
				keys.WriteString("x")
			}
			if x < len(row)-1 {
				keys.WriteString(kb.ArrowRight)
			}
		}
		keys.WriteString(kb.Home + kb.ArrowDown)
		do(t, ctx, chromedp.KeyEvent(keys.String()))
		// Keyboard users hear when a line is done.
		if got, want := status(t, ctx), map[int]string{0: "Row 1 complete.", 2: "Row 3 and column 5 complete."}[y]; want != "" && got != want {
			t.Errorf("after row %d, status %q, want %q", y+1, got, want)
		}
	}
	wantGrid(t, ctx, "11x11", "11111", "11111", "x111x", "xx1xx")
	wantSolved(t, ctx, true)
	focused := eval[string](t, ctx, `document.activeElement.getAttribute('aria-label')`)
	if focused != "Row 5, column 1: crossed out" {
		t.Errorf("focus on %q, want the first cell of the last row", focused)
	}

	// Space toggles a filled cell back to empty; Ctrl+Z and Ctrl+Y undo and redo.
	do(t, ctx, chromedp.KeyEvent(kb.ArrowUp+kb.ArrowRight+" "))
	wantSolved(t, ctx, false)
	do(t, ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(kb.ModifierCtrl)))
	wantSolved(t, ctx, true)
	do(t, ctx, chromedp.KeyEvent("y", chromedp.KeyModifiers(kb.ModifierCtrl)))
	wantSolved(t, ctx, false)
	do(t, ctx, chromedp.KeyEvent("Z", chromedp.KeyModifiers(kb.ModifierCtrl, kb.ModifierShift))) // nothing left to redo
	wantSolved(t, ctx, false)
	do(t, ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(kb.ModifierCtrl)))
	wantSolved(t, ctx, true)

	// Delete clears; Shift+arrow moves and repeats the last change.
	do(t, ctx, chromedp.KeyEvent(kb.Home+kb.Delete))
	wantGrid(t, ctx, "11x11", "11111", "11111", ".111x", "xx1xx")
	do(t, ctx, chromedp.KeyEvent("x"))
	do(t, ctx, chromedp.KeyEvent(kb.ArrowRight, chromedp.KeyModifiers(kb.ModifierShift)))
	do(t, ctx, chromedp.KeyEvent(kb.ArrowRight, chromedp.KeyModifiers(kb.ModifierShift)))
	wantGrid(t, ctx, "11x11", "11111", "11111", "xxx1x", "xx1xx")
	wantSolved(t, ctx, false)
	if got := eval[bool](t, ctx, `document.activeElement.matches('#np-play td[data-x="2"][data-y="3"]')`); !got {
		t.Error("Shift+arrow did not move the focus")
	}
	if got := eval[int](t, ctx, `document.querySelectorAll('#np-play td[tabindex="0"]').length`); got != 1 {
		t.Errorf("%d cells in the tab order, want 1 (roving tabindex)", got)
	}
}

func TestPlayDragFillsARun(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	url := site.put(t, "/hearts/heart/", p, "Heart")
	ctx := browsertest.New(t)
	open(t, ctx, url)

	do(t, ctx, chromedp.DragAndDrop(cell(0, 1), cell(4, 1)))
	wantGrid(t, ctx, ".....", "11111", ".....", ".....", ".....")
	if got := doneLines(t, ctx, "row"); got != "01000" {
		t.Errorf("rows complete after the drag: %s", got)
	}

	// The run follows the pointer back, and a drag only changes cells that
	// were as the first one was: the crossed cell stays crossed.
	rightClick(t, ctx, 2, 2)
	mouseDrag(t, ctx, [2]int{0, 2}, [2]int{1, 2}, [2]int{3, 2}, [2]int{4, 2}, [2]int{3, 2})
	wantGrid(t, ctx, ".....", "11111", "11x1.", ".....", ".....")

	// A drag that starts on a filled cell empties the run, down a column.
	mouseDrag(t, ctx, [2]int{1, 1}, [2]int{1, 2}, [2]int{1, 3})
	wantGrid(t, ctx, ".....", "1.111", "1.x1.", ".....", ".....")

	// Each drag is one step to undo.
	do(t, ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(kb.ModifierCtrl)))
	wantGrid(t, ctx, ".....", "11111", "11x1.", ".....", ".....")
	do(t, ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(kb.ModifierCtrl)))
	wantGrid(t, ctx, ".....", "11111", "..x..", ".....", ".....")

	t.Run("touch", func(t *testing.T) {
		do(t, ctx, chromedp.EmulateViewport(400, 800, chromedp.EmulateTouch), chromedp.Reload())
		open(t, ctx, url)
		do(t, ctx, chromedp.Tap(cell(2, 4)))
		wantGrid(t, ctx, ".....", "11111", "..x..", ".....", "..1..")
		// Choose the cross tool, then drag a finger along row 4.
		do(t, ctx, chromedp.Tap(chromedp.CSS(`#np-play button[data-tool="0"]`)))
		touchDrag(t, ctx, [2]int{0, 3}, [2]int{2, 3}, [2]int{4, 3})
		wantGrid(t, ctx, ".....", "11111", "..x..", "xxxxx", "..1..")
	})
}

func TestPlayColourPuzzle(t *testing.T) {
	picture := []string{
		"112.",
		".22.",
		"1.21",
	}
	palette := []puzzle.Color{puzzle.DefaultPalette()[0], red, blue}
	site := newTestSite(t)
	p := drawnPuzzle(t, palette, picture...)
	url := site.put(t, "/colours/flag/", p, "Flag")
	ctx := browsertest.New(t)
	open(t, ctx, url)

	legend := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#np-play .np-tool')).map(b => b.textContent + ':' + b.getAttribute('aria-pressed'))`)
	if strings.Join(legend, " ") != "red1:true blue2:false Cross outX:false" {
		t.Errorf("legend = %q", legend)
	}

	// Red from the legend by mouse, blue by its key.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play button[data-tool="1"]`)))
	clickAll(t, ctx, picture, "1")
	// Blue's cells of row 2 in red first: the lengths fit but not the colour.
	do(t, ctx, chromedp.Click(cell(1, 1)), chromedp.Click(cell(2, 1)))
	if got := doneLines(t, ctx, "row"); got[1] != '0' {
		t.Errorf("row 2 in the wrong colour marked complete (%s)", got)
	}
	do(t, ctx, chromedp.KeyEvent("2"))
	if got := eval[string](t, ctx, `document.querySelector('#np-play button[data-tool="2"]').getAttribute('aria-pressed')`); got != "true" {
		t.Errorf("key 2 did not choose blue (aria-pressed %s)", got)
	}
	clickAll(t, ctx, picture, "2")
	wantGrid(t, ctx, picture...)
	wantSolved(t, ctx, true)

	// Colours are never the only cue: filled cells, clues and the legend carry
	// the shape of their colour, as on the printed sheet.
	shapes := eval[string](t, ctx, `[
		document.querySelector('#np-play td[data-x="0"][data-y="0"]').dataset.shape,
		document.querySelector('#np-play td[data-x="2"][data-y="0"]').dataset.shape,
		document.querySelector('#np-play .np-rowclue .np-glyph').dataset.shape,
		document.querySelector('#np-play button[data-tool="2"] .np-tool-swatch').dataset.shape,
		getComputedStyle(document.querySelector('#np-play td[data-x="2"][data-y="0"]'), '::before').clipPath.split('(')[0],
	].join(' ')`)
	if shapes != "0 1 0 1 inset" {
		t.Errorf("glyph shapes (red cell, blue cell, first clue, blue legend, blue cell clip) = %q, want \"0 1 0 1 inset\"", shapes)
	}
	label := eval[string](t, ctx, `document.querySelector('#np-play .np-rowclue').getAttribute('aria-label')`)
	if label != "Row 1 clue: 2 red, 1 blue, complete" {
		t.Errorf("row clue label = %q", label)
	}
	if got := eval[string](t, ctx, `document.querySelector('#np-play td[data-x="2"][data-y="0"]').getAttribute('aria-label')`); got != "Row 1, column 3: filled blue" {
		t.Errorf("cell label = %q", got)
	}
}

func TestPlayShowsTextAsText(t *testing.T) {
	hostile := `</script><img src=x onerror="window.pwned=1"><b>`
	palette := []puzzle.Color{puzzle.DefaultPalette()[0], {Char: 'a', Name: `<b>bold</b>`, RGB: red.RGB}, blue}
	p := drawnPuzzle(t, palette, "12", "21")
	site := newTestSite(t)
	url := site.put(t, "/x/y/", p, hostile)
	ctx := browsertest.New(t)
	open(t, ctx, url)

	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play img, #np-play b, body > img').length`); n != 0 {
		t.Errorf("%d elements made from puzzle text", n)
	}
	if eval[bool](t, ctx, `window.pwned === 1`) {
		t.Error("puzzle text ran as script")
	}
	if got := eval[string](t, ctx, `document.querySelector('#np-play .np-tool-name').textContent`); got != `<b>bold</b>` {
		t.Errorf("colour name shown as %q", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('#np-play table').getAttribute('aria-label')`); !strings.HasPrefix(got, hostile+": ") {
		t.Errorf("grid label = %q", got)
	}
}

func TestPlayRefusesBadPuzzleData(t *testing.T) {
	site := newTestSite(t)
	ctx := browsertest.New(t)
	for _, tc := range []struct{ json, want string }{
		{`{"width":`, "not valid JSON"},
		{`{"width":0,"height":3}`, "width and height"},
		{`{"width":2,"height":1,"rows":[[]],"cols":[[],[]],"palette":[{"rgb":"#ffffff"}]}`, "palette"},
		{`{"width":2,"height":1,"rows":[[[3,1]]],"cols":[[],[]],"palette":[{"rgb":"#ffffff"},{"rgb":"#000000"}]}`, "rows line 1 needs 3 cells but has 2"},
		{`{"width":2,"height":1,"rows":[[[1,2]]],"cols":[[],[]],"palette":[{"rgb":"#ffffff"},{"rgb":"#000000"}]}`, "rows line 1 block 1"},
		{`{"width":2,"height":2,"rows":[[]],"cols":[[],[]],"palette":[{"rgb":"#ffffff"},{"rgb":"#000000"}]}`, `"rows" must list 2 lines`},
	} {
		url := site.putRaw("/bad/page/", "Bad", tc.json)
		do(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#np-play.np-error`)))
		got := status(t, ctx)
		if !strings.HasPrefix(got, "Play mode is unavailable: ") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: message %q, want one containing %q", tc.json, got, tc.want)
		}
	}
}

func TestPlayWithoutStorage(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	// A page where touching localStorage throws, as in some private modes.
	page := strings.Replace(playPage("../../static/", "Heart", playJSON(t, p, "Heart")), "<link",
		`<script>Object.defineProperty(window, "localStorage", {get() { throw new DOMException("denied", "SecurityError"); }});</script><link`, 1)
	site.mu.Lock()
	site.pages["/hearts/heart/"] = page
	site.mu.Unlock()
	ctx := browsertest.New(t)
	open(t, ctx, site.srv.URL+"/hearts/heart/")
	clickAll(t, ctx, heart, "1")
	wantSolved(t, ctx, true)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
	wantGrid(t, ctx, emptyHeart...)
}
