package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// pxPerMM is the rasterising resolution of these tests: 254 dpi.
const pxPerMM = 10

// rasterSVG renders SVG bytes with rsvg-convert at 10 px/mm.
func rasterSVG(t *testing.T, svg []byte) image.Image {
	t.Helper()
	rsvg := needTool(t, "rsvg-convert")
	cmd := exec.Command(rsvg, "-d", "254", "-p", "254", "-b", "white")
	cmd.Stdin = bytes.NewReader(svg)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("rsvg-convert: %v: %s", err, stderr.String())
	}
	img, err := png.Decode(&out)
	if err != nil {
		t.Fatalf("decoding rsvg-convert's PNG: %v", err)
	}
	return img
}

// checkCells compares the pixel at the centre of each cell of a grid whose
// top-left corner is at (x0, y0) mm with the solution's colour.
func checkCells(t *testing.T, img image.Image, p *puzzle.Puzzle, sol *puzzle.Image, x0, y0, cell float64) {
	t.Helper()
	bad := 0
	for y := range sol.Height {
		for x := range sol.Width {
			px := int((x0 + (float64(x)+0.5)*cell) * pxPerMM)
			py := int((y0 + (float64(y)+0.5)*cell) * pxPerMM)
			r, g, b, _ := img.At(px, py).RGBA()
			want := p.Palette[sol.At(x, y)].RGB
			if !near(r>>8, want.R) || !near(g>>8, want.G) || !near(b>>8, want.B) {
				if bad++; bad <= 5 {
					t.Errorf("cell (%d,%d) at pixel (%d,%d) is #%02x%02x%02x, want %s", x, y, px, py, r>>8, g>>8, b>>8, want.Hex())
				}
			}
		}
	}
	if bad > 5 {
		t.Errorf("%d cells wrong in all", bad)
	}
}

func near(got uint32, want uint8) bool { d := int(got) - int(want); return d >= -3 && d <= 3 }

// TestSolutionPixels rasterises solution images and thumbnails and checks
// every cell's colour against the goal.
func TestSolutionPixels(t *testing.T) {
	for _, p := range []*puzzle.Puzzle{dancer(t), flag3(t)} {
		var b bytes.Buffer
		if err := Solution(&b, p, p.Goal, Options{}); err != nil {
			t.Fatal(err)
		}
		root := parseSVG(t, b.Bytes())
		cell := (mmAttr(t, root, "width") - 2*solutionPad) / float64(p.Width)
		if want := layoutCell(t, p, A4); math.Abs(cell-want) > 0.01 {
			t.Errorf("%s: solution cell %g mm, want the sheet's %g", p.Meta.Title, cell, want)
		}
		img := rasterSVG(t, b.Bytes())
		checkCells(t, img, p, p.Goal, solutionPad, solutionPad, cell)

		b.Reset()
		if err := Thumbnail(&b, p, p.Goal); err != nil {
			t.Fatal(err)
		}
		img = rasterSVG(t, b.Bytes())
		checkCells(t, img, p, p.Goal, 0.5, 0.5, thumbCell(p))
	}
}

// TestSheetPixels rasterises a sheet and checks that its grid is blank and
// framed, and that clues left of and above the grid put ink on the page.
func TestSheetPixels(t *testing.T) {
	p := flag3(t)
	var b bytes.Buffer
	if err := Sheet(&b, p, Options{}); err != nil {
		t.Fatal(err)
	}
	img := rasterSVG(t, b.Bytes())
	if got := img.Bounds().Dx(); got != 2100 {
		t.Errorf("A4 sheet at 10 px/mm is %d px wide, want 2100", got)
	}
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	l := layoutSheet(m, p, a4, sheetSpec{})
	blank := puzzle.NewImage(p.Width, p.Height)
	checkCells(t, img, p, blank, l.gridX, l.gridY, l.cell)
	// The first row's clue is a red 12: its box fills the slot left of the grid.
	r, g, bl, _ := img.At(int((l.gridX-l.cell*0.1)*pxPerMM), int((l.gridY+l.cell*0.15)*pxPerMM)).RGBA()
	if want := p.Palette[1].RGB; !near(r>>8, want.R) || !near(g>>8, want.G) || !near(bl>>8, want.B) {
		t.Errorf("first row clue box is #%02x%02x%02x, want %s", r>>8, g>>8, bl>>8, want.Hex())
	}
}

// TestPDFSolutionPixels rasterises the solution page of a SheetPDF with
// pdftoppm and checks its cells: the PDF back end draws what the SVG does.
func TestPDFSolutionPixels(t *testing.T) {
	pdftoppm := needTool(t, "pdftoppm")
	for _, p := range []*puzzle.Puzzle{dancer(t), flag3(t)} {
		dir := t.TempDir()
		path := filepath.Join(dir, "sheet.pdf")
		var b bytes.Buffer
		if err := SheetPDF(&b, p, p.Goal, Options{}); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdftoppm, "-r", "254", "-f", "2", "-l", "2", "-png", "-singlefile", path, filepath.Join(dir, "page")).CombinedOutput()
		if err != nil {
			t.Fatalf("pdftoppm: %v: %s", err, out)
		}
		f, err := os.Open(filepath.Join(dir, "page.png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		m, _ := newMetrics()
		a4, _ := paperSize(A4)
		l := layoutSheet(m, p, a4, sheetSpec{})
		checkCells(t, img, p, p.Goal, l.gridX, l.gridY, l.cell)
	}
}

// TestMonoCluesReadInGrey prints a mono-safe sheet of pure red, green,
// blue, orange and magenta clues, rasterises it in grey as a black-and-white
// printer prints it, and measures in each colour's clue box the contrast of
// the digit against the box: at least 3:1 (WCAG's floor for large text).
// Red's digits were black, as on screen, on the 30 % grey red prints as:
// 2.4:1.
func TestMonoCluesReadInGrey(t *testing.T) {
	palette := []puzzle.Color{
		{Char: '.', Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}},
		{Char: 'r', Name: "red", RGB: puzzle.RGB{R: 255}},
		{Char: 'g', Name: "green", RGB: puzzle.RGB{G: 255}},
		{Char: 'b', Name: "blue", RGB: puzzle.RGB{B: 255}},
		{Char: 'o', Name: "orange", RGB: puzzle.RGB{R: 255, G: 128}},
		{Char: 'm', Name: "magenta", RGB: puzzle.RGB{R: 255, B: 255}},
	}
	p := puzzleOf(t, []string{"rr.gg.bb", "oo.mm.rr", "r.g.b.o.", ".m.r.g.b"}, palette)
	const dpi = 200
	var b bytes.Buffer
	opt := Options{MonoSafe: true}
	if err := SheetPDF(&b, p, nil, opt); err != nil {
		t.Fatal(err)
	}
	img := rasterPDF(t, writeTemp(t, "mono.pdf", b.Bytes()), 1, dpi)
	l, err := LayOut(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	px := func(mm float64) int { return int(mm * dpi / 25.4) }
	lum := func(v uint8) float64 { return puzzle.RGB{R: v, G: v, B: v}.Luminance() }
	worst := map[string]float64{}
	for _, it := range l.sheet.scene.Items {
		r, ok := it.(rect)
		if !ok || r.Fill == (puzzle.RGB{}) || r.W > l.sheet.cell {
			continue
		}
		name := ""
		for _, c := range palette[1:] {
			if c.RGB == r.Fill {
				name = c.Name
			}
		}
		if name == "" {
			continue
		}
		// The box's own grey is its commonest; the digit's, the farthest from it.
		count := map[uint8]int{}
		inset := r.W * 0.1
		for y := px(r.Y + inset); y < px(r.Y+r.H-inset); y++ {
			for x := px(r.X + inset); x < px(r.X+r.W-inset); x++ {
				count[color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y]++
			}
		}
		var box, ink uint8
		for v, n := range count {
			if n > count[box] {
				box = v
			}
		}
		for v := range count {
			if math.Abs(float64(v)-float64(box)) > math.Abs(float64(ink)-float64(box)) {
				ink = v
			}
		}
		ratio := (max(lum(box), lum(ink)) + 0.05) / (min(lum(box), lum(ink)) + 0.05)
		if w, ok := worst[name]; !ok || ratio < w {
			worst[name] = ratio
		}
	}
	if len(worst) != len(palette)-1 {
		t.Fatalf("found the clue boxes of %d colours, want %d: %v", len(worst), len(palette)-1, worst)
	}
	for name, ratio := range worst {
		t.Logf("%s: digits %.1f:1 against the box in grey", name, ratio)
		if ratio < 3 {
			t.Errorf("%s clues: digits %.1f:1 against their box printed in grey, want 3:1", name, ratio)
		}
	}
}

// A blotted clue's "?" in mono-safe mode takes the ink its boxed clues
// take: white on pure red, which prints as a dark grey.
func TestMonoBlotReadsInGrey(t *testing.T) {
	m, err := newMetrics()
	if err != nil {
		t.Fatal(err)
	}
	pal := []puzzle.Color{{Char: '.', RGB: puzzle.RGB{R: 255, G: 255, B: 255}}, {Char: 'r', Name: "red", RGB: puzzle.RGB{R: 255}}, {Char: 'x', Name: "black"}}
	for _, it := range clueItems(m, 10, 10, 6, puzzle.Clue{Blot: true, Color: 1}, pal, true, true) {
		if tx, ok := it.(text); ok && tx.Color != white {
			t.Errorf("the blot's %q is drawn in %v on pure red, want white", tx.S, tx.Color)
		}
	}
}
