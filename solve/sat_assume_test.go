package solve

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// unitClauses returns each literal as a clause of its own.
func unitClauses(ls []lit) [][]lit {
	var cls [][]lit
	for _, l := range ls {
		cls = append(cls, []lit{l})
	}
	return cls
}

func TestSatSolveUnderSmallCore(t *testing.T) {
	// a → b → c → ¬d: assuming a, x and d has no model, and the core is a
	// and d, without x; assuming a alone has one, with b and c.
	s := newSatSolver(nil)
	a, b, c, d, x := posLit(s.newVar(true)), posLit(s.newVar(true)), posLit(s.newVar(true)), posLit(s.newVar(true)), posLit(s.newVar(true))
	s.addClause(a.not(), b)
	s.addClause(b.not(), c)
	s.addClause(c.not(), d.not())
	if st := s.solveUnder([]lit{a, x, d}); st != satFalse {
		t.Fatalf("a, x, d: %v, want no model", st)
	}
	core := slices.Sorted(slices.Values(s.core()))
	if !slices.Equal(core, []lit{a, d}) {
		t.Errorf("a, x, d: core %v, want %v", core, []lit{a, d})
	}
	if st := s.solveUnder([]lit{a}); st != satTrue || !s.modelTrue(b) || !s.modelTrue(c) || s.modelTrue(d) {
		t.Fatalf("a: %v, b %v c %v d %v", st, s.modelTrue(b), s.modelTrue(c), s.modelTrue(d))
	}
	// Contradictory assumptions are their own core.
	if st := s.solveUnder([]lit{x.not(), x}); st != satFalse || len(s.core()) != 2 {
		t.Errorf("¬x, x: %v, core %v", st, s.core())
	}
	if st := s.solveUnder(nil); st != satTrue {
		t.Errorf("no assumptions: %v, want a model (a refuted assumption refutes no clause)", st)
	}
}

func TestSatSolveUnderAgainstBruteForce(t *testing.T) {
	// Random 3-SAT below the threshold, each formula asked several times
	// under random assumptions by one solver, which keeps its learnt
	// clauses between asks: a model must satisfy the clauses and the
	// assumptions, and a core must be assumptions the clauses refute.
	r := rand.New(rand.NewPCG(3, 9))
	tally := map[satStatus]int{}
	coreSmaller := 0
	for k := range 300 {
		vars := 4 + r.IntN(10)
		s, clauses := random3SAT(r, vars, vars*36/10)
		for ask := range 6 {
			assumed := make([]lit, 1+r.IntN(5))
			for i := range assumed {
				assumed[i] = posLit(int32(r.IntN(vars))) ^ lit(r.IntN(2))
			}
			st := s.solveUnder(assumed)
			tally[st]++
			want := bruteSAT(vars, append(slices.Clone(clauses), unitClauses(assumed)...))
			if (st == satTrue) != want {
				t.Fatalf("case %d ask %d: %v, brute force says satisfiable %v", k, ask, st, want)
			}
			if st == satTrue {
				for _, cl := range append(slices.Clone(clauses), unitClauses(assumed)...) {
					if !slices.ContainsFunc(cl, s.modelTrue) {
						t.Fatalf("case %d ask %d: the model falsifies %v", k, ask, cl)
					}
				}
				continue
			}
			core := s.core()
			for _, l := range core {
				if !slices.Contains(assumed, l) {
					t.Fatalf("case %d ask %d: core %v has %v, not assumed in %v", k, ask, core, l, assumed)
				}
			}
			if bruteSAT(vars, append(slices.Clone(clauses), unitClauses(core)...)) {
				t.Fatalf("case %d ask %d: the clauses do not refute core %v (assumed %v)", k, ask, core, assumed)
			}
			if len(core) < len(assumed) {
				coreSmaller++
			}
		}
		if st := s.solveUnder(nil); (st == satTrue) != bruteSAT(vars, clauses) {
			t.Fatalf("case %d: without assumptions %v", k, st)
		}
	}
	if tally[satTrue] == 0 || tally[satFalse] == 0 || coreSmaller == 0 {
		t.Errorf("outcomes not all exercised: %v, %d cores smaller than the assumptions", tally, coreSmaller)
	}
}

func TestSatSolveUnderKeepsLearntClauses(t *testing.T) {
	// 7 pigeons in 6 holes, each clause guarded by one of three selectors
	// (the pigeons' clauses, the first three holes', the others'):
	// refuting the selectors takes hundreds of conflicts; asked again, the
	// solver refutes them from what it learnt (a clause of three literals,
	// which a solver that forgot its long learnt clauses would not have),
	// with few.
	s := newSatSolver(nil)
	holes, pigeons := 6, 7
	for range pigeons * holes {
		s.newVar(true)
	}
	g1, g2, g3 := posLit(s.newVar(true)), posLit(s.newVar(true)), posLit(s.newVar(true))
	addPigeonhole(s, pigeons, holes, g1.not(), func(h int) lit {
		if h >= holes/2 {
			return g3.not()
		}
		return g2.not()
	})
	all := []lit{g1, g2, g3}
	if st := s.solveUnder(all); st != satFalse || s.Conflicts < 200 {
		t.Fatalf("first ask: %v after %d conflicts", st, s.Conflicts)
	}
	first := s.Conflicts
	if core := slices.Sorted(slices.Values(s.core())); !slices.Equal(core, all) {
		t.Errorf("first ask: core %v, want %v", core, all)
	}
	if st := s.solveUnder([]lit{g3, g2, g1}); st != satFalse || s.Conflicts-first > first/10 {
		t.Errorf("second ask: %v after %d more conflicts (the first took %d)", st, s.Conflicts-first, first)
	}
	if st := s.solveUnder([]lit{g2, g3}); st != satTrue {
		t.Errorf("g2 and g3: %v, want a model", st)
	}
	s.limit = s.Conflicts + 1
	if st := s.solveUnder(all); st != satFalse {
		t.Errorf("third ask within one conflict: %v", st)
	}
}
