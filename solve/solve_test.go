package solve

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/puzzle"
)

func TestSolveRefusesWhatItCannotWorkOn(t *testing.T) {
	good := func() *puzzle.Puzzle {
		p := puzzleOf(nDom(3), 2)
		p.Origin = puzzle.Origin{File: "dom.non", Line: 4}
		return p
	}
	tests := map[string]struct {
		edit func(p *puzzle.Puzzle)
		want string
	}{
		"triddler":       {func(p *puzzle.Puzzle) { p.Kind = puzzle.Triddler }, "no outline has these clue counts"},
		"too wide clue":  {func(p *puzzle.Puzzle) { p.Rows[0] = puzzle.Line{{Len: 8, Color: 1}} }, "row 1"},
		"missing column": {func(p *puzzle.Puzzle) { p.Cols = p.Cols[1:] }, "column clues for width"},
		"no palette":     {func(p *puzzle.Puzzle) { p.Palette = nil }, "no palette"},
		"too many colours": {func(p *puzzle.Puzzle) {
			for len(p.Palette) <= maxColors {
				p.Palette = append(p.Palette, puzzle.Color{Char: 'a'})
			}
		}, "colours (at most"},
	}
	for name, tc := range tests {
		p := good()
		tc.edit(p)
		_, err := Solve(context.Background(), p)
		if !errors.Is(err, ErrUnsupported) || !strings.HasPrefix(err.Error(), "dom.non:4: ") ||
			!strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want ErrUnsupported at dom.non:4 mentioning %q", name, err, tc.want)
		}
	}
	if _, err := Solve(context.Background(), nil); !errors.Is(err, ErrUnsupported) {
		t.Errorf("nil puzzle: %v", err)
	}
}

func TestSolveIsDeterministic(t *testing.T) {
	// The same puzzle gives the same verdict, solutions, difficulty, effort
	// and even work counts on every run, whatever the strategy.
	for _, p := range []*puzzle.Puzzle{puzzleOf(nDom(6), 2), multipleExample()} {
		for _, opts := range []options{{}, {search: learnOnly}, {search: depthFirstOnly}, {search: satOnly}, {search: depthFirstThenSAT}} {
			first, err := solveWith(context.Background(), p, opts)
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				again, _ := solveWith(context.Background(), p, opts)
				if !reflect.DeepEqual(first, again) {
					t.Fatalf("%+v: results differ between runs:\n%+v\n%+v", opts, first, again)
				}
			}
		}
	}
}

// multipleExample is a 2x2 puzzle with two solutions (the two diagonals).
func multipleExample() *puzzle.Puzzle {
	img := puzzle.NewImage(2, 2)
	img.Set(0, 0, 1)
	img.Set(1, 1, 1)
	return puzzleOf(img, 2)
}

func TestMultipleGivesTwoSolutionsAndTheirDifferences(t *testing.T) {
	res, err := Solve(context.Background(), multipleExample())
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Multiple || len(res.Solutions) != 2 {
		t.Fatalf("got %s with %d solutions", res.Verdict, len(res.Solutions))
	}
	d := Differences(res.Solutions[0], res.Solutions[1], 10)
	if want := [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}}; !reflect.DeepEqual(d, want) {
		t.Errorf("differences %v, want %v", d, want)
	}
	if d := Differences(res.Solutions[0], res.Solutions[1], 3); len(d) != 3 {
		t.Errorf("max 3 gave %d differences", len(d))
	}
	if d := Differences(res.Solutions[0], res.Solutions[0], 10); len(d) != 0 {
		t.Errorf("an image differs from itself: %v", d)
	}
}

func TestNoSolution(t *testing.T) {
	// Rows 1,1 and 0 with columns 1 and 1 on a 3x2 grid: the colour counts
	// agree but the columns cannot hold what the rows need.
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 3, Height: 2, Palette: puzzle.DefaultPalette(),
		Rows: []puzzle.Line{{{Len: 1, Color: 1}, {Len: 1, Color: 1}}, nil},
		Cols: []puzzle.Line{{{Len: 1, Color: 1}}, {{Len: 1, Color: 1}}, nil}}
	res, err := Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != None || res.Solutions != nil || res.Effort != 0 || res.Difficulty != "" {
		t.Errorf("got %+v", res)
	}
}

func TestBudgetGivesUnknown(t *testing.T) {
	// 11-Dom takes far longer than a millisecond: the answer must be
	// "unknown", promptly, whichever strategy is searching.
	p := puzzleOf(nDom(11), 2)
	for _, opts := range []options{{}, {search: learnOnly}, {search: depthFirstOnly}, {search: satOnly}, {search: depthFirstThenSAT}} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		res, err := solveWith(ctx, p, opts)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Unknown || res.Solutions != nil || res.Effort != 0 {
			t.Errorf("%+v: got %s, %d solutions, effort %d", opts, res.Verdict, len(res.Solutions), res.Effort)
		}
	}
}

func TestDifficultyGrades(t *testing.T) {
	// 3-Dom needs probing; 6-Dom needs search; a filled square needs only lines.
	square := puzzle.NewImage(3, 3)
	for i := range square.Cells {
		square.Cells[i] = 1
	}
	for _, tc := range []struct {
		img  *puzzle.Image
		want Difficulty
	}{{square, Line}, {nDom(3), Probe}, {nDom(6), Search}} {
		res, err := Solve(context.Background(), puzzleOf(tc.img, 2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Unique || res.Difficulty != tc.want {
			t.Errorf("%dx%d: %s %s, want unique %s", tc.img.Width, tc.img.Height, res.Verdict, res.Difficulty, tc.want)
		}
	}
	// Effort grows with the work: more n-Dom, more effort.
	prev := 0
	for n := 3; n <= 7; n++ {
		res, _ := Solve(context.Background(), puzzleOf(nDom(n), 2))
		if res.Effort <= prev {
			t.Errorf("%d-Dom effort %d, not above %d", n, res.Effort, prev)
		}
		prev = res.Effort
	}
}

func TestConcurrentSolves(t *testing.T) {
	// Solves share nothing: many at once give the results of one at a time.
	ps := []*puzzle.Puzzle{puzzleOf(nDom(5), 2), multipleExample(), puzzleOf(nDom(4), 2)}
	want := make([]Result, len(ps))
	for i, p := range ps {
		want[i], _ = Solve(context.Background(), p)
	}
	got := make([]Result, 4*len(ps))
	done := make(chan int)
	for k := range got {
		go func() {
			got[k], _ = Solve(context.Background(), ps[k%len(ps)])
			done <- k
		}()
	}
	for range got {
		<-done
	}
	for k := range got {
		if !reflect.DeepEqual(got[k], want[k%len(ps)]) {
			t.Errorf("solve %d differs when run concurrently", k)
		}
	}
}

func TestHugePuzzleSearches(t *testing.T) {
	// A 5-Dom in the corner of a 1024x1024 grid needs search; the grid is
	// too big for the learner's tables, and the SAT encoding takes only the
	// lines left unsolved. The two diagonals of a 2x2 square make it
	// multiple.
	if testing.Short() {
		t.Skip("slow")
	}
	img := puzzle.NewImage(puzzle.MaxSide, puzzle.MaxSide)
	dom := nDom(5)
	for y := range dom.Height {
		for x := range dom.Width {
			img.Set(x, y, dom.At(x, y))
		}
	}
	if len(img.Cells)*2 <= maxLearnerAtoms {
		t.Fatal("grid not big enough to exercise the learner's limit")
	}
	res, err := Solve(context.Background(), puzzleOf(img, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Unique || res.Difficulty != Search || !res.Solutions[0].Equal(img) {
		t.Errorf("got %s %s", res.Verdict, res.Difficulty)
	}
	img.Set(1000, 1000, 1)
	img.Set(1001, 1001, 1)
	res, err = Solve(context.Background(), puzzleOf(img, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Multiple {
		t.Errorf("with a 2x2 diagonal: got %s", res.Verdict)
	}
}
