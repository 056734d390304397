package solve

import (
	"math"
	"slices"
	"testing"
)

// TestSatCollectKeepsTheSearch solves the same formula (pigeonhole 9/8,
// some 20,000 conflicts) with the arena's garbage collection and without
// it: the searches must be the same (decisions, conflicts, restarts, and
// the live clauses in the same order with the same literals and flags),
// while the collected arena must have been collected and hold less garbage.
func TestSatCollectKeepsTheSearch(t *testing.T) {
	run := func(collect bool) *satSolver {
		s := pigeonhole(nil, 9, 8)
		if !collect {
			s.collectAt = math.MaxInt
		}
		if st := s.solve(); st != satFalse {
			t.Fatalf("collect %v: %v", collect, st)
		}
		return s
	}
	with, without := run(true), run(false)
	if with.Decisions != without.Decisions || with.Conflicts != without.Conflicts || with.restarts != without.restarts {
		t.Errorf("decisions, conflicts, restarts: %d %d %d collected, %d %d %d not",
			with.Decisions, with.Conflicts, with.restarts, without.Decisions, without.Conflicts, without.restarts)
	}
	liveWith, deadWith := liveClauses(with)
	liveWithout, deadWithout := liveClauses(without)
	if !slices.Equal(liveWith, liveWithout) {
		t.Errorf("live clauses differ: %d words collected, %d not", len(liveWith), len(liveWithout))
	}
	if with.collections == 0 || deadWith >= deadWithout {
		t.Errorf("%d collections; %d dead words collected, %d not", with.collections, deadWith, deadWithout)
	}
	for k, ci := range with.learnts {
		if !slices.Equal(with.lits(ci), without.lits(without.learnts[k])) {
			t.Fatalf("learnt clause %d: %v collected, %v not", k, with.lits(ci), without.lits(without.learnts[k]))
		}
	}
}

// liveClauses returns the arena's clauses not flagged dead, headers and
// literals in order, and counts the words of the dead ones.
func liveClauses(s *satSolver) (live []lit, dead int) {
	for ci := int32(0); ci < int32(len(s.arena)); {
		end := ci + clauseHeader + int32(s.arena[ci])
		if s.flags(ci)&flagDead != 0 {
			dead += int(end - ci)
		} else {
			live = append(live, s.arena[ci:end]...)
		}
		ci = end
	}
	return live, dead
}

// TestSatNoCollectionOfASmallArena checks that an arena under minCollect
// words is never collected: its pass would cost more than it frees (and a
// collection of the empty arena at the first clause once counted as one).
func TestSatNoCollectionOfASmallArena(t *testing.T) {
	s := newSatSolver(nil)
	a, b := posLit(s.newVar(true)), posLit(s.newVar(true))
	s.addClause(a, b)
	s.addClause(a.not(), b, posLit(s.newVar(true)))
	if s.collections != 0 {
		t.Errorf("%d collections of a %d-word arena", s.collections, len(s.arena))
	}
}
