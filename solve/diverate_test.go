package solve

import (
	"context"
	"flag"
	"testing"
)

var (
	diveDensity   = flag.Float64("dive-density", 0.45, "with -dive-seeds: the density of the random 40×40 grids")
	diveFirst     = flag.Int("dive-first", 1, "with -dive-seeds: the first seed (a range held out from choosing settings)")
	diveTriesFlag = flag.Int("dive-tries", -1, "with -dive-seeds: more dives after a failed one (-1: the dive's own)")
	diveRule      = flag.String("dive-rule", "sample", "with -dive-tries: how a later dive differs: sample, sample-colors, sample-early (the first -dive-avoid decisions), avoid, avoid-all")
	diveTempFlag  = flag.Float64("dive-temp", 0.01, "with -dive-rule sample: the temperature")
	diveAvoid     = flag.Int("dive-avoid", 100, "with -dive-rule avoid: how many of the failed dive's first decisions are avoided, for as many steps")
	diveTrace     = flag.Bool("dive-trace", false, "with -dive-tries: log each dive's first decision against the image")
	diveSeeds     = flag.Int("dive-seeds", 0, "measure how often the dive finds a first solution on random 40×40 grids of seeds -dive-first to this one, and log each dive's CPU time")
)

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
		img := randomImage(seed, 40, 40, *diveDensity)
		p := puzzleOf(img, 2)
		s := solverFor(context.Background(), p, options{})
		if ok, err := s.g.propagate(); !ok || err != nil {
			t.Fatalf("seed %d: line logic found a contradiction (%v)", seed, err)
		}
		s.g.startCaching()
		if ok, err := s.probeToFixedPoint(); !ok || err != nil {
			t.Fatalf("seed %d: probing found a contradiction (%v)", seed, err)
		}
		start, tries := processCPU(), 0
		dive := s.dive
		if *diveTriesFlag >= 0 {
			rule, k := diveRuleNamed(t, *diveRule, &tries), *diveTriesFlag
			if *diveTrace {
				rule, k = tracedRule(t, name, img.Cells, rule), -k
			}
			dive = func() ([]uint8, []float64, error) { return s.diveTried(k, rule) }
		}
		if _, _, err := dive(); err != nil {
			t.Fatal(err)
		}
		if len(s.solutions) > 0 {
			found++
			if !p.Satisfies(s.solutions[0]) {
				t.Errorf("%s: the dive's solution does not satisfy the clues", name)
			}
		}
		t.Logf("%s dive found %-5v cpu %.2fs tries %d", name, len(s.solutions) > 0, (processCPU() - start).Seconds(), tries)
	}
	t.Logf("found %d of %d, cpu %.1fs in all", found, *diveSeeds-*diveFirst+1, (processCPU() - total).Seconds())
}

// diveRuleNamed returns the rule of -dive-rule: how the try'th dive after a
// failed one chooses its decisions.
func diveRuleNamed(t *testing.T, name string, tries *int) func(try int, failed []diveDecision) divePick {
	var avoid []bool
	return func(try int, failed []diveDecision) divePick {
		*tries = try
		switch name {
		case "sample", "sample-colors":
			return sampledPick(uint64(try), *diveTempFlag, name == "sample-colors")
		case "sample-early":
			sampled := sampledPick(uint64(try), *diveTempFlag, false)
			return func(b *beliefs, depth int) (int, int) {
				if depth < *diveAvoid {
					return sampled(b, depth)
				}
				return b.surest()
			}
		case "avoid", "avoid-all":
			if avoid == nil || name == "avoid" {
				avoid = make([]bool, 40*40)
			}
			for _, d := range failed[:min(len(failed), *diveAvoid)] {
				avoid[d.cell] = true
			}
			return avoidPick(avoid, *diveAvoid)
		}
		t.Fatalf("no dive rule %q", name)
		return nil
	}
}

// tracedRule wraps rule (try 0: the dive's own) to log each dive's first
// decision against image, its depth and share.
func tracedRule(t *testing.T, name string, image []uint8, rule func(int, []diveDecision) divePick) func(int, []diveDecision) divePick {
	return func(try int, failed []diveDecision) divePick {
		pick := divePick(surestPick)
		if try > 0 {
			pick = rule(try, failed)
		}
		logged := false
		return func(b *beliefs, depth int) (int, int) {
			cell, c := pick(b, depth)
			if !logged && uint8(c) != image[cell] {
				logged = true
				_, sh := b.likeliest(cell)
				open := 0
				for _, set := range b.g.cells {
					if !set.single() {
						open++
					}
				}
				t.Logf("%s try %d: first against the image at depth %d, cell %d (%d,%d) share %.3f, %d open", name, try, depth, cell, cell%40, cell/40, sh, open)
			}
			return cell, c
		}
	}
}
