package solve

import (
	"context"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

func TestLeanOnRanksSureCellsFirst(t *testing.T) {
	// After a failed dive, the cells' variables gain the highest activity
	// times their share (twice for a two-colour cell's one variable), the
	// other variables keep their activities, and bumps start from 1: the
	// surest cell is branched on first, then a ladder the conflicts made
	// most active, ahead of a cell of share one half or less.
	s := solverFor(context.Background(), puzzleOf(randomImage(3, 6, 6, 0.4), 2), options{})
	e := newSatSearch(s)
	ladder := openLadder(t, e)
	const top = 8.0
	e.sat.rank(activityAt(len(e.sat.activity), ladder, top))
	e.sat.varInc = 1e6
	sure := make([]float64, len(s.g.cells))
	for i := range sure {
		sure[i] = 0.4
	}
	cell := 0
	for e.cellVar[cell] < 0 || e.sat.value[e.cellVar[cell]] != 0 {
		cell++
	}
	sure[cell] = 1
	e.leanOn(sure)
	surest := e.cellLit(cell, 1).vari()
	if got := e.sat.activity[ladder]; got != top {
		t.Errorf("the ladder's activity is %g, want %g kept", got, top)
	}
	if got, want := e.sat.activity[surest], 2*top; got != want {
		t.Errorf("the surest cell's activity is %g, want %g", got, want)
	}
	if e.sat.varInc != 1 {
		t.Errorf("bumps go on at %g, want 1", e.sat.varInc)
	}
	if v := e.sat.pickBranch(); v != surest {
		t.Errorf("first branch on %d, want the surest cell's %d", v, surest)
	}
	if v := e.sat.pickBranch(); v != ladder {
		t.Errorf("second branch on %d, want the ladder %d", v, ladder)
	}
}

// openLadder returns an unassigned decision variable of e that is not a
// cell's: a ladder of the order encoding.
func openLadder(t *testing.T, e *satSearch) int32 {
	t.Helper()
	isCell := map[int32]bool{}
	e.openCellLits(func(_, _ int, l lit) { isCell[l.vari()] = true })
	for v := range int32(len(e.sat.value)) {
		if e.sat.decision[v] && !isCell[v] && e.sat.value[v] == 0 {
			return v
		}
	}
	t.Fatal("no ladder variable")
	return -1
}

// activityAt returns n activities, all 0 but act at v.
func activityAt(n int, v int32, act float64) []float64 {
	a := make([]float64, n)
	a[v] = act
	return a
}

func TestResumeFromChoosesTheRanking(t *testing.T) {
	// After a dive, the solver leans on the shares while it has no
	// solution (keeping a ladder's activity) and ranks by the shares alone
	// once it has one (forgetting it).
	for _, solved := range []bool{false, true} {
		s := solverFor(context.Background(), puzzleOf(randomImage(3, 6, 6, 0.4), 2), options{})
		e := newSatSearch(s)
		ladder := openLadder(t, e)
		e.sat.rank(activityAt(len(e.sat.activity), ladder, 8))
		if solved {
			s.solutions = append(s.solutions, puzzle.NewImage(6, 6))
		}
		sure := make([]float64, len(s.g.cells))
		for i := range sure {
			sure[i] = 0.4
		}
		e.resumeFrom(make([]uint8, len(s.g.cells)), sure)
		want := 8.0
		if solved {
			want = 0
		}
		if got := e.sat.activity[ladder]; got != want {
			t.Errorf("solution known %v: the ladder's activity is %g, want %g", solved, got, want)
		}
	}
}
