package templates

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// triddlerPage is a triddler's page as the builder makes it (for a
// phone's width too): the JSON, the
// empty #np-tplay, and coach.js, progress.js and triddler.js loaded from static.
func triddlerPage(t testing.TB, p *puzzle.Puzzle, title string, opts ...PlayOption) string {
	t.Helper()
	d := NewTriddlerPlay(p, p.ID(), title, opts...)
	if d == nil {
		t.Fatalf("%s: no play data", title)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + html.EscapeString(title) + `</title>
<script defer src="../../static/coach.js"></script>
<script defer src="../../static/progress.js"></script>
<script defer src="../../static/triddler.js"></script>
</head><body>
<script type="application/json" id="np-triddler">` + string(b) + `</script>
<div id="np-tplay" class="np-play"></div>
</body></html>`
}

// TestTriddlerPlayCorpus plays each corpus triddler in the browser: the
// solver's solution clicked in solves it, a reload keeps the marks, Reset
// clears them and Undo reset brings them back.
func TestTriddlerPlayCorpus(t *testing.T) {
	corpustest.Dir(t)
	site := newTestSite(t)
	ctx := browsertest.New(t)
	for k, f := range []string{"number-loom/puzzles/wake_up.xml", "number-loom/examples/triddler/blob.g", "number-loom/puzzles/cut_and_polished.xml"} {
		ps, err := formats.ReadFile(corpustest.Path(t, f))
		if err != nil {
			t.Fatal(err)
		}
		p := ps[0]
		res, err := solve.Solve(context.Background(), p)
		if err != nil || res.Verdict != solve.Unique {
			t.Fatalf("%s: %s %v", f, res.Verdict, err)
		}
		g, _ := p.TriddlerGeometry()
		path := fmt.Sprintf("/triddlers/t%d/", k)
		openTriddler(t, ctx, putTriddler(t, site, path, p, f))
		if got := triddlerStatus(t, ctx); got == "Solved!" {
			t.Fatalf("%s: solved before any click", f)
		}
		filled := 0
		for i, c := range g.Cells {
			if res.Solutions[0].At(c.X, c.Y) == 0 {
				continue
			}
			filled++
			do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#np-tplay polygon[data-i="%d"]`, i))))
		}
		if got := triddlerStatus(t, ctx); got != "Solved!" {
			t.Errorf("%s: after clicking the %d filled triangles, status %q", f, filled, got)
		}
		// A filled triangle clicked again becomes a dot: the line no longer
		// gives its clue.
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-state="1"]`)))
		if got := eval[string](t, ctx, `document.getElementById('np-tplay').dataset.solved`); got != "false" {
			t.Errorf("%s: still solved with a triangle emptied", f)
		}
		openTriddler(t, ctx, site.srv.URL+path)
		if got := eval[int](t, ctx, `document.querySelectorAll('#np-tplay polygon[data-state="1"]').length`); got != filled-1 {
			t.Errorf("%s: after reload %d filled triangles, want %d", f, got, filled-1)
		}
		if got := eval[int](t, ctx, `document.querySelectorAll('#np-tplay polygon[data-state="x"]').length`); got != 1 {
			t.Errorf("%s: after reload %d dots, want 1", f, got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-treset`)))
		if got := eval[int](t, ctx, `document.querySelectorAll('#np-tplay polygon[data-state="."]').length`); got != len(g.Cells) {
			t.Errorf("%s: after Reset %d empty triangles, want %d", f, got, len(g.Cells))
		}
		// Reset pressed by mistake: the button offers the marks back, and
		// gives them back at the next press.
		if got := eval[string](t, ctx, `document.querySelector('#np-tplay .np-treset').textContent`); got != "Undo reset" {
			t.Errorf("%s: after Reset the button reads %q, want Undo reset", f, got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-treset`)))
		if got := eval[int](t, ctx, `document.querySelectorAll('#np-tplay polygon[data-state="1"]').length`); got != filled-1 {
			t.Errorf("%s: after Undo reset %d filled triangles, want %d", f, got, filled-1)
		}
		if got := eval[string](t, ctx, `document.querySelector('#np-tplay .np-treset').textContent`); got != "Reset" {
			t.Errorf("%s: after Undo reset the button reads %q, want Reset", f, got)
		}
	}
}

// TestTriddlerPlayKeyboard fills a triangle with Enter and marks one with X,
// and each triangle's name says its mark.
func TestTriddlerPlayKeyboard(t *testing.T) {
	g := puzzle.TriddlerHexagon(1)
	img := puzzle.NewImage(g.Width, g.Height)
	img.Set(g.Cells[0].X, g.Cells[0].Y, 1)
	p := g.TriddlerOf(img, puzzle.DefaultPalette())
	ctx := playTriddler(t, p, "One")
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-tplay polygon[data-i="1"]`)), chromedp.KeyEvent("x"),
		chromedp.Focus(chromedp.CSS(`#np-tplay polygon[data-i="0"]`)), chromedp.KeyEvent("\r"))
	states := eval[string](t, ctx, `Array.from(document.querySelectorAll('#np-tplay polygon')).map(p => p.dataset.state).join('')`)
	if states != "1x...." || triddlerStatus(t, ctx) != "Solved!" {
		t.Errorf("states %q, status %q; want 1x.... and Solved!", states, triddlerStatus(t, ctx))
	}
	// A screen reader hears what each triangle holds, not only where it is.
	labels := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#np-tplay polygon')).slice(0, 3).map(p => p.getAttribute('aria-label'))`)
	for i, want := range []string{": filled", ": marked empty", ": not marked"} {
		if i >= len(labels) || !strings.HasSuffix(labels[i], want) {
			t.Errorf("triangles' names %q: want triangle %d's to end %q", labels, i+1, want)
		}
	}
}

// TestTriddlerPlayArrowKeys: a keyboard player once pressed Tab through
// every triangle (96 on the demo's snowflake) to reach Reset, Check and
// Hint. One triangle is in the Tab order, the one last focused, and the
// arrow keys move between them: along a row, and to the row above or
// below.
func TestTriddlerPlayArrowKeys(t *testing.T) {
	g := puzzle.TriddlerHexagon(2)
	img := puzzle.NewImage(g.Width, g.Height)
	img.Set(g.Cells[0].X, g.Cells[0].Y, 1)
	ctx := playTriddler(t, g.TriddlerOf(img, puzzle.DefaultPalette()), "Two")
	stops := `document.querySelectorAll('#np-tplay polygon[tabindex="0"]').length`
	if n := eval[int](t, ctx, stops); n != 1 {
		t.Errorf("%d triangles in the Tab order, want 1", n)
	}
	// where is the focused triangle's row and x, as the page's data has them.
	where := func() [2]int {
		t.Helper()
		xy := eval[[]int](t, ctx, `(() => {
			const i = Number(document.activeElement.getAttribute('data-i'));
			const c = JSON.parse(document.getElementById('np-triddler').textContent).cells[i];
			return [c[1], c[0]]; })()`)
		return [2]int{xy[0], xy[1]}
	}
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-tplay polygon[data-i="0"]`)))
	start := where()
	do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	if got := where(); got[0] != start[0] || got[1] != start[1]+1 {
		t.Errorf("ArrowRight from row %d at x=%d went to row %d at x=%d, want the next triangle of the row", start[0], start[1], got[0], got[1])
	}
	do(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
	if got := where(); got[0] != start[0]+1 {
		t.Errorf("ArrowDown from row %d went to row %d", start[0], got[0])
	}
	if n := eval[int](t, ctx, stops); n != 1 || !eval[bool](t, ctx, `document.activeElement.getAttribute('tabindex') === '0'`) {
		t.Errorf("after moving, %d triangles in the Tab order, want 1: the focused one", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-tplay polygon[stroke-width="3"]').length`); n != 1 {
		t.Errorf("after moving, %d triangles drawn focused, want 1", n)
	}
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-tplay polygon[data-state="1"]').length`); n != 1 {
		t.Errorf("Enter after moving filled %d triangles, want 1", n)
	}
}

// TestTriddlerHowToPlay checks that a triddler's page tells how to play it,
// as a grid's does, and that what it says of a right click is so.
func TestTriddlerHowToPlay(t *testing.T) {
	ctx := playTriddler(t, oneTriangle(0), "One")
	help := eval[string](t, ctx, `(() => { const d = document.querySelector('#np-tplay details.np-help'); return d ? d.querySelector('summary').textContent + '|' + d.querySelectorAll('li').length + '|' + d.textContent : ''; })()`)
	if !strings.HasPrefix(help, "How to play|") || !strings.Contains(help, "Right-click a triangle to mark it empty") || !strings.Contains(help, "X marks empty") {
		t.Fatalf("how to play: %q", help)
	}
	states := eval[string](t, ctx, `(() => { document.querySelector('#np-tplay polygon[data-i="2"]').dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
  return Array.from(document.querySelectorAll('#np-tplay polygon')).map(p => p.dataset.state).join(''); })()`)
	if states != "..x..." {
		t.Errorf("after a right click on triangle 3, states %q, want ..x...", states)
	}
}

// putTriddler publishes p's page at path on site and returns its URL.
func putTriddler(t testing.TB, site *testSite, path string, p *puzzle.Puzzle, title string, opts ...PlayOption) string {
	t.Helper()
	page := triddlerPage(t, p, title, opts...)
	site.mu.Lock()
	defer site.mu.Unlock()
	site.pages[path] = page
	return site.srv.URL + path
}

// playTriddler publishes p on a new test site, opens its page in a new
// browser and returns the browser's context.
func playTriddler(t testing.TB, p *puzzle.Puzzle, title string, opts ...PlayOption) context.Context {
	t.Helper()
	url := putTriddler(t, newTestSite(t), "/t/"+p.ID()+"/", p, title, opts...)
	ctx := browsertest.New(t)
	openTriddler(t, ctx, url)
	return ctx
}

// openTriddler loads url and waits until triddler.js has drawn the puzzle.
func openTriddler(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#np-tplay[data-ready="true"]`))); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

func triddlerStatus(t testing.TB, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.querySelector('#np-tplay .np-tstatus').textContent`)
}

// lineTriddler returns a triddler that line logic alone solves: the first
// of a fixed series of random pictures on a hexagon of side 3 whose
// difficulty is Line. With blots, one block in three is blotted.
func lineTriddler(t *testing.T, blots bool) (*puzzle.Puzzle, *puzzle.Image) {
	t.Helper()
	g := puzzle.TriddlerHexagon(3)
	r := rand.New(rand.NewPCG(21, 2))
	for range 200 {
		img := puzzle.NewImage(g.Width, g.Height)
		for _, c := range g.Cells {
			if r.IntN(10) < 6 {
				img.Set(c.X, c.Y, 1)
			}
		}
		p := g.TriddlerOf(img, puzzle.DefaultPalette())
		for _, side := range puzzle.TriddlerSides {
			for _, l := range p.TriddlerClues[side] {
				for j := range l {
					if blots && r.IntN(3) == 0 {
						l[j] = puzzle.Clue{Color: l[j].Color, Blot: true}
					}
				}
			}
		}
		res, err := solve.Solve(context.Background(), p)
		if err == nil && res.Verdict == solve.Unique && res.Difficulty == solve.Line {
			return p, res.Solutions[0]
		}
	}
	t.Fatal("no line-solvable triddler among 200 pictures")
	return nil, nil
}

// TestTriddlerCoach plays a triddler with the coach, with its numbers and
// with some blotted: Check outlines a wrong mark and a hint then says a mark
// is wrong; every hint names a line and a triangle whose value is the
// solution's, and a second press sets it, until the puzzle is solved.
func TestTriddlerCoach(t *testing.T) {
	for _, blots := range []bool{false, true} {
		t.Run(map[bool]string{false: "numbers", true: "blots"}[blots], func(t *testing.T) { triddlerCoach(t, blots) })
	}
}

func triddlerCoach(t *testing.T, blots bool) {
	p, sol := lineTriddler(t, blots)
	g, _ := p.TriddlerGeometry()
	want := func(i int) string { // a triangle's data-state in the solution
		if sol.At(g.Cells[i].X, g.Cells[i].Y) == 0 {
			return "x"
		}
		return "1"
	}
	ctx := playTriddler(t, p, "Coach", WithSolution(sol))
	if blots {
		if n := eval[int](t, ctx, `Array.from(document.querySelectorAll('#np-tplay text')).filter(e => e.textContent === '?').length`); n == 0 {
			t.Error("no blot drawn as ?")
		}
	}
	state := func(i int) string {
		return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#np-tplay polygon[data-i="%d"]').dataset.state`, i))
	}
	click := func(sel string) { do(t, ctx, chromedp.Click(chromedp.CSS(sel))) }

	// A wrong mark is outlined by Check, and a hint then says so.
	wrong := -1
	for i := range g.Cells {
		if want(i) == "x" {
			wrong = i
			break
		}
	}
	click(fmt.Sprintf(`#np-tplay polygon[data-i="%d"]`, wrong))
	click(`#np-tplay .np-tcheck`)
	if got := eval[string](t, ctx, `Array.from(document.querySelectorAll('#np-tplay .np-twrong')).map(e => e.dataset.for).join()`); got != fmt.Sprint(wrong) {
		t.Errorf("Check outlines %q, want triangle %d", got, wrong)
	}
	if s := triddlerStatus(t, ctx); s != "1 triangle is wrong: outlined in red." {
		t.Errorf("Check says %q", s)
	}
	click(`#np-tplay .np-thint`)
	if s := triddlerStatus(t, ctx); s != "A mark is wrong: Check shows which." {
		t.Errorf("a hint with a wrong mark says %q", s)
	}
	for range 2 { // fill → dot → clear
		click(fmt.Sprintf(`#np-tplay polygon[data-i="%d"]`, wrong))
	}

	// Hints to the end.
	hints := 0
	for ; hints <= len(g.Cells); hints++ {
		click(`#np-tplay .np-thint`)
		status := triddlerStatus(t, ctx)
		if !strings.Contains(status, "must be") {
			if status != "Every triangle is marked: nothing left to hint." {
				t.Fatalf("hint %d: status %q", hints+1, status)
			}
			break
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#np-tplay .np-thint-line').length`); n < 2 {
			t.Fatalf("hint %d highlights %d triangles of its line", hints+1, n)
		}
		i := eval[int](t, ctx, `Number(document.querySelector('#np-tplay .np-thint-cell').dataset.for)`)
		if state(i) != "." {
			t.Fatalf("hint %d points at triangle %d, already marked", hints+1, i)
		}
		click(`#np-tplay .np-thint`)
		if got := state(i); got != want(i) {
			t.Fatalf("hint %d set triangle %d to %q, the solution has %q (status %q)", hints+1, i, got, want(i), status)
		}
	}
	if hints != len(g.Cells) {
		t.Errorf("%d hints for %d triangles", hints, len(g.Cells))
	}
	if s := eval[string](t, ctx, `document.getElementById('np-tplay').dataset.solved`); s != "true" {
		t.Errorf("not solved after the hints")
	}
	click(`#np-tplay .np-tcheck`)
	if s := triddlerStatus(t, ctx); s != "Every mark so far is right." {
		t.Errorf("Check on the solved puzzle says %q", s)
	}
}

// TestTriddlerCoachProbes asks for a hint on the demo snowflake, where no
// line forces a triangle at the start: the hint probes, and the triangle it
// names gets the solution's value on a second press.
func TestTriddlerCoachProbes(t *testing.T) {
	ps, err := formats.ReadFile("../content/triangles/snowflake.xml")
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	res, err := solve.Solve(context.Background(), p)
	if err != nil || res.Verdict != solve.Unique {
		t.Fatalf("snowflake: %s %v", res.Verdict, err)
	}
	g, _ := p.TriddlerGeometry()
	ctx := playTriddler(t, p, "Snowflake", WithSolution(res.Solutions[0]))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-thint`)))
	status := triddlerStatus(t, ctx)
	if !strings.Contains(status, "could not be completed") {
		t.Fatalf("first hint says %q, want a probe's reason", status)
	}
	i := eval[int](t, ctx, `Number(document.querySelector('#np-tplay .np-thint-cell').dataset.for)`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-thint`)))
	want := "x"
	if res.Solutions[0].At(g.Cells[i].X, g.Cells[i].Y) != 0 {
		want = "1"
	}
	got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#np-tplay polygon[data-i="%d"]').dataset.state`, i))
	if got != want {
		t.Errorf("the probed triangle %d became %q, the solution has %q (%s)", i, got, want, status)
	}
}

// TestTriddlerPlayKeepsOnlyMarks: a triddler's page keeps progress in the
// browser only while a triangle is marked, or once it was solved. Every
// page looked at once kept its empty marks for good, so that a visitor
// browsing thousands of triddlers filled the browser's storage with them.
// (The mark is on a triangle the picture leaves empty, so that it does
// not solve the puzzle.)
func TestTriddlerPlayKeepsOnlyMarks(t *testing.T) {
	ctx := playTriddler(t, oneTriangle(1), "One")
	kept := `Object.keys(localStorage).filter(k => k.startsWith('nonopress:triddler:')).length`
	if n := eval[int](t, ctx, kept); n != 0 {
		t.Errorf("a triddler only looked at keeps %d entries in the browser", n)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="0"]`)))
	if n := eval[int](t, ctx, kept); n != 1 {
		t.Errorf("a marked triddler keeps %d entries, want 1", n)
	}
	// Reset keeps the marks it cleared, for Undo reset after a reload
	// (TestTriddlerUndoResetAfterReload), until the next mark.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-treset`)))
	if n := eval[int](t, ctx, kept); n != 1 {
		t.Errorf("a triddler reset keeps %d entries, want 1", n)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-treset`)))
	if n := eval[int](t, ctx, kept); n != 1 {
		t.Errorf("after Undo reset a triddler keeps %d entries, want 1", n)
	}

	// Solved, then cleared: the entry says it was solved, for the puzzle's
	// card (cards.js), and the marks Reset cleared.
	entry := `Object.keys(localStorage).filter(k => k.startsWith('nonopress:triddler:')).map(k => localStorage.getItem(k)).join()`
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="0"]`))) // filled: dot
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="0"]`))) // dot: cleared
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="1"]`)))
	if got := eval[string](t, ctx, `document.getElementById('np-tplay').dataset.solved`); got != "true" {
		t.Fatalf("with its one triangle filled, the triddler is not solved (%s)", triddlerStatus(t, ctx))
	}
	if got := eval[string](t, ctx, entry); got != `{"v":1,"solved":true,"state":[-1,1,-1,-1,-1,-1]}` {
		t.Errorf("a solved triddler keeps %s", got)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-treset`)))
	if got, want := eval[string](t, ctx, entry), `{"v":1,"solved":true,"reset":[-1,1,-1,-1,-1,-1]}`; got != want {
		t.Errorf("a solved triddler reset keeps %s, want %s", got, want)
	}
	do(t, ctx, chromedp.Reload())
	do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#np-tplay[data-ready="true"]`)))
	if got := eval[string](t, ctx, `document.getElementById('np-tplay').dataset.solved`); got != "false" {
		t.Errorf("reloaded after a reset, the triddler says solved=%s", got)
	}
	if got := eval[string](t, ctx, entry); got != `{"v":1,"solved":true,"reset":[-1,1,-1,-1,-1,-1]}` {
		t.Errorf("reloaded after a reset, a solved triddler keeps %s", got)
	}
	// A mark forgets the cleared marks; cleared again, nothing but that
	// it was solved is kept.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="0"]`)))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="0"]`)))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="0"]`)))
	if got := eval[string](t, ctx, entry); got != `{"v":1,"solved":true}` {
		t.Errorf("marked and cleared after a reset, a solved triddler keeps %s", got)
	}
}

// oneTriangle is a triddler on a hexagon of six triangles whose picture
// is triangle i filled.
func oneTriangle(i int) *puzzle.Puzzle {
	g := puzzle.TriddlerHexagon(1)
	img := puzzle.NewImage(g.Width, g.Height)
	img.Set(g.Cells[i].X, g.Cells[i].Y, 1)
	return g.TriddlerOf(img, puzzle.DefaultPalette())
}

// TestTriddlerUndoResetAfterReload: Reset's marks come back with Undo
// reset after a reload too, as a grid's do (play.js), until the next
// mark. They were lost with the page.
func TestTriddlerUndoResetAfterReload(t *testing.T) {
	ctx := playTriddler(t, oneTriangle(1), "One")
	marks := `JSON.stringify([...document.querySelectorAll('#np-tplay polygon')].map(p => p.getAttribute('fill')))`
	button := `document.querySelector('#np-tplay .np-treset').textContent`
	empty := eval[string](t, ctx, marks)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="0"]`)))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="2"]`)))
	marked := eval[string](t, ctx, marks)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-treset`)))
	do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#np-tplay[data-ready="true"]`)))
	if got := eval[string](t, ctx, marks); got != empty {
		t.Errorf("reloaded after Reset, the triangles are %s, want empty", got)
	}
	if got := eval[string](t, ctx, button); got != "Undo reset" {
		t.Fatalf("reloaded after Reset, the button says %q, want Undo reset", got)
	}
	if got, want := triddlerStatus(t, ctx), "All marks cleared. Undo reset brings them back."; got != want {
		t.Errorf("reloaded after Reset, the status says %q, want %q", got, want)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-treset`)))
	if got := eval[string](t, ctx, marks); got != marked {
		t.Errorf("Undo reset after a reload gives %s, want %s", got, marked)
	}

	// Reset, a mark, a reload: the mark is kept and the cleared marks are
	// forgotten.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-treset`)))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay polygon[data-i="3"]`)))
	do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#np-tplay[data-ready="true"]`)))
	if got := eval[string](t, ctx, button); got != "Reset" {
		t.Errorf("reloaded after Reset and a mark, the button says %q, want Reset", got)
	}
}

// triddlerCluesJS lists each clue number of the triddler whose contrast
// (WCAG) on what is behind it (its box or disc of colour, else the white
// page) is below 4.5:1, or which is done and not struck through, or whose
// line fades it; and last the count of done and open numbers.
const triddlerCluesJS = `(() => {
  const lum = (c) => { const v = c.match(/[\d.]+/g).slice(0, 3).map(Number).map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const out = []; let done = 0, open = 0;
  for (const g of document.querySelectorAll('#np-tplay svg g[data-done]')) {
    const isDone = g.dataset.done === 'true';
    for (const t of g.querySelectorAll('text')) {
      const back = t.previousElementSibling && t.previousElementSibling.tagName !== 'text' ? getComputedStyle(t.previousElementSibling).fill : 'rgb(255, 255, 255)';
      const a = lum(getComputedStyle(t).fill), b = lum(back), c = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const what = t.textContent + (isDone ? ' (done)' : '') + ' on ' + back;
      if (c < 4.5) out.push(what + ': ' + c.toFixed(1) + ':1');
      if (getComputedStyle(g).opacity !== '1') out.push(what + ': opacity ' + getComputedStyle(g).opacity);
      if (isDone !== (t.getAttribute('text-decoration') === 'line-through')) out.push(what + ': struck through ' + !isDone);
      isDone ? done++ : open++;
    }
  }
  return out.concat([done + ' done, ' + open + ' open']);
})()`

// TestTriddlerDoneCluesReadable: a triddler's done clues are told apart
// from the others as the square grid's are, struck through, and stay
// readable: 4.5:1 or more on what is behind them, in a grey on the page
// and in dark ink on a tint of a colour clue's box or a blot's disc. They
// were faded to .4 opacity, and a "0" drawn in #999999, 2.8:1 on white.
func TestTriddlerDoneCluesReadable(t *testing.T) {
	g := puzzle.TriddlerHexagon(2)
	img := puzzle.NewImage(g.Width, g.Height)
	for i, c := range g.Cells {
		if i%3 == 0 && i < len(g.Cells)/2 {
			img.Set(c.X, c.Y, 1+i%2)
		}
	}
	p := g.TriddlerOf(img, []puzzle.Color{puzzle.DefaultPalette()[0], red, {Char: 'y', Name: "yellow", RGB: puzzle.RGB{R: 250, G: 220, B: 60}}})
	blots := 0
	for _, side := range puzzle.TriddlerSides {
		for _, l := range p.TriddlerClues[side] {
			if len(l) > 1 {
				l[0] = puzzle.Clue{Color: l[0].Color, Blot: true}
				blots++
			}
		}
	}
	if blots == 0 {
		t.Fatal("no line of two blocks to blot")
	}
	ctx := playTriddler(t, p, "Done clues")
	check := func(when string) {
		got := eval[[]string](t, ctx, triddlerCluesJS)
		counts := got[len(got)-1]
		for _, bad := range got[:len(got)-1] {
			t.Errorf("%s: clue %s", when, bad)
		}
		t.Logf("%s: %s", when, counts)
		if strings.HasPrefix(counts, "0 done") || (when == "fresh" && strings.HasSuffix(counts, " 0 open")) {
			t.Errorf("%s: %s: want both kinds", when, counts)
		}
	}
	check("fresh")
	for i, c := range g.Cells {
		if v := img.At(c.X, c.Y); v > 0 {
			do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#np-tplay .np-tcolour:nth-of-type(%d)`, v))),
				chromedp.Click(chromedp.CSS(fmt.Sprintf(`#np-tplay polygon[data-i="%d"]`, i))))
		}
	}
	if s := triddlerStatus(t, ctx); s != "Solved!" {
		t.Fatalf("status %q after the solution's triangles are filled", s)
	}
	check("solved")
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-tplay svg g[data-done="true"] rect, #np-tplay svg g[data-done="true"] circle').length`); n == 0 {
		t.Error("no colour box or blot's disc among the done clues")
	}
}

// TestTriddlerCheckTellsWhichTrianglesAreWrong: Check outlines the wrong
// triangles, which a screen reader user cannot see; they are also told
// invalid, and their names end ", wrong", until the outlines go (at the
// next mark), as the square grid's cells are.
func TestTriddlerCheckTellsWhichTrianglesAreWrong(t *testing.T) {
	p, sol := lineTriddler(t, false)
	g, _ := p.TriddlerGeometry()
	wrong, right := -1, -1
	for i, c := range g.Cells {
		if sol.At(c.X, c.Y) == 0 && wrong < 0 {
			wrong = i
		}
		if sol.At(c.X, c.Y) != 0 && right < 0 {
			right = i
		}
	}
	ctx := playTriddler(t, p, "Check", WithSolution(sol))
	triangle := func(i int) string { return fmt.Sprintf(`#np-tplay polygon[data-i="%d"]`, i) }
	do(t, ctx, chromedp.Click(chromedp.CSS(triangle(wrong))), chromedp.Click(chromedp.CSS(triangle(right))))
	name := eval[string](t, ctx, `document.querySelector('`+triangle(wrong)+`').getAttribute('aria-label')`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-tcheck`)))
	if s := triddlerStatus(t, ctx); s != "1 triangle is wrong: outlined in red." {
		t.Fatalf("Check says %q", s)
	}
	if got, want := strings.Join(axInvalid(t, ctx, "button"), "; "), name+", wrong"; got != want {
		t.Errorf("triangles told invalid: %q, want %q", got, want)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(triangle(wrong)))) // filled → a dot: right
	if got := axInvalid(t, ctx, "button"); len(got) != 0 {
		t.Errorf("after the wrong mark is changed, triangles told invalid: %q", got)
	}
	if n := eval[int](t, ctx, `Array.from(document.querySelectorAll('#np-tplay polygon[aria-label]')).filter(e => e.getAttribute('aria-label').endsWith('wrong')).length`); n != 0 {
		t.Errorf("after the wrong mark is changed, %d triangles still named wrong", n)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-tplay .np-tcheck`)))
	if s := triddlerStatus(t, ctx); s != "Every mark so far is right." {
		t.Errorf("Check with the mark put right says %q", s)
	}
}

// triddlerCluePxJS is the smallest clue number of the triddler as drawn,
// in CSS px, the drawing's min-width, whether its box scrolls sideways and
// whether the page does, as "13.0 412px box page".
const triddlerCluePxJS = `(() => {
  const px = [...document.querySelectorAll('#np-tplay svg text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  const svg = document.querySelector('#np-tplay svg'), box = svg.parentNode;
  return Math.min(...px).toFixed(1) + " " + svg.style.minWidth + (box.scrollWidth > box.clientWidth ? " box" : "") +
    (document.documentElement.scrollWidth > innerWidth ? " page" : "");
})()`

// TestTriddlerCluesReadOnAPhone: on a phone (390 px), a triddler of 96
// triangles drew its clue numbers at 11 px (0.42 of a triangle's side,
// the drawing fitted to the width). They are half a side now, 13 px and
// more on a phone for that size, with the whole drawing in view; a larger
// triddler is drawn no smaller than clue numbers of 13 px, wider than the
// phone, and scrolls sideways in its own box (the page does not). The
// drawing's least width is the one the page's box keeps for it before it
// is drawn (TriddlerPlay.MinWidth), so that nothing jumps. On a wide
// screen it fills 44rem as before.
func TestTriddlerCluesReadOnAPhone(t *testing.T) {
	ctx := browsertest.New(t)
	site := newTestSite(t)
	for _, side := range []int{4, 7} {
		g := puzzle.TriddlerHexagon(side)
		img := puzzle.NewImage(g.Width, g.Height)
		for i, c := range g.Cells {
			if i%3 == 0 {
				img.Set(c.X, c.Y, 1)
			}
		}
		p := g.TriddlerOf(img, puzzle.DefaultPalette())
		min := NewTriddlerPlay(p, p.ID(), "Hexagon").MinWidth()
		url := putTriddler(t, site, fmt.Sprintf("/t/hexagon%d/", side), p, "Hexagon")
		do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		openTriddler(t, ctx, url)
		got := eval[string](t, ctx, triddlerCluePxJS)
		var px float64
		var minWidth string
		fmt.Sscanf(got, "%g %s", &px, &minWidth)
		if minWidth != fmt.Sprintf("%dpx", min) {
			t.Errorf("side %d: the drawing's min-width is %s, the page's box keeps %dpx", side, minWidth, min)
		}
		switch {
		case px < 13:
			t.Errorf("side %d, on a phone: clue numbers of %.1f px (%s)", side, px, got)
		case side == 4 && strings.Contains(got, "box"):
			t.Errorf("side %d, on a phone: the drawing scrolls (%s)", side, got)
		case side == 7 && (px != 13 || !strings.HasSuffix(got, " box")):
			t.Errorf("side %d, on a phone: %s, want 13.0 px numbers in a box that scrolls", side, got)
		}
		do(t, ctx, chromedp.EmulateViewport(1280, 844))
		openTriddler(t, ctx, url)
		if got := eval[string](t, ctx, triddlerCluePxJS); strings.Contains(got, "box") || strings.Contains(got, "page") {
			t.Errorf("side %d, on a wide screen: %s, want no scrolling", side, got)
		}
		if w := eval[float64](t, ctx, `document.querySelector('#np-tplay svg').getBoundingClientRect().width`); w != 704 {
			t.Errorf("side %d, on a wide screen, the triddler is drawn %g px wide, want 704 (44rem)", side, w)
		}
	}
}

// triddlerBoxRoomJS lists the clue numbers of the triddler with less than
// 2 SVG units (of a triangle's 40) between their digits and a side of
// their box of colour.
const triddlerBoxRoomJS = `[...document.querySelectorAll('#np-tplay svg rect')].map((r) => {
  const t = r.nextElementSibling.getBBox(), b = r.getBBox();
  return Math.min(t.x - b.x, b.x + b.width - t.x - t.width) < 2 ? t.width.toFixed(0) + " wide in " + b.width.toFixed(0) + ": " + r.nextElementSibling.textContent : "";
}).filter(Boolean).join(", ")`

// TestTriddlerColourBoxesFitNumbers: in a triddler of colours, a number
// of two digits has room in its box of colour, as one of one digit has:
// drawn half a triangle's side high, "11" filled the square box edge to
// edge.
func TestTriddlerColourBoxesFitNumbers(t *testing.T) {
	g := puzzle.TriddlerHexagon(4)
	img := puzzle.NewImage(g.Width, g.Height)
	for i, c := range g.Cells {
		if i%17 != 0 {
			img.Set(c.X, c.Y, 1+(i/40)%2)
		}
	}
	ctx := playTriddler(t, g.TriddlerOf(img, []puzzle.Color{puzzle.DefaultPalette()[0], red, blue}), "Colours")
	if n := eval[int](t, ctx, `[...document.querySelectorAll('#np-tplay svg rect + text')].filter((t) => t.textContent.length > 1).length`); n == 0 {
		t.Fatal("no number of two digits in a box: the test's picture needs longer runs")
	}
	if got := eval[string](t, ctx, triddlerBoxRoomJS); got != "" {
		t.Errorf("numbers without room in their boxes: %s", got)
	}
}
