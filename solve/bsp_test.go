package solve

import (
	"flag"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	bspSeeds   = flag.String("bsp-seeds", "", "measure the backtracking decimation (bsp.go) on the random 40×40 grids of these seeds (comma-separated, a-b for a range), logging each run's CPU time")
	bspCPU     = flag.Duration("bsp-cpu", 10*time.Second, "with -bsp-seeds: CPU time per grid")
	bspFrac    = flag.Float64("bsp-frac", bspDefaults.frac, "with -bsp-seeds: share of the open cells set per batch")
	bspRatio   = flag.Float64("bsp-ratio", bspDefaults.ratio, "with -bsp-seeds: decisions released per decision set")
	bspBelow   = flag.Float64("bsp-below", bspDefaults.below, "with -bsp-seeds: release only decisions whose cavity share is below this")
	bspStep    = flag.Int("bsp-step", bspDefaults.stepRounds, "with -bsp-seeds: half rounds of the beliefs after each batch")
	bspProbing = flag.Bool("bsp-probing", false, "with -bsp-seeds: probe the lines each decision changes")
	bspDead    = flag.Int("bsp-dead", bspDefaults.deadRelease, "with -bsp-seeds: decisions released at a dead end")
	bspRoot    = flag.Int("bsp-root", 0, "with -bsp-seeds: the cavity from this many half rounds of the root state's beliefs (0: each decision's lines)")
	bspSoften  = flag.Float64("bsp-soften", 1, "with -bsp-root: raise the messages to this power first")
	bspBlame   = flag.Bool("bsp-blame", false, "with -bsp-seeds: at a dead end release the decision blame names")
)

// bspSeedList parses -bsp-seeds.
func bspSeedList(t *testing.T) []uint64 {
	var seeds []uint64
	for _, part := range strings.Split(*bspSeeds, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.ParseUint(lo, 10, 64)
		b := a
		if err == nil && isRange {
			b, err = strconv.ParseUint(hi, 10, 64)
		}
		if err != nil {
			t.Fatalf("-bsp-seeds %q: %v", *bspSeeds, err)
		}
		for s := a; s <= b; s++ {
			seeds = append(seeds, s)
		}
	}
	return seeds
}

// TestBSPRate is a measurement, not a check: from the state the SAT
// fallback starts from, it runs the backtracking decimation alone on each
// grid for -bsp-cpu of CPU, logs whether it found a solution, its CPU time
// and what it did, and checks each solution against the clues.
func TestBSPRate(t *testing.T) {
	if *bspSeeds == "" {
		t.Skip("a measurement: give -bsp-seeds")
	}
	o := bspDefaults
	o.frac, o.ratio, o.below, o.stepRounds = *bspFrac, *bspRatio, *bspBelow, *bspStep
	o.soften = *bspSoften
	o.probing, o.deadRelease, o.blame, o.rootRounds = *bspProbing, *bspDead, *bspBlame, *bspRoot
	found, seeds := 0, bspSeedList(t)
	for _, seed := range seeds {
		name := randomCaseName(40, 0.45, seed)
		img := randomImage(seed, 40, 40, 0.45)
		p := puzzleOf(img, 2)
		s := probedSolver(t, name, p, options{})
		o.want = img.Cells
		start := processCPU()
		st, err := s.bsp(o, func() bool { return processCPU()-start > *bspCPU })
		if err != nil {
			t.Fatal(err)
		}
		ok := len(s.solutions) > 0
		if ok {
			found++
			if !p.Satisfies(s.solutions[0]) {
				t.Errorf("%s: the solution does not satisfy the clues", name)
			}
		}
		t.Logf("%s found %-5v cpu %6.2fs %+v", name, ok, (processCPU() - start).Seconds(), st)
	}
	t.Logf("found %d of %d", found, len(seeds))
}

// TestBSPFindsSolutions runs the backtracking decimation on small random
// grids: each solution it records satisfies the clues, it leaves the grid
// as it found it, and it finds most of them.
func TestBSPFindsSolutions(t *testing.T) {
	found, n := 0, 0
	for _, blame := range []bool{false, true} {
		for seed := uint64(1); seed <= 20; seed++ {
			p := puzzleOf(randomImage(seed, 10, 10, 0.5), 2)
			s := solverFor(t.Context(), p, options{})
			if ok, err := s.g.propagate(); !ok || err != nil {
				continue // line logic alone finds no solution: skip
			}
			before := append([]colorSet(nil), s.g.cells...)
			o := bspDefaults
			o.blame = blame
			rounds := 0
			st, err := s.bsp(o, func() bool { rounds++; return rounds > 200 })
			t.Logf("seed %d blame %v found %v %+v", seed, blame, len(s.solutions) > 0, st)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if len(s.solutions) > 0 {
				found++
				if !p.Satisfies(s.solutions[0]) {
					t.Errorf("seed %d: the solution does not satisfy the clues", seed)
				}
			}
			for i := range before {
				if s.g.cells[i] != before[i] {
					t.Fatalf("seed %d: cell %d left at %v, was %v", seed, i, s.g.cells[i], before[i])
				}
			}
		}
	}
	if found < n*9/10 {
		t.Errorf("found %d of %d", found, n)
	}
}
