package solve

import (
	"errors"
	"math/bits"
)

// Conflict-driven search with clause learning: the fallback for the hardest
// puzzles, where depth-first search with probing meets the same dead ends
// again and again under unrelated earlier guesses.
//
// The facts are eliminations: "cell x cannot be colour c", written ¬A(x,c)
// for the atom A(x,c) = "cell x is colour c". Every elimination has a reason:
// a guess; a line, whose solver drew it from the eliminations already made in
// that line (a coarse but sound explanation); or a learnt clause, a
// disjunction of atoms of which all others are false. On a contradiction the
// learner resolves back to the first unique implication point, adds the
// clause that rules out the cause, and jumps back to the level where that
// clause forces a cell, as CDCL SAT solvers do.

// reasonGuess marks an elimination made by a guess; a clause's reason code is
// -(index+2); a line's is its index.
const reasonGuess = -1

// maxLearntAtoms bounds the memory learnt clauses may take.
const maxLearntAtoms = 16 << 20

// errLearner reports a broken invariant of the learner; the solve then
// answers Unknown rather than anything it has not proved.
var errLearner = errors.New("solve: conflict analysis found no implication point")

func clauseReason(ci int) int32 { return int32(-(ci + 2)) }

// learner holds the conflict-driven search state over a grid.
type learner struct {
	s      *solver
	g      *grid
	colors int // palette size: atoms are cell*colors + colour

	elimPos   []int32   // per atom: trail index of its elimination during learning, -1 otherwise
	base      int       // trail length when learning began: older facts are level 0
	posLevel  []int32   // per trail index from base: decision level
	posReason []int32   // per trail index from base: reason code
	levelAt   []int     // levelAt[L]: trail length when level L began (L >= 1)
	qhead     int       // next trail entry whose eliminations clauses have not seen
	clauses   [][]int32 // learnt clauses, atoms with the two watched first
	watches   [][]int32 // per atom: clauses watching it
	atoms     int       // total atoms in clauses

	activity []float64 // per cell, bumped by conflicts (VSIDS)
	bump     float64
	phase    []uint8 // per cell, the colour it last had
	seen     []uint32
	gen      uint32
	learnt   []int32
	scratch  []int32

	explState, explWork []colorSet
	explSolver          lineSolver
	expl                []explanation // per trail index from base
	spent               bool          // the budget ran out while explaining
	explCand            []int32
	explSaved           []colorSet

	conflicts, restartAt, restarts int // restarts is 0 until the first step
}

// explanation is the line explanation found for one atom of a trail entry.
type explanation struct {
	atom  int32
	atoms []int32
}

func newLearner(s *solver, colors int) *learner {
	g := s.g
	n := len(g.cells)
	l := &learner{s: s, g: g, colors: colors, base: len(g.trail), qhead: len(g.trail),
		elimPos: make([]int32, n*colors), watches: make([][]int32, n*colors),
		activity: make([]float64, n), bump: 1, phase: make([]uint8, n), seen: make([]uint32, n*colors)}
	for i := range l.elimPos {
		l.elimPos[i] = -1
	}
	return l
}

func (l *learner) level() int { return len(l.levelAt) }

// record notes the eliminations of the trail entry just added.
func (l *learner) record(cell int, removed colorSet, reason int32) {
	pos := int32(len(l.g.trail) - 1)
	for removed != 0 {
		c := bits.TrailingZeros32(uint32(removed))
		removed &= removed - 1
		l.elimPos[cell*l.colors+c] = pos
	}
	l.posLevel = append(l.posLevel, int32(l.level()))
	l.posReason = append(l.posReason, reason)
	l.expl = append(l.expl, explanation{})
}

// forget drops what record noted for trail entries from mark on, keeping
// each cell's last colour as its phase.
func (l *learner) forget(mark int) {
	t := l.g.trail
	for k := len(t) - 1; k >= mark; k-- {
		e := t[k]
		removed := e.old &^ e.new
		for removed != 0 {
			c := bits.TrailingZeros32(uint32(removed))
			removed &= removed - 1
			l.elimPos[int(e.cell)*l.colors+c] = -1
		}
		if e.new.single() {
			l.phase[e.cell] = uint8(e.new.only())
		}
	}
	l.posLevel = l.posLevel[:mark-l.base]
	l.posReason = l.posReason[:mark-l.base]
	clear(l.expl[mark-l.base:])
	l.expl = l.expl[:mark-l.base]
	l.qhead = min(l.qhead, mark)
}

func (l *learner) isTrue(a int32) bool {
	return l.g.cells[int(a)/l.colors] == 1<<(int(a)%l.colors)
}

func (l *learner) isFalse(a int32) bool {
	return l.g.cells[int(a)/l.colors]&(1<<(int(a)%l.colors)) == 0
}

// run searches from the current state until two solutions are known or the
// space is exhausted.
func (l *learner) run() error {
	_, err := l.step(0)
	return err
}

// step searches until two solutions are known or the space is exhausted
// (done), or, when pause is positive, until pause more conflicts have been
// met: the search then stops where it is, and the next step goes on from
// there, as long as nothing else has changed the grid in between.
func (l *learner) step(pause int) (done bool, err error) {
	g := l.g
	g.learn = l
	defer func() { g.learn = nil }()
	if l.restarts == 0 {
		l.restartAt, l.restarts = lubyUnit*luby(1), 1
	}
	pauseAt := l.conflicts + pause
	for {
		if pause > 0 && l.conflicts >= pauseAt {
			return false, nil
		}
		confl, ok, err := l.propagate()
		if err != nil {
			return true, err
		}
		if !ok {
			if l.level() == 0 {
				return true, nil
			}
			l.conflicts++
			if err := l.learnFrom(confl); err != nil {
				return true, err
			}
			continue
		}
		if g.solved() {
			l.s.found()
			if l.s.enough() {
				return true, nil
			}
			block := l.blockingAtoms()
			if len(block) == 0 || l.level() == 0 {
				return true, nil
			}
			if err := l.learnFrom(block); err != nil {
				return true, err
			}
			continue
		}
		if l.conflicts >= l.restartAt {
			l.restarts++
			l.restartAt = l.conflicts + lubyUnit*luby(l.restarts)
			l.backjump(0)
		}
		l.guess()
	}
}

// lubyUnit is the number of conflicts in the shortest restart interval.
const lubyUnit = 64

// luby returns the i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 ...
func luby(i int) int {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i >= 1<<(k-1) && i < 1<<k-1 {
			return luby(i - 1<<(k-1) + 1)
		}
	}
}

// propagate runs clauses and lines to a fixed point. On a contradiction it
// returns the eliminations that together are impossible.
func (l *learner) propagate() ([]int32, bool, error) {
	g := l.g
	for {
		for l.qhead < len(g.trail) {
			e := g.trail[l.qhead]
			l.qhead++
			removed := e.old &^ e.new
			for removed != 0 {
				c := bits.TrailingZeros32(uint32(removed))
				removed &= removed - 1
				if confl := l.visit(int32(int(e.cell)*l.colors + c)); confl >= 0 {
					g.clearQueue()
					return l.clauseConflict(confl), false, nil
				}
			}
		}
		if g.head >= len(g.queue) {
			g.queue, g.head = g.queue[:0], 0
			return nil, true, nil
		}
		line := int(g.queue[g.head])
		g.head++
		g.queued[line] = false
		if g.spent() {
			g.clearQueue()
			return nil, false, errBudget
		}
		if !g.solveLine(line) {
			g.clearQueue()
			return l.explainLine(line, int32(len(g.trail)), -1, l.scratch[:0]), false, nil
		}
	}
}

// visit updates the clauses watching atom a, which just became false. It
// forces the last atom of a clause left with one, and returns the index of
// a clause whose atoms are all false, or -1.
func (l *learner) visit(a int32) int {
	ws := l.watches[a]
	kept := 0
	for i := 0; i < len(ws); i++ {
		ci := ws[i]
		cl := l.clauses[ci]
		if cl[0] == a {
			cl[0], cl[1] = cl[1], cl[0]
		}
		if l.isTrue(cl[0]) {
			ws[kept] = ci
			kept++
			continue
		}
		moved := false
		for k := 2; k < len(cl); k++ {
			if !l.isFalse(cl[k]) {
				cl[1], cl[k] = cl[k], cl[1]
				l.watches[cl[1]] = append(l.watches[cl[1]], ci)
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[kept] = ci
		kept++
		if l.isFalse(cl[0]) {
			kept += copy(ws[kept:], ws[i+1:])
			l.watches[a] = ws[:kept]
			return int(ci)
		}
		cell, c := int(cl[0])/l.colors, int(cl[0])%l.colors
		if l.g.cells[cell] != 1<<c {
			l.g.reason = clauseReason(int(ci))
			l.g.set(cell, 1<<c)
		}
	}
	l.watches[a] = ws[:kept]
	return -1
}

func (l *learner) clauseConflict(ci int) []int32 {
	return append(l.scratch[:0], l.clauses[ci]...)
}

// explainLine appends a small set of eliminations in line, made before trail
// index pos, from which the line solver alone still eliminates atom target
// (or, with target -1, finds no placement). It starts from all of them and
// drops each in turn, farthest from the target first, when the line solver
// does not need it: the shorter the explanation, the stronger the clause.
func (l *learner) explainLine(line int, pos int32, target int32, out []int32) []int32 {
	g := l.g
	start, step, n := g.lineGeometry(line)
	all := colorSet(1)<<l.colors - 1
	state := l.explState[:0]
	for i := range n {
		cell := start + i*step
		s := all
		gone := ^g.cells[cell] & all
		for gone != 0 {
			c := bits.TrailingZeros32(uint32(gone))
			gone &= gone - 1
			if p := l.elimPos[cell*l.colors+c]; p < pos {
				s &^= 1 << c
			}
		}
		state = append(state, s)
	}
	l.explState = state
	tx, tc := -1, 0
	if target >= 0 {
		tc = int(target) % l.colors
		t := int(target) / l.colors
		tx = (t - start) / step
	}
	still := func() bool {
		work := append(l.explWork[:0], state...)
		l.explWork = work
		l.s.stats.LineSolves++
		if g.spent() {
			l.spent = true
		}
		if !l.explSolver.solve(g.clues[line], work) {
			return true
		}
		return tx >= 0 && work[tx]&(1<<tc) == 0
	}
	// Known cells farthest from the target first (for a contradiction, from
	// the ends), dropped in chunks that halve whenever a chunk is needed.
	centre := tx
	if centre < 0 {
		centre = n / 2
	}
	cand := l.explCand[:0]
	for d := n; d >= 0; d-- {
		for _, i := range [2]int{centre - d, centre + d} {
			if i >= 0 && i < n && state[i] != all && i != tx && (d > 0 || len(cand) == 0 || cand[len(cand)-1] != int32(i)) {
				cand = append(cand, int32(i))
			}
		}
	}
	l.explCand = cand
	saved := l.explSaved[:0]
	chunk := max(1, len(cand)/2)
	for p := 0; p < len(cand); {
		c := min(chunk, len(cand)-p)
		saved = saved[:0]
		for _, i := range cand[p : p+c] {
			saved = append(saved, state[i])
			state[i] = all
		}
		if still() {
			p += c
			continue
		}
		for k, i := range cand[p : p+c] {
			state[i] = saved[k]
		}
		if c == 1 {
			p++
			continue
		}
		chunk = max(1, c/2)
	}
	l.explSaved = saved
	for i := range n {
		cell := start + i*step
		gone := ^state[i] & all
		for gone != 0 {
			c := bits.TrailingZeros32(uint32(gone))
			gone &= gone - 1
			out = append(out, int32(cell*l.colors+c))
		}
	}
	return out
}

// reasonAtoms appends the eliminations that caused the elimination at trail
// index pos.
func (l *learner) reasonAtoms(a, pos int32, out []int32) []int32 {
	r := l.posReason[int(pos)-l.base]
	switch {
	case r >= 0:
		// Explanations are kept while their trail entry lives: conflicts
		// near each other expand the same eliminations again and again.
		k := int(pos) - l.base
		if e := l.expl[k]; e.atom == a && e.atoms != nil {
			return append(out, e.atoms...)
		}
		start := len(out)
		out = l.explainLine(int(r), pos, a, out)
		l.expl[k] = explanation{atom: a, atoms: append([]int32(nil), out[start:]...)}
		return out
	case r == reasonGuess:
		return out
	}
	for _, a := range l.clauses[-r-2] {
		if l.isFalse(a) && l.elimPos[a] < pos {
			out = append(out, a)
		}
	}
	return out
}

// atomLevel is the decision level of an eliminated atom (0 when made before
// learning began).
func (l *learner) atomLevel(a int32) int {
	p := l.elimPos[a]
	if p < 0 {
		return 0
	}
	return int(l.posLevel[int(p)-l.base])
}

// learnFrom analyses a set of eliminations that cannot hold together: it
// finds the first unique implication point, learns the clause, jumps back
// and lets the clause force a cell.
func (l *learner) learnFrom(conflict []int32) error {
	l.gen++
	if l.gen == 0 {
		clear(l.seen)
		l.gen = 1
	}
	level := l.level()
	l.learnt = l.learnt[:0]
	pending := 0
	add := func(a int32) {
		lv := l.atomLevel(a)
		if lv == 0 || l.seen[a] == l.gen {
			return
		}
		l.seen[a] = l.gen
		l.activity[int(a)/l.colors] += l.bump
		if lv == level {
			pending++
		} else {
			l.learnt = append(l.learnt, a)
		}
	}
	for _, a := range conflict {
		add(a)
	}
	if pending == 0 {
		// A conflict always involves the current level, since each level
		// starts from a fixed point; this guards the invariant.
		return errLearner
	}
	uip := int32(-1)
	for idx := len(l.g.trail) - 1; uip < 0; idx-- {
		if idx < l.base {
			return errLearner
		}
		e := l.g.trail[idx]
		removed := e.old &^ e.new
		for removed != 0 && uip < 0 {
			c := bits.TrailingZeros32(uint32(removed))
			removed &= removed - 1
			a := int32(int(e.cell)*l.colors + c)
			if l.seen[a] != l.gen || l.atomLevel(a) != level {
				continue
			}
			if pending == 1 {
				uip = a
				break
			}
			pending--
			l.scratch = l.reasonAtoms(a, int32(idx), l.scratch[:0])
			for _, r := range l.scratch {
				add(r)
			}
		}
	}
	cl := make([]int32, 0, len(l.learnt)+1)
	cl = append(cl, uip)
	back := 0
	for _, a := range l.learnt {
		if l.implied(a) {
			continue
		}
		cl = append(cl, a)
		if lv := l.atomLevel(a); lv > back {
			back = lv
			cl[1], cl[len(cl)-1] = cl[len(cl)-1], cl[1]
		}
	}
	l.bump /= 0.95
	if l.bump > 1e100 {
		for i := range l.activity {
			l.activity[i] *= 1e-100
		}
		l.bump *= 1e-100
	}
	if l.spent {
		return errBudget
	}
	l.backjump(back)
	ci := len(l.clauses)
	l.clauses = append(l.clauses, cl)
	l.atoms += len(cl)
	if l.atoms > maxLearntAtoms {
		return errBudget
	}
	if len(cl) >= 2 {
		l.watches[cl[0]] = append(l.watches[cl[0]], int32(ci))
		l.watches[cl[1]] = append(l.watches[cl[1]], int32(ci))
	}
	cell, c := int(uip)/l.colors, int(uip)%l.colors
	l.g.reason = clauseReason(ci)
	l.g.set(cell, 1<<c)
	return nil
}

// implied reports whether a learnt atom can be left out of the clause: its
// reason is a clause, or a line already explained, whose eliminations are all
// in the clause already or at level 0.
func (l *learner) implied(a int32) bool {
	p := l.elimPos[a]
	r := l.posReason[int(p)-l.base]
	if r == reasonGuess {
		return false
	}
	if e := l.expl[int(p)-l.base]; r >= 0 && (e.atom != a || e.atoms == nil) {
		return false // not explained yet: finding out would cost more than it saves
	}
	l.scratch = l.reasonAtoms(a, p, l.scratch[:0])
	for _, r := range l.scratch {
		if l.seen[r] != l.gen && l.atomLevel(r) > 0 {
			return false
		}
	}
	return true
}

// backjump undoes every level above level.
func (l *learner) backjump(level int) {
	if level >= l.level() {
		return
	}
	l.g.undo(l.levelAt[level])
	l.levelAt = l.levelAt[:level]
}

// blockingAtoms returns the eliminations of the solved state made above
// level 0: at least one of them must be undone for another solution.
func (l *learner) blockingAtoms() []int32 {
	out := l.scratch[:0]
	for a := range l.elimPos {
		if l.atomLevel(int32(a)) > 0 {
			out = append(out, int32(a))
		}
	}
	return out
}

// guess opens a new level by ruling out one colour of the unknown cell with
// the highest activity: a colour other than the one the cell last had.
func (l *learner) guess() {
	g := l.g
	best := -1
	for i, c := range g.cells {
		if !c.single() && (best < 0 || l.activity[i] > l.activity[best]) {
			best = i
		}
	}
	set := g.cells[best]
	keep := int(l.phase[best])
	if set&(1<<keep) == 0 {
		keep = set.only()
	}
	drop := 31 - bits.LeadingZeros32(uint32(set&^(1<<keep)))
	l.s.stats.Nodes++
	l.s.work += guessCost
	l.levelAt = append(l.levelAt, len(g.trail))
	g.reason = reasonGuess
	g.set(best, set&^(1<<drop))
}
