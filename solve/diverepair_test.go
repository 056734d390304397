package solve

import (
	"context"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

func TestDiveRepairRefutesOnlyADeadPrefix(t *testing.T) {
	// At the dead ends of a search without backjumps, a repair names a
	// decision whose prefix (it and the decisions before it) a SAT solver
	// with no budget, built afresh, finds without a model; on some, one
	// before the last decision.
	checked, earlier := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		d, fresh := deadEnd(t, seed)
		if d == nil {
			continue
		}
		d.s.opts.diveRepairs = 1
		k, solved, err := d.satRepair()
		if err != nil || solved || k < 0 {
			continue
		}
		var prefix []lit
		for _, dec := range d.taken[:k+1] {
			prefix = append(prefix, fresh.cellLit(dec.cell, dec.color))
		}
		if st := fresh.sat.solveUnder(prefix); st != satFalse {
			t.Errorf("seed %d: the repair refutes decision %d of %d, whose prefix has a model (%v)", seed, k, len(d.taken), st)
		}
		checked++
		if k < len(d.taken)-1 {
			earlier++
		}
	}
	if checked == 0 || earlier == 0 {
		t.Errorf("%d repairs checked, %d before the last decision: the test shows too little", checked, earlier)
	}
}

func TestDiveRepairRefutesTheCulprit(t *testing.T) {
	// A first decision that no solution has, which line logic and probing
	// notice only decisions later: one repair refutes it (and no backjump
	// after it could), where the search without repairs dies with it taken.
	cases := 0
	for seed := uint64(1); seed <= 40; seed++ {
		img := randomImage(seed, 20, 20, 0.5)
		p := puzzleOf(img, 2)
		x, wrong := wrongDecision(t, p, img)
		if x < 0 {
			continue
		}
		without := culpritSearch(t, p, options{diveRepairs: -1}, img, x, wrong)
		if without.cells[x] != 1<<wrong {
			continue // probing refuted it: no case here
		}
		cases++
		with := culpritSearch(t, p, options{diveRepairs: 1, repairJumps: -1}, img, x, wrong)
		if with.cells[x] == 1<<wrong {
			t.Errorf("seed %d: the repair left cell %d's wrong colour", seed, x)
		}
	}
	if cases == 0 {
		t.Fatal("no wrong decision survives probing: the test shows nothing")
	}
}

func TestDiveRepairsCompleteTheSearch(t *testing.T) {
	// A repair refutes only what the SAT solver proved (or line logic
	// found) dead, and the last decision at worst: with repairs to spare
	// and no backjumps, the probing search reaches a solution of every
	// random grid, where without them it stops short on some.
	stuck := 0
	for seed := uint64(1); seed <= 30; seed++ {
		p := puzzleOf(randomImage(seed, 20, 20, 0.5), 2)
		if _, ok := scanSearchWith(t, p, options{diveRepairs: -1}, 0, true); !ok {
			stuck++
		}
		if img, ok := scanSearchWith(t, p, options{diveRepairs: 1 << 30, repairJumps: -1}, 0, true); !ok || !p.Satisfies(img) {
			t.Errorf("seed %d: with repairs, a solution reached %v (one that satisfies the clues: %v)", seed, ok, ok && p.Satisfies(img))
		}
	}
	if stuck == 0 {
		t.Error("no grid stops the search without repairs: the test shows nothing")
	}
}

func TestDiveRepairStopsWithTheContext(t *testing.T) {
	// Once the context is done, a repair's question to the SAT solver, and
	// the propagation of a model it found, report errBudget as the rest of
	// the dive does. Each is made to look at the context at its next check
	// (checkIn), as it would within its next checkEvery steps.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, cell := repairAfterOneDecision(t, ctx)
	g := d.s.g
	if st, err := d.askPrefix(len(d.taken)); st != satTrue || err != nil {
		t.Fatalf("the image's colour of cell %d: %v, %v; want a model", cell, st, err)
	}
	cancel()
	g.checkIn = checkEvery - 1
	if _, err := d.takeModel(); err != errBudget {
		t.Errorf("taking the model with the context done: %v, want errBudget", err)
	}
	d.repair.e.sat.checkIn = checkEvery - 1
	if _, err := d.askPrefix(0); err != errBudget {
		t.Errorf("asking with the context done: %v, want errBudget", err)
	}
}

// repairAfterOneDecision returns a dive stack on the random 20×20 grid of
// seed 1, from line logic's state, that has set the first open cell to the
// image's colour (the cell is returned too), with a repair's SAT solver
// made before that decision.
func repairAfterOneDecision(t *testing.T, ctx context.Context) (d *diveStack, cell int) {
	t.Helper()
	img := randomImage(1, 20, 20, 0.45)
	s := solverFor(ctx, puzzleOf(img, 2), options{})
	if ok, err := s.g.propagate(); !ok || err != nil {
		t.Fatalf("line logic found a contradiction (%v)", err)
	}
	d = newDiveStack(s, 0, true)
	cell = firstOpen(s.g, 0)
	if ok, err := d.decide(cell, int(img.Cells[cell])); !ok || err != nil {
		t.Fatalf("the image's colour of cell %d failed (%v)", cell, err)
	}
	d.repair = newDiveRepair(s, d.taken[0].mark)
	return d, cell
}

func TestDiveRepairGivesFreshBackjumps(t *testing.T) {
	// A repair that refutes a decision gives the dive repairJumps
	// backjumps again before the next one.
	for seed := uint64(1); seed <= 12; seed++ {
		d, _ := deadEnd(t, seed)
		if d == nil {
			continue
		}
		d.s.opts.diveRepairs, d.s.opts.repairJumps = 1, 5
		if k, solved, err := d.satRepair(); err != nil || solved || k < 0 {
			continue
		}
		if d.jumpsLeft != 5 {
			t.Errorf("seed %d: after a repair, %d backjumps left, want 5", seed, d.jumpsLeft)
		}
		return
	}
	t.Fatal("no repair refuted a decision: the test shows nothing")
}

// deadEnd decides the first open cell in reading order, filled, on the
// random 30×30 grid of seed at density 0.5, probing, without backjumps or
// repairs, and returns the dive's stack at the dead end it stops at and a
// SAT search of the grid as it was before the first decision; or nil when
// it reaches a solution instead.
func deadEnd(t *testing.T, seed uint64) (*diveStack, *satSearch) {
	t.Helper()
	p := puzzleOf(randomImage(seed, 30, 30, 0.5), 2)
	s := solverFor(context.Background(), p, options{diveRepairs: -1})
	g := s.g
	if ok, err := g.propagate(); !ok || err != nil {
		t.Fatalf("line logic found a contradiction (%v)", err)
	}
	fresh := newSatSearch(s)
	d := newDiveStack(s, 0, true)
	for !g.solved() {
		if ok, err := d.decide(firstOpen(g, 0), 1); err != nil || !ok {
			break
		}
	}
	if g.solved() || len(d.taken) == 0 {
		return nil, nil
	}
	return d, fresh
}

// wrongDecision returns, after line logic, an open cell and a colour the
// SAT solver proves no solution gives it; or -1.
func wrongDecision(t *testing.T, p *puzzle.Puzzle, img *puzzle.Image) (cell, color int) {
	t.Helper()
	s := solverFor(context.Background(), p, options{})
	if ok, err := s.g.propagate(); !ok || err != nil {
		t.Fatalf("line logic found a contradiction (%v)", err)
	}
	e := newSatSearch(s)
	for c, set := range s.g.cells {
		wrong := 1 - int(img.Cells[c])
		if !set.single() && e.sat.solveUnder([]lit{e.cellLit(c, wrong)}) == satFalse {
			return c, wrong
		}
	}
	return -1, -1
}

// culpritSearch decides cell x to wrong, then the first open cell in
// reading order to img's colour, with no backjumps, until the grid is
// solved or the search gives up, and returns the grid.
func culpritSearch(t *testing.T, p *puzzle.Puzzle, opts options, img *puzzle.Image, x, wrong int) *grid {
	t.Helper()
	s := solverFor(context.Background(), p, opts)
	g := s.g
	if ok, err := g.propagate(); !ok || err != nil {
		t.Fatalf("line logic found a contradiction (%v)", err)
	}
	d := newDiveStack(s, 0, true)
	cell, color := x, wrong
	for {
		ok, err := d.decide(cell, color)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || g.solved() {
			return g
		}
		cell = firstOpen(g, 0)
		color = int(img.Cells[cell])
	}
}
