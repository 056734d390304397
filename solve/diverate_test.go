package solve

import (
	"context"
	"flag"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

var (
	diveDensity      = flag.Float64("dive-density", 0.45, "with -dive-seeds: the density of the random 40×40 grids")
	diveFirst        = flag.Int("dive-first", 1, "with -dive-seeds: the first seed (a range held out from choosing settings)")
	diveSeeds        = flag.Int("dive-seeds", 0, "measure how often the dive finds a first solution on random 40×40 grids of seeds -dive-first to this one, and log each dive's CPU time")
	diveRepairsFlag  = flag.Int("dive-repairs", 0, "with -dive-seeds: the dive's SAT repairs (0 for the default, -1 for none)")
	repairBudgetFlag = flag.Int("repair-budget", 0, "with -dive-seeds: conflicts per question of a SAT repair (0 for the default)")
	repairJumpsFlag  = flag.Int("repair-jumps", 0, "with -dive-seeds: backjumps before the first SAT repair and between two (0 for the default, -1 for none)")
)

// propagatedSolver returns a solver of p, with opts and ctx, at line
// logic's state. name says which puzzle it is when line logic finds a
// contradiction.
func propagatedSolver(t *testing.T, ctx context.Context, name string, p *puzzle.Puzzle, opts options) *solver {
	t.Helper()
	s := solverFor(ctx, p, opts)
	if ok, err := s.g.propagate(); !ok || err != nil {
		t.Fatalf("%s: line logic found a contradiction (%v)", name, err)
	}
	return s
}

// probedSolver returns a solver of p, with opts, at the state the search
// starts from: line logic and probing done. name says which puzzle it is
// when either finds a contradiction.
func probedSolver(t *testing.T, name string, p *puzzle.Puzzle, opts options) *solver {
	t.Helper()
	s := propagatedSolver(t, context.Background(), name, p, opts)
	s.g.startCaching()
	if ok, err := s.probeToFixedPoint(); !ok || err != nil {
		t.Fatalf("%s: probing found a contradiction (%v)", name, err)
	}
	return s
}

// TestDiveRate is a measurement, not a check: from the state the SAT
// fallback starts from (line logic and probing at the root), it runs the dive
// alone on each grid and logs whether it reached a solution and its CPU
// time, and checks each solution against the clues. The hard set's 40×40 grids at densities 0.4 to 0.45 are wide open
// there (nearly every cell unsolved), and each dive that finds a solution
// spares the SAT solver its longest search.
func TestDiveRate(t *testing.T) {
	if *diveSeeds == 0 {
		t.Skip("a measurement: give -dive-seeds")
	}
	found := 0
	total := processCPU()
	for seed := uint64(*diveFirst); seed <= uint64(*diveSeeds); seed++ {
		name := randomCaseName(40, *diveDensity, seed)
		p := puzzleOf(randomImage(seed, 40, 40, *diveDensity), 2)
		s := probedSolver(t, name, p, options{diveRepairs: *diveRepairsFlag, repairBudget: *repairBudgetFlag, repairJumps: *repairJumpsFlag})
		start := processCPU()
		if _, _, err := s.dive(); err != nil {
			t.Fatal(err)
		}
		if len(s.solutions) > 0 {
			found++
			if !p.Satisfies(s.solutions[0]) {
				t.Errorf("%s: the dive's solution does not satisfy the clues", name)
			}
		}
		t.Logf("%s dive found %-5v cpu %.2fs", name, len(s.solutions) > 0, (processCPU() - start).Seconds())
	}
	t.Logf("found %d of %d, cpu %.1fs in all", found, *diveSeeds-*diveFirst+1, (processCPU() - total).Seconds())
}
