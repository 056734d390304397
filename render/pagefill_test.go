package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// fillDPI is the resolution page fill is measured at.
const fillDPI = 100

// TestSheetFillsThePage rasterises sheet PDFs of 5×5 to 40×40 puzzles and a
// multicolour one on A4 and Letter, and measures from the pixels that the
// grid (its black border) spans at least 60 % of the printable width or
// height, and from pdftotext's boxes that the title is at least 14 pt.
func TestSheetFillsThePage(t *testing.T) {
	puzzles := []*puzzle.Puzzle{flag3(t)}
	for _, n := range []int{5, 10, 15, 25, 40} {
		puzzles = append(puzzles, randomPuzzle(n, n, 1, uint64(n)))
	}
	for _, paper := range []Paper{A4, Letter} {
		size, _ := paperSize(paper)
		for _, p := range puzzles {
			name := fmt.Sprintf("%s %dx%d", paper, p.Width, p.Height)
			var b bytes.Buffer
			if err := SheetPDF(&b, p, p.Goal, Options{Paper: paper, Difficulty: "line"}); err != nil {
				t.Fatal(err)
			}
			path := writeTemp(t, "sheet.pdf", b.Bytes())
			img := rasterPDF(t, path, 1, fillDPI)
			w, h := darkSpans(img)
			mm := 25.4 / fillDPI
			wFrac := float64(w) * mm / (size.Width - 2*margin)
			hFrac := float64(h) * mm / (size.Height - 2*margin)
			t.Logf("%s: grid %.0f %% of the printable width, %.0f %% of its height", name, 100*wFrac, 100*hFrac)
			if max(wFrac, hFrac) < 0.6 {
				t.Errorf("%s: grid spans %.0f %% of the printable width and %.0f %% of its height, want 60 %%", name, 100*wFrac, 100*hFrac)
			}
			// The grid is about cells × cell side: the border found is the grid's.
			if want := float64(p.Width) * layoutCell(t, p, paper) / mm; float64(w) < 0.97*want || float64(w) > 1.03*want+3 {
				t.Errorf("%s: black border %d px wide, the grid is %.0f px", name, w, want)
			}
			checkTitleSize(t, name, path, p.Meta.Title)
		}
	}
}

// layoutCell is the cell side of p's sheet on paper.
func layoutCell(t *testing.T, p *puzzle.Puzzle, paper Paper) float64 {
	l, err := LayOut(p, Options{Paper: paper})
	if err != nil {
		t.Fatal(err)
	}
	return l.sheet.cell
}

// checkTitleSize fails unless every word of title on the PDF's first page
// is set in at least 14 pt: pdftotext boxes a word from the font's ascent to
// its descent, over 0.9 em in Helvetica and the Go fonts.
func checkTitleSize(t *testing.T, name, path, title string) {
	t.Helper()
	found := 0
	for _, w := range pdfWords(t, path) {
		if w.Page != 1 || !bytes.Contains([]byte(title), []byte(w.Text)) || w.YMin > 100 {
			continue
		}
		found++
		if h := w.YMax - w.YMin; h < 14*0.9 {
			t.Errorf("%s: title word %q is %.1f pt high, want a 14 pt font (%.1f)", name, w.Text, h, 14*0.9)
		}
	}
	if found == 0 {
		t.Errorf("%s: title %q not found near the top of page 1", name, title)
	}
}

// darkSpans returns the longest horizontal and the longest vertical run of
// near-black pixels in img: the width and height of a grid's black border.
func darkSpans(img image.Image) (w, h int) {
	b := img.Bounds()
	dark := func(x, y int) bool { return color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y < 100 }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		run := 0
		for x := b.Min.X; x < b.Max.X; x++ {
			if run = (run + 1) * boolInt(dark(x, y)); run > w {
				w = run
			}
		}
	}
	for x := b.Min.X; x < b.Max.X; x++ {
		run := 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			if run = (run + 1) * boolInt(dark(x, y)); run > h {
				h = run
			}
		}
	}
	return w, h
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSheetWords checks from pdftotext what a sheet says: a multicolour
// legend's colour names, the difficulty in words, and with NameLine the
// name and date line.
func TestSheetWords(t *testing.T) {
	p := flag3(t)
	var b bytes.Buffer
	if err := SheetPDF(&b, p, nil, Options{Difficulty: "probe", NameLine: true}); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, writeTemp(t, "sheet.pdf", b.Bytes()))
	for _, want := range []string{"Three stripes", "red", "yellow", "navy", "difficulty: medium", "Name", "Date"} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet does not say %q:\n%s", want, text)
		}
	}
	p.Palette[2].Name = "" // a colour without a name shows its character and value
	b.Reset()
	if err := SheetPDF(&b, p, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, writeTemp(t, "sheet.pdf", b.Bytes())); !strings.Contains(text, "y #fadc28") || strings.Contains(text, "Name") {
		t.Errorf("unnamed colour or no name line:\n%s", text)
	}
}

// TestWidePuzzleTurnsThePage rasterises the sheet PDFs of the corpus's wide
// puzzles on A4 and Letter and measures their cells from the grid's black
// border: upright, number-loom's 40×15 had 4.0 mm cells under a title, with
// two thirds of the page blank; turned, the paper gives them over 5 mm.
func TestWidePuzzleTurnsThePage(t *testing.T) {
	for _, rel := range []string{"number-loom/puzzles/not_invented_yet_1.xml", "number-loom/puzzles/be_serious.xml", "nonny/data/puzzles/testing/golden.non"} {
		p := readCorpus(t, rel)
		for _, paper := range []Paper{A4, Letter} {
			var b bytes.Buffer
			if err := SheetPDF(&b, p, nil, Options{Paper: paper}); err != nil {
				t.Fatal(err)
			}
			path := writeTemp(t, "sheet.pdf", b.Bytes())
			img := rasterPDF(t, path, 1, fillDPI)
			w, _ := darkSpans(img)
			cell := float64(w) * 25.4 / fillDPI / float64(p.Width)
			landscape := img.Bounds().Dx() > img.Bounds().Dy()
			t.Logf("%s on %s: %.2f mm cells, landscape %v", rel, paper, cell, landscape)
			if cell < 5 || !landscape {
				t.Errorf("%s on %s: %.2f mm cells (landscape %v), want at least 5 mm on the page turned", rel, paper, cell, landscape)
			}
		}
	}
}
