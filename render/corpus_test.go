package render

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// corpusMulticolour lists the corpus's multicolour puzzles (SOURCES.md).
var corpusMulticolour = []string{
	"number-loom/puzzles/listen_left_and_right.xml",
	"number-loom/puzzles/little_hauler.xml",
	"number-loom/puzzles/look_sharp.xml",
	"number-loom/puzzles/missing.xml",
	"number-loom/puzzles/not_invented_yet_1.xml",
	"number-loom/puzzles/not_invented_yet_3.xml",
	"number-loom/puzzles/take_two.xml",
	"nonny/data/puzzles/color/rainbow.non",
	"nonny/data/puzzles/color/test.non",
	"nonny/data/puzzles/color/tree.non",
}

// readCorpus reads one puzzle from the shared corpus.
func readCorpus(t *testing.T, rel string) *puzzle.Puzzle {
	t.Helper()
	ps, err := formats.ReadFile(corpustest.Path(t, rel))
	if err != nil {
		t.Fatalf("reading %s: %v", rel, err)
	}
	if len(ps) != 1 {
		t.Fatalf("%s: %d puzzles, want 1", rel, len(ps))
	}
	return ps[0]
}

// solution is the puzzle's goal, else its unique solution (nil if none is
// found within a few seconds).
func solution(t *testing.T, p *puzzle.Puzzle) *puzzle.Image {
	if p.Goal != nil {
		return p.Goal
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := solve.Solve(ctx, p)
	if err != nil || r.Verdict != solve.Unique {
		t.Logf("%s: no unique solution (%v, %v)", p.Where(), r.Verdict, err)
		return nil
	}
	return r.Solutions[0]
}

// TestCorpusMulticolour renders every multicolour puzzle of the corpus: the
// sheet must be valid SVG on A4 (either way), the solution image's pixels
// must match the solution, and the booklet of them all must have the
// expected pages.
func TestCorpusMulticolour(t *testing.T) {
	var entries []BookletEntry
	for _, rel := range corpusMulticolour {
		p := readCorpus(t, rel)
		if p.Colors() < 2 {
			t.Errorf("%s: %d colours, want several", rel, p.Colors())
		}
		sol := solution(t, p)
		entries = append(entries, BookletEntry{Puzzle: p, Solution: sol})
		for _, mono := range []bool{false, true} {
			var b bytes.Buffer
			if err := Sheet(&b, p, Options{MonoSafe: mono}); err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			root := parseSVG(t, b.Bytes()) // A4, turned if the puzzle is wide
			if w, h := mmAttr(t, root, "width"), mmAttr(t, root, "height"); !(w == 210 && h == 297 || w == 297 && h == 210) {
				t.Errorf("%s: sheet %gx%g mm, want A4", rel, w, h)
			}
		}
		if sol == nil {
			continue
		}
		var b bytes.Buffer
		if err := Solution(&b, p, sol, Options{}); err != nil {
			t.Fatal(err)
		}
		root := parseSVG(t, b.Bytes())
		cell := (mmAttr(t, root, "width") - 2*solutionPad) / float64(p.Width)
		checkCells(t, rasterSVG(t, b.Bytes()), p, sol, solutionPad, solutionPad, cell)
	}
	var b bytes.Buffer
	if err := Booklet(&b, "Multicolour nonograms", entries, Options{MonoSafe: true}); err != nil {
		t.Fatal(err)
	}
	info := readPDFInfo(t, writePDF(t, b.Bytes()))
	if info.pages < 1+3+1 || info.pages > 1+len(entries)+2 {
		t.Errorf("booklet of %d puzzles has %d pages", len(entries), info.pages)
	}
	for i, s := range info.sizes {
		if s != a4Points && s != "841.89 x 595.28 pts (A4)" {
			t.Errorf("page %d is %s, want A4", i+1, s)
		}
	}
}

// TestCorpusCauldron renders the corpus's 512x512 puzzle: an A3 sheet with
// cells below 3.5 mm that is still valid SVG, and a booklet page for it.
func TestCorpusCauldron(t *testing.T) {
	p := readCorpus(t, "picross-solver/inputs/cauldron.non")
	if p.Width != 512 || p.Height != 512 {
		t.Fatalf("cauldron is %dx%d", p.Width, p.Height)
	}
	var b bytes.Buffer
	if err := Sheet(&b, p, Options{}); err != nil {
		t.Fatal(err)
	}
	root := parseSVG(t, b.Bytes())
	if w, h := mmAttr(t, root, "width"), mmAttr(t, root, "height"); w != 297 || h != 420 {
		t.Errorf("cauldron sheet is %gx%g mm, want A3 297x420", w, h)
	}
	t.Logf("cauldron sheet: %d bytes of SVG", b.Len())
	var clues int
	for _, lines := range [][]puzzle.Line{p.Rows, p.Cols} {
		for _, l := range lines {
			clues += max(1, len(l))
		}
	}
	if got := len(texts(root)); got < clues {
		t.Errorf("%d texts for %d clue numbers", got, clues)
	}
	b.Reset()
	entries := []BookletEntry{{Puzzle: readCorpus(t, "nonogram-db/db/webpbn/1.non")}, {Puzzle: p}}
	entries[0].Solution = entries[0].Puzzle.Goal
	if err := Booklet(&b, "Big and small", entries, Options{}); err != nil {
		t.Fatal(err)
	}
	info := readPDFInfo(t, writePDF(t, b.Bytes()))
	// Cover with the contents, webpbn #1, cauldron (A3 page), a page
	// left blank for the answers to begin on an odd page, answers.
	if info.pages != 5 {
		t.Fatalf("booklet has %d pages, want 5:\n%s", info.pages, info.raw)
	}
	if info.sizes[2] != "841.89 x 1190.55 pts (A3)" {
		t.Errorf("cauldron's page is %s, want A3", info.sizes[2])
	}
}
