package solve

// The clauses of satsearch.go: each line's clue is a deterministic automaton
// over the line's cells, and the line's run through it is a set of state
// variables, one per (position, state) that some placement agreeing with the
// cells' current sets can reach. Clauses tie each state to the next one
// through the cell between them (forward) and each state to a predecessor
// (backward), and conflict analysis learns clauses over cells and states.

// gapSymbol is the pattern symbol of a mandatory background cell between two
// blocks of one colour.
const gapSymbol = 0

// lineAutomaton reads a line cell by cell. State q means that the first q
// symbols of the tight pattern (the blocks packed left, a mandatory gap
// between blocks of one colour) have been read; background cells outside the
// pattern leave the state where it is, where the pattern allows them.
type lineAutomaton struct {
	pattern []int8 // a colour, or gapSymbol
	idle    []bool // per state 0..len(pattern): a background cell keeps it
}

func newLineAutomaton(clue []block) lineAutomaton {
	var a lineAutomaton
	for j, b := range clue {
		if j > 0 && clue[j-1].color == b.color {
			a.pattern = append(a.pattern, gapSymbol)
		}
		for range b.len {
			a.pattern = append(a.pattern, int8(b.color))
		}
	}
	n := len(a.pattern)
	a.idle = make([]bool, n+1)
	a.idle[0], a.idle[n] = true, true
	pos := 0
	for j, b := range clue {
		if j > 0 && clue[j-1].color == b.color {
			pos++
			a.idle[pos] = true // after the mandatory gap
		}
		pos += b.len
		if pos < n && a.pattern[pos] != gapSymbol {
			a.idle[pos] = true // between blocks of different colours
		}
	}
	return a
}

// states is the number of states: the pattern's length plus one.
func (a *lineAutomaton) states() int { return len(a.pattern) + 1 }

// next is the state after reading colour c in state q, or -1.
func (a *lineAutomaton) next(q, c int) int {
	n := len(a.pattern)
	if c == 0 {
		switch {
		case q < n && a.pattern[q] == gapSymbol:
			return q + 1
		case a.idle[q]:
			return q
		}
		return -1
	}
	if q < n && int(a.pattern[q]) == c {
		return q + 1
	}
	return -1
}

// moves returns the two ways out of state q that next allows: whether a
// background cell keeps the state (stays), and the colour that leads to
// q+1 (advance, -1 when none). next(q, 0) is q when stays, next(q, advance)
// is q+1, and every other colour leads nowhere.
func (a *lineAutomaton) moves(q int) (stays bool, advance int) {
	if q < len(a.pattern) {
		if a.pattern[q] == gapSymbol {
			return false, 0
		}
		return a.idle[q], int(a.pattern[q])
	}
	return a.idle[q], -1
}

// lineStates finds the states of a line's run that some placement agreeing
// with cells reaches, and gives each a variable from newVar. vars[i*states+q]
// is the variable of state q before cell i (i = len(cells) after the last),
// -1 where unreachable. It reports false when no placement fits.
func lineStates(a *lineAutomaton, cells []colorSet, newVar func() int32, fwd, vars []int32) bool {
	n, states := len(cells), a.states()
	// fwd: 1 where reachable from the start; then vars marks both ways.
	clear(fwd)
	fwd[0] = 1
	for i, set := range cells {
		for q := range states {
			if fwd[i*states+q] == 0 {
				continue
			}
			for c := range maxColors {
				if set&(1<<c) != 0 {
					if q2 := a.next(q, c); q2 >= 0 {
						fwd[(i+1)*states+q2] = 1
					}
				}
			}
		}
	}
	for k := range vars {
		vars[k] = -1
	}
	if fwd[n*states+states-1] == 0 {
		return false
	}
	vars[n*states+states-1] = 0 // reachable backwards; numbered below
	for i := n - 1; i >= 0; i-- {
		for q := range states {
			if fwd[i*states+q] == 0 {
				continue
			}
			for c := range maxColors {
				if cells[i]&(1<<c) == 0 {
					continue
				}
				if q2 := a.next(q, c); q2 >= 0 && vars[(i+1)*states+q2] >= 0 {
					vars[i*states+q] = 0
					break
				}
			}
		}
	}
	for k, v := range vars {
		if v >= 0 {
			vars[k] = newVar()
		}
	}
	return true
}

// lineClauses adds the clauses of one line, whose cells' literals for colour
// c are cellLit(i, c), to the solver. Each possible step of the run, from
// state q before cell i reading colour c, gets a variable that holds exactly
// when both happen; a state needs a step out of it and a step into it, and
// a colour of a cell needs a step that reads it, so that unit propagation
// over these clauses draws the line solver's conclusions from known cells.
func lineClauses(s *satSolver, a *lineAutomaton, cells []colorSet, vars []int32, cellLit func(i, c int) lit, newVar func() int32) {
	n, states := len(cells), a.states()
	s.addClause(posLit(vars[0]))
	s.addClause(posLit(vars[n*states+states-1]))
	// in[q2] collects the steps into state q2 before cell i+1; read[c] the
	// steps that read colour c at cell i.
	in := make([][]lit, states)
	var read [maxColors][]lit
	for i := range n {
		for q2 := range in {
			in[q2] = in[q2][:0]
		}
		for c := range read {
			read[c] = read[c][:0]
		}
		for q := range states {
			v := vars[i*states+q]
			if v < 0 {
				continue
			}
			out := []lit{posLit(v).not()}
			for c := range maxColors {
				if cells[i]&(1<<c) == 0 {
					continue
				}
				x := cellLit(i, c)
				q2 := a.next(q, c)
				if q2 < 0 || vars[(i+1)*states+q2] < 0 {
					s.addClause(posLit(v).not(), x.not())
					continue
				}
				t := posLit(newVar())
				next := posLit(vars[(i+1)*states+q2])
				s.addClause(t.not(), posLit(v))
				s.addClause(t.not(), x)
				s.addClause(t.not(), next)
				s.addClause(posLit(v).not(), x.not(), t)
				out = append(out, t)
				in[q2] = append(in[q2], t)
				read[c] = append(read[c], t)
			}
			s.addClause(out...)
		}
		for q2 := range states {
			if v2 := vars[(i+1)*states+q2]; v2 >= 0 {
				s.addClause(append([]lit{posLit(v2).not()}, in[q2]...)...)
			}
		}
		for c := range maxColors {
			if cells[i]&(1<<c) != 0 {
				s.addClause(append([]lit{cellLit(i, c).not()}, read[c]...)...)
			}
		}
	}
}
