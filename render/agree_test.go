package render

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// TestSVGAndPDFAgree rasterises a sheet's SVG (rsvg-convert) and its PDF
// (pdftoppm) at 4 px/mm and compares them pixel by pixel: both come from one
// layout, so only the text rendering (the SVG falls back to a system font)
// may differ. Squares under large text (a title, the digits of big cells)
// are left out: there the system font's wider glyphs (the SVG's fallback)
// overflow a square by themselves.
func TestSVGAndPDFAgree(t *testing.T) {
	pdftoppm := needTool(t, "pdftoppm")
	rsvg := needTool(t, "rsvg-convert")
	for _, p := range []*puzzle.Puzzle{dancer(t), flag3(t), randomPuzzle(25, 20, 3, 5)} {
		var svg, pdf bytes.Buffer
		if err := Sheet(&svg, p, Options{MonoSafe: true}); err != nil {
			t.Fatal(err)
		}
		if err := SheetPDF(&pdf, p, nil, Options{MonoSafe: true}); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		svgPath, pdfPath := filepath.Join(dir, "s.svg"), filepath.Join(dir, "s.pdf")
		if err := os.WriteFile(svgPath, svg.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(pdfPath, pdf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(rsvg, "-d", "101.6", "-p", "101.6", "-b", "white", "-o", filepath.Join(dir, "svg.png"), svgPath).CombinedOutput(); err != nil {
			t.Fatalf("rsvg-convert: %v: %s", err, out)
		}
		if out, err := exec.Command(pdftoppm, "-r", "101.6", "-png", "-singlefile", pdfPath, filepath.Join(dir, "pdf")).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v: %s", err, out)
		}
		a, b := readPNG(t, filepath.Join(dir, "svg.png")), readPNG(t, filepath.Join(dir, "pdf.png"))
		large := largeTextBoxes(t, p, Options{MonoSafe: true})
		sa, sb := a.Bounds().Size(), b.Bounds().Size()
		if d := sa.Sub(sb); d.X < -1 || d.X > 1 || d.Y < -1 || d.Y > 1 { // rounding may add a pixel
			t.Fatalf("%s: SVG raster %v, PDF raster %v", p.Meta.Title, sa, sb)
		}
		// Compare the mean grey of 2 mm squares: thin lines and glyphs
		// anti-alias differently, but a misplaced box, line or number
		// changes its square.
		const block = 8 // pixels: 2 mm at 4 px/mm
		inked, differ := 0, 0
		for by := 0; by+block <= min(sa.Y, sb.Y); by += block {
			for bx := 0; bx+block <= min(sa.X, sb.X); bx += block {
				ma, mb := meanGray(a, bx, by, block), meanGray(b, bx, by, block)
				if ma > 250 && mb > 250 || large.covers(float64(bx)/4, float64(by)/4, 2) {
					continue
				}
				inked++
				if d := ma - mb; d > 40 || d < -40 {
					differ++
				}
			}
		}
		ratio := float64(differ) / float64(max(inked, 1))
		t.Logf("%s: %d of %d inked 2 mm squares differ (%.1f%%)", p.Meta.Title, differ, inked, 100*ratio)
		if ratio > 0.003 { // 0 here; a number moved by 1.5 mm makes 0.7-1.5%
			t.Errorf("%s: SVG and PDF differ on %.1f%% of inked squares", p.Meta.Title, 100*ratio)
		}
	}
}

// largeTextBoxes returns the boxes, in mm, of the sheet's texts over 4 mm,
// widened by a fifth of their size on every side.
func largeTextBoxes(t *testing.T, p *puzzle.Puzzle, opt Options) boxes {
	l, err := LayOut(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	var bs boxes
	for _, it := range l.sheet.scene.Items {
		tx, ok := it.(text)
		if !ok || tx.Size <= 4 {
			continue
		}
		w := l.m.width(tx.S, tx.Size, tx.Bold) * 1.15
		x0 := tx.X - w*float64(tx.Anchor)/2
		pad := tx.Size / 5
		bs = append(bs, bounds{x0 - pad, tx.Y - tx.Size - pad, x0 + w + pad, tx.Y + tx.Size/4 + pad})
	}
	return bs
}

// boxes is a set of rectangles in mm.
type boxes []bounds

// covers says whether the n mm square at (x, y) overlaps one of the boxes.
func (bs boxes) covers(x, y, n float64) bool {
	for _, b := range bs {
		if x < b.x1 && x+n > b.x0 && y < b.y1 && y+n > b.y0 {
			return true
		}
	}
	return false
}

// meanGray is the mean grey level of the n×n square at (x0, y0).
func meanGray(img image.Image, x0, y0, n int) float64 {
	sum := 0
	for y := y0; y < y0+n; y++ {
		for x := x0; x < x0+n; x++ {
			sum += gray(img, x, y)
		}
	}
	return float64(sum) / float64(n*n)
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// gray is a pixel's grey level, 0 to 255.
func gray(img image.Image, x, y int) int {
	r, g, b, _ := img.At(x, y).RGBA()
	return int((299*r + 587*g + 114*b) / 1000 >> 8)
}
