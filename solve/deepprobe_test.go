package solve

import (
	"flag"
	"testing"
)

var (
	deepSeeds  = flag.String("deep-seeds", "", "measure two-level probing (deepprobe.go) at the plain dive's first dead end on the random 40×40 grids of these seeds (as -bsp-seeds)")
	deepBudget = flag.Int("deep-budget", 20000, "with -deep-seeds: conflicts per question of the SAT solver that looks for the shortest dead prefix")
)

// TestDeepProbeRate is a measurement, not a check: on each grid it takes
// the beliefs' decisions as the dive does (a failing colour gets the other
// one, line logic and probing of the changed lines after each) up to the
// first cell none of whose colours holds (depth L); the SAT solver then
// looks for the shortest prefix it can prove dead (P); and for probing of
// every open cell, one level deep and two, bisection finds the shortest
// prefix in which it finds a cell without a colour.
func TestDeepProbeRate(t *testing.T) {
	if *deepSeeds == "" {
		t.Skip("a measurement: give -deep-seeds")
	}
	saved := *bspSeeds
	*bspSeeds = *deepSeeds
	seeds := bspSeedList(t)
	*bspSeeds = saved
	for _, seed := range seeds {
		name := randomCaseName(40, 0.45, seed)
		img := randomImage(seed, 40, 40, 0.45)
		p := puzzleOf(img, 2)
		s := probedSolver(t, name, p, options{})
		g := s.g
		root := g.mark()
		start := processCPU()
		b, _, err := firstBeliefs(g)
		if err != nil {
			t.Fatal(err)
		}
		d := newDiveStack(s, 0, true)
		firstWrong := -1
		dead := false
		for !g.solved() && !dead {
			cell, c := b.surest()
			m := g.mark()
			ok, err := d.push(cell, c, m)
			if err == nil && !ok {
				g.undo(m)
				d.taken = d.taken[:len(d.taken)-1]
				ok, err = d.push(cell, 1-c, m)
				if err == nil && !ok {
					g.undo(m)
					d.taken = d.taken[:len(d.taken)-1]
					dead = true
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			if ok && firstWrong < 0 && int(img.Cells[d.taken[len(d.taken)-1].cell]) != d.taken[len(d.taken)-1].color {
				firstWrong = len(d.taken)
			}
			b.run(diveStepRounds)
		}
		if !dead {
			t.Logf("%s: the plain dive found a solution", name)
			continue
		}
		taken := append([]diveDecision(nil), d.taken...)
		L := len(taken)
		d.repair = newDiveRepair(s, root)
		d.repair.budget = *deepBudget
		P, solved, err := d.shortestDeadPrefix()
		if err != nil {
			t.Fatal(err)
		}
		diveCPU := processCPU() - start
		if solved {
			t.Logf("%s: the SAT solver found a model of a prefix", name)
			continue
		}
		// deadAt replays the first k decisions and reports whether probing
		// every open cell (deep: two levels) finds the state dead.
		probes := 0
		deadAt := func(k int, deep bool) bool {
			g.undo(root)
			r := newDiveStack(s, 0, true)
			for _, dec := range taken[:k] {
				if ok, err := r.push(dec.cell, dec.color, g.mark()); !ok || err != nil {
					if err != nil {
						t.Fatal(err)
					}
					return true
				}
			}
			var open []int
			for i, set := range g.cells {
				if !set.single() {
					open = append(open, i)
				}
			}
			ok, err := r.deepProbe(open, deep, &probes)
			if err != nil {
				t.Fatal(err)
			}
			return !ok
		}
		bisect := func(deep bool) (int, float64) {
			c0 := processCPU()
			lo, hi := max(0, P-1), L // lo taken as alive, hi dead
			for hi-lo > 1 {
				mid := (lo + hi) / 2
				if deadAt(mid, deep) {
					hi = mid
				} else {
					lo = mid
				}
			}
			return hi, (processCPU() - c0).Seconds()
		}
		one, cpu1 := bisect(false)
		two, cpu2 := bisect(true)
		c0 := processCPU()
		deadAt(P, true)
		cpuCheck := (processCPU() - c0).Seconds()
		g.undo(root)
		t.Logf("%s first decision off the image %d, dive's dead end L %d, SAT's shortest dead prefix P %d (%.1fs); probing all cells: one level finds dead at %d (%.1fs), two levels at %d (%.1fs); one two-level check at P %.1fs; %d propagations",
			name, firstWrong, L, P, diveCPU.Seconds(), one, cpu1, two, cpu2, cpuCheck, probes)
	}
}

var deepDiveSeeds = flag.String("deep-dive-seeds", "", "run the dive with two-level probing (deepprobe.go) on the random 40×40 grids of these seeds (as -bsp-seeds), -bsp-cpu of CPU each")

// TestDeepDiveRate is a measurement, not a check: the dive with two-level
// probing of each step's changed lines, from the SAT fallback's starting
// state, for -bsp-cpu of CPU per grid; each solution is checked against
// the clues.
func TestDeepDiveRate(t *testing.T) {
	if *deepDiveSeeds == "" {
		t.Skip("a measurement: give -deep-dive-seeds")
	}
	saved := *bspSeeds
	*bspSeeds = *deepDiveSeeds
	seeds := bspSeedList(t)
	*bspSeeds = saved
	for _, seed := range seeds {
		name := randomCaseName(40, 0.45, seed)
		p := puzzleOf(randomImage(seed, 40, 40, 0.45), 2)
		s := probedSolver(t, name, p, options{})
		start := processCPU()
		steps, refuted, err := s.deepDive(func() bool { return processCPU()-start > *bspCPU })
		if err != nil {
			t.Fatal(err)
		}
		ok := len(s.solutions) > 0
		if ok && !p.Satisfies(s.solutions[0]) {
			t.Errorf("%s: the solution does not satisfy the clues", name)
		}
		t.Logf("%s found %-5v cpu %6.2fs steps %d, refuted by two-level probing %d", name, ok, (processCPU() - start).Seconds(), steps, refuted)
	}
}
