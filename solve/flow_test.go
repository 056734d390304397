package solve

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/puzzle"
)

var flowSeeds = flag.String("flow-seeds", "", "measure the counting relaxation on the failing dives of these random 40×40 grids at -dive-density (comma-separated seeds)")

// TestFlowForcedCellsHold checks the relaxation against brute force on
// small random grids, at states reached by setting random cells to random
// colours (line logic propagating): when it finds a state infeasible, no
// solution extends it; each cell it forces has its colour in every
// solution that does. It also counts what the relaxation found beyond line
// logic, so that a relaxation that never fires fails it.
func TestFlowForcedCellsHold(t *testing.T) {
	fired := [2]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		img := randomImage(seed, 6, 6, 0.5)
		p := puzzleOf(img, 2)
		s := solverFor(context.Background(), p, options{})
		if ok, _ := s.g.propagate(); !ok {
			t.Fatal("contradiction")
		}
		r := rand.New(rand.NewPCG(seed, 7))
		for step := 0; !s.g.solved(); step++ {
			sols := bruteSolutions(p, s.g.cells)
			for k, byBlocks := range []bool{false, true} {
				res := s.g.flowCheck(byBlocks)
				if !res.ok {
					if len(sols) > 0 {
						t.Fatalf("seed %d step %d blocks %v: infeasible, but %d solutions", seed, step, byBlocks, len(sols))
					}
					fired[k]++
					continue
				}
				for _, sol := range sols {
					for _, c := range res.black {
						if sol[c] != 1 {
							t.Fatalf("seed %d step %d blocks %v: cell %d forced black, white in a solution", seed, step, byBlocks, c)
						}
					}
					for _, c := range res.white {
						if sol[c] != 0 {
							t.Fatalf("seed %d step %d blocks %v: cell %d forced white, black in a solution", seed, step, byBlocks, c)
						}
					}
				}
				if len(res.black)+len(res.white) > 0 {
					fired[k]++
				}
			}
			var open []int
			for i, c := range s.g.cells {
				if !c.single() {
					open = append(open, i)
				}
			}
			c := open[r.IntN(len(open))]
			s.g.set(c, 1<<r.IntN(2))
			if ok, _ := s.g.propagate(); !ok {
				break
			}
		}
	}
	t.Logf("states where the relaxation found something beyond line logic: per line %d, per block %d", fired[0], fired[1])
	if fired[0] == 0 || fired[1] <= fired[0] {
		t.Errorf("the relaxation found too little: per line %d, per block %d", fired[0], fired[1])
	}
}

// bruteSolutions returns every solution of p that agrees with cells.
func bruteSolutions(p *puzzle.Puzzle, cells []colorSet) [][]uint8 {
	w, h := p.Width, p.Height
	rowCands := make([][][]uint8, h)
	for y, l := range p.Rows {
		for _, c := range linePlacements(l, w, 2) {
			ok := true
			for x, v := range c {
				ok = ok && cells[y*w+x]&(1<<v) != 0
			}
			if ok {
				rowCands[y] = append(rowCands[y], c)
			}
		}
	}
	var out [][]uint8
	sol := make([]uint8, w*h)
	var rec func(y int)
	rec = func(y int) {
		if y == h {
			img := puzzle.NewImage(w, h)
			copy(img.Cells, sol)
			if p.Satisfies(img) {
				out = append(out, slices.Clone(sol))
			}
			return
		}
		for _, r := range rowCands[y] {
			copy(sol[y*w:], r)
			rec(y + 1)
		}
	}
	rec(0)
	return out
}

// flowStats counts what the relaxation found over a dive.
type flowStats struct {
	steps, fails, forcedSteps, forced, cascade, cascadeFails int
	cpu                                                      time.Duration
	failDepths                                               []int
}

func (f *flowStats) String() string {
	return fmt.Sprintf("steps %d infeasible %d steps-with-forced %d forced %d (line logic after them: %d more, %d contradictions) cpu %.2fs",
		f.steps, f.fails, f.forcedSteps, f.forced, f.cascade, f.cascadeFails, f.cpu.Seconds())
}

// measure runs the relaxation on the grid's state and, when it forces
// cells, sets them and propagates (undone after).
func (f *flowStats) measure(g *grid, byBlocks bool, depth int) {
	start := processCPU()
	defer func() { f.cpu += processCPU() - start }()
	f.steps++
	r := g.flowCheck(byBlocks)
	if !r.ok {
		f.fails++
		f.failDepths = append(f.failDepths, depth)
		return
	}
	if len(r.black)+len(r.white) == 0 {
		return
	}
	f.forcedSteps++
	f.forced += len(r.black) + len(r.white)
	m := g.mark()
	for _, c := range r.black {
		g.set(c, 2)
	}
	for _, c := range r.white {
		g.set(c, 1)
	}
	unknown := g.unknown
	ok, _ := g.propagate()
	if !ok {
		f.cascadeFails++
		f.failDepths = append(f.failDepths, -depth)
	} else {
		f.cascade += unknown - g.unknown
	}
	g.undo(m)
}

// TestFlowRate is a measurement: on each grid of -flow-seeds, from the SAT
// fallback's starting state, the relaxation (per line, and per block) at
// the root and after each step of the probing dive that line logic and
// probing accept: how often it finds the state infeasible, and how many
// cells it settles that they did not.
func TestFlowRate(t *testing.T) {
	if *flowSeeds == "" {
		t.Skip("a measurement: give -flow-seeds")
	}
	for _, f := range strings.Split(*flowSeeds, ",") {
		seed, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		name := randomCaseName(40, *diveDensity, seed)
		p := puzzleOf(randomImage(seed, 40, 40, *diveDensity), 2)
		var plain, blocks flowStats
		var repairs []string
		lastPlain, lastBlocks := 0, 0
		var s *solver
		opts := options{
			onSettle: func(depth int) {
				plain.measure(s.g, false, depth)
				blocks.measure(s.g, true, depth)
			},
			onRepair: func(taken, dead int) {
				repairs = append(repairs, fmt.Sprintf("dead end at %d decisions, proved dead at %d; relaxation infeasible since last repair at depths plain %v blocks %v",
					taken, dead, plain.failDepths[lastPlain:], blocks.failDepths[lastBlocks:]))
				lastPlain, lastBlocks = len(plain.failDepths), len(blocks.failDepths)
			},
		}
		s = probedSolver(t, name, p, opts)
		var root0, root1 flowStats
		root0.measure(s.g, false, 0)
		root1.measure(s.g, true, 0)
		t.Logf("%s root: %d open; plain %v; blocks %v", name, s.g.unknown, &root0, &root1)
		start := processCPU()
		if _, _, err := s.diveWith(newDiveStack(s, s.jumpsBeforeRepair(), true)); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s dive found %v cpu %.2fs", name, len(s.solutions) > 0, (processCPU() - start).Seconds())
		t.Logf("%s plain: %v", name, &plain)
		t.Logf("%s blocks: %v", name, &blocks)
		for _, r := range repairs {
			t.Logf("%s   %s", name, r)
		}
		t.Logf("%s blocks infeasible/contradiction depths (negative: after setting its forced cells): %v", name, blocks.failDepths)
	}
}
