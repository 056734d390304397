package render

import (
	"bytes"
	"cmp"
	"image"
	"math"
	"os/exec"
	"slices"
	"testing"
)

// TestBookletReusesDrawnGrids makes a booklet from entries that carry
// their sheets' drawn grids and the same booklet drawn afresh: the first
// places a form for each grid whose cells allow it (the small puzzle's
// big sheet cells do not), and both read the same: every word (the clue
// digits among them) at the same place, pages that rasterise alike, every
// font embedded and subset, a valid file.
func TestBookletReusesDrawnGrids(t *testing.T) {
	entries := []BookletEntry{
		{Puzzle: randomPuzzle(25, 30, 1, 3)},
		{Puzzle: dancer(t)}, // 5x10: sheet cells of 24 mm, drawn afresh
		{Puzzle: randomPuzzle(30, 22, 3, 4)},
		{Puzzle: randomPuzzle(40, 40, 2, 5)},
	}
	for i := range entries {
		entries[i].Solution = entries[i].Puzzle.Goal
	}
	drawn := drawnEntries(t, entries)
	var reused, fresh bytes.Buffer
	if err := Booklet(&reused, "Reuse", drawn, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Booklet(&fresh, "Reuse", entries, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(reused.Bytes(), []byte("/Subtype /Form")); n != 3 {
		t.Errorf("the booklet places %d drawn grids, want 3 (all but the 5x10)", n)
	}
	if bytes.Contains(fresh.Bytes(), []byte("/Subtype /Form")) {
		t.Error("a booklet without drawn grids has forms")
	}
	a, b := writeTemp(t, "reused.pdf", reused.Bytes()), writeTemp(t, "fresh.pdf", fresh.Bytes())
	checkPDF(t, "reused.pdf", reused.Bytes())
	sameWords(t, pdfWords(t, a), pdfWords(t, b))
	pages := bytes.Count(fresh.Bytes(), []byte("/Type /Page "))
	for page := 1; page <= pages; page++ {
		if diff := differingPixels(rasterPDF(t, a, page, 50), rasterPDF(t, b, page, 50)); diff > 0.005 {
			t.Errorf("page %d: %.2f%% of the pixels differ from the booklet drawn afresh", page, 100*diff)
		}
	}
	if fonts := pdfFontsOf(t, a); !allSubset(fonts) {
		t.Errorf("the reusing booklet has fonts not embedded and subset:\n%s", fonts)
	}
}

// TestDrawnGridOnlyForItsPuzzle checks that a booklet draws afresh a grid
// whose drawn form is another puzzle's, or was drawn without the booklet's
// mono-safe glyphs.
func TestDrawnGridOnlyForItsPuzzle(t *testing.T) {
	p, q := randomPuzzle(25, 30, 3, 7), randomPuzzle(25, 30, 3, 8)
	other := drawnEntries(t, []BookletEntry{{Puzzle: q}})[0].Drawn
	own := drawnEntries(t, []BookletEntry{{Puzzle: p}})[0].Drawn
	for _, c := range []struct {
		name  string
		drawn *DrawnGrid
		mono  bool
		forms int
	}{{"its own", own, false, 1}, {"another puzzle's", other, false, 0}, {"without glyphs, for mono", own, true, 0}} {
		var b bytes.Buffer
		if err := Booklet(&b, "T", []BookletEntry{{Puzzle: p, Drawn: c.drawn}}, Options{MonoSafe: c.mono}); err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(b.Bytes(), []byte("/Subtype /Form")); n != c.forms {
			t.Errorf("%s grid: %d forms, want %d", c.name, n, c.forms)
		}
	}
}

// sameWords checks that two PDFs have the same words at the same places,
// within 0.3 pt.
func sameWords(t *testing.T, a, b []pdfWord) {
	t.Helper()
	order := func(x, y pdfWord) int {
		return cmp.Or(cmp.Compare(x.Page, y.Page), cmp.Compare(math.Round(x.YMin), math.Round(y.YMin)),
			cmp.Compare(math.Round(x.XMin), math.Round(y.XMin)), cmp.Compare(x.Text, y.Text))
	}
	slices.SortFunc(a, order)
	slices.SortFunc(b, order)
	if len(a) != len(b) {
		t.Fatalf("%d words, want %d", len(a), len(b))
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Page != y.Page || x.Text != y.Text || math.Abs(x.XMin-y.XMin) > 0.3 || math.Abs(x.YMin-y.YMin) > 0.3 ||
			math.Abs(x.XMax-y.XMax) > 0.3 || math.Abs(x.YMax-y.YMax) > 0.3 {
			t.Fatalf("word %d: %+v, want %+v", i, x, y)
		}
	}
}

// differingPixels is the fraction of the pixels of two images of one size
// whose grey levels differ by more than a quarter.
func differingPixels(a, b image.Image) float64 {
	r := a.Bounds()
	if r != b.Bounds() {
		return 1
	}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ga, _, _, _ := a.At(x, y).RGBA()
			gb, _, _, _ := b.At(x, y).RGBA()
			if math.Abs(float64(ga)-float64(gb)) > 0xFFFF/4 {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}

// pdfFontsOf is pdffonts' listing of a PDF file.
func pdfFontsOf(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command(needTool(t, "pdffonts"), path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v: %s", err, out)
	}
	return string(out)
}

// allSubset says whether every font of a pdffonts listing is embedded and
// subset.
func allSubset(listing string) bool {
	_, all := embedsFallback(listing)
	return all
}
