package solve

import (
	"context"
	"testing"
)

// diveFrom runs the dive with d's settings (jumps, probing of the changed
// lines, surest cells probed) from the SAT fallback's start on a random
// size×size grid at density 0.45, and reports whether it found a solution
// that satisfies the clues, and that it left the grid as it was.
func diveFrom(t *testing.T, seed uint64, size, jumps int, probing bool, surest int) bool {
	t.Helper()
	p := puzzleOf(randomImage(seed, size, size, 0.45), 2)
	s := solverFor(context.Background(), p, options{})
	if ok, err := s.g.propagate(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if ok, err := s.probeToFixedPoint(); !ok || err != nil || s.g.solved() {
		t.Fatal(ok, err)
	}
	before := s.g.mark()
	d := newDiveStack(s, jumps, probing)
	d.surest = surest
	if _, _, err := s.diveWith(d); err != nil {
		t.Fatal(err)
	}
	if s.g.mark() != before {
		t.Errorf("seed %d: the dive left the grid changed", seed)
	}
	if len(s.solutions) > 0 && !p.Satisfies(s.solutions[0]) {
		t.Errorf("seed %d: the dive's solution breaks the clues", seed)
	}
	return len(s.solutions) > 0
}

// TestDiveProbesBeforeGuessing runs the plain dive (no backjumps, no
// probing of the changed lines) on random 20×20 grids at density 0.45
// where it dead-ends without probing the surest cells (its guesses of
// share 0.95 and more go wrong, and line logic sees it only many guesses
// later): probing the cells the beliefs are surest of before each guess
// settles what a guess would have got wrong, and each dive finds a
// solution.
func TestDiveProbesBeforeGuessing(t *testing.T) {
	for _, seed := range []uint64{4, 6, 8} {
		if !diveFrom(t, seed, 20, 0, false, diveProbes) {
			t.Errorf("seed %d: the dive found no solution", seed)
		}
	}
}

// TestDiveBackjumpsFromAProbedDeadEnd runs the backjumping dive with the
// surest cells probed on random grids at density 0.45 where a probe leaves
// a cell with no colour: the dive backjumps from it (as from a decision's
// dead end) and finds a solution, where stopping there, or backjumping
// without probing the surest cells, finds none.
func TestDiveBackjumpsFromAProbedDeadEnd(t *testing.T) {
	for _, c := range []struct {
		seed uint64
		size int
	}{{9, 20}, {1, 25}, {14, 25}} {
		if !diveFrom(t, c.seed, c.size, diveJumps, false, diveProbes) {
			t.Errorf("%d×%d seed %d: the dive found no solution", c.size, c.size, c.seed)
		}
	}
}
