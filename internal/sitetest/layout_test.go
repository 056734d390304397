package sitetest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// This file checks the play grid's layout in a built site, on pages made
// for the purpose: clues that could crowd (a 100×100 grid, lines of 50
// clues, three-digit clues, colour clues, empty lines) and the grid's fit
// on a phone.

// picture makes the puzzle whose clues are those of the picture that
// colour(x, y) draws (0 the background, k palette colour k).
func picture(w, h int, palette []puzzle.Color, colour func(x, y int) int) *puzzle.Puzzle {
	img := puzzle.NewImage(w, h)
	for y := range h {
		for x := range w {
			img.Set(x, y, colour(x, y))
		}
	}
	rows, cols := puzzle.CluesOf(img)
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: w, Height: h, Rows: rows, Cols: cols, Palette: palette}
}

// crowded draws, from the top, a checkerboard (rows and columns of one-cell
// clues), full rows (clues as long as the grid is wide) and empty rows (a
// clue of 0) in colours 1 to colours, in turn.
func crowded(w, h, colours int) func(x, y int) int {
	return func(x, y int) int {
		switch {
		case y < h*2/5:
			if (x+y)%2 == 0 || colours > 1 {
				return 1 + (x+y)%colours
			}
			return 0
		case y < h*3/5:
			return 1 + y%colours
		default:
			return 0
		}
	}
}

// layoutSite builds a site of the given puzzles (path in the content tree:
// puzzle) and serves it; it returns the site's URL.
func layoutSite(t *testing.T, puzzles map[string]*puzzle.Puzzle) string {
	t.Helper()
	src := filepath.Join(t.TempDir(), "content")
	files := map[string]string{
		// The verdicts do not matter here: a short budget keeps the build fast.
		"nonopress.toml": "title = \"Layout\"\nsolver_budget = \"1s\"\n",
	}
	for name, p := range puzzles {
		var b strings.Builder
		write := formats.WriteNon
		if strings.HasSuffix(name, ".xml") { // triddlers have no .non
			write = func(w io.Writer, p *puzzle.Puzzle) error { return formats.WriteXML(w, []*puzzle.Puzzle{p}) }
		}
		if err := write(&b, p); err != nil {
			t.Fatal(err)
		}
		files[name] = b.String()
	}
	for name, text := range files {
		path := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "public")
	b, err := build.New(build.Config{Src: src, Out: out, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// openGrid opens a puzzle page at a viewport width (a phone's below 500
// px), starts its grid when the page builds it on demand, and waits until
// the game is ready.
func openGrid(t *testing.T, ctx context.Context, url string, width int) {
	t.Helper()
	view := chromedp.EmulateViewport(int64(width), 900)
	if width < 500 {
		view = chromedp.EmulateViewport(int64(width), 844, chromedp.EmulateMobile)
	}
	if err := chromedp.Do(ctx, view, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#np-play .np-toolbar, #np-play .np-play-start`))); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	if ok, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('#np-play .np-play-start')`)); ok {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#np-play .np-play-start`))); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#np-play[data-ready="true"]`))); err != nil {
		t.Fatalf("waiting for the grid of %s: %v", url, err)
	}
}

// evalIn evaluates a JavaScript expression in the page.
func evalIn[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %.80s: %v", expr, err)
	}
	return v
}

// shoot writes a screenshot of the play area to the test output's
// screenshots folder as layout-NAME.png, for a reviewer to look at.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`#np-play`)))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := os.Getenv("NONOPRESS_TEST_OUTPUT")
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "test-output")
	}
	dir = filepath.Join(dir, "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "layout-"+name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// touchingJS lists (at most 10) pairs of clue boxes that overlap or come
// closer than 1 px, and clue boxes that come that close to the grid's
// cells, as the page lays them out (getBoundingClientRect); and, last, how
// many clue boxes it measured.
const touchingJS = `(() => {
  const cells = document.querySelectorAll('#np-play td.np-cell');
  const a = cells[0].getBoundingClientRect(), z = cells[cells.length - 1].getBoundingClientRect();
  const grid = { l: a.left, t: a.top, r: z.right, b: z.bottom, name: 'the grid' };
  const boxes = [];
  document.querySelectorAll('#np-play th').forEach((th) => {
    const line = (th.classList.contains('np-rowclue') ? 'row ' + (th.parentElement.rowIndex) : 'column ' + th.cellIndex);
    th.querySelectorAll('.np-clue').forEach((c, k) => {
      const r = c.getBoundingClientRect();
      boxes.push({ l: r.left, t: r.top, r: r.right, b: r.bottom, name: line + ' clue ' + (k + 1) + ' "' + c.textContent + '"' });
    });
  });
  const near = (p, q) => p.l < q.r + 1 && q.l < p.r + 1 && p.t < q.b + 1 && q.t < p.b + 1;
  const out = [];
  const box = (p) => p.name + ' [' + [p.l, p.t, p.r, p.b].map(Math.round).join(' ') + ']';
  boxes.forEach((p) => { if (out.length < 10 && near(p, grid)) out.push(box(p) + ' touches the grid'); });
  const byLeft = boxes.slice().sort((p, q) => p.l - q.l);
  for (let i = 0; i < byLeft.length && out.length < 10; i++) {
    for (let j = i + 1; j < byLeft.length && byLeft[j].l < byLeft[i].r + 1; j++) {
      if (near(byLeft[i], byLeft[j])) { out.push(box(byLeft[i]) + ' touches ' + box(byLeft[j])); break; }
    }
  }
  out.push(String(boxes.length));
  return out;
})()`

// TestCluesNeverTouch builds a 100×100 page whose lines hold up to 50 clues
// and clues of 100, and a colour page with a clue for every cell, and
// checks at 1280 and 390 px that no clue box overlaps or touches another
// or the grid, that an empty line shows no clue (the seed format's empty
// line), and that colour clues keep their glyphs.
func TestCluesNeverTouch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	rgb := puzzle.RGB{}
	colours := []puzzle.Color{{Char: '.', Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}},
		{Char: 'r', Name: "red", RGB: puzzle.RGB{R: 0xd6, G: 0x28, B: 0x28}}, {Char: 'b', Name: "blue", RGB: puzzle.RGB{R: 0x1f, G: 0x77, B: 0xb4}},
		{Char: 'k', Name: "black", RGB: rgb}}
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"big/hundred.non":   picture(100, 100, puzzle.DefaultPalette(), crowded(100, 100, 1)),
		"big/colour.non":    picture(40, 40, colours, crowded(40, 40, 3)),
		"big/colour-12.non": picture(12, 12, colours, crowded(12, 12, 3)),
	})
	ctx := browsertest.New(t)
	for _, page := range []string{"big/hundred/", "big/colour/", "big/colour-12/"} {
		for _, width := range []int{1280, 390} {
			openGrid(t, ctx, base+page+"index.html", width)
			shoot(t, ctx, strings.Trim(strings.ReplaceAll(page, "/", "-"), "-")+"-"+strconv.Itoa(width))
			found := evalIn[[]string](t, ctx, touchingJS)
			n, found := found[len(found)-1], found[:len(found)-1]
			for _, f := range found {
				t.Errorf("%s at %d px: %s", page, width, f)
			}
			if n == "0" {
				t.Errorf("%s at %d px: no clue measured", page, width)
			}
			// The bottom rows are empty: their clue is an empty line.
			if got := evalIn[string](t, ctx, `(() => { const th = document.querySelector('#np-play tbody tr:last-child th'); return th.textContent + '|' + th.getAttribute('aria-label'); })()`); !strings.HasPrefix(got, "|Row ") || !strings.Contains(got, "clue: empty") {
				t.Errorf("%s at %d px: an empty row's clue shows %q, want nothing (and a label saying empty)", page, width, got)
			}
			if page != "big/hundred/" {
				if n := evalIn[int](t, ctx, `document.querySelectorAll('#np-play .np-clue-colour:not(:has(.np-glyph[data-shape]))').length`); n != 0 {
					t.Errorf("%s at %d px: %d colour clues without their glyph", page, width, n)
				}
			}
		}
	}
}

// cellWidthJS is the width of the play grid's first cell.
const cellWidthJS = `document.querySelector('#np-play td.np-cell').getBoundingClientRect().width`

// TestPhoneGrid checks the play grid on a 390 px phone. The rule: the grid
// starts at the largest cell size (of 12, 16, 20, 24, 28, 32, 40 and 48 px)
// at which it fits the width with its row clues, but no larger than 32 px
// up to 10 columns, 28 px up to 20, 24 px up to 30 and 20 px beyond, and
// no smaller than 16 px; the zoom buttons change it. So a 10-wide grid
// gets 28 px cells, a 15-wide grid with up to five clues a row fits the
// phone's width with cells of at least 20 px (with eight, the most a
// 15-wide line holds, 16 px), and a 40-wide grid scrolls inside its box
// (the page never does) and zooms.
func TestPhoneGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"phone/ten.non":     picture(10, 10, puzzle.DefaultPalette(), rings),
		"phone/fifteen.non": picture(15, 15, puzzle.DefaultPalette(), diagonals),
		"phone/forty.non":   picture(40, 40, puzzle.DefaultPalette(), rings),
		// The most clues a 15-wide line can have: eight.
		"phone/crowded.non": picture(15, 15, puzzle.DefaultPalette(), func(x, y int) int { return 1 - (x+y/2)%2 }),
	})
	ctx := browsertest.New(t)
	const phone = 390
	pageFits := func(page string) {
		t.Helper()
		if w := evalIn[float64](t, ctx, `document.documentElement.scrollWidth`); w > phone {
			t.Errorf("%s: the page is %.0f px wide on a %d px phone", page, w, phone)
		}
	}

	openGrid(t, ctx, base+"phone/ten/index.html", phone)
	if w := evalIn[float64](t, ctx, cellWidthJS); w < 28 {
		t.Errorf("a 10-wide grid has %.0f px cells on a %d px phone, want at least 28", w, phone)
	}
	pageFits("ten")

	openGrid(t, ctx, base+"phone/fifteen/index.html", phone)
	t.Logf("15-wide grid: %s", evalIn[string](t, ctx, `document.querySelector('#np-play tbody tr:nth-child(2) th').getAttribute('aria-label') + ', cells ' + document.querySelector('#np-play td.np-cell').getBoundingClientRect().width + ' px'`))
	if w := evalIn[float64](t, ctx, cellWidthJS); w < 20 {
		t.Errorf("a 15-wide grid has %.0f px cells on a %d px phone, want at least 20", w, phone)
	}
	if fits := evalIn[bool](t, ctx, `(() => { const s = document.querySelector('#np-play .np-scroll'); return s.scrollWidth <= s.clientWidth; })()`); !fits {
		t.Errorf("a 15-wide grid needs scrolling sideways on a %d px phone", phone)
	}
	pageFits("fifteen")
	shoot(t, ctx, "phone-fifteen-390")

	openGrid(t, ctx, base+"phone/crowded/index.html", phone)
	if w := evalIn[float64](t, ctx, cellWidthJS); w < 16 {
		t.Errorf("a 15-wide grid with eight clues a row has %.0f px cells on a %d px phone, want at least 16", w, phone)
	}
	if fits := evalIn[bool](t, ctx, `(() => { const s = document.querySelector('#np-play .np-scroll'); return s.scrollWidth <= s.clientWidth; })()`); !fits {
		t.Errorf("a 15-wide grid with eight clues a row needs scrolling sideways on a %d px phone", phone)
	}
	pageFits("crowded")
	shoot(t, ctx, "phone-crowded-390")

	openGrid(t, ctx, base+"phone/forty/index.html", phone)
	pageFits("forty")
	before := evalIn[float64](t, ctx, cellWidthJS)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#np-play .np-zoom-in`))); err != nil {
		t.Fatal(err)
	}
	if after := evalIn[float64](t, ctx, cellWidthJS); after <= before {
		t.Errorf("zoom in: a 40-wide grid's cells went from %.0f to %.0f px", before, after)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#np-play .np-zoom-out`)), chromedp.Click(chromedp.CSS(`#np-play .np-zoom-out`))); err != nil {
		t.Fatal(err)
	}
	if after := evalIn[float64](t, ctx, cellWidthJS); after >= before {
		t.Errorf("zoom out twice: a 40-wide grid's cells went from %.0f to %.0f px", before, after)
	}
	pageFits("forty, zoomed")
	shoot(t, ctx, "phone-forty-390")
}

// diagonals draws every third diagonal: five one-cell clues a line on a
// 15-wide grid.
func diagonals(x, y int) int {
	if (x+y)%3 == 0 {
		return 1
	}
	return 0
}

// rings draws concentric square rings, two cells apart: up to four or so
// clues a line, as in a typical picture.
func rings(x, y int) int {
	if min(x, y)%3 == 0 || max(x, y)%4 == 1 {
		return 1
	}
	return 0
}

// markRoomJS lists the rows whose clue's mark (a tick when the line is
// complete, a "!" when the marks cannot give it, drawn before the clues)
// would not show whole: the room before a row's clues, within the part of
// the grid's box on the screen, is narrower than the mark. The mark is
// measured as the page draws it (bold, in the row clue's font).
const markRoomJS = `(() => {
  const box = document.querySelector('#np-play .np-scroll');
  const b = box.getBoundingClientRect();
  const from = Math.max(b.left + box.clientLeft, 0);
  const out = [];
  document.querySelectorAll('#np-play tbody th.np-rowclue').forEach((th, k) => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position: absolute; font-weight: bold; visibility: hidden';
    probe.textContent = '\u2713';
    th.appendChild(probe);
    const mark = probe.getBoundingClientRect().width;
    probe.remove();
    const room = th.querySelector('.np-clues').getBoundingClientRect().left - from;
    if (room < mark - 0.5) out.push('row ' + (k + 1) + ': ' + room.toFixed(1) + ' px before its clues, the mark is ' + mark.toFixed(1));
  });
  return out;
})()`

// TestPhoneRowMarksShow: on a 390 px phone the widest row's mark (its
// tick or "!") once stood outside the grid's box, cut off, because the
// row clues' width decides the cell size there. The mark's room is given
// from what the width leaves over (or from the room around the game), so
// every row's mark shows, the cells keep the sizes TestPhoneGrid asks for
// and a grid that fits the phone does not scroll sideways; at 1280 px too.
// (A 20-wide grid scrolls on the phone at its smallest cells: its mark's
// room costs it nothing.)
func TestPhoneRowMarksShow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"marks/ten.non":     picture(10, 10, puzzle.DefaultPalette(), rings),
		"marks/fifteen.non": picture(15, 15, puzzle.DefaultPalette(), diagonals),
		"marks/crowded.non": picture(15, 15, puzzle.DefaultPalette(), func(x, y int) int { return 1 - (x+y/2)%2 }),
		"marks/twenty.non":  picture(20, 20, puzzle.DefaultPalette(), rings),
	})
	ctx := browsertest.New(t)
	for _, c := range []struct {
		page    string
		minCell float64
		fits    bool // on the phone too: no scrolling sideways
	}{{"ten", 28, true}, {"fifteen", 20, true}, {"crowded", 16, true}, {"twenty", 16, false}} {
		for _, width := range []int{390, 1280} {
			openGrid(t, ctx, base+"marks/"+c.page+"/index.html", width)
			if w := evalIn[float64](t, ctx, cellWidthJS); w < c.minCell {
				t.Errorf("%s at %d px: %.0f px cells, want at least %.0f", c.page, width, w, c.minCell)
			}
			if fits := evalIn[bool](t, ctx, `(() => { const s = document.querySelector('#np-play .np-scroll'); return s.scrollWidth <= s.clientWidth; })()`); !fits && (c.fits || width > 500) {
				t.Errorf("%s at %d px: the grid scrolls sideways", c.page, width)
			}
			if w := evalIn[float64](t, ctx, `document.documentElement.scrollWidth`); w > float64(width) {
				t.Errorf("%s at %d px: the page is %.0f px wide", c.page, width, w)
			}
			for _, f := range evalIn[[]string](t, ctx, markRoomJS) {
				t.Errorf("%s at %d px: %s", c.page, width, f)
			}
		}
	}
	shoot(t, ctx, "marks-twenty-1280")
}
