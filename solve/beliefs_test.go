package solve

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestColorSharesMatchesPlacements checks the shares of belief propagation
// against an enumeration of every placement of random short lines, each
// weighted by the product of random priors over its other cells.
func TestColorSharesMatchesPlacements(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for k := range 400 {
		colors := 2 + r.IntN(3)
		n := 1 + r.IntN(8)
		clue, cells := randomLineCase(r, n, colors)
		prior := make([]float64, n*colors)
		for i := range prior {
			prior[i] = 0.05 + r.Float64()
		}
		want := make([]float64, n*colors)
		total := make([]float64, n)
		for _, pl := range linePlacements(clue, n, colors) {
			fits, w := true, 1.0
			for i, c := range pl {
				fits = fits && cells[i]&(1<<c) != 0
				w *= prior[i*colors+int(c)]
			}
			if !fits {
				continue
			}
			for i, c := range pl {
				x := w / prior[i*colors+int(c)] // the cell's own prior left out
				want[i*colors+int(c)] += x
				total[i] += x
			}
		}
		a := newLineAutomaton(toBlocks(clue))
		size := (n + 1) * a.states()
		got := make([]float64, n*colors)
		ok := colorShares(&a, cells, colors, prior, make([]float64, size), make([]float64, size), got)
		name := fmt.Sprintf("case %d: clue %v cells %v", k, clue, cells)
		if ok != (total[0] > 0) {
			t.Fatalf("%s: fits %v, enumeration %v", name, ok, total[0] > 0)
		}
		if !ok {
			continue
		}
		for i := range want {
			if w := want[i] / total[i/colors]; math.Abs(got[i]-w) > 1e-9 {
				t.Fatalf("%s: share of cell %d colour %d is %g, enumeration %g", name, i/colors, i%colors, got[i], w)
			}
		}
	}
}

// TestDiveSolvesOpenRandomGrid checks that the dive finds a solution of a
// random 30×30 grid at density 0.3, on which line logic finds nothing, and
// leaves the grid as it found it.
func TestDiveSolvesOpenRandomGrid(t *testing.T) {
	p := puzzleOf(randomImage(1, 30, 30, 0.3), 2)
	s := solverFor(context.Background(), p, options{})
	if ok, err := s.g.propagate(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	before := s.g.mark()
	colors, sure, err := s.dive()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.solutions) != 1 || !p.Satisfies(s.solutions[0]) {
		t.Fatalf("the dive found %d solutions (want one that satisfies the clues)", len(s.solutions))
	}
	for i, c := range colors {
		if sure[i] < 0.5 || sure[i] > 1 {
			t.Fatalf("cell %d: share %g of its likeliest colour", i, sure[i])
		}
		if s.solutions[0].Cells[i] != c {
			t.Fatalf("cell %d: the dive returned colour %d, its solution has %d", i, c, s.solutions[0].Cells[i])
		}
	}
	if s.g.mark() != before || s.g.unknown != len(s.g.cells) {
		t.Errorf("the dive left the grid changed: trail %d (was %d), %d unknown cells", s.g.mark(), before, s.g.unknown)
	}
}

// TestSatDivingAgainstBruteForce runs the SAT fallback with the dive after
// its first conflict, so that the dive's solutions and its colours as phases
// meet small random puzzles of two to four colours, checked by brute force.
func TestSatDivingAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	tally := map[Verdict]int{}
	for _, tc := range []struct{ colors, n, side int }{{2, 300, 8}, {3, 200, 7}, {4, 100, 5}} {
		for k := range tc.n {
			p := randomPuzzle(r, 2+r.IntN(tc.side-1), 2+r.IntN(tc.side-1), tc.colors)
			res := checkWithOptions(t, p, fmt.Sprintf("%d colours case %d", tc.colors, k), options{search: satOnly, noProbe: true, diveAfter: 1})
			tally[res.Verdict]++
		}
	}
	if tally[None] == 0 || tally[Unique] == 0 || tally[Multiple] == 0 {
		t.Errorf("verdicts not all exercised: %v", tally)
	}
}

// TestDiveSkipsBigGridsAndKeepsTheBudget checks that the dive leaves alone
// a grid whose belief rounds would cost too much, and that it stops with
// errBudget once the context is done.
func TestDiveSkipsBigGridsAndKeepsTheBudget(t *testing.T) {
	big := solverFor(context.Background(), puzzleOf(randomImage(1, 200, 200, 0.4), 2), options{})
	if colors, sure, err := big.dive(); colors != nil || sure != nil || err != nil || big.stats.Nodes != 0 {
		t.Errorf("200×200: the dive ran (%d colours, %d guesses, %v)", len(colors), big.stats.Nodes, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := solverFor(ctx, puzzleOf(randomImage(1, 30, 30, 0.3), 2), options{})
	if _, _, err := s.dive(); err != errBudget {
		t.Errorf("with the context done, the dive returned %v, want errBudget", err)
	}
}

// TestDiveStopsWithoutSolution runs the dive on small random puzzles with no
// solution that line logic leaves open, where every one of its dives must
// reach a cell whose colours all fail: it stops there, with a colour per
// cell, no solution recorded and the grid as it found it.
func TestDiveStopsWithoutSolution(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	stopped := 0
	for k := range 2000 {
		p := randomPuzzle(r, 2+r.IntN(5), 2+r.IntN(5), 2+r.IntN(2))
		if bruteCount(p) != 0 {
			continue
		}
		s := solverFor(context.Background(), p, options{})
		if ok, err := s.g.propagate(); !ok || err != nil || s.g.solved() {
			continue
		}
		before, unknown := s.g.mark(), s.g.unknown
		colors, _, err := s.dive()
		if err != nil || len(colors) != len(s.g.cells) || len(s.solutions) != 0 {
			t.Fatalf("case %d: the dive returned %d colours for %d cells, %d solutions, %v", k, len(colors), len(s.g.cells), len(s.solutions), err)
		}
		if s.g.mark() != before || s.g.unknown != unknown {
			t.Fatalf("case %d: the dive left the grid changed", k)
		}
		stopped++
	}
	if stopped == 0 {
		t.Error("no puzzle without a solution was left open by line logic")
	}
}
