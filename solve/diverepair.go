package solve

import (
	"cmp"
	"slices"
)

// The dive's repair by the SAT solver (divesearch.go). The dive's wrong
// decision is mostly an early one, which line logic and probing notice
// only many decisions later, and its backjumps land among the last ones.
// Once repairJumps backjumps are spent, prefixes of the dive's decisions
// are handed to the SAT solver as assumptions (sat_assume.go), each with a
// budget of conflicts. When it proves that a prefix has no model, the core
// names the decisions that together are dead, and the prefix up to the
// latest of them is dead too (the clauses and the core's other decisions
// imply the negation of that one). The search steps back from the
// decisions so far, which line logic and probing found dead, by 8, 16,
// 32... decisions (a gallop) while the prefixes are proved dead, then
// bisects between the longest prefix not proved dead and the shortest
// proved dead; the last decision of that one is refuted, the decisions
// after it are given up, and the dive goes on with fresh backjumps. A
// model found on the way is a solution: the grid is set to it and the dive
// ends. One solver serves the whole dive, so that what it learnt in one
// repair shortens the next.
//
// From the SAT fallback's starting state on random 40×40 grids at density
// 0.45, the dive found a solution on 34 of seeds 1 to 40 instead of 25, and
// on 17 of seeds 41 to 60 instead of 13 (TestDiveRate); solve/EXPERIMENTS.md
// has the settings tried.

// Defaults of the repairs (options.diveRepairs, repairBudget,
// repairJumps), and the first step of the gallop, which no option sets.
const (
	diveRepairs  = 6    // repairs per dive
	repairBudget = 2000 // conflicts per question to the SAT solver
	repairJumps  = 64   // backjumps before the first repair and between two
	repairGallop = 8    // the first step back from the dead end
)

// diveRepair is the SAT solver of one dive's repairs.
type diveRepair struct {
	e       *satSearch
	left    int   // repairs the dive may still make
	budget  int   // conflicts per question
	bounded bool  // questions stop at until (the decimation's bound, decimate.go)
	until   int   // the solver's conflicts at which every question stops, when bounded
	assumed []lit // scratch: the decisions' literals
}

// jumpsBeforeRepair returns the backjumps the dive that probes makes
// before its first repair and between two: diveJumps in all when it makes
// none.
func (s *solver) jumpsBeforeRepair() int {
	if s.opts.diveRepairs < 0 {
		return diveJumps
	}
	return max(0, cmp.Or(s.opts.repairJumps, repairJumps))
}

// newDiveRepair encodes the grid's state at mark m, which every state the
// dive reaches from now on narrows.
func newDiveRepair(s *solver, m int) *diveRepair {
	e := newSatSearchOf(s, s.g.cellsAt(m))
	return &diveRepair{e: e, left: cmp.Or(s.opts.diveRepairs, diveRepairs), budget: cmp.Or(s.opts.repairBudget, repairBudget)}
}

// cellsAt returns a copy of the cells as they were at mark m, read back
// from the trail.
func (g *grid) cellsAt(m int) []colorSet {
	cells := slices.Clone(g.cells)
	for k := len(g.trail) - 1; k >= m; k-- {
		cells[g.trail[k].cell] = g.trail[k].old
	}
	return cells
}

// satRepair is called at a dead end once the backjumps are spent: the
// decisions taken are dead. It returns the index of the decision to
// refute, the last of the shortest prefix proved dead, with fresh
// backjumps; or solved, the grid set to a solution the SAT solver found on
// the way; or -1 when the repairs are spent or the grid has no solution at
// all. Only the dive that probes repairs.
func (d *diveStack) satRepair() (refute int, solved bool, err error) {
	if len(d.taken) == 0 || !d.probing || d.s.opts.diveRepairs < 0 {
		return -1, false, nil
	}
	if d.repair == nil {
		d.repair = newDiveRepair(d.s, d.taken[0].mark)
	}
	if d.repair.left == 0 {
		return -1, false, nil
	}
	d.repair.left--
	n, solved, err := d.shortestDeadPrefix()
	if n <= 0 || solved || err != nil {
		return -1, solved, err
	}
	d.jumpsLeft = d.s.jumpsBeforeRepair()
	return n - 1, false, nil
}

// shortestDeadPrefix returns the length of the shortest prefix of the
// decisions taken known to be dead: all of them (line logic and probing
// found them dead), or a shorter one the SAT solver proves dead within the
// budget of each question, found by the gallop and then the bisection. Or
// it returns solved, the grid set to a model found on the way; or 0 when
// the clauses alone have no model.
func (d *diveStack) shortestDeadPrefix() (n int, solved bool, err error) {
	lo, hi := 0, len(d.taken) // prefix lo is not proved dead, prefix hi is
	galloping := true
	for step := repairGallop; hi-lo > 1; step *= 2 {
		mid := (lo + hi) / 2
		if galloping {
			mid = max(lo+1, hi-step)
		}
		st, err := d.askPrefix(mid)
		switch {
		case err != nil:
			return 0, false, err
		case st == satTrue:
			solved, err := d.takeModel()
			return 0, solved, err
		case st == satFalse:
			hi = d.latestInCore(d.repair.e.sat.core()) + 1
			if hi == 0 {
				return 0, false, nil // the clauses alone have no model
			}
		default:
			lo, galloping = mid, false
		}
	}
	return hi, false, nil
}

// askPrefix asks the SAT solver, within the budget (and short of
// until), whether the first n decisions have a model.
func (d *diveStack) askPrefix(n int) (satStatus, error) {
	r := d.repair
	r.assumed = r.assumed[:0]
	for k := range n {
		r.assumed = append(r.assumed, d.decisionLit(k))
	}
	r.e.sat.limit = r.e.sat.Conflicts + r.budget
	if r.bounded {
		if r.e.sat.Conflicts >= r.until {
			return satUnknown, nil
		}
		r.e.sat.limit = min(r.e.sat.limit, r.until)
	}
	return r.e.ask(r.assumed...)
}

// latestInCore returns the index of the latest decision whose literal is
// in core, or -1.
func (d *diveStack) latestInCore(core []lit) int {
	for k := len(d.taken) - 1; k >= 0; k-- {
		if slices.Contains(core, d.decisionLit(k)) {
			return k
		}
	}
	return -1
}

// decisionLit returns the repair's SAT literal of decision k: its cell has
// its colour.
func (d *diveStack) decisionLit(k int) lit {
	dec := d.taken[k]
	return d.repair.e.cellLit(dec.cell, dec.color)
}

// takeModel sets the grid, back before the first decision (when one is
// taken), to the SAT solver's model, and reports whether line logic
// accepts it (every line is then checked against its clue); or errBudget
// once the context is done.
func (d *diveStack) takeModel() (bool, error) {
	g := d.s.g
	if len(d.taken) > 0 {
		g.undo(d.taken[0].mark)
		d.taken = d.taken[:0]
	}
	return g.setAll(d.repair.e.model().Cells)
}
