package validate

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/spell"
	"github.com/nonopress/nonopress/puzzle"
)

// line is a clue of blocks of colour 1.
func line(lens ...int) puzzle.Line {
	var l puzzle.Line
	for _, n := range lens {
		l = append(l, puzzle.Clue{Len: n, Color: 1})
	}
	return l
}

func TestSlipsAreNeighboursSwappedOrACellMovedBetweenThem(t *testing.T) {
	got := slipsOf(line(3, 1, 1))
	// 3,1 swapped; a cell of the 3 moved to the 1; the two 1s are equal and
	// a cell moved between them would empty one.
	want := []puzzle.Line{line(1, 3, 1), line(2, 2, 1)}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("slipsOf(3,1,1) = %v, want %v", got, want)
	}
	if got := slipsOf(line(4)); len(got) != 0 {
		t.Errorf("slipsOf(4) = %v, want none", got)
	}
}

func TestEditDistanceCountsBlocksSwapsAsOne(t *testing.T) {
	for _, c := range []struct {
		a, b puzzle.Line
		want int
	}{
		{line(3, 1), line(3, 1), 0},
		{line(3, 1), line(1, 3), 1},
		{line(4), line(1, 3), 2},
		{line(2, 5, 3), line(2, 6, 1, 1), 3},
		{nil, line(1, 1), 2},
	} {
		if got := spell.EditDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%v, %v) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// contradictedLine returns the first line (row true, index) that line
// logic finds with no arrangement left, and whether there is one.
func contradictedLine(p *puzzle.Puzzle) (row bool, index int, ok bool) {
	ll, ok := newLineLogic(p)
	if !ok {
		return false, 0, false
	}
	l := ll.run(-1)
	if l < 0 {
		return false, 0, false
	}
	row, index = splitLine(p, l)
	return row, index, true
}

// withClues is a puzzle of the given clues, without a goal.
func withClues(rows, cols []puzzle.Line) *puzzle.Puzzle {
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: len(cols), Height: len(rows), Rows: rows, Cols: cols,
		Palette: puzzle.DefaultPalette(), Meta: puzzle.Meta{License: "CC0-1.0"},
		Origin: puzzle.Origin{File: "t.non", Line: 1}}
}

func TestSwappedClueIsBlamedWithTheClueTheOthersCallFor(t *testing.T) {
	// A 7×7 picture's clues with column 3's 1,3 written 3,1: line logic
	// first runs out of placements in column 2, but only without column 3
	// do the other clues fit together, and they make it 1,3.
	rows := []puzzle.Line{line(4), line(2, 2), line(1, 1), line(3), line(1, 1, 1), line(1, 1, 2), line(2, 1, 1)}
	cols := []puzzle.Line{line(1, 1), line(2, 1), line(3, 1), line(1, 1), line(2, 2, 1), line(2, 1, 1), line(1, 3)}
	p := withClues(rows, cols)
	if row, i, ok := contradictedLine(p); !ok || row || i != 1 {
		t.Fatalf("contradictedLine = %v %d %v, want column 2", row, i, ok)
	}
	_, ss := suspects(p, slipFixes)
	if len(ss) != 1 || ss[0].line != 7+2 || !slices.Equal(ss[0].called, line(1, 3)) || !ss[0].fit {
		t.Fatalf("suspects = %+v, want column 3 alone, called 1,3, the others fitting", ss)
	}
	r := Check(context.Background(), p, Options{})
	if msg := messages(r.Errors); !strings.Contains(msg, "the clue of column 3 (3,1) cannot fit") {
		t.Errorf("errors %q, want column 3 blamed", msg)
	}
	if len(r.Errors) != 1 || !strings.HasPrefix(r.Errors[0].Hint, "look at column 3 (line 1) first:") ||
		!strings.Contains(r.Errors[0].Hint, "fit together without it; if they are right, change its clue to 1,3") {
		t.Errorf("errors %+v, want the hint to say to look at column 3 and give 1,3 to write", r.Errors)
	}
}

func TestNoSuspectWhenOnlySearchFindsTheContradiction(t *testing.T) {
	// No solution, but line logic meets no contradiction: every line would
	// be a suspect, so none is named.
	p := withClues([]puzzle.Line{line(1), line(1, 1), line(2), line(2)}, []puzzle.Line{line(1, 1), line(1, 1), line(1, 1), line(1)})
	if _, _, ok := contradictedLine(p); ok {
		t.Fatal("line logic finds a contradiction: the case no longer tests search")
	}
	if _, ss := suspects(p, slipFixes); ss != nil {
		t.Errorf("suspects = %+v, want none", ss)
	}
	r := Check(context.Background(), p, Options{})
	if msg := messages(r.Errors); !strings.Contains(msg, "no solution: the clues contradict each other") {
		t.Errorf("errors %q, want the general message", msg)
	}
}

// TestTheWrongClueIsAlwaysASuspect: a picture's clues with one line's
// neighbouring blocks swapped; when line logic then finds a contradiction,
// that line is a suspect (the picture fits every other line, so line
// logic without it cannot meet one), and it is blamed on most.
func TestTheWrongClueIsAlwaysASuspect(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	cases, blamed := 0, 0
	for cases < 300 {
		img := puzzle.NewImage(8, 8)
		for i := range img.Cells {
			if rng.Float64() < 0.55 {
				img.Cells[i] = 1
			}
		}
		rows, cols := puzzle.CluesOf(img)
		l := rng.IntN(16)
		clues := rows
		if l >= 8 {
			clues = cols
		}
		c := slices.Clone(clues[l%8])
		if len(c) < 2 {
			continue
		}
		k := rng.IntN(len(c) - 1)
		if c[k] == c[k+1] {
			continue
		}
		c[k], c[k+1] = c[k+1], c[k]
		clues[l%8] = c
		p := withClues(rows, cols)
		if _, _, ok := contradictedLine(p); !ok {
			continue
		}
		cases++
		_, ss := suspects(p, slipFixes)
		if !slices.ContainsFunc(ss, func(s suspect) bool { return s.line == l }) {
			t.Fatalf("line %d swapped to %v: not among the suspects %+v", l, c, ss)
		}
		if ss[0].line == l {
			blamed++
		}
	}
	if blamed < cases*9/10 {
		t.Errorf("the swapped line is blamed first on %d of %d", blamed, cases)
	}
	t.Logf("the swapped line blamed first on %d of %d", blamed, cases)
}

// suspects asks for the fixes of each line's clue once: restoring tries
// the fixes a suspect was weighed with instead of asking again (sums.go's
// fixes search the sums).
func TestSuspectsAskForEachLinesFixesOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	unsettled := 0
	for cases := 0; cases < 200; {
		img := puzzle.NewImage(8, 8)
		for i := range img.Cells {
			if rng.Float64() < 0.55 {
				img.Cells[i] = 1
			}
		}
		rows, cols := puzzle.CluesOf(img)
		clues := rows
		if l := rng.IntN(16); l >= 8 {
			clues = cols
		}
		c := clues[rng.IntN(8)]
		if len(c) < 2 || c[0] == c[1] {
			continue
		}
		c[0], c[1] = c[1], c[0]
		p := withClues(rows, cols)
		if _, _, ok := contradictedLine(p); !ok {
			continue
		}
		cases++
		asked := map[int]int{}
		_, ss := suspects(p, func(l int, written puzzle.Line) []puzzle.Line {
			asked[l]++
			return slipsOf(written)
		})
		for l, n := range asked {
			if n > 1 {
				t.Fatalf("clues %v / %v: the fixes of line %d asked for %d times", rows, cols, l, n)
			}
		}
		for _, s := range ss {
			if !s.settled {
				unsettled++
			}
		}
	}
	if unsettled == 0 {
		t.Fatal("no suspect left open: the cases never make restoring try fixes")
	}
}
