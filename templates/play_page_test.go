package templates

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/puzzle"
)

// This file holds what the play-mode tests share: puzzles drawn as text, the
// page contract of play.js (the JSON the site builder embeds), a test site
// that serves the shipped static files, and small chromedp helpers.

// red and blue are the colours of the test colour puzzles.
var (
	red  = puzzle.Color{Char: 'r', Name: "red", RGB: puzzle.RGB{R: 0xd6, G: 0x27, B: 0x28}}
	blue = puzzle.Color{Char: 'b', Name: "blue", RGB: puzzle.RGB{R: 0x1f, G: 0x77, B: 0xb4}}
)

// drawnPuzzle makes a puzzle whose clues are those of the picture: '.' is the
// background and the digit k is palette colour k.
func drawnPuzzle(t testing.TB, palette []puzzle.Color, picture ...string) *puzzle.Puzzle {
	t.Helper()
	img := drawnImage(t, picture...)
	rows, cols := puzzle.CluesOf(img)
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: img.Width, Height: img.Height, Rows: rows, Cols: cols, Palette: palette}
}

// drawnImage is the picture as an image, as drawnPuzzle reads it.
func drawnImage(t testing.TB, picture ...string) *puzzle.Image {
	t.Helper()
	img := puzzle.NewImage(len(picture[0]), len(picture))
	for y, row := range picture {
		if len(row) != img.Width {
			t.Fatalf("picture row %d has %d cells, want %d", y+1, len(row), img.Width)
		}
		for x, ch := range row {
			if ch != '.' {
				img.Set(x, y, int(ch-'0'))
			}
		}
	}
	return img
}

// playJSON encodes p as the page embeds it. encoding/json escapes <, > and &,
// so the text cannot close the script element it sits in.
func playJSON(t testing.TB, p *puzzle.Puzzle, title string) string {
	t.Helper()
	d := NewPlayData(p, p.ID(), title)
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// playPage is a puzzle page as the builder makes it: the JSON, the empty
// #np-play and play.css, coach.js, coach-panel.js, progress.js and play.js loaded from
// static (a relative URL).
func playPage(static, title, puzzleJSON string) string {
	return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + html.EscapeString(title) + `</title>
<link rel="stylesheet" href="` + static + `play.css">
<script defer src="` + static + `coach.js"></script>
<script defer src="` + static + `coach-panel.js"></script>
<script defer src="` + static + `progress.js"></script>
<script defer src="` + static + `play.js"></script>
</head><body>
<h1>` + html.EscapeString(title) + `</h1>
<script type="application/json" id="np-puzzle">` + puzzleJSON + `</script>
<div id="np-play" class="np-play"></div>
</body></html>`
}

// testSite serves pages that a test may change, and the shipped static files
// (the embedded Static FS) under /static/.
type testSite struct {
	mu    sync.Mutex
	pages map[string]string
	srv   *httptest.Server
}

func newTestSite(t testing.TB) *testSite {
	s := &testSite{pages: map[string]string{}}
	static := http.FileServerFS(Static)
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/static/") {
			static.ServeHTTP(w, r)
			return
		}
		s.mu.Lock()
		page, ok := s.pages[r.URL.Path]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

// put publishes p at path (which must sit two folders deep, as puzzle pages
// do: /collection/puzzle/) and returns its URL.
func (s *testSite) put(t testing.TB, path string, p *puzzle.Puzzle, title string) string {
	return s.putRaw(path, title, playJSON(t, p, title))
}

func (s *testSite) putRaw(path, title, puzzleJSON string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pages[path] = playPage("../../static/", title, puzzleJSON)
	return s.srv.URL + path
}

// writeStaticFiles copies the embedded static files into dir/static, as a
// built site has them.
func writeStaticFiles(t testing.TB, dir string) {
	t.Helper()
	err := fs.WalkDir(Static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := Static.ReadFile(path)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// cell selects the grid cell at column x, row y (from 0).
func cell(x, y int) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf(`#np-play td[data-x="%d"][data-y="%d"]`, x, y))
}

// open loads url and waits until play.js has built the game.
func open(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#np-play[data-ready="true"]`))); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

// do runs actions and fails the test on error.
func do(t testing.TB, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// gridJS reads the grid as rows of text: '.' empty, 'x' crossed, a digit the
// colour a cell is filled with.
const gridJS = `Array.from(document.querySelectorAll('#np-play tbody tr')).map(tr =>
	Array.from(tr.querySelectorAll('td')).map(td =>
		td.dataset.state === 'empty' ? '.' : td.dataset.state === 'crossed' ? 'x' : td.dataset.colour).join(''))`

func grid(t testing.TB, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, gridJS)
}

// wantGrid fails the test unless the grid shows want.
func wantGrid(t testing.TB, ctx context.Context, want ...string) {
	t.Helper()
	got := grid(t, ctx)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("grid is\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func status(t testing.TB, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.querySelector('#np-play [role=status]').textContent`)
}

const solvedText = "Solved! Every row and column matches its clue."

// wantSolved fails the test unless the page says (or, with false, does not
// say) that the puzzle is solved.
func wantSolved(t testing.TB, ctx context.Context, want bool) {
	t.Helper()
	got := status(t, ctx)
	classed := eval[bool](t, ctx, `document.getElementById('np-play').classList.contains('np-solved')`)
	if (got == solvedText) != want || classed != want {
		t.Fatalf("status %q (np-solved class %v), want solved=%v", got, classed, want)
	}
}

// doneLines lists which row (or column) clues are marked complete, as "1"
// and "0" per line.
func doneLines(t testing.TB, ctx context.Context, which string) string {
	t.Helper()
	return eval[string](t, ctx, `Array.from(document.querySelectorAll('#np-play .np-`+which+`clue')).map(th =>
		th.classList.contains('np-done') && th.getAttribute('aria-label').endsWith(', complete') ? '1' : '0').join('')`)
}

// clickAll clicks the cells of picture whose character is in chars.
func clickAll(t testing.TB, ctx context.Context, picture []string, chars string) {
	t.Helper()
	for y, row := range picture {
		for x, ch := range row {
			if strings.ContainsRune(chars, ch) {
				do(t, ctx, chromedp.Click(cell(x, y)))
			}
		}
	}
}

// rightClick clicks cell (x, y) with the right mouse button.
func rightClick(t testing.TB, ctx context.Context, x, y int) {
	t.Helper()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(cell(x, y)))
	if err != nil || len(nodes) == 0 {
		t.Fatalf("finding cell %d,%d: %v", x, y, err)
	}
	do(t, ctx, chromedp.MouseClickNode(nodes[0], chromedp.ButtonRight))
}

// centre is the middle of cell (x, y) in viewport coordinates.
func centre(t testing.TB, ctx context.Context, x, y int) (float64, float64) {
	t.Helper()
	xy := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector('#np-play td[data-x="%d"][data-y="%d"]').getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2]; })()`, x, y))
	return xy[0], xy[1]
}

// mouseDrag presses the left button on the first cell, moves through the
// others and releases on the last one.
func mouseDrag(t testing.TB, ctx context.Context, cells ...[2]int) {
	t.Helper()
	held := func(p *input.DispatchMouseEventParams) { p.Buttons = 1 }
	for i, c := range cells {
		x, y := centre(t, ctx, c[0], c[1])
		if i == 0 {
			do(t, ctx, chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, held, chromedp.ClickCount(1)))
		}
		do(t, ctx, chromedp.MouseEvent(chromedp.MouseMoved, x, y, chromedp.ButtonLeft, held))
		if i == len(cells)-1 {
			do(t, ctx, chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
		}
	}
}

// storedProgress reads the localStorage entry of puzzle p ("" when none).
func storedProgress(t testing.TB, ctx context.Context, p *puzzle.Puzzle) string {
	t.Helper()
	return eval[string](t, ctx, `localStorage.getItem("nonopress:progress:`+p.ID()+`") || ""`)
}

// touchDrag puts a finger on the first cell, slides it through the others
// and lifts it on the last one.
func touchDrag(t testing.TB, ctx context.Context, cells ...[2]int) {
	t.Helper()
	points := make([][2]float64, len(cells))
	for i, c := range cells {
		points[i][0], points[i][1] = centre(t, ctx, c[0], c[1])
	}
	do(t, ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		id, radius := 0.0, 1.0
		for i, pt := range points {
			typ := input.DispatchTouchEventTypeTouchMove
			if i == 0 {
				typ = input.DispatchTouchEventTypeTouchStart
			}
			p := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{{X: pt[0], Y: pt[1], ID: &id, RadiusX: &radius, RadiusY: &radius}}}
			if _, err := cdp.Call(ctx, target, input.DispatchTouchEvent, p); err != nil {
				return err
			}
		}
		end := input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}
		_, err := cdp.Call(ctx, target, input.DispatchTouchEvent, end)
		return err
	}))
}
