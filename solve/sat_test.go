package solve

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// bruteSAT reports whether some assignment of vars variables satisfies
// every clause, trying them all.
func bruteSAT(vars int, clauses [][]lit) bool {
	for m := range 1 << vars {
		ok := true
		for _, cl := range clauses {
			sat := false
			for _, l := range cl {
				if (m>>l.vari()&1 == 1) == (l&1 == 0) {
					sat = true
					break
				}
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// random3SAT returns a solver given n random clauses of three literals over
// vars variables, and the clauses.
func random3SAT(r *rand.Rand, vars, n int) (*satSolver, [][]lit) {
	var clauses [][]lit
	for range n {
		cl := make([]lit, 3)
		for i := range cl {
			cl[i] = posLit(int32(r.IntN(vars))) ^ lit(r.IntN(2))
		}
		clauses = append(clauses, cl)
	}
	s := newSatSolver(nil)
	for range vars {
		s.newVar(true)
	}
	for _, cl := range clauses {
		s.addClause(cl...)
	}
	return s, clauses
}

func TestSatSolverAgainstBruteForce(t *testing.T) {
	// Random 3-SAT around the threshold (4.3 clauses per variable), where
	// satisfiable and unsatisfiable formulas are about as common, and the
	// solver meets conflicts, learning, restarts and pruning.
	r := rand.New(rand.NewPCG(7, 8))
	tally := map[satStatus]int{}
	for k := range 600 {
		vars := 3 + r.IntN(12)
		s, clauses := random3SAT(r, vars, vars*43/10)
		st := s.solve()
		tally[st]++
		if want := bruteSAT(vars, clauses); (st == satTrue) != want {
			t.Fatalf("case %d: %v, brute force says satisfiable %v", k, st, want)
		}
		if st != satTrue {
			continue
		}
		for _, cl := range clauses {
			if !slices.ContainsFunc(cl, s.modelTrue) {
				t.Fatalf("case %d: the model falsifies %v", k, cl)
			}
		}
	}
	if tally[satTrue] == 0 || tally[satFalse] == 0 {
		t.Errorf("outcomes not all exercised: %v", tally)
	}
}

// pigeonhole adds to a new solver the clauses saying that pigeons pigeons
// sit in holes holes, one at most in each: unsatisfiable when there are more
// pigeons, and hard for resolution.
func pigeonhole(done <-chan struct{}, pigeons, holes int) *satSolver {
	s := newSatSolver(done)
	for range pigeons * holes {
		s.newVar(true)
	}
	addPigeonhole(s, pigeons, holes, -1, func(int) lit { return -1 })
	return s
}

// addPigeonhole adds the clauses of pigeonhole over the solver's first
// pigeons × holes variables, each pigeon's clause weakened by literal
// pigeonGuard and each hole's by holeGuard(hole), where those are not -1.
func addPigeonhole(s *satSolver, pigeons, holes int, pigeonGuard lit, holeGuard func(int) lit) {
	v := func(p, h int) lit { return posLit(int32(p*holes + h)) }
	guarded := func(g lit, cl ...lit) []lit {
		if g < 0 {
			return cl
		}
		return append(cl, g)
	}
	for p := range pigeons {
		var cl []lit
		for h := range holes {
			cl = append(cl, v(p, h))
		}
		s.addClause(guarded(pigeonGuard, cl...)...)
	}
	for h := range holes {
		for p := range pigeons {
			for q := p + 1; q < pigeons; q++ {
				s.addClause(guarded(holeGuard(h), v(p, h).not(), v(q, h).not())...)
			}
		}
	}
}

func TestSatSolverPigeonholeAndBudget(t *testing.T) {
	// 7 pigeons in 6 holes take hundreds of conflicts and several restarts
	// to refute; with its context done from the start, the solver gives up
	// within a few hundred steps.
	s := pigeonhole(nil, 7, 6)
	if st := s.solve(); st != satFalse || s.Conflicts < 200 {
		t.Fatalf("pigeonhole 7/6: %v after %d conflicts", st, s.Conflicts)
	}
	// 8 in 7 take thousands: the learnt clauses are pruned on the way.
	s = pigeonhole(nil, 8, 7)
	if st := s.solve(); st != satFalse || s.maxLearnt == satReduceFirst {
		t.Fatalf("pigeonhole 8/7: %v after %d conflicts, learnt-clause limit %d", st, s.Conflicts, s.maxLearnt)
	}
	if st := pigeonhole(nil, 6, 6).solve(); st != satTrue {
		t.Fatalf("pigeonhole 6/6: %v", st)
	}
	done := make(chan struct{})
	close(done)
	s = pigeonhole(done, 7, 6)
	if st := s.solve(); st != satUnknown || s.Conflicts+s.Decisions > 2*checkEvery {
		t.Fatalf("with the context done: %v after %d conflicts and %d decisions", st, s.Conflicts, s.Decisions)
	}
}

func TestLineEncodingMatchesPlacements(t *testing.T) {
	// Every line of up to 7 cells and 3 colours, with some cells narrowed:
	// the models of the line's clauses, read on the cells, are exactly the
	// placements of its clue that agree with the cells' sets.
	r := rand.New(rand.NewPCG(9, 10))
	for k := range 400 {
		n, colors := 1+r.IntN(7), 2+r.IntN(2)
		goal := make([]uint8, n)
		for i := range goal {
			if r.IntN(2) == 0 {
				goal[i] = uint8(1 + r.IntN(colors-1))
			}
		}
		clue := puzzle.LineOf(goal)
		all := colorSet(1)<<colors - 1
		cells := make([]colorSet, n)
		for i := range cells {
			cells[i] = all
			if r.IntN(4) == 0 {
				cells[i] = colorSet(1) << r.IntN(colors) // may leave no placement
			}
		}
		var want []string
		for _, pl := range linePlacements(clue, n, colors) {
			fits := true
			for i, c := range pl {
				fits = fits && cells[i]&(1<<c) != 0
			}
			if fits {
				want = append(want, fmt.Sprint(pl))
			}
		}
		slices.Sort(want)
		for _, enc := range []satEncoding{encodeOrder, encodeAutomaton} {
			got := lineModels(toSolverLine(clue), cells, colors, enc)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("case %d, encoding %d: clue %v cells %v: models %v, placements %v", k, enc, clue, cells, got, want)
			}
		}
	}
}

// lineModels lists every colouring of one line that its clauses allow, as
// strings, by solving and blocking each model in turn.
func lineModels(clue []block, cells []colorSet, colors int, enc satEncoding) []string {
	s := newSatSolver(nil)
	n := len(cells)
	cellVars := make([]int32, n)
	for i := range n {
		cellVars[i] = s.newVar(true)
		for range colors - 1 {
			s.newVar(true)
		}
	}
	cellLit := func(i, c int) lit { return posLit(cellVars[i] + int32(c)) }
	for i := range n {
		var alo []lit
		for c := range colors {
			if cells[i]&(1<<c) == 0 {
				s.addClause(cellLit(i, c).not())
			}
			alo = append(alo, cellLit(i, c))
			for d := c + 1; d < colors; d++ {
				s.addClause(cellLit(i, c).not(), cellLit(i, d).not())
			}
		}
		s.addClause(alo...)
	}
	a := newLineAutomaton(clue)
	size := (n + 1) * a.states()
	vars := make([]int32, size)
	if !lineStates(&a, cells, func() int32 { return s.newVar(false) }, make([]int32, size), vars) {
		return nil
	}
	if enc == encodeAutomaton {
		lineClauses(s, &a, cells, vars, cellLit, func() int32 { return s.newVar(false) })
	} else {
		yes := posLit(s.newVar(false))
		s.addClause(yes)
		feasible := make([]bool, len(clue)*n)
		lo, hi := blockStarts(&a, clue, cells, vars, feasible)
		orderClauses(s, clue, cells, lo, hi, feasible, cellLit, yes)
	}
	var out []string
	for s.solve() == satTrue {
		model := make([]uint8, n)
		var block []lit
		for i := range n {
			for c := range colors {
				if s.modelTrue(cellLit(i, c)) {
					model[i] = uint8(c)
					block = append(block, cellLit(i, c).not())
				}
			}
		}
		out = append(out, fmt.Sprint(model))
		s.addClause(block...)
	}
	return out
}

func TestSatTargetPhases(t *testing.T) {
	// Decisions by hand, then conflicts (aim) at two levels: the trail below
	// the deeper conflict's level is the longer one and stays the target.
	s := newSatSolver(nil)
	for range 3 {
		s.newVar(true)
	}
	s.aiming = true
	decide := func(l lit) {
		s.limits = append(s.limits, len(s.trail))
		s.assign(l, -1)
	}
	decide(posLit(0))
	decide(posLit(1).not())
	decide(posLit(2))
	s.aim() // at level 3: v0 true and v1 false met no conflict
	s.cancelUntil(0)
	decide(posLit(0).not())
	decide(posLit(2).not())
	s.aim() // at level 2: a trail of one, shorter, changes nothing
	s.cancelUntil(0)
	// Saved phases now: v0 false, v1 false, v2 false.
	for v, want := range []bool{true, false, false} {
		if got := s.preferTrue(int32(v)); got != want {
			t.Errorf("aiming: v%d prefers %v, want %v (target %v)", v, got, want, s.target)
		}
	}
	s.aiming = false
	if s.preferTrue(0) {
		t.Error("not aiming: v0 prefers its target, want its saved phase (false)")
	}
	s.aiming = true
	s.clearTarget()
	if s.preferTrue(0) || s.targetN != 0 {
		t.Error("after clearTarget: v0 still prefers its old target")
	}
}

func TestSatAimingRestartsLessOften(t *testing.T) {
	// Pigeonhole 8/7 takes thousands of conflicts. Aiming, they record a
	// target, and the restart intervals are Luby's sequence times
	// satAimLubyUnit: the intervals before the last one add up to no more
	// than the conflicts spent, and with the last one to about as many (a
	// restart waits for the conflicts in a row to end).
	for _, aiming := range []bool{false, true} {
		s := pigeonhole(nil, 8, 7)
		s.aiming = aiming
		if st := s.solve(); st != satFalse {
			t.Fatalf("aiming %v: %v", aiming, st)
		}
		if (s.targetN > 0) != aiming {
			t.Errorf("aiming %v: a target of %d assignments recorded", aiming, s.targetN)
		}
		unit := satLubyUnit
		if aiming {
			unit = satAimLubyUnit
		}
		spent := 0
		for i := 1; i < s.restarts; i++ {
			spent += unit * luby(i)
		}
		if s.restarts < 2 || spent > s.Conflicts || (spent+unit*luby(s.restarts))*11/10 < s.Conflicts {
			t.Errorf("aiming %v: %d restarts for %d conflicts, not Luby intervals of %d", aiming, s.restarts, s.Conflicts, unit)
		}
	}
}

// TestSatLBD checks the literal block distance of random clauses against a
// count of their distinct levels, the stamps of lbd wrapping around after
// the first clause (back to the stamp that marked that clause's levels).
func TestSatLBD(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	s := newSatSolver(nil)
	for range 40 {
		s.newVar(true)
	}
	for k := range 200 {
		if k == 1 {
			s.lbdStamp = ^uint32(0)
		}
		depth := 1 + r.IntN(6)
		s.limits = make([]int, depth) // the decision level lbd sizes its marks by
		for v := range s.level {
			s.level[v] = int32(r.IntN(depth + 1))
		}
		var cl []lit
		distinct := map[int32]bool{}
		for range 3 + r.IntN(10) {
			v := int32(r.IntN(len(s.level)))
			cl = append(cl, posLit(v))
			distinct[s.level[v]] = true
		}
		if got := s.lbd(cl); int(got) != len(distinct) {
			t.Fatalf("clause %d %v at levels %v: lbd %d, want %d", k, cl, s.level, got, len(distinct))
		}
	}
}

// TestSatReduceKeepsUsedTier2 checks the pruning of learnt clauses: when
// the solver does not aim, a clause of distance at most satTier2 that took
// part in an analysis since the last pruning survives it (and is marked
// unused again), while unused ones are ranked as before; while aiming, use
// spares no clause.
func TestSatReduceKeepsUsedTier2(t *testing.T) {
	for _, aiming := range []bool{false, true} {
		s := newSatSolver(nil)
		for range 12 {
			s.newVar(true)
		}
		s.aiming = aiming
		var used, unused []int32
		for i := range 4 {
			a, b, c := posLit(int32(3*i)), posLit(int32(3*i+1)), posLit(int32(3*i+2))
			ci := s.attach([]lit{a, b, c}, flagLearnt|flagUsed|satTier2<<lbdShift)
			used = append(used, ci)
			ci = s.attach([]lit{a.not(), b.not(), c.not()}, flagLearnt|3<<lbdShift)
			unused = append(unused, ci)
		}
		s.learnts = append(append(s.learnts, used...), unused...)
		s.reduce()
		dead := func(cis []int32) (n int) {
			for _, ci := range cis {
				if s.flags(ci)&flagDead != 0 {
					n++
				}
			}
			return n
		}
		wantUsedDead, wantUnusedDead := 0, 2
		if aiming {
			wantUsedDead, wantUnusedDead = 4, 0 // the highest distances go first
		}
		if got, got2 := dead(used), dead(unused); got != wantUsedDead || got2 != wantUnusedDead {
			t.Errorf("aiming %v: %d used and %d unused clauses removed, want %d and %d", aiming, got, got2, wantUsedDead, wantUnusedDead)
		}
		for _, ci := range s.learnts {
			if s.flags(ci)&flagUsed != 0 {
				t.Errorf("aiming %v: clause %d still marked used after the pruning", aiming, ci)
			}
		}
	}
}
