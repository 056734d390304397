package solve

import (
	"cmp"
	"slices"

	"github.com/nonopress/nonopress/puzzle"
)

// The SAT fallback: once depth-first search with probing has spent its few
// guesses, the state it started from (line logic and probing at the root) is
// written as clauses (satorder.go, or satlines.go when options ask for the
// automaton encoding) and handed to the CDCL solver of sat.go.
// Each model is a solution; it is then blocked by a clause saying that some
// cell differs, and the solver goes on, until two solutions are known or the
// clauses have no model left.

// maxSatStates bounds the automaton states the encoding may take (each costs
// a variable, and its steps a few more and about ten clauses); bigger
// puzzles go to the learner (learn.go) instead.
const maxSatStates = 4 << 20

// satSearch holds the encoding of one grid. Only cells with more than one
// colour left get variables; a solved cell's literals are constants.
type satSearch struct {
	s         *solver
	sat       *satSolver
	colors    int
	cellVar   []int32   // per cell: its first variable, -1 when solved
	yes       lit       // a literal fixed true
	blocked   int       // solutions ruled out by a clause so far
	dived     bool      // the dive (dive.go) has been tried
	sure      []float64 // the dive's shares (dive.go), for the decimation's solution
	decimated bool      // the decimation (decimate.go) has been tried
	divedAt   int       // the solver's conflicts when the dive was tried
}

// diveAfter is how many conflicts the SAT solver may spend on a first
// solution before the dive is tried.
const diveAfter = 20000

// decimateAfter is how many more conflicts the SAT solver may spend on a
// first solution after a failed dive before the decimation (decimate.go)
// is tried. The grids it answers within about 25 s of CPU are answered
// before then, on the same path as without the decimation: random 40×40 at
// density 0.45, seeds 3, 25 and 40, after 129,600, 202,902 and 141,119
// conflicts, and random-30-0.45-12 after 24,477.
const decimateAfter = 250000

// satFits reports whether the encoding of the grid's current state stays
// within maxSatStates, counting every (position, state) pair of each line.
func satFits(g *grid) bool { return runStates(g, maxSatStates) <= maxSatStates }

// runStates counts the (position, state) pairs of the automata of the
// grid's unsolved lines, stopping once the count is above limit.
func runStates(g *grid, limit int) int {
	total := 0
	for l, clue := range g.clues {
		if lineSolved(g, g.cells, l) {
			continue
		}
		_, _, n := g.lineGeometry(l)
		a := newLineAutomaton(clue)
		total += (n + 1) * a.states()
		if total > limit {
			break
		}
	}
	return total
}

// lineSolved reports whether every cell of line l has one colour left in
// cells, a state of grid g.
func lineSolved(g *grid, cells []colorSet, l int) bool {
	start, step, n := g.lineGeometry(l)
	for i := range n {
		if !cells[start+i*step].single() {
			return false
		}
	}
	return true
}

// cellLit is the literal "cell is colour c": one variable per cell for two
// colours, one per cell and colour otherwise.
func (e *satSearch) cellLit(cell, c int) lit {
	v := e.cellVar[cell]
	if v < 0 {
		if e.s.g.cells[cell] == 1<<c {
			return e.yes
		}
		return e.yes.not()
	}
	if e.colors == 2 {
		l := posLit(v)
		if c == 0 {
			return l.not()
		}
		return l
	}
	return posLit(v + int32(c))
}

// newSatSearch encodes the grid's current state.
func newSatSearch(s *solver) *satSearch { return newSatSearchOf(s, s.g.cells) }

// newSatSearchOf encodes the grid as it is in state (a colour set per
// cell); every state the grid reaches while the encoding is used must
// narrow it, as cellLit reads a solved cell's colour from the grid. The
// dive's repairs (diverepair.go) encode the state before its first
// decision.
func newSatSearchOf(s *solver, state []colorSet) *satSearch {
	g := s.g
	e := &satSearch{s: s, sat: newSatSolver(g.done), colors: s.colors}
	e.sat.glueRestarts = true
	e.yes = posLit(e.sat.newVar(false))
	e.sat.addClause(e.yes)
	perCell := 1
	if e.colors > 2 {
		perCell = e.colors
	}
	e.cellVar = make([]int32, len(state))
	for cell, set := range state {
		e.cellVar[cell] = -1
		if set.single() {
			continue
		}
		e.cellVar[cell] = e.sat.newVar(true)
		for range perCell - 1 {
			e.sat.newVar(true)
		}
	}
	e.cellClauses(state)
	var fwd, vars []int32
	var feasible []bool
	line := make([]colorSet, max(g.w, g.h))
	for l, clue := range g.clues {
		if lineSolved(g, state, l) {
			continue // propagation left it consistent
		}
		start, step, n := g.lineGeometry(l)
		cells := line[:n]
		for i := range n {
			cells[i] = state[start+i*step]
		}
		a := newLineAutomaton(clue)
		size := (n + 1) * a.states()
		fwd, vars = grow(fwd, size), grow(vars, size)
		newVar := func() int32 { return e.sat.newVar(false) }
		if s.opts.encoding != encodeAutomaton {
			newVar = func() int32 { return 0 } // only reachability is needed
		}
		if !lineStates(&a, cells, newVar, fwd, vars) {
			e.sat.addClause() // no placement fits: no solution
			return e
		}
		cellLit := func(i, c int) lit { return e.cellLit(start+i*step, c) }
		if s.opts.encoding == encodeAutomaton {
			lineClauses(e.sat, &a, cells, vars, cellLit, func() int32 { return e.sat.newVar(false) })
			continue
		}
		feasible = growBool(feasible, len(clue)*n)
		lo, hi := blockStarts(&a, clue, cells, vars, feasible)
		orderClauses(e.sat, clue, cells, lo, hi, feasible, cellLit, e.yes)
	}
	return e
}

// grow returns b resized to n, reallocated only when too small.
func grow(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}

// growBool returns b cleared and resized to n, reallocated only when too
// small.
func growBool(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// cellClauses fixes the colours ruled out in cells (the encoded state)
// and, with more than two colours, says that each cell takes exactly one
// colour.
func (e *satSearch) cellClauses(cells []colorSet) {
	for cell, set := range cells {
		if set.single() {
			continue
		}
		var alo []lit
		for c := range e.colors {
			if set&(1<<c) == 0 {
				e.sat.addClause(e.cellLit(cell, c).not())
			} else {
				alo = append(alo, e.cellLit(cell, c))
			}
		}
		if e.colors == 2 {
			continue
		}
		e.sat.addClause(alo...)
		for i := range alo {
			for j := i + 1; j < len(alo); j++ {
				e.sat.addClause(alo[i].not(), alo[j].not())
			}
		}
	}
}

// run looks for solutions other than those known, each known one being
// ruled out by a clause saying that some cell differs, until two are known
// or the clauses have no model left.
//
// While no solution is known the solver aims (sat.go: its decisions follow
// the longest assignment without a conflict it has met); once one is, a
// second solution most likely lies close to it, and decisions follow the
// saved phases, the first solution's. When the solver spends diveAfter
// conflicts without a first solution, the dive (dive.go) looks for one from
// the same state, and the solver goes on from the dive's colours as its
// phases, its target forgotten, and (leanOn) the cells the beliefs
// are surest of first. When the dive found none and the solver spends
// decimateAfter more conflicts without one, the decimation has its turn
// (decimate).
func (e *satSearch) run() error {
	s := e.s
	for !s.enough() {
		for _, img := range s.solutions[e.blocked:] {
			e.block(img)
			e.blocked++
		}
		e.sat.limit = 0
		if len(s.solutions) == 0 && !e.dived {
			e.sat.limit = e.sat.Conflicts + cmp.Or(s.opts.diveAfter, diveAfter)
		} else if len(s.solutions) == 0 && !e.decimated && s.canDecimate() {
			e.sat.limit = e.sat.Conflicts + cmp.Or(s.opts.decimateAfter, decimateAfter)
		}
		e.sat.aiming = len(s.solutions) == 0
		st, err := e.ask()
		if err != nil || st == satFalse {
			return err
		}
		if st == satUnknown && e.dived { // the limit after a failed dive: the decimation
			e.decimated = true
			if err := e.decimate(); err != nil {
				return err
			}
			continue
		}
		if st == satUnknown { // the limit: the goal (goal.go) or the dive
			e.dived, e.divedAt = true, e.sat.Conflicts
			first := s.dive
			if s.goal != nil {
				first = s.fromGoal
			}
			colors, sure, err := first()
			if err != nil {
				return err
			}
			if colors == nil {
				e.decimated = true // no beliefs, no decimation
				continue
			}
			e.sure = sure
			e.resumeFrom(colors, sure)
			continue
		}
		s.record(e.model())
	}
	return nil
}

// decimate runs the decimation (decimate.go) once the SAT solver has
// spent decimateAfter conflicts after a failed dive. When it finds a
// solution the solver goes on from it as after a dive that found one;
// otherwise it goes on as it was.
func (e *satSearch) decimate() error {
	spent, err := e.s.decimate()
	if decimateTrace != nil {
		decimateTrace(e.sat.Conflicts-e.divedAt, spent, len(e.s.solutions) > 0)
	}
	if err != nil || len(e.s.solutions) == 0 {
		return err
	}
	e.resumeFrom(e.s.solutions[0].Cells, e.sure)
	return nil
}

// resumeFrom sets the solver going again after a dive that reached colors
// with the shares sure: from the dive's colours, and, once a first solution
// is known, on the cells in order of sure alone (rankBy); before that,
// leaning on sure without forgetting the activities (leanOn).
func (e *satSearch) resumeFrom(colors []uint8, sure []float64) {
	e.startFrom(colors)
	if sure == nil {
		return // a goal on a grid too big for the beliefs: its colours alone
	}
	if len(e.s.solutions) > 0 {
		e.rankBy(sure)
	} else {
		e.leanOn(sure)
	}
}

// rankBy has the solver branch on the cells in order of sure, highest
// first, forgetting the activities it had: once the dive has found a
// solution, a second one most likely differs where the beliefs were least
// sure, and those cells are then left for last.
func (e *satSearch) rankBy(sure []float64) {
	act := make([]float64, len(e.sat.activity))
	e.openCellLits(func(cell, _ int, l lit) { act[l.vari()] = sure[cell] })
	e.sat.rank(act)
}

// leanOn has the SAT solver, after a dive that found no solution, branch
// first on the cells the beliefs were surest of without forgetting what its
// conflicts taught it: each colour's literal of a cell adds to its variable
// the highest activity times the cell's share sure (a two-colour cell's one
// variable gets it twice, and so comes before every variable not raised
// once its share passes one half), and bumps start again from 1, so that
// this order holds for some thousands of conflicts (the activities are
// far larger than a bump by then) before the conflicts' bumps take over.
// On 40×40 grids at density 0.4 it found the first solution of seed 15 in
// 66,109 decisions instead of 963,258 and of seed 5 in 56,404 instead of
// 427,241. (Ranking by the shares alone, as after a dive that found a
// solution, lost seed 7: it forgets which ladders the conflicts involved.)
func (e *satSearch) leanOn(sure []float64) {
	act := slices.Clone(e.sat.activity)
	top := slices.Max(act)
	e.openCellLits(func(cell, _ int, l lit) { act[l.vari()] += top * sure[cell] })
	e.sat.rank(act)
}

// startFrom sets the phases of the cells' variables to colors (a colour per
// cell), so that the solver's next decisions head for them.
func (e *satSearch) startFrom(colors []uint8) {
	e.sat.clearTarget() // the target would override colors
	e.openCellLits(func(cell, c int, l lit) {
		e.sat.phase[l.vari()] = (int(colors[cell]) == c) == (l&1 == 0)
	})
}

// openCellLits calls f with the literal of each colour of each unsolved
// cell, leaving out the literals fixed by yes.
func (e *satSearch) openCellLits(f func(cell, c int, l lit)) {
	for cell, set := range e.s.g.cells {
		if set.single() {
			continue
		}
		for c := range e.colors {
			if l := e.cellLit(cell, c); l != e.yes && l != e.yes.not() {
				f(cell, c, l)
			}
		}
	}
}

// block adds the clause that rules out a solution: some cell differs.
func (e *satSearch) block(img *puzzle.Image) {
	cl := make([]lit, 0, len(img.Cells))
	for cell, c := range img.Cells {
		cl = append(cl, e.cellLit(cell, int(c)).not())
	}
	e.sat.addClause(cl...)
}

// ask runs the solver under assumptions (none for a plain search; the
// dive's repairs, diverepair.go, pass its decisions) and counts its
// decisions as guesses.
func (e *satSearch) ask(assumptions ...lit) (satStatus, error) {
	decisions := e.sat.Decisions
	st := e.sat.solveUnder(assumptions)
	spent := e.sat.Decisions - decisions
	e.s.stats.Nodes += spent
	e.s.work += int64(guessCost * spent)
	if st == satUnknown && e.sat.stopped {
		return st, errBudget
	}
	return st, nil
}

// model reads the solution out of the solver's model.
func (e *satSearch) model() *puzzle.Image {
	g := e.s.g
	img := puzzle.NewImage(g.w, g.h)
	for cell := range g.cells {
		for c := range e.colors {
			if e.sat.modelTrue(e.cellLit(cell, c)) {
				img.Cells[cell] = uint8(c)
				break
			}
		}
	}
	return img
}

// satEncoding says how the SAT fallback writes a line's clue as clauses.
type satEncoding int

const (
	encodeOrder     satEncoding = iota // ladders of block starts (satorder.go), the default
	encodeAutomaton                    // the run of an automaton (satlines.go)
)
