package render

import (
	"bytes"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// randomPuzzle makes a w×h puzzle of the given number of colours from a
// seeded random image, so tests get the same puzzle every run.
func randomPuzzle(w, h, colors int, seed uint64) *puzzle.Puzzle {
	r := rand.New(rand.NewPCG(seed, 1))
	g := puzzle.NewImage(w, h)
	for i := range g.Cells {
		if r.IntN(2) == 0 {
			g.Cells[i] = uint8(1 + r.IntN(colors))
		}
	}
	rows, cols := puzzle.CluesOf(g)
	pal := puzzle.DefaultPalette()
	for c := 2; c <= colors; c++ {
		pal = append(pal, puzzle.Color{Char: rune('a' + c), Name: "colour " + strconv.Itoa(c),
			RGB: puzzle.RGB{R: uint8(c * 50), G: uint8(255 - c*40), B: uint8(c * 90)}})
	}
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: w, Height: h, Rows: rows, Cols: cols, Palette: pal, Goal: g,
		Meta: puzzle.Meta{Title: "Random " + strconv.Itoa(w) + "x" + strconv.Itoa(h)}}
}

// TestPageChoice checks the cell-size policy: as large as fits (up to
// maxCell), down to 3.5 mm, then landscape, then A3, then smaller cells on A3;
// a page that fits with cells under 6 mm is turned if that makes them a fifth
// larger.
func TestPageChoice(t *testing.T) {
	m, err := newMetrics()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		w, h     int
		paper    Paper
		want     string // page name and orientation
		cellMin  float64
		cellMax  float64
		comments string
	}{
		{5, 5, A4, "a4 portrait", maxCell, maxCell, "tiny: the largest cells"},
		{10, 10, A4, "a4 portrait", 10, 15, "small: large cells filling the width"},
		{30, 35, A4, "a4 portrait", 3.5, 5, "fits portrait by shrinking"},
		{40, 15, A4, "a4 landscape", 5, 5.5, "wide: turned, as portrait's 3.5 mm cells would leave half the page blank"},
		{30, 15, Letter, "letter landscape", 6, 6.5, "wide: portrait's 4.7 mm cells grow a third turned"},
		{25, 20, A4, "a4 portrait", 5.5, 6, "turning would gain under a fifth: stays upright"},
		{15, 5, A4, "a4 portrait", 9, 10, "comfortable cells stay upright, though turned they would be larger"},
		{55, 20, A4, "a4 landscape", 3.5, 5, "too wide for portrait at 3.5 mm"},
		{55, 20, Letter, "letter landscape", 3.5, 5, ""},
		{50, 50, A4, "a3 portrait", 3.5, 5, "too big for A4 either way"},
		{30, 35, A5, "a4 portrait", 3.5, 5, "too big for A5: onto A4 (sheets of A5 paper grow as A3 does)"},
		{100, 45, A4, "a3 landscape", 2.5, 3.5, "too wide for A3 portrait: landscape shrinks least"},
		{512, 512, A4, "a3 portrait", 0.1, 3.5, "cauldron-sized: shrinks on A3"},
	} {
		p := randomPuzzle(c.w, c.h, 1, uint64(c.w*1000+c.h))
		paper, _ := paperSize(c.paper)
		l := layoutSheet(m, p, paper, sheetSpec{})
		orient := "portrait"
		if l.page.Width > l.page.Height {
			orient = "landscape"
		}
		if got := string(l.page.Name) + " " + orient; got != c.want {
			t.Errorf("%dx%d on %s: %s (cell %.2f), want %s (%s)", c.w, c.h, c.paper, got, l.cell, c.want, c.comments)
		}
		if l.cell < c.cellMin || l.cell > c.cellMax {
			t.Errorf("%dx%d on %s: cell %.3f mm, want %g..%g", c.w, c.h, c.paper, l.cell, c.cellMin, c.cellMax)
		}
		checkInsidePage(t, l.scene)
	}
}

// checkInsidePage fails if an item pokes out of its page.
func checkInsidePage(t *testing.T, s *scene) {
	t.Helper()
	in := func(x, y float64) bool { return x >= 0 && y >= 0 && x <= s.Width && y <= s.Height }
	for _, it := range s.Items {
		ok := true
		switch it := it.(type) {
		case rect:
			ok = in(it.X, it.Y) && in(it.X+it.W, it.Y+it.H)
		case line:
			ok = in(it.X1, it.Y1) && in(it.X2, it.Y2)
		case text:
			ok = in(it.X, it.Y) && in(it.X, it.Y-it.Size)
		case mark:
			ok = in(it.X-it.R, it.Y-it.R) && in(it.X+it.R, it.Y+it.R)
		}
		if !ok {
			t.Errorf("%s: %#v lies outside the %gx%g page", s.Name, it, s.Width, s.Height)
			return
		}
	}
}

// TestClueNumbers checks the digits' size and that neighbouring numbers of a
// row never touch, two- and three-digit numbers included.
func TestClueNumbers(t *testing.T) {
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	p := randomPuzzle(30, 30, 1, 7)
	// Row 0: long runs for two-digit clues; row 1: alternate cells.
	p.Rows[0] = puzzle.Line{{Len: 12, Color: 1}, {Len: 10, Color: 1}, {Len: 6, Color: 1}}
	p.Rows[1] = puzzle.Line{{Len: 11, Color: 1}, {Len: 18, Color: 1}}
	big := randomPuzzle(120, 4, 1, 3)
	big.Rows[0] = puzzle.Line{{Len: 100, Color: 1}, {Len: 19, Color: 1}}
	for _, p := range []*puzzle.Puzzle{p, big, flag3(t)} {
		for _, mono := range []bool{false, true} {
			l := layoutSheet(m, p, a4, sheetSpec{monoSafe: mono})
			var prev *text
			pairs := 0
			for _, it := range l.scene.Items {
				tx, ok := it.(text)
				if !ok || tx.Size >= attribSize && tx.Y > l.gridY+float64(p.Height)*l.cell {
					continue
				}
				if tx.Y < l.gridY || tx.X > l.gridX {
					prev = nil
					continue // column clues, or not a clue
				}
				ratio := tx.Size / l.cell
				if len(tx.S) <= 2 && (ratio < 0.5 || ratio > 0.6) || ratio > 0.6 {
					t.Errorf("%s mono=%v: %q at %.2f of the cell", p.Meta.Title, mono, tx.S, ratio)
				}
				if prev != nil && math.Abs(prev.Y-tx.Y) < 1e-9 {
					pairs++
					gap := (tx.X - m.width(tx.S, tx.Size, false)/2) - (prev.X + m.width(prev.S, prev.Size, false)/2)
					if gap < 0.1*l.cell {
						t.Errorf("%s mono=%v: %q and %q are %.2f mm apart", p.Meta.Title, mono, prev.S, tx.S, gap)
					}
				}
				prev = &tx
			}
			if pairs < p.Height/2 {
				t.Errorf("%s: only %d neighbouring row clues checked", p.Meta.Title, pairs)
			}
		}
	}
}

// TestDigitHeight checks digitHeight against the embedded font's cap height,
// as read by fontMetrics and as the PDF's font descriptor gives it.
func TestDigitHeight(t *testing.T) {
	m, _ := newMetrics()
	var b bytes.Buffer
	if err := Booklet(&b, "Digits 0123", []BookletEntry{{Puzzle: dancer(t)}}, Options{}); err != nil {
		t.Fatal(err)
	}
	found := regexp.MustCompile(`/FontName /[A-Z]{6}\+GoRegular /Flags 4 /FontBBox \[[-0-9 ]+\] /Ascent \d+ /Descent -?\d+ /CapHeight (\d+)`).
		FindSubmatch(b.Bytes())
	if found == nil {
		t.Fatal("the booklet has no GoRegular font descriptor with a cap height")
	}
	fromPDF, _ := strconv.Atoi(string(found[1]))
	for _, capHeight := range []float64{m.regular.capHeight, float64(fromPDF) / 1000} {
		if math.Abs(capHeight-digitHeight) > 0.03 {
			t.Errorf("Go Regular cap height is %.3f em; digitHeight is %.3f", capHeight, digitHeight)
		}
	}
}

// TestWidthsMatchPDF checks fontMetrics against the widths of the embedded
// fonts, which place the PDF's text.
func TestWidthsMatchPDF(t *testing.T) {
	m, _ := newMetrics()
	fonts, err := newFontSet(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"0123456789", "Dancer", "by Jan Wolter", "Żółć — Танцор Ωμέγα", "© 15×20 · a…", "\uFFFD"} {
		for _, bold := range []bool{false, true} {
			w := 0
			for _, r := range fonts.runs(s, bold) {
				w += r.width
			}
			want := float64(w) * 10 / 1000
			if got := m.width(s, 10, bold); math.Abs(got-want) > 0.01*want+0.01 {
				t.Errorf("width(%q, bold=%v) = %.3f mm, the PDF's widths say %.3f", s, bold, got, want)
			}
		}
	}
	if w := m.width("\U0001F3A8", 10, false); w <= 0 {
		t.Errorf("a rune beyond the BMP measures %g", w)
	}
}

func TestWrap(t *testing.T) {
	m, _ := newMetrics()
	lines := m.wrap("a title long enough to need more than one line of text here", 3, 40, false, 5)
	if len(lines) < 2 {
		t.Fatalf("wrap gave %q", lines)
	}
	for _, l := range lines {
		if w := m.width(l, 3, false); w > 40 {
			t.Errorf("line %q is %.1f mm wide, want at most 40", l, w)
		}
	}
	cut := m.wrap("Supercalifragilisticexpialidocious-and-then-some-more-letters", 3, 20, true, 1)
	if len(cut) != 1 || cut[0][len(cut[0])-len("…"):] != "…" || m.width(cut[0], 3, true) > 20 {
		t.Errorf("hard-broken, shortened word: %q", cut)
	}
	if got := printable("a\tb\x00c🎨"); got != "a b c\uFFFD" {
		t.Errorf("printable = %q", got)
	}
}

// TestLayoutsStayOnPage checks every product's items against its page.
func TestLayoutsStayOnPage(t *testing.T) {
	m, _ := newMetrics()
	for _, p := range []*puzzle.Puzzle{dancer(t), flag3(t), randomPuzzle(40, 25, 5, 9), randomPuzzle(3, 70, 2, 4)} {
		for _, paper := range []Paper{A4, Letter} {
			size, _ := paperSize(paper)
			checkInsidePage(t, layoutSheet(m, p, size, sheetSpec{monoSafe: true, heading: "Puzzle 1", pageNum: "2"}).scene)
		}
		checkInsidePage(t, thumbnailScene(p, p.Goal))
		checkInsidePage(t, blankThumbnailScene(m, p.Width, p.Height))
	}
	a4, _ := paperSize(A4)
	entries := bookletOf(t, 9)
	entries = append(entries, BookletEntry{Puzzle: randomPuzzle(70, 50, 3, 1)})
	pages, _, _ := puzzlePages(m, entries, a4, true, 2)
	for _, s := range pages {
		checkInsidePage(t, s)
	}
	for _, s := range answerPages(m, entries, a4, true, 9) {
		checkInsidePage(t, s)
	}
}

// TestClueInk checks that clue digits take black or white by contrast with
// their box, and that boxes are drawn only in multicolour puzzles.
func TestClueInk(t *testing.T) {
	m, _ := newMetrics()
	pal := []puzzle.Color{{}, {RGB: puzzle.RGB{R: 20, G: 30, B: 110}}, {RGB: puzzle.RGB{R: 250, G: 220, B: 40}}, {RGB: puzzle.RGB{R: 255, G: 255, B: 255}}}
	for _, c := range []struct {
		color   int
		ink     puzzle.RGB
		outline bool
	}{{1, white, false}, {2, black, false}, {3, black, true}} {
		items := clueItems(m, 10, 10, 5, puzzle.Clue{Len: 12, Color: c.color}, pal, true, false)
		box, txt := items[0].(rect), items[len(items)-1].(text)
		if box.Fill != pal[c.color].RGB || txt.Color != c.ink || txt.S != "12" {
			t.Errorf("colour %d: box %v, digits %q in %v; want digits in %v", c.color, box.Fill, txt.S, txt.Color, c.ink)
		}
		if (box.Stroke > 0) != c.outline {
			t.Errorf("colour %d: outline %g, want outlined=%v", c.color, box.Stroke, c.outline)
		}
	}
	if items := clueItems(m, 10, 10, 5, puzzle.Clue{Len: 3, Color: 1}, pal, false, false); len(items) != 1 {
		t.Errorf("one-colour clue: %d items, want the digits alone", len(items))
	}
}

// TestGlyphsDiffer checks that the first 16 colours get 16 different glyphs.
func TestGlyphsDiffer(t *testing.T) {
	seen := map[string]int{}
	for c := 1; c <= 2*glyphShapes; c++ {
		g := glyph(c, 0, 0, 1, black)
		key := strconv.Itoa(len(g.Points)) + "/" + strconv.FormatBool(g.Stroke > 0)
		if len(g.Points) > 0 {
			key += "/" + strconv.FormatFloat(math.Round(g.Points[0].X*100), 'f', 0, 64) + "," + strconv.FormatFloat(math.Round(g.Points[0].Y*100), 'f', 0, 64)
		}
		if prev, ok := seen[key]; ok {
			t.Errorf("colours %d and %d share a glyph (%s)", prev, c, key)
		}
		seen[key] = c
	}
}
