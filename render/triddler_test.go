package render

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

var triddlerOut = flag.String("triddler-out", "", "write the corpus triddlers' sheets and solutions to this folder, to look at")

// corpusTriddlers are the shared corpus's triddlers.
var corpusTriddlers = []string{"number-loom/examples/triddler/blob.g", "number-loom/puzzles/wake_up.xml", "number-loom/puzzles/cut_and_polished.xml"}

// solvedTriddler reads a corpus triddler and solves it.
func solvedTriddler(t *testing.T, f string) (*puzzle.Puzzle, *puzzle.Image) {
	t.Helper()
	ps, err := formats.ReadFile(corpustest.Path(t, f))
	if err != nil {
		t.Fatal(err)
	}
	res, err := solve.Solve(context.Background(), ps[0])
	if err != nil || res.Verdict != solve.Unique {
		t.Fatalf("%s: %s, %v", f, res.Verdict, err)
	}
	return ps[0], res.Solutions[0]
}

// TestTriddlerRaster draws each corpus triddler's solution image and checks
// the pixel at the centre of every triangle against the solution.
func TestTriddlerRaster(t *testing.T) {
	corpustest.Dir(t)
	for _, f := range corpusTriddlers {
		p, sol := solvedTriddler(t, f)
		l, err := LayOut(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var sheet, solution, pdf bytes.Buffer
		if err := l.Sheet(&sheet); err != nil {
			t.Fatal(err)
		}
		if err := l.Solution(&solution, sol); err != nil {
			t.Fatal(err)
		}
		if err := l.PDF(&pdf, sol); err != nil {
			t.Fatal(err)
		}
		if *triddlerOut != "" {
			base := filepath.Join(*triddlerOut, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)))
			for ext, b := range map[string][]byte{".sheet.svg": sheet.Bytes(), ".solution.svg": solution.Bytes(), ".pdf": pdf.Bytes()} {
				if err := os.WriteFile(base+ext, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		img := rasterSVG(t, solution.Bytes())
		g, _ := p.TriddlerGeometry()
		side := l.tri.side
		bad := 0
		for _, c := range g.Cells {
			v := triVertices(c)
			cx := solutionPad + (v[0].X+v[1].X+v[2].X)/3*side
			cy := solutionPad + (v[0].Y+v[1].Y+v[2].Y)/3*side
			r, gr, b, _ := img.At(int(cx*pxPerMM), int(cy*pxPerMM)).RGBA()
			want := p.Palette[sol.At(c.X, c.Y)].RGB
			if !near(r>>8, want.R) || !near(gr>>8, want.G) || !near(b>>8, want.B) {
				if bad++; bad <= 5 {
					t.Errorf("%s: cell %+v is #%02x%02x%02x, want %s", f, c, r>>8, gr>>8, b>>8, want.Hex())
				}
			}
		}
	}
}

// TestTriddlerBookletAndThumbnails mixes the corpus triddlers with a grid in
// a booklet and draws their thumbnails, blank and solved.
func TestTriddlerBookletAndThumbnails(t *testing.T) {
	corpustest.Dir(t)
	entries := []BookletEntry{{Puzzle: dancer(t)}}
	for _, f := range corpusTriddlers {
		p, sol := solvedTriddler(t, f)
		entries = append(entries, BookletEntry{Puzzle: p, Solution: sol})
		var blank, thumb bytes.Buffer
		if err := BlankThumbnail(&blank, p); err != nil {
			t.Fatal(err)
		}
		if err := Thumbnail(&thumb, p, sol); err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(blank.Bytes(), thumb.Bytes()) || !bytes.Contains(thumb.Bytes(), []byte("<polygon")) {
			t.Errorf("%s: thumbnails wrong", f)
		}
		if bytes.Contains(blank.Bytes(), []byte("<title>Solution")) || !bytes.Contains(thumb.Bytes(), []byte("<title>Solution")) {
			t.Errorf("%s: only the solved thumbnail should be titled a solution", f)
		}
		if err := Thumbnail(&thumb, p, puzzle.NewImage(3, 3)); err == nil {
			t.Errorf("%s: a 3x3 image accepted as a triddler's solution", f)
		}
	}
	var pdf bytes.Buffer
	if err := Booklet(&pdf, "Mixed", entries, Options{}); err != nil {
		t.Fatal(err)
	}
	if *triddlerOut != "" {
		if err := os.WriteFile(filepath.Join(*triddlerOut, "booklet.pdf"), pdf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")) {
		t.Error("booklet is no PDF")
	}
}

// TestTriddlerSheetFillsThePage rasterises each corpus triddler's sheet PDF
// on A4 and Letter and measures from the pixels that its ink (clues and
// triangles) spans at least 60 % of the printable width or height, as
// TestSheetFillsThePage asks of grids: at the 10 mm triangles the sheets
// kept before, blob took the top third of the page (54 % of its width) and
// Wake up! a small hexagon (36 %), the rest blank.
func TestTriddlerSheetFillsThePage(t *testing.T) {
	corpustest.Dir(t)
	for _, f := range corpusTriddlers {
		p, sol := solvedTriddler(t, f)
		for _, paper := range []Paper{A4, Letter} {
			var b bytes.Buffer
			if err := SheetPDF(&b, p, sol, Options{Paper: paper}); err != nil {
				t.Fatal(err)
			}
			img := rasterPDF(t, writeTemp(t, "sheet.pdf", b.Bytes()), 1, fillDPI)
			box, _ := inkBox(img)
			size, _ := paperSize(paper)
			mm := 25.4 / fillDPI
			wFrac := float64(box.Dx()) * mm / (size.Width - 2*margin)
			hFrac := float64(box.Dy()) * mm / (size.Height - 2*margin)
			t.Logf("%s on %s: ink spans %.0f %% of the printable width, %.0f %% of its height", f, paper, 100*wFrac, 100*hFrac)
			if max(wFrac, hFrac) < 0.6 {
				t.Errorf("%s on %s: ink spans %.0f %% of the printable width and %.0f %% of its height, want 60 %%", f, paper, 100*wFrac, 100*hFrac)
			}
		}
	}
}
