package render

import (
	"bytes"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// figureCase is a puzzle drawn both as a sheet page and as a figure.
type figureCase struct {
	name string
	p    *puzzle.Puzzle
	opt  Options
}

func figureCases(t *testing.T) []figureCase {
	long := dancer(t)
	long.Meta.Title = "A title much wider than the little grid it is printed under, wrapped"
	return []figureCase{
		{"dancer", dancer(t), Options{}},
		{"dancer letter", dancer(t), Options{Paper: Letter}},
		{"long title", long, Options{}},
		{"flag mono", flag3(t), Options{MonoSafe: true}},
		{"random 25x20", randomPuzzle(25, 20, 3, 5), Options{}},
		{"random 70x50 landscape", randomPuzzle(70, 50, 1, 3), Options{}},
	}
}

// viewBox reads an SVG's viewBox in mm: x, y, width, height.
func viewBox(t *testing.T, root *svgNode) [4]float64 {
	t.Helper()
	var vb [4]float64
	f := strings.Fields(root.attr("viewBox"))
	if len(f) != 4 {
		t.Fatalf("viewBox %q", root.attr("viewBox"))
	}
	for i, s := range f {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("viewBox %q: %v", root.attr("viewBox"), err)
		}
		vb[i] = float64(n) / svgUnitsPerMM
	}
	return vb
}

var (
	svgOpenTag = regexp.MustCompile(`^<svg [^>]*>`)
	firstRect  = regexp.MustCompile(`</title>\s*<rect [^>]*/>`)
)

// TestSheetFigureIsTheSheetCropped checks that a figure is well-formed, sized
// in mm like its viewBox, lies on the sheet's page, and draws exactly the
// sheet's elements: only the root tag and the white ground differ.
func TestSheetFigureIsTheSheetCropped(t *testing.T) {
	for _, c := range figureCases(t) {
		var sheet, fig bytes.Buffer
		if err := Sheet(&sheet, c.p, c.opt); err != nil {
			t.Fatal(err)
		}
		if err := SheetFigure(&fig, c.p, c.opt); err != nil {
			t.Fatal(err)
		}
		page, root := parseSVG(t, sheet.Bytes()), parseSVG(t, fig.Bytes())
		pw, ph := mmAttr(t, page, "width"), mmAttr(t, page, "height")
		w, h := mmAttr(t, root, "width"), mmAttr(t, root, "height")
		vb := viewBox(t, root)
		if math.Abs(vb[2]-w) > 0.005 || math.Abs(vb[3]-h) > 0.005 {
			t.Errorf("%s: %gx%g mm but viewBox %v: would not print at true size", c.name, w, h, vb)
		}
		if vb[0] < 0 || vb[1] < 0 || vb[0]+vb[2] > pw+0.005 || vb[1]+vb[3] > ph+0.005 {
			t.Errorf("%s: viewBox %v leaves the %gx%g page", c.name, vb, pw, ph)
		}
		if w*h > 0.9*pw*ph {
			t.Errorf("%s: figure %gx%g mm is barely smaller than the %gx%g page", c.name, w, h, pw, ph)
		}
		body := func(svg []byte) string {
			s := svgOpenTag.ReplaceAllString(string(svg), "")
			return firstRect.ReplaceAllString(s, "</title>")
		}
		if a, b := body(sheet.Bytes()), body(fig.Bytes()); a != b {
			t.Errorf("%s: the figure's drawing differs from the sheet's (%d vs %d bytes)", c.name, len(b), len(a))
		}
	}
}

// TestSheetFigureHoldsTheInk rasterises each sheet page, finds the box of
// its ink, and checks that the figure's viewBox holds that box with a margin
// of at least 1 mm and at most 6 mm (2 mm is asked for; text is measured
// with 5% to spare) on every side. The figure itself must rasterise with a
// white edge.
func TestSheetFigureHoldsTheInk(t *testing.T) {
	rsvg := needTool(t, "rsvg-convert")
	const pxPerMM = 4
	raster := func(svg []byte, name string) image.Image {
		dir := t.TempDir()
		in, out := filepath.Join(dir, name+".svg"), filepath.Join(dir, name+".png")
		if err := os.WriteFile(in, svg, 0o644); err != nil {
			t.Fatal(err)
		}
		if b, err := exec.Command(rsvg, "-d", "101.6", "-p", "101.6", "-b", "white", "-o", out, in).CombinedOutput(); err != nil {
			t.Fatalf("rsvg-convert: %v: %s", err, b)
		}
		return readPNG(t, out)
	}
	for _, c := range figureCases(t) {
		var sheet, fig bytes.Buffer
		if err := Sheet(&sheet, c.p, c.opt); err != nil {
			t.Fatal(err)
		}
		if err := SheetFigure(&fig, c.p, c.opt); err != nil {
			t.Fatal(err)
		}
		vb := viewBox(t, parseSVG(t, fig.Bytes()))
		ink, ok := inkBox(raster(sheet.Bytes(), "page"))
		if !ok {
			t.Fatalf("%s: the sheet page is blank", c.name)
		}
		inkMM := [4]float64{} // x0, y0, x1, y1
		for i, px := range []int{ink.Min.X, ink.Min.Y, ink.Max.X, ink.Max.Y} {
			inkMM[i] = float64(px) / pxPerMM
		}
		margins := [4]float64{inkMM[0] - vb[0], inkMM[1] - vb[1], vb[0] + vb[2] - inkMM[2], vb[1] + vb[3] - inkMM[3]}
		for i, side := range []string{"left", "top", "right", "bottom"} {
			if margins[i] < 1 || margins[i] > 6 {
				t.Errorf("%s: %s margin around the ink is %.2f mm (ink %v mm, viewBox %v)", c.name, side, margins[i], inkMM, vb)
			}
		}
		img := raster(fig.Bytes(), "figure")
		b := img.Bounds()
		if d := b.Dx() - int(math.Round(vb[2]*pxPerMM)); d < -1 || d > 1 {
			t.Errorf("%s: figure rasterises %d px wide, want %.0f", c.name, b.Dx(), vb[2]*pxPerMM)
		}
		if in, ok := inkBox(img); ok && (in.Min.X < 2 || in.Min.Y < 2 || in.Max.X > b.Max.X-2 || in.Max.Y > b.Max.Y-2) {
			t.Errorf("%s: figure ink %v touches its edge %v", c.name, in, b)
		}
	}
}

// inkBox is the smallest rectangle holding every pixel darker than near
// white.
func inkBox(img image.Image) (image.Rectangle, bool) {
	b := img.Bounds()
	box, found := image.Rectangle{}, false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if gray(img, x, y) >= 245 {
				continue
			}
			px := image.Rect(x, y, x+1, y+1)
			if !found {
				box, found = px, true
			} else {
				box = box.Union(px)
			}
		}
	}
	return box, found
}

func TestSheetFigureErrors(t *testing.T) {
	p := dancer(t)
	p.Kind = puzzle.Triddler
	if err := SheetFigure(&bytes.Buffer{}, p, Options{}); err == nil || !strings.Contains(err.Error(), "triddler") {
		t.Errorf("triddler: err = %v", err)
	}
	if err := SheetFigure(&bytes.Buffer{}, dancer(t), Options{Paper: "a2"}); err == nil {
		t.Error("paper a2: no error")
	}
}
