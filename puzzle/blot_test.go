package puzzle

import (
	"strings"
	"testing"
)

// TestBlotFits checks that a blot stands for any length of its colour, and
// only that.
func TestBlotFits(t *testing.T) {
	clue := Line{{Len: 2, Color: 1}, {Color: 2, Blot: true}}
	for _, c := range []struct {
		got  Line
		want bool
	}{
		{Line{{Len: 2, Color: 1}, {Len: 1, Color: 2}}, true},
		{Line{{Len: 2, Color: 1}, {Len: 7, Color: 2}}, true},
		{Line{{Len: 3, Color: 1}, {Len: 1, Color: 2}}, false},
		{Line{{Len: 2, Color: 1}, {Len: 1, Color: 1}}, false},
		{Line{{Len: 2, Color: 1}}, false},
	} {
		if clue.Fits(c.got) != c.want {
			t.Errorf("%v fits %v: %v, want %v", clue, c.got, !c.want, c.want)
		}
	}
	if s := clue.String(); s != "2,?" {
		t.Errorf("String = %q, want 2,?", s)
	}
	if n := clue.MinLength(); n != 3 {
		t.Errorf("MinLength = %d, want 3", n)
	}
}

// TestBlotProblems checks a blotted grid's checks: sums by colour are not
// compared where a blot hides a length, a blot still needs its cell, and a
// goal fits the blot whatever the length.
func TestBlotProblems(t *testing.T) {
	blot := Line{{Color: 1, Blot: true}}
	p := &Puzzle{Width: 3, Height: 1, Palette: DefaultPalette(),
		Rows: []Line{blot}, Cols: []Line{{{Len: 1, Color: 1}}, {{Len: 1, Color: 1}}, nil}}
	if ds := p.Problems(); len(ds) != 0 {
		t.Fatalf("problems %v, want none (the blot may be 2 long)", ds)
	}
	p.Goal = &Image{Width: 3, Height: 1, Cells: []uint8{1, 1, 0}}
	if m := p.GoalMismatches(); len(m) != 0 {
		t.Fatalf("goal mismatches %v, want none", m)
	}
	p.Goal = &Image{Width: 3, Height: 1, Cells: []uint8{1, 0, 1}}
	if m := p.GoalMismatches(); len(m) == 0 || !strings.Contains(m[0].Message, "the clue of row 1 is ?") {
		t.Fatalf("goal mismatches %v, want row 1's (two blocks for one blot)", m)
	}
	q := &Puzzle{Width: 2, Height: 1, Palette: DefaultPalette(),
		Rows: []Line{{{Color: 1, Blot: true}, {Color: 1, Blot: true}}}, Cols: []Line{{{Len: 1, Color: 1}}, {{Len: 1, Color: 1}}}}
	if ds := q.Problems(); len(ds) == 0 || !strings.Contains(ds[0].Message, "needs 3 cells") {
		t.Fatalf("problems %v, want two blots needing 3 cells in a line of 2", ds)
	}
}
