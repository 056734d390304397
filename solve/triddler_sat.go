package solve

import (
	"math/bits"
)

// The SAT fallback for lanes (triddlers, and grids with blots): as for
// grids (satsearch.go), once depth-first search has spent its guesses
// (depthFirstNodes), the state probing left at the root is written as
// clauses — each line's clue an automaton over its cells (satlines.go), the
// same encoding as a grid's line, since it never needed the line to be a row
// — and the CDCL solver of sat.go finds the solutions, each then ruled out
// by a clause, until two are known or none is left. A clue with a blot has
// no fixed pattern for the automaton, so lanes with a blotted line skip the
// fallback and search depth-first to the end (or the budget).

// laneSat is the encoding of a lanes state.
type laneSat struct {
	sat     *satSolver
	colors  int
	cellVar []int32 // per cell: its first variable, -1 when solved
	cells   []uint32
	yes     lit
}

// satAllowed reports whether the lanes may use the SAT fallback: no line
// has a blot and the encoding of cells stays within maxSatStates.
func (s *lanes) satAllowed(cells []uint32) bool {
	total := 0
	for l, clue := range s.clues {
		if clue.Blotted() {
			return false
		}
		a := newLineAutomaton(toSolverLine(clue))
		total += (len(s.lines[l]) + 1) * a.states()
		if total > maxSatStates {
			return false
		}
	}
	return len(cells) > 0
}

// newLaneSat encodes cells, a state of s's lines.
func newLaneSat(s *lanes, cells []uint32) *laneSat {
	e := &laneSat{sat: newSatSolver(s.done), colors: s.colors, cells: cells}
	e.yes = posLit(e.sat.newVar(false))
	e.sat.addClause(e.yes)
	perCell := 1
	if e.colors > 2 {
		perCell = e.colors
	}
	e.cellVar = make([]int32, len(cells))
	for i, set := range cells {
		e.cellVar[i] = -1
		if bits.OnesCount32(set) == 1 {
			continue
		}
		e.cellVar[i] = e.sat.newVar(true)
		for range perCell - 1 {
			e.sat.newVar(true)
		}
		e.oneColour(i, set)
	}
	var fwd, vars []int32
	line := make([]colorSet, len(s.buf))
	for l, clue := range s.clues {
		ids := s.lines[l]
		lc := line[:len(ids)]
		for i, c := range ids {
			lc[i] = colorSet(cells[c])
		}
		a := newLineAutomaton(toSolverLine(clue))
		size := (len(ids) + 1) * a.states()
		fwd, vars = grow(fwd, size), grow(vars, size)
		if !lineStates(&a, lc, func() int32 { return e.sat.newVar(false) }, fwd, vars) {
			e.sat.addClause() // no placement fits: no solution
			return e
		}
		lineClauses(e.sat, &a, lc, vars, func(i, c int) lit { return e.lit(ids[i], c) }, func() int32 { return e.sat.newVar(false) })
	}
	return e
}

// oneColour rules out the colours cell i has lost and, with more than two
// colours, says that it takes exactly one of the others.
func (e *laneSat) oneColour(i int, set uint32) {
	var open []lit
	for c := range e.colors {
		if set&(1<<c) == 0 {
			e.sat.addClause(e.lit(i, c).not())
			continue
		}
		open = append(open, e.lit(i, c))
	}
	if e.colors == 2 {
		return
	}
	e.sat.addClause(open...)
	for a := range open {
		for b := a + 1; b < len(open); b++ {
			e.sat.addClause(open[a].not(), open[b].not())
		}
	}
}

// lit is the literal "cell i is colour c".
func (e *laneSat) lit(i, c int) lit {
	v := e.cellVar[i]
	if v < 0 {
		if e.cells[i] == 1<<c {
			return e.yes
		}
		return e.yes.not()
	}
	if e.colors == 2 {
		if c == 0 {
			return posLit(v).not()
		}
		return posLit(v)
	}
	return posLit(v + int32(c))
}

// satSearch adds to sols, ruling out those already there, until it holds
// two or the clauses have no model left. effort is set when the first
// solution is found.
func (s *lanes) satSearch(cells []uint32, sols *[][]uint32, effort *int) error {
	e := newLaneSat(s, cells)
	for _, sol := range *sols {
		e.block(sol)
	}
	for len(*sols) < 2 {
		decisions := e.sat.Decisions
		st := e.sat.solve()
		spent := e.sat.Decisions - decisions
		s.stats.Nodes += spent
		s.work += guessCost * spent
		if st == satUnknown {
			return errBudget
		}
		if st == satFalse {
			return nil
		}
		sol := e.model()
		*sols = append(*sols, sol)
		if *effort < 0 {
			*effort = s.work
		}
		e.block(sol)
	}
	return nil
}

// block adds the clause that some cell differs from sol.
func (e *laneSat) block(sol []uint32) {
	cl := make([]lit, 0, len(sol))
	for i, set := range sol {
		cl = append(cl, e.lit(i, bits.TrailingZeros32(set)).not())
	}
	e.sat.addClause(cl...)
}

// model reads a solution, one colour bit per cell, out of the model.
func (e *laneSat) model() []uint32 {
	out := make([]uint32, len(e.cells))
	for i := range out {
		for c := range e.colors {
			if e.sat.modelTrue(e.lit(i, c)) {
				out[i] = 1 << c
				break
			}
		}
	}
	return out
}
