package solve

// The order encoding of a line for satsearch.go: block j of the clue gets a
// ladder of variables "block j starts at or before position p", one for each
// p between its earliest and its latest start, so that a start is the step
// of the ladder from false to true. Ladders are ordered (a block starts
// after the previous one ends, with a gap between blocks of one colour), a
// cell that some block covers has that block's colour, and a cell of a
// colour is covered by the last block started before it, which has that
// colour. Its clauses have two to four literals, and on puzzles that line
// logic cannot open (n-Dom) the solver's proofs are far shorter than over
// the automaton's run (satlines.go), whose unit propagation is stronger but
// whose clauses are many more.

// orderLine holds one line's ladders while its clauses are written.
type orderLine struct {
	s       *satSolver
	clue    []block
	cells   []colorSet
	lo, hi  []int     // per block: its earliest and latest start
	ladder  [][]int32 // per block: the variable of "starts at or before lo+i", for lo ≤ lo+i < hi
	yes     lit       // a literal fixed true
	cellLit func(i, c int) lit
}

// blockStarts finds, for each block of the clue, its earliest and latest
// start in some placement that agrees with the cells, and marks in feasible
// (blocks × cells) every start some such placement uses. vars are the
// automaton states of lineStates: -1 where no placement passes.
func blockStarts(a *lineAutomaton, clue []block, cells []colorSet, vars []int32, feasible []bool) (lo, hi []int) {
	n, states := len(cells), a.states()
	lo, hi = make([]int, len(clue)), make([]int, len(clue))
	q := 0
	for j, b := range clue {
		if j > 0 && clue[j-1].color == b.color {
			q++ // the mandatory gap
		}
		lo[j], hi[j] = n, -1
		for p := range n {
			if cells[p]&(1<<b.color) == 0 || vars[p*states+q] < 0 || vars[(p+1)*states+q+1] < 0 {
				continue
			}
			feasible[j*n+p] = true
			lo[j] = min(lo[j], p)
			hi[j] = max(hi[j], p)
		}
		q += b.len
	}
	return lo, hi
}

// orderClauses adds the clauses of one line in the order encoding. lo and hi
// bound each block's start (blockStarts), feasible marks the starts between
// them that some placement uses; cellLit(i, c) is the literal "cell i has
// colour c" and yes a literal fixed true.
func orderClauses(s *satSolver, clue []block, cells []colorSet, lo, hi []int, feasible []bool, cellLit func(i, c int) lit, yes lit) {
	n := len(cells)
	o := &orderLine{s: s, clue: clue, cells: cells, lo: lo, hi: hi, yes: yes, cellLit: cellLit, ladder: make([][]int32, len(clue))}
	for j := range clue {
		o.ladder[j] = make([]int32, hi[j]-lo[j])
		for i := range o.ladder[j] {
			o.ladder[j][i] = s.newVar(true)
		}
		for p := lo[j]; p < hi[j]-1; p++ {
			o.add(o.starts(j, p).not(), o.starts(j, p+1))
		}
		for p := lo[j]; p <= hi[j]; p++ {
			if !feasible[j*n+p] { // not exactly at p: by p-1, or not by p
				o.add(o.starts(j, p-1), o.starts(j, p).not())
			}
		}
	}
	for j := 1; j < len(clue); j++ {
		prev := clue[j-1]
		gap := 0
		if prev.color == clue[j].color {
			gap = 1
		}
		for p := lo[j]; p < hi[j]; p++ {
			o.add(o.starts(j, p).not(), o.starts(j-1, p-prev.len-gap))
		}
	}
	for p := range n {
		o.cellClauses(p)
	}
}

// cellClauses ties cell p to the ladders: a block covering it gives it its
// colour, and a colour needs the last block started to cover it and to have
// that colour.
func (o *orderLine) cellClauses(p int) {
	colors := 0
	for j, b := range o.clue {
		colors |= 1 << b.color
		if p >= o.lo[j] && p < o.hi[j]+b.len {
			o.add(o.starts(j, p).not(), o.starts(j, p-b.len), o.cellLit(p, b.color))
		}
	}
	for c := 1; c < maxColors; c++ {
		if colors&(1<<c) == 0 {
			continue
		}
		x := o.cellLit(p, c).not()
		o.add(x, o.starts(0, p))
		for j, b := range o.clue {
			next := o.yes.not()
			if j+1 < len(o.clue) {
				next = o.starts(j+1, p)
			}
			if b.color == c {
				o.add(x, o.starts(j, p).not(), next, o.starts(j, p-b.len).not())
			} else {
				o.add(x, o.starts(j, p).not(), next)
			}
		}
	}
	for c := 1; c < maxColors; c++ {
		if colors&(1<<c) == 0 && o.cells[p]&(1<<c) != 0 { // a colour the clue lacks
			o.add(o.cellLit(p, c).not())
		}
	}
}

// starts is the literal "block j starts at or before p": a constant outside
// the block's range.
func (o *orderLine) starts(j, p int) lit {
	switch {
	case p < o.lo[j]:
		return o.yes.not()
	case p >= o.hi[j]:
		return o.yes
	}
	return posLit(o.ladder[j][p-o.lo[j]])
}

// add adds a clause, leaving out constant false literals and clauses with a
// constant true one.
func (o *orderLine) add(ls ...lit) {
	kept := ls[:0]
	for _, l := range ls {
		switch l {
		case o.yes:
			return
		case o.yes.not():
			continue
		}
		kept = append(kept, l)
	}
	o.s.addClause(kept...)
}
