package solve

import (
	"context"
	"testing"
)

func TestLeanOnRanksSureCellsFirst(t *testing.T) {
	// After a failed dive, the cells' variables gain the highest activity
	// times their share (twice for a two-colour cell's one variable), the
	// other variables keep their activities, and bumps start from 1: the
	// surest cell is branched on first, then a ladder the conflicts made
	// most active, ahead of a cell of share one half or less.
	s := solverFor(context.Background(), puzzleOf(randomImage(3, 6, 6, 0.4), 2), options{})
	e := newSatSearch(s)
	ladder := int32(-1)
	isCell := map[int32]bool{}
	e.openCellLits(func(_, _ int, l lit) { isCell[l.vari()] = true })
	for v := range int32(len(e.sat.value)) {
		if e.sat.decision[v] && !isCell[v] && e.sat.value[v] == 0 {
			ladder = v
			break
		}
	}
	if ladder < 0 {
		t.Fatal("no ladder variable")
	}
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

// activityAt returns n activities, all 0 but act at v.
func activityAt(n int, v int32, act float64) []float64 {
	a := make([]float64, n)
	a[v] = act
	return a
}
