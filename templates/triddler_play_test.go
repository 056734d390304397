package templates

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// triddlerPage is a triddler's page as the builder makes it: the JSON, the
// empty #np-tplay, and triddler.js loaded from static.
func triddlerPage(t testing.TB, p *puzzle.Puzzle, title string) string {
	t.Helper()
	d := NewTriddlerPlay(p, p.ID(), title)
	if d == nil {
		t.Fatalf("%s: no play data", title)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>` + html.EscapeString(title) + `</title>
<script defer src="../../static/triddler.js"></script>
</head><body>
<script type="application/json" id="np-triddler">` + string(b) + `</script>
<div id="np-tplay" class="np-play"></div>
</body></html>`
}

// TestTriddlerPlayCorpus plays each corpus triddler in the browser: the
// solver's solution clicked in solves it, a reload keeps the marks, Reset
// clears them.
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
		site.mu.Lock()
		site.pages[path] = triddlerPage(t, p, f)
		site.mu.Unlock()
		openTriddler(t, ctx, site.srv.URL+path)
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
	}
}

// TestTriddlerPlayKeyboard fills a triangle with Enter and marks one with X.
func TestTriddlerPlayKeyboard(t *testing.T) {
	g := puzzle.TriddlerHexagon(1)
	img := puzzle.NewImage(g.Width, g.Height)
	img.Set(g.Cells[0].X, g.Cells[0].Y, 1)
	p := g.TriddlerOf(img, puzzle.DefaultPalette())
	site := newTestSite(t)
	site.mu.Lock()
	site.pages["/t/one/"] = triddlerPage(t, p, "One")
	site.mu.Unlock()
	ctx := browsertest.New(t)
	openTriddler(t, ctx, site.srv.URL+"/t/one/")
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-tplay polygon[data-i="1"]`)), chromedp.KeyEvent("x"),
		chromedp.Focus(chromedp.CSS(`#np-tplay polygon[data-i="0"]`)), chromedp.KeyEvent("\r"))
	states := eval[string](t, ctx, `Array.from(document.querySelectorAll('#np-tplay polygon')).map(p => p.dataset.state).join('')`)
	if states != "1x...." || triddlerStatus(t, ctx) != "Solved!" {
		t.Errorf("states %q, status %q; want 1x.... and Solved!", states, triddlerStatus(t, ctx))
	}
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
