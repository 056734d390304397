package solve

import (
	"cmp"
	"slices"
)

// The decimation after a failed dive (dive.go), once the SAT fallback has
// spent decimateAfter more conflicts without a solution (satsearch.go).
// The dive sets one cell at a time, the one the beliefs are surest of, and
// mends its decisions at the end of each dead end; on a few wide-open
// grids its beliefs are confidently wrong early and the repairs do not get
// it out. The decimation is another walk over the same beliefs: a batch of
// the open cells they are surest of (decimateFrac of them) is set at once,
// each to its likeliest colour as a decision, line logic and probing after
// each (the dive's settle), and the beliefs run again. A colour that fails
// gets the other one; when both fail (or the beliefs no longer lean
// anywhere) the SAT solver of the dive's repairs (diverepair.go, the state
// before the first decision encoded once) is asked whether the decisions
// have a model, its budget doubled while it cannot tell. A model is a
// solution. A refutation's core names the latest decision to blame; the
// shortest dead prefix up to it is looked for as the dive's repair does
// (steps back 8, 16, 32... then bisection), its last decision is flipped,
// the ones after it given up, and the decimation goes on.
//
// Two-colour grids only. It proves nothing, and it stops after
// decimateDecisions decisions (each cell set, each flip) or once its SAT
// solver has spent decimateConflicts conflicts per decision it may take, so
// that whether it finds a solution never depends on the machine; the SAT
// fallback then goes on as it was, or from the decimation's solution as
// after a dive that found one. solve/EXPERIMENTS.md has the measurements
// (survey propagation's section has where it comes from).

// decimateTrace, when set (by a measurement), is told after each
// decimation how many conflicts the SAT fallback had spent since the dive
// when it started, what the decimation spent, and whether a solution is
// known.
var decimateTrace func(after int, spent decimateSpent, found bool)

// decimateSpent is what one decimation spent.
type decimateSpent struct {
	decisions int // decisions taken (each cell set, each flip)
	conflicts int // its SAT solver's conflicts
	widest    int // the largest budget of one of its SAT questions: the first one's, doubled while the solver could not tell
}

// Defaults of the decimation (options.decimate for the decisions).
const (
	decimateDecisions   = 1000 // decisions and flips in all
	decimateConflicts   = 100  // conflicts of its SAT solver in all, per decision it may take
	decimateBudget      = 2000 // conflicts of a first question (options.decimateBudget)
	decimateFrac        = 0.02 // share of the open cells set per batch
	decimateFirstRounds = 30   // half rounds of the beliefs before the first batch
	decimateStepRounds  = 6    // half rounds after each batch
	decimateLean        = 0.05 // the beliefs lean once a cell's bias reaches this
)

// decimation holds one decimation's state.
type decimation struct {
	s         *solver
	b         *beliefs
	d         *diveStack // its decisions, and its settle (line logic and probing)
	left      int        // decisions it may still take
	startedAt int        // its SAT solver's conflicts when it started
	budget    int        // conflicts of a first question
	widest    int        // the largest budget a question had
	cells     []int
	biases    []float64
}

// decimateLeft returns the decisions the decimation may take: 0 when it
// is turned off.
func (s *solver) decimateLeft() int {
	if s.opts.decimate < 0 {
		return 0
	}
	return cmp.Or(s.opts.decimate, decimateDecisions)
}

// canDecimate reports whether the decimation can run on the grid as it is:
// it has decisions left, the grid has two colours, and its beliefs fit.
func (s *solver) canDecimate() bool {
	return s.decimateLeft() > 0 && s.g.colors == 2 && beliefsFit(s.g)
}

// decimate looks for a solution by decimation from the grid's state,
// records the one it finds (or a probe on the way finds) and leaves the
// grid as it was. It returns what it spent.
func (s *solver) decimate() (decimateSpent, error) {
	g := s.g
	if !s.canDecimate() {
		return decimateSpent{}, nil
	}
	root := g.mark()
	defer g.undo(root)
	dm := &decimation{s: s, b: newBeliefs(g), d: newDiveStack(s, 0, true), left: s.decimateLeft(),
		budget: cmp.Or(s.opts.decimateBudget, decimateBudget)}
	dm.d.repair = newDiveRepair(s, root)
	dm.startedAt = dm.d.repair.e.sat.Conflicts
	dm.d.repair.bounded, dm.d.repair.until = true, dm.startedAt+decimateConflicts*dm.left
	rounds := decimateFirstRounds
	for !g.solved() && len(s.solutions) == 0 {
		if !dm.b.run(rounds) {
			return dm.used(), errBudget
		}
		rounds = decimateStepRounds
		batch := dm.surest()
		if len(batch) == 0 {
			ok, err := dm.backtrack()
			if !ok || err != nil {
				return dm.used(), err
			}
			continue
		}
		for _, cell := range batch {
			if g.cells[cell].single() {
				continue
			}
			c, _ := dm.b.likeliest(cell)
			ok, err := dm.fix(cell, c)
			if err != nil {
				return dm.used(), err
			}
			if ok {
				if g.solved() || len(s.solutions) > 0 {
					break // solved, or a probe reached a solution
				}
				continue
			}
			if ok, err = dm.backtrack(); !ok || err != nil {
				return dm.used(), err
			}
			break
		}
	}
	if g.solved() {
		s.found()
	}
	return dm.used(), nil
}

// used returns what the decimation has spent so far.
func (dm *decimation) used() decimateSpent {
	return decimateSpent{decisions: dm.s.decimateLeft() - dm.left, conflicts: dm.d.repair.e.sat.Conflicts - dm.startedAt, widest: dm.widest}
}

// surest returns the open cells to set next, the surest first: a share
// decimateFrac of the open cells (at least one) among those whose bias
// (the likeliest colour's share less the other's) reaches decimateLean;
// none when no cell's does.
func (dm *decimation) surest() []int {
	g := dm.s.g
	dm.cells = dm.cells[:0]
	if len(dm.biases) != len(g.cells) {
		dm.biases = make([]float64, len(g.cells))
	}
	for i, set := range g.cells {
		if set.single() {
			continue
		}
		if _, share := dm.b.likeliest(i); 2*share-1 >= decimateLean {
			dm.cells = append(dm.cells, i)
			dm.biases[i] = 2*share - 1
		}
	}
	slices.SortStableFunc(dm.cells, func(a, b int) int { return cmp.Compare(dm.biases[b], dm.biases[a]) })
	n := max(1, int(decimateFrac*float64(g.unknown)))
	return dm.cells[:min(n, len(dm.cells))]
}

// decide counts a decision against the bound, and reports false once
// the decisions or the conflicts are spent.
func (dm *decimation) decide() bool {
	if dm.left == 0 || dm.conflictsLeft() <= 0 {
		return false
	}
	dm.left--
	dm.s.stats.Nodes++
	dm.s.work += guessCost
	return true
}

// fix sets cell to c as a decision, and to the other colour when c fails.
// It reports false, the grid as before, when both fail or the decisions
// are spent.
func (dm *decimation) fix(cell, c int) (bool, error) {
	m := dm.s.g.mark()
	for _, color := range []int{c, 1 - c} {
		if !dm.decide() {
			break
		}
		if ok, err := dm.take(cell, color, m); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// take sets cell to color as a decision on top of the grid at mark m (the
// grid's state now) and settles it; on a contradiction it gives the
// decision up, the grid as at m, and reports false.
func (dm *decimation) take(cell, color, m int) (bool, error) {
	ok, err := dm.d.push(cell, color, m)
	if !ok && err == nil {
		dm.s.g.undo(m)
		dm.d.taken = dm.d.taken[:len(dm.d.taken)-1]
	}
	return ok, err
}

// backtrack asks the SAT solver whether the decisions taken have a model,
// doubling the budget while it cannot tell. On a model it sets the grid
// to it; when a core refutes them it flips the last decision of the
// shortest dead prefix, giving up the ones after it, and goes on while
// the flip fails. It reports false once the decimation is at its end: its
// decisions or conflicts are spent, the grid set to a model that line
// logic does not accept, or no decision is left to blame.
func (dm *decimation) backtrack() (bool, error) {
	g, d := dm.s.g, dm.d
	r := d.repair
	for budget := dm.budget; ; {
		r.budget, dm.widest = budget, max(dm.widest, budget)
		if dm.conflictsLeft() <= 0 || dm.left == 0 {
			return false, nil
		}
		st, err := d.askPrefix(len(d.taken))
		if err != nil {
			return false, err
		}
		switch st {
		case satTrue:
			return d.takeModel()
		case satUnknown:
			budget *= 2
			continue
		}
		k := d.latestInCore(r.e.sat.core())
		if k < 0 {
			return false, nil // no decision to blame: the grid has no solution
		}
		d.taken = d.taken[:k+1]
		n, solved, err := d.shortestDeadPrefix()
		if n <= 0 || solved || err != nil {
			return solved, err
		}
		dec := d.taken[n-1]
		g.undo(dec.mark)
		d.taken = d.taken[:n-1]
		if !dm.decide() {
			return false, nil
		}
		if ok, err := dm.take(dec.cell, 1-dec.color, dec.mark); ok || err != nil {
			return ok, err
		}
		budget = dm.budget
	}
}

// conflictsLeft returns the conflicts the decimation's SAT solver may
// still spend.
func (dm *decimation) conflictsLeft() int {
	return dm.d.repair.until - dm.d.repair.e.sat.Conflicts
}
