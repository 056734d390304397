package solve

import (
	"slices"
)

// A small CDCL SAT solver for the fallback of satsearch.go: two watched
// literals, first-UIP learning with clause minimisation, VSIDS branching with
// phase saving, Luby restarts and a learnt-clause database pruned by literal
// block distance (once it no longer aims, clauses of a small distance that
// took part in a conflict since the last pruning are kept, as in the tiers
// of CaDiCaL and Kissat). While aiming (satsearch.go turns it on until a first
// solution is known), decisions follow target phases instead: the values of
// the longest trail that met no conflict, kept across restarts, so that each
// restart heads back to the largest consistent assignment seen (the target
// phases of CaDiCaL and Kissat), and restarts come about five times less
// often; when it does not aim, periods of restarts by the learnt clauses'
// distances may alternate with the Luby intervals (satrestarts.go). It is
// built for one solve, checks the context's done channel as it goes, and
// draws no random numbers, so its answers and their order depend only on
// the clauses it is given and their order.

// lit is a literal: variable v is 2v when true, 2v+1 when false.
type lit int32

func posLit(v int32) lit  { return lit(2 * v) }
func (l lit) not() lit    { return l ^ 1 }
func (l lit) vari() int32 { return int32(l >> 1) }

// satStatus is the outcome of satSolver.solve.
type satStatus int

const (
	satUnknown satStatus = iota // the context was done first
	satTrue                     // a model is assigned
	satFalse                    // no model
)

// Clauses live in one arena of literals, a clause being a reference (its
// offset) to two header words, its length and its flags, followed by its
// literals; a reason clause holds its implied literal first. Keeping them in
// one slice keeps propagation's memory reads close together.
const (
	clauseHeader = 2
	flagLearnt   = 1
	flagDead     = 2 // removed from the database; its watches are dropped lazily
	flagUsed     = 4 // a learnt clause took part in a conflict's analysis since the last pruning
	lbdShift     = 3 // the literal block distance of a learnt clause sits above the flags
)

// watch is an entry of a literal's watch list: the clause and a literal of
// it (the blocker) whose truth spares a look at the clause. For a clause of
// two literals the blocker is the other one, which is all propagation needs,
// and the clause is stored complemented (^ci, negative), so that an entry
// takes eight bytes. Binary clauses are never removed (a learnt one has a
// literal block distance of at most 2), so their entries need no look at
// the clause's flags either.
type watch struct {
	clause  int32
	blocker lit
}

// binaryWatch returns the entry of a clause of two literals.
func binaryWatch(ci int32, blocker lit) watch { return watch{^ci, blocker} }

// Tuning of restarts and of the learnt-clause database.
const (
	satLubyUnit     = 100  // conflicts in the shortest restart interval
	satAimLubyUnit  = 512  // the same while aiming: each restart heads back to the target, so fewer are needed
	satReduceFirst  = 4000 // learnt clauses kept before the first pruning
	satReduceGrowth = 1000 // how much the limit grows at each pruning
	satVarDecay     = 0.95
	satTier2        = 6 // when not aiming: a learnt clause of at most this distance used since the last pruning survives it
)

// satSolver is the solver's state.
type satSolver struct {
	arena   []lit
	learnts []int32   // live learnt clauses
	watches [][]watch // per literal: clauses that watch it
	value   []int8    // per variable: 0 unassigned, 1 true, -1 false
	litVal  []int8    // per literal: the same, so that propagation needs no sign test
	level   []int32   // per variable: decision level of its assignment
	reason  []int32   // per variable: implying clause, -1 for a decision
	trail   []lit
	limits  []int // trail length at the start of each decision level
	qhead   int
	ok      bool // false once the clauses are known to be unsatisfiable

	activity []float64
	varInc   float64
	heap     varHeap
	phase    []bool // per variable: the value it last had
	target   []int8 // per variable: 1 or -1, its value in the longest trail without a conflict; 0 when none
	targetN  int    // that trail's length
	aiming   bool   // decisions follow the target phases (see preferTrue)
	decision []bool // per variable: whether to branch on it

	// glueRestarts has the solver, when not aiming, alternate periods of
	// Luby restarts and of restarts by the averages of the learnt clauses'
	// distances (satrestarts.go) instead of keeping to Luby intervals.
	glueRestarts       bool
	glueFast, glueSlow glueAverage
	periods            restartPeriods

	seen   []bool
	learnt []lit
	marked []lit // the learnt clause before minimisation, whose seen marks are cleared

	assumptions []lit // decided first, in order (sat_assume.go)
	finalCore   []lit // the assumptions refuted, after solveUnder's satFalse

	maxLearnt int
	limit     int // when above 0: solve gives up (satUnknown) once Conflicts reaches it
	done      <-chan struct{}
	checkIn   int
	stopped   bool // the context was found done
	restarts  int

	levelMark []uint32 // per decision level: the stamp of the last clause lbd saw there
	lbdStamp  uint32

	problemWords int // arena words of the clauses that are not learnt
	collectAt    int // arena length at which collectIfDue counts the live words again
	collections  int // arena collections so far

	Decisions, Conflicts int // counted for the effort score and for tests
}

func newSatSolver(done <-chan struct{}) *satSolver {
	s := &satSolver{varInc: 1, ok: true, maxLearnt: satReduceFirst, done: done, collectAt: minCollect,
		glueFast: newGlueAverage(glueFastAlpha), glueSlow: newGlueAverage(glueSlowAlpha)}
	s.heap.act = s.activity
	return s
}

// newVar adds a variable, false in its first phase, and returns it. Only
// decision variables are branched on; the others must be implied once every
// decision variable has a value.
func (s *satSolver) newVar(decision bool) int32 {
	v := int32(len(s.value))
	s.watches = append(s.watches, nil, nil)
	s.value = append(s.value, 0)
	s.litVal = append(s.litVal, 0, 0)
	s.level = append(s.level, 0)
	s.reason = append(s.reason, -1)
	s.activity = append(s.activity, 0)
	s.phase = append(s.phase, false)
	s.target = append(s.target, 0)
	s.seen = append(s.seen, false)
	s.heap.act = s.activity
	s.heap.pos = append(s.heap.pos, -1)
	s.decision = append(s.decision, decision)
	if decision {
		s.heap.push(v)
	}
	return v
}

// litValue is 1 when l is true, -1 when false, 0 when unassigned.
func (s *satSolver) litValue(l lit) int8 { return s.litVal[l] }

func (s *satSolver) decisionLevel() int { return len(s.limits) }

// assign makes l true, with clause from as its reason (-1 for a decision).
func (s *satSolver) assign(l lit, from int32) {
	v := l.vari()
	if l&1 != 0 {
		s.value[v] = -1
	} else {
		s.value[v] = 1
	}
	s.litVal[l], s.litVal[l^1] = 1, -1
	s.level[v] = int32(s.decisionLevel())
	s.reason[v] = from
	s.trail = append(s.trail, l)
}

// addClause adds a clause of the problem; it may be called before solving or
// between two solves (the search is then back at level 0). It reports false
// once the clauses cannot all hold.
func (s *satSolver) addClause(lits ...lit) bool {
	s.cancelUntil(0)
	if !s.ok {
		return false
	}
	kept := make([]lit, 0, len(lits))
	for _, l := range lits {
		switch s.litValue(l) {
		case 1:
			return true
		case 0:
			if !slices.Contains(kept, l) {
				if slices.Contains(kept, l.not()) {
					return true
				}
				kept = append(kept, l)
			}
		}
	}
	switch len(kept) {
	case 0:
		s.ok = false
	case 1:
		s.assign(kept[0], -1)
		s.ok = s.propagate() < 0
	default:
		s.attach(kept, 0)
	}
	return s.ok
}

// attach stores a clause and watches its first two literals, first
// collecting the arena's garbage when it is due (satarena.go).
func (s *satSolver) attach(ls []lit, flags int32) int32 {
	s.collectIfDue()
	if flags&flagLearnt == 0 {
		s.problemWords += clauseHeader + len(ls)
	}
	ci := int32(len(s.arena))
	s.arena = append(s.arena, lit(len(ls)), lit(flags))
	s.arena = append(s.arena, ls...)
	w0, w1 := watch{ci, ls[1]}, watch{ci, ls[0]}
	if len(ls) == 2 {
		w0, w1 = binaryWatch(ci, ls[1]), binaryWatch(ci, ls[0])
	}
	s.watches[ls[0]] = append(s.watches[ls[0]], w0)
	s.watches[ls[1]] = append(s.watches[ls[1]], w1)
	return ci
}

// lits returns the literals of clause ci.
func (s *satSolver) lits(ci int32) []lit {
	n := int32(s.arena[ci])
	return s.arena[ci+clauseHeader : ci+clauseHeader+n]
}

func (s *satSolver) flags(ci int32) int32 { return int32(s.arena[ci+1]) }

// propagate assigns what the clauses imply, and returns a clause whose
// literals are all false, or -1. The literals' values and the arena are read
// through local slices (neither grows here), which spares the loop reloading
// them from the solver after each assignment.
func (s *satSolver) propagate() int32 {
	vals, arena := s.litVal, s.arena
	for s.qhead < len(s.trail) {
		falsified := s.trail[s.qhead].not()
		s.qhead++
		ws := s.watches[falsified]
		j := 0
		for i := 0; i < len(ws); i++ {
			w := ws[i]
			bv := vals[w.blocker]
			if bv == 1 {
				ws[j] = w
				j++
				continue
			}
			if w.clause < 0 {
				ci := ^w.clause
				ws[j] = w
				j++
				if bv == -1 {
					j += copy(ws[j:], ws[i+1:])
					s.watches[falsified] = ws[:j]
					s.qhead = len(s.trail)
					return ci
				}
				if arena[ci+clauseHeader] != w.blocker {
					arena[ci+clauseHeader], arena[ci+clauseHeader+1] = arena[ci+clauseHeader+1], arena[ci+clauseHeader]
				}
				s.assign(w.blocker, ci)
				continue
			}
			ci := w.clause
			if int32(arena[ci+1])&flagDead != 0 {
				continue
			}
			ls := arena[ci+clauseHeader : ci+clauseHeader+int32(arena[ci])]
			if ls[0] == falsified {
				ls[0], ls[1] = ls[1], ls[0]
			}
			first := ls[0]
			if first != w.blocker && vals[first] == 1 {
				ws[j] = watch{ci, first}
				j++
				continue
			}
			moved := false
			for k := 2; k < len(ls); k++ {
				if vals[ls[k]] != -1 {
					ls[1], ls[k] = ls[k], ls[1]
					s.watches[ls[1]] = append(s.watches[ls[1]], watch{ci, first})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watch{ci, first}
			j++
			if vals[first] == -1 {
				j += copy(ws[j:], ws[i+1:])
				s.watches[falsified] = ws[:j]
				s.qhead = len(s.trail)
				return ci
			}
			s.assign(first, ci)
		}
		s.watches[falsified] = ws[:j]
	}
	return -1
}

// cancelUntil undoes every decision level above level, saving phases.
func (s *satSolver) cancelUntil(level int) {
	if s.decisionLevel() <= level {
		return
	}
	start := s.limits[level]
	for k := len(s.trail) - 1; k >= start; k-- {
		v := s.trail[k].vari()
		s.phase[v] = s.value[v] > 0
		s.value[v] = 0
		s.litVal[2*v], s.litVal[2*v+1] = 0, 0
		if s.heap.pos[v] < 0 && s.decision[v] {
			s.heap.push(v)
		}
	}
	s.trail = s.trail[:start]
	s.limits = s.limits[:level]
	s.qhead = start
}

// solve searches for a model of the clauses added so far.
func (s *satSolver) solve() satStatus {
	if !s.ok {
		return satFalse
	}
	for {
		s.restarts++
		st := s.search(s.restartInterval())
		if st != satUnknown || s.stopped || s.limited() {
			if st == satUnknown {
				s.cancelUntil(0)
			}
			return st
		}
	}
}

// limited reports whether the conflict limit is reached.
func (s *satSolver) limited() bool { return s.limit > 0 && s.Conflicts >= s.limit }

// spent reports whether the context is done, looking every checkEvery
// calls.
func (s *satSolver) spent() bool {
	if doneEvery(s.done, &s.checkIn) {
		s.stopped = true
	}
	return s.stopped
}

// search runs until a model, a proof of none, the context's end or
// maxConflicts conflicts (a restart: satUnknown with the context still live).
func (s *satSolver) search(maxConflicts int) satStatus {
	conflicts := 0
	for {
		confl := s.propagate()
		if confl >= 0 {
			s.Conflicts++
			conflicts++
			if s.decisionLevel() == 0 {
				s.ok = false
				return satFalse
			}
			if s.aiming {
				s.aim()
			}
			learnt, back := s.analyze(confl)
			lbd := s.lbd(learnt) // before the levels are undone
			s.noteGlue(lbd)
			s.cancelUntil(back)
			if len(learnt) == 1 {
				s.assign(learnt[0], -1)
			} else {
				ci := s.attach(learnt, flagLearnt|lbd<<lbdShift)
				s.learnts = append(s.learnts, ci)
				s.assign(learnt[0], ci)
			}
			s.varInc /= satVarDecay
			if s.spent() || s.limited() {
				return satUnknown
			}
			continue
		}
		if conflicts >= maxConflicts || s.glueRestart(conflicts) {
			s.cancelUntil(0)
			return satUnknown
		}
		if len(s.learnts) >= s.maxLearnt {
			s.reduce()
		}
		l, refuted := s.nextAssumption()
		if refuted {
			return satFalse
		}
		if l < 0 {
			var st satStatus
			if l, st = s.ownDecision(); l < 0 {
				return st
			}
		}
		s.limits = append(s.limits, len(s.trail))
		s.assign(l, -1)
	}
}

// ownDecision returns the solver's own next decision, once the assumptions
// hold: the branching variable at its preferred value; or -1 with satTrue
// when every variable has a value, or with satUnknown when the context is
// done.
func (s *satSolver) ownDecision() (lit, satStatus) {
	v := s.pickBranch()
	if v < 0 {
		return -1, satTrue
	}
	s.Decisions++
	if s.spent() {
		return -1, satUnknown
	}
	l := posLit(v)
	if !s.preferTrue(v) {
		l = l.not()
	}
	return l, satUnknown
}

// preferTrue reports which value a decision gives variable v: its target
// phase while aiming and it has one, else its saved phase.
func (s *satSolver) preferTrue(v int32) bool {
	if s.aiming {
		if t := s.target[v]; t != 0 {
			return t > 0
		}
	}
	return s.phase[v]
}

// aim records, at a conflict, the values of the trail below the conflict's
// decision level (the assignments that led to no conflict) as the target
// phases, when that trail is the longest yet. The record is kept across
// restarts; clearTarget starts a new one.
func (s *satSolver) aim() {
	n := s.limits[len(s.limits)-1]
	if n <= s.targetN {
		return
	}
	s.targetN = n
	for _, l := range s.trail[:n] {
		s.target[l.vari()] = s.value[l.vari()]
	}
}

// clearTarget forgets the target phases, so that decisions follow the saved
// phases until the next conflict records a target.
func (s *satSolver) clearTarget() {
	clear(s.target)
	s.targetN = 0
}

// pickBranch returns the unassigned variable of highest activity, or -1.
func (s *satSolver) pickBranch() int32 {
	for s.heap.len() > 0 {
		v := s.heap.pop()
		if s.value[v] == 0 {
			return v
		}
	}
	return -1
}

// bump raises a variable's activity, rescaling all of them when they grow
// too large.
func (s *satSolver) bump(v int32) {
	s.activity[v] += s.varInc
	if s.activity[v] > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	if s.heap.pos[v] >= 0 {
		s.heap.up(int(s.heap.pos[v]))
	}
}

// rank replaces the variables' activities with act (per variable) and
// reorders the branching heap.
func (s *satSolver) rank(act []float64) {
	copy(s.activity, act)
	s.varInc = 1
	for i := s.heap.len() - 1; i >= 0; i-- {
		s.heap.down(i)
	}
}

// analyze derives the first-UIP clause of a conflict, asserting literal
// first and a literal of the backjump level second, and that level. The
// clause is the solver's scratch, valid until the next analysis (attach
// copies it into the arena).
func (s *satSolver) analyze(confl int32) ([]lit, int) {
	learnt := append(s.learnt[:0], 0)
	pending := 0
	p := lit(-1)
	idx := len(s.trail) - 1
	level := int32(s.decisionLevel())
	for {
		s.arena[confl+1] |= flagUsed
		ls := s.lits(confl)
		if p >= 0 {
			ls = ls[1:]
		}
		for _, q := range ls {
			v := q.vari()
			if s.seen[v] || s.level[v] == 0 {
				continue
			}
			s.seen[v] = true
			s.bump(v)
			if s.level[v] >= level {
				pending++
			} else {
				learnt = append(learnt, q)
			}
		}
		for !s.seen[s.trail[idx].vari()] {
			idx--
		}
		p = s.trail[idx]
		idx--
		confl = s.reason[p.vari()]
		s.seen[p.vari()] = false
		pending--
		if pending == 0 {
			break
		}
	}
	learnt[0] = p.not()
	learnt = s.minimize(learnt)
	back := 0
	for k := 1; k < len(learnt); k++ {
		if lv := int(s.level[learnt[k].vari()]); lv > back {
			back = lv
			learnt[1], learnt[k] = learnt[k], learnt[1]
		}
	}
	s.learnt = learnt
	return learnt, back
}

// minimize drops from a learnt clause the literals implied by others of it
// (a literal whose reason's other literals are all in the clause or fixed at
// level 0), and clears the seen marks.
func (s *satSolver) minimize(learnt []lit) []lit {
	s.marked = append(s.marked[:0], learnt...)
	kept := 1
	for k := 1; k < len(learnt); k++ {
		q := learnt[k]
		r := s.reason[q.vari()]
		if r >= 0 && s.redundant(r) {
			continue
		}
		learnt[kept] = q
		kept++
	}
	for _, q := range s.marked {
		s.seen[q.vari()] = false
	}
	return learnt[:kept]
}

// redundant reports whether every literal of reason clause r but its first
// is in the learnt clause or fixed at level 0.
func (s *satSolver) redundant(r int32) bool {
	for _, q := range s.lits(r)[1:] {
		if v := q.vari(); !s.seen[v] && s.level[v] > 0 {
			return false
		}
	}
	return true
}

// lbd counts the distinct decision levels of a clause's literals, marking
// each level with a stamp new to this call (one pass, not a search of the
// levels already counted).
func (s *satSolver) lbd(ls []lit) int32 {
	if n := s.decisionLevel() + 1; len(s.levelMark) < n {
		s.levelMark = append(s.levelMark, make([]uint32, n-len(s.levelMark))...)
	}
	s.lbdStamp++
	if s.lbdStamp == 0 { // wrapped: old stamps could match again
		clear(s.levelMark)
		s.lbdStamp = 1
	}
	n := int32(0)
	for _, l := range ls {
		if lv := s.level[l.vari()]; s.levelMark[lv] != s.lbdStamp {
			s.levelMark[lv] = s.lbdStamp
			n++
		}
	}
	return n
}

// reduce removes about half of the learnt clauses, those of highest literal
// block distance (then longest, then oldest), keeping clauses of distance 2
// or less, those that are the reason of a current assignment and, when not
// aiming, those of distance satTier2 or less used since the last pruning.
// (While aiming, keeping them too lost random grids: a 40×40 grid at density
// 0.4 went from 4 s to 59 s.) Every clause is marked unused again.
func (s *satSolver) reduce() {
	cand := s.learnts[:0:0]
	kept := s.learnts[:0]
	for _, ci := range s.learnts {
		used := s.flags(ci)&flagUsed != 0
		s.arena[ci+1] &^= flagUsed
		if lbd := s.flags(ci) >> lbdShift; lbd <= 2 || (used && !s.aiming && lbd <= satTier2) || s.locked(ci) {
			kept = append(kept, ci)
		} else {
			cand = append(cand, ci)
		}
	}
	slices.SortStableFunc(cand, func(a, b int32) int {
		if la, lb := s.flags(a)>>lbdShift, s.flags(b)>>lbdShift; la != lb {
			return int(lb - la)
		}
		return len(s.lits(b)) - len(s.lits(a))
	})
	half := len(cand) / 2
	for _, ci := range cand[:half] {
		s.arena[ci+1] |= flagDead
	}
	s.learnts = append(kept, cand[half:]...)
	slices.Sort(s.learnts)
	s.maxLearnt += satReduceGrowth
}

// locked reports whether clause ci is the reason of its first literal's
// current assignment.
func (s *satSolver) locked(ci int32) bool {
	l := s.lits(ci)[0]
	return s.litValue(l) == 1 && s.reason[l.vari()] == ci
}

// modelTrue reports whether l holds in the model after satTrue.
func (s *satSolver) modelTrue(l lit) bool { return s.litValue(l) == 1 }

// varHeap is a binary max-heap of variables by activity; ties go to the
// lower variable, so that the order is deterministic.
type varHeap struct {
	act  []float64
	vars []int32
	pos  []int32 // per variable: index in vars, -1 when absent
}

func (h *varHeap) len() int { return len(h.vars) }

func (h *varHeap) less(a, b int32) bool {
	if h.act[a] != h.act[b] {
		return h.act[a] > h.act[b]
	}
	return a < b
}

func (h *varHeap) push(v int32) {
	h.pos[v] = int32(len(h.vars))
	h.vars = append(h.vars, v)
	h.up(len(h.vars) - 1)
}

func (h *varHeap) pop() int32 {
	top := h.vars[0]
	last := h.vars[len(h.vars)-1]
	h.vars = h.vars[:len(h.vars)-1]
	h.pos[top] = -1
	if len(h.vars) > 0 {
		h.place(0, last)
		h.down(0)
	}
	return top
}

func (h *varHeap) up(i int) {
	v := h.vars[i]
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(v, h.vars[p]) {
			break
		}
		h.place(i, h.vars[p])
		i = p
	}
	h.place(i, v)
}

// place puts variable v at index i.
func (h *varHeap) place(i int, v int32) {
	h.vars[i] = v
	h.pos[v] = int32(i)
}

func (h *varHeap) down(i int) {
	v := h.vars[i]
	n := len(h.vars)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h.less(h.vars[c+1], h.vars[c]) {
			c++
		}
		if !h.less(h.vars[c], v) {
			break
		}
		h.place(i, h.vars[c])
		i = c
	}
	h.place(i, v)
}
