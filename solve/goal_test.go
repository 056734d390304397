package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// stalling is how the goal tests reach the point where the goal is used:
// straight to the SAT fallback, which gives up looking for a first solution
// after one conflict.
var stalling = options{search: satOnly, noProbe: true, diveAfter: 1}

func TestGoalIsTheFirstSolutionWhenTheSearchStalls(t *testing.T) {
	// Random 20×20 grids at density 0.45 have many solutions, and the SAT
	// solver meets conflicts before its first: with a goal, the goal is the
	// first solution and the second is another; without, the first the
	// solver finds is mostly not the image the clues came from.
	elsewhere := 0
	for seed := uint64(1); seed <= 8; seed++ {
		name := fmt.Sprintf("random-20-0.45-%d", seed)
		img := randomImage(seed, 20, 20, 0.45)
		p := puzzleOf(img, 2)
		without, err := solveWith(context.Background(), p, stalling)
		if err != nil {
			t.Fatal(err)
		}
		p.Goal = img
		with, err := solveWith(context.Background(), p, stalling)
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, name, p, with)
		if with.Verdict != without.Verdict {
			t.Fatalf("%s: %s with the goal, %s without", name, with.Verdict, without.Verdict)
		}
		if !with.Solutions[0].Equal(img) {
			t.Errorf("%s: the first solution is not the goal", name)
		}
		if !without.Solutions[0].Equal(img) {
			elsewhere++
		}
	}
	if elsewhere == 0 {
		t.Errorf("without a goal every first solution was the image: the test shows nothing")
	}
}

func TestGoalThatDoesNotFitIsIgnored(t *testing.T) {
	img := randomImage(3, 20, 20, 0.45)
	p := puzzleOf(img, 2)
	wrong := *img
	wrong.Cells = append([]uint8(nil), img.Cells...)
	wrong.Cells[0] ^= 1
	p.Goal = &wrong
	res, err := solveWith(context.Background(), p, stalling)
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, "a goal one cell off", p, res)
	for _, s := range res.Solutions {
		if s.Equal(&wrong) {
			t.Errorf("the goal that does not fit the clues was taken as a solution")
		}
	}
}

func TestGoalVerdictsAgainstBruteForce(t *testing.T) {
	// Small grids of two and three colours with their image as the goal,
	// through the same stalling search: verdicts as brute force counts them.
	// The SAT solver settles most of them before its first conflict, so
	// that the goal is seldom reached (8 of the 1,500); each is also
	// searched from the goal directly, as the SAT fallback does once its
	// conflicts are spent (fromGoalOn).
	r := rand.New(rand.NewPCG(20, 26))
	for k := range 1500 {
		colors := 2 + k%2
		w, h := 2+r.IntN(4), 2+r.IntN(4)
		img := puzzle.NewImage(w, h)
		for i := range img.Cells {
			if r.IntN(2) == 0 {
				img.Cells[i] = uint8(1 + r.IntN(colors-1))
			}
		}
		p := puzzleOf(img, colors)
		p.Goal = img
		name := fmt.Sprintf("case %d", k)
		checkWithOptions(t, p, name, stalling)
		res := fromGoalOn(t, p)
		if want := []Verdict{None, Unique, Multiple}[bruteCount(p)]; res.Verdict != want {
			t.Fatalf("%s from the goal: %s, brute force %s", name, res.Verdict, want)
		}
		checkResult(t, name+" from the goal", p, res)
	}
}

// fromGoalOn runs the SAT fallback on p from its goal at once, as it does
// once its conflicts are spent without a first solution: the goal is the
// first solution, and the search looks for a second.
func fromGoalOn(t *testing.T, p *puzzle.Puzzle) Result {
	t.Helper()
	s := solverFor(context.Background(), p, stalling)
	e := newSatSearch(s)
	colors, sure, err := s.fromGoal()
	if err != nil || len(s.solutions) != 1 {
		t.Fatalf("fromGoal: %v, %d solutions", err, len(s.solutions))
	}
	e.dived = true
	e.resumeFrom(colors, sure)
	if err := e.run(); err != nil {
		t.Fatal(err)
	}
	res := Result{Verdict: Unique, Solutions: s.solutions[:1], Difficulty: Search, Effort: 1}
	if len(s.solutions) >= 2 {
		res = Result{Verdict: Multiple, Solutions: s.solutions[:2]}
	}
	return res
}

func TestGoalSolutionIsACopy(t *testing.T) {
	img := randomImage(1, 20, 20, 0.45)
	p := puzzleOf(img, 2)
	p.Goal = img
	res, err := solveWith(context.Background(), p, stalling)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Solutions[0].Equal(img) {
		t.Fatalf("the first solution is not the goal")
	}
	if res.Solutions[0] == img {
		t.Errorf("the result shares the puzzle's goal image")
	}
}

func TestGoalWithoutSharesLeavesTheSolverItsColours(t *testing.T) {
	// On a grid too big for the beliefs, fromGoal gives no shares: the SAT
	// solver goes on from the goal's colours as its phases, with nothing
	// to rank its branching by.
	img := randomImage(2, 12, 12, 0.45)
	p := puzzleOf(img, 2)
	s := solverFor(context.Background(), p, options{})
	s.record(img)
	e := newSatSearch(s)
	e.resumeFrom(img.Cells, nil)
	open := 0
	e.openCellLits(func(cell, c int, l lit) {
		open++
		if want := (int(img.Cells[cell]) == c) == (l&1 == 0); e.sat.phase[l.vari()] != want {
			t.Errorf("cell %d colour %d: phase %v, want %v", cell, c, e.sat.phase[l.vari()], want)
		}
	})
	if open == 0 {
		t.Error("no open cell: the test shows nothing")
	}
}

func TestSetAllChecksThePictureAgainstTheGrid(t *testing.T) {
	// A picture line logic settles: its colours are a solution; the same
	// with one cell recoloured is not, though that cell is solved already
	// and needs no setting.
	img := randomImage(5, 6, 6, 0.7)
	s := solverFor(context.Background(), puzzleOf(img, 2), options{})
	g := s.g
	if ok, err := g.propagate(); !ok || err != nil || !g.solved() {
		t.Fatalf("line logic does not settle the picture: the test needs one it does")
	}
	m := g.mark()
	if ok, err := g.setAll(img.Cells); !ok || err != nil {
		t.Errorf("the solution itself: %v, %v", ok, err)
	}
	g.undo(m)
	wrong := append([]uint8(nil), img.Cells...)
	wrong[0] ^= 1
	if ok, _ := g.setAll(wrong); ok {
		t.Errorf("a picture one cell off taken as a solution")
	}
}
