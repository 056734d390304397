package solve

import (
	"context"
	"flag"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

var (
	walkSeeds = flag.Int("walk-seeds", 0, "measure how often the walk finds a first solution after a failed dive on random 40×40 grids (-dive-density) of seeds -walk-from to this one")
	walkFrom  = flag.Int("walk-from", 1, "with -walk-seeds: the first seed")
	walkStart = flag.String("walk-start", "dive", "with -walk-seeds: start from the dive's colours (dive) or from no cell filled (empty)")
)

// TestWalkRate is a measurement, not a check: from the state the SAT
// fallback starts from, it runs the dive and, when the dive finds no
// solution, the walk from the dive's colours, and logs whether each found
// one, their CPU time and the walk's energies (at the start, its lowest and
// at the end), and checks each solution against the clues.
func TestWalkRate(t *testing.T) {
	if *walkSeeds == 0 {
		t.Skip("a measurement: give -walk-seeds")
	}
	dived, walked, tried := 0, 0, 0
	total := processCPU()
	for seed := uint64(*walkFrom); seed <= uint64(*walkSeeds); seed++ {
		name := randomCaseName(40, *diveDensity, seed)
		p := puzzleOf(randomImage(seed, 40, 40, *diveDensity), 2)
		s := satStart(t, p)
		start := processCPU()
		colors, _, err := s.dive()
		if err != nil {
			t.Fatal(err)
		}
		diveCPU := processCPU() - start
		if len(s.solutions) > 0 {
			dived++
			t.Logf("%s dive found, cpu %.2fs", name, diveCPU.Seconds())
			continue
		}
		tried++
		if *walkStart == "empty" {
			clear(colors)
		}
		start = processCPU()
		a := newAnnealer(s, colors)
		first := a.energy
		ok, err := a.run(walkMoves)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			walked++
			if !p.Satisfies(s.solutions[0]) {
				t.Errorf("%s: the walk's solution does not satisfy the clues", name)
			}
		}
		t.Logf("%s dive failed (cpu %.2fs), walk found %-5v energy %d, lowest %d, last %d, cpu %.2fs",
			name, diveCPU.Seconds(), ok, first, a.best, a.energy, (processCPU() - start).Seconds())
	}
	t.Logf("dive found %d, walk %d of the %d left, cpu %.1fs in all", dived, walked, tried, (processCPU() - total).Seconds())
}

// satStart returns a solver of p in the state the SAT fallback starts
// from: line logic and probing at the root.
func satStart(t *testing.T, p *puzzle.Puzzle) *solver {
	t.Helper()
	s := solverFor(context.Background(), p, options{})
	if ok, err := s.g.propagate(); !ok || err != nil {
		t.Fatalf("%s: line logic found a contradiction (%v)", p.Where(), err)
	}
	s.g.startCaching()
	if ok, err := s.probeToFixedPoint(); !ok || err != nil {
		t.Fatalf("%s: probing found a contradiction (%v)", p.Where(), err)
	}
	return s
}
