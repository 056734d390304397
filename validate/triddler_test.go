package validate

import (
	"context"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// TestTriddlerCorpusVerdicts checks the shared corpus's triddlers: each is
// read, checked and proven unique by line logic, with its solution.
func TestTriddlerCorpusVerdicts(t *testing.T) {
	corpustest.Dir(t)
	for _, f := range []string{"number-loom/examples/triddler/blob.g", "number-loom/puzzles/wake_up.xml", "number-loom/puzzles/cut_and_polished.xml"} {
		ps, err := formats.ReadFile(corpustest.Path(t, f))
		if err != nil {
			t.Fatal(err)
		}
		r := Check(context.Background(), ps[0], Options{})
		if len(r.Errors) > 0 || r.Verdict != "unique" || r.Difficulty != "line" || r.Solution == nil {
			t.Errorf("%s: verdict %q %q, errors %v", f, r.Verdict, r.Difficulty, r.Errors)
		}
	}
}

// hexagon2 returns a triddler of side 2 made from a picture with the given
// cells filled.
func hexagon2(filled ...int) *puzzle.Puzzle {
	g := puzzle.TriddlerHexagon(2)
	img := puzzle.NewImage(g.Width, g.Height)
	for _, i := range filled {
		img.Set(g.Cells[i].X, g.Cells[i].Y, 1)
	}
	p := g.TriddlerOf(img, puzzle.DefaultPalette())
	p.Origin = puzzle.Origin{File: "t.xml", Line: 3}
	p.Meta.License = "CC0-1.0"
	return p
}

func TestTriddlerProblems(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(p *puzzle.Puzzle)
		want string
	}{
		{"counts", func(p *puzzle.Puzzle) { p.TriddlerClues["topleft"] = nil }, "no outline"},
		{"colour", func(p *puzzle.Puzzle) { p.TriddlerClues["top"][0] = puzzle.Line{{Len: 1, Color: 7}} }, "top clue 1, block 1"},
		{"too long", func(p *puzzle.Puzzle) { p.TriddlerClues["bottom"][1] = puzzle.Line{{Len: 9, Color: 1}} }, "needs 9 cells"},
		{"sums", func(p *puzzle.Puzzle) { p.TriddlerClues["topleft"][0] = puzzle.Line{{Len: 1, Color: 1}} }, "disagree on the cells of colour black"},
	} {
		p := hexagon2()
		tc.edit(p)
		r := Check(context.Background(), p, Options{})
		if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, tc.want) || r.Errors[0].File != "t.xml" || r.Errors[0].Line != 3 {
			t.Errorf("%s: errors %v, want one at t.xml:3 saying %q", tc.name, r.Errors, tc.want)
		}
	}
}

func TestTriddlerMultipleAndNone(t *testing.T) {
	// One filled triangle in a corner is unique; two filled cells of a
	// hexagon's centre (an up and a down sharing an edge) swap with others.
	r := Check(context.Background(), hexagon2(0), Options{})
	if r.Verdict != "unique" {
		t.Errorf("one corner cell: %s", r.Verdict)
	}
	found := false
	for n := 1; n < 24 && !found; n++ {
		r = Check(context.Background(), hexagon2(n, 23-n), Options{})
		if r.Verdict == "multiple" {
			found = true
			if len(r.Warnings) == 0 || !strings.Contains(r.Warnings[len(r.Warnings)-1].Message, "differ at row,triangle (") {
				t.Errorf("multiple: warnings %v", r.Warnings)
			}
		}
	}
	if !found {
		t.Error("no two-cell picture of a side-2 hexagon has several solutions")
	}
	// Swapping two clues of one side keeps the puzzle well formed (the
	// families still agree on the number of cells) but often leaves it
	// without a solution.
	none := false
	for a := 0; a < 4 && !none; a++ {
		p := hexagon2(0, 5, 6, 7, 13)
		side := puzzle.TriddlerSides[a]
		cl := p.TriddlerClues[side]
		cl[0], cl[1] = cl[1], cl[0]
		r = Check(context.Background(), p, Options{})
		if r.Verdict == "none" {
			none = true
			if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "no solution") {
				t.Errorf("none: errors %v", r.Errors)
			}
		}
	}
	if !none {
		t.Error("no swap of two clues made a puzzle without solution")
	}
}

// TestProbeTakesTheLastColour: probing tries every open colour of a cell,
// the palette's last of 32 too (the most line logic here takes), and
// stops: a line of two cells, one of them colour 31, leaves both open
// with nothing to rule out.
func TestProbeTakesTheLastColour(t *testing.T) {
	p := &puzzle.Puzzle{Kind: puzzle.Triddler, Palette: make([]puzzle.Color, maxContradictionColors)}
	g := &puzzle.TriGeometry{
		Cells: make([]puzzle.TriCell, 2),
		Lines: []puzzle.TriLine{{Cells: []int{0, 1}}},
		Clues: []puzzle.Line{{{Len: 1, Color: maxContradictionColors - 1}}},
	}
	tl := newTriLogic(p, g)
	if tl.probe(-1) {
		t.Fatal("probe met a contradiction in clues that fit")
	}
	if want := uint32(1) | 1<<(maxContradictionColors-1); tl.grid[0] != want || tl.grid[1] != want {
		t.Errorf("cells left open %b %b, want %b", tl.grid[0], tl.grid[1], want)
	}
}

// TestTriddlerSumsHintNamesLikelyClues: when two or three clues are as
// likely, the hint tells the author to look at them all, at their lines.
func TestTriddlerSumsHintNamesLikelyClues(t *testing.T) {
	for _, tc := range []struct {
		filled []int
		side   string
		line   int
		names  string
	}{
		{[]int{0, 5, 10}, "top", 1, "top clue 1 (line 3) and top clue 2 (line 3)"},
		{[]int{2, 4, 6}, "top", 0, "top clue 1 (line 3), top clue 2 (line 3) and topright clue 1 (line 3)"},
	} {
		p := hexagon2(tc.filled...)
		p.TriddlerClues[tc.side][tc.line] = append(p.TriddlerClues[tc.side][tc.line], puzzle.Clue{Len: 1, Color: 1})
		r := Check(context.Background(), p, Options{})
		want := "look at " + tc.names + ": the wrong clue is likely one of them, as without any one of them, solving line by line meets no contradiction"
		if len(r.Errors) != 1 || r.Errors[0].Hint != want {
			t.Errorf("%v, a block added to %s line %d: errors %v, want one with the hint %q", tc.filled, tc.side, tc.line+1, r.Errors, want)
		}
	}
}
