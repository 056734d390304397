package solve

import "slices"

// probeCost is the effort a probe (one colour tried in one cell) adds on top
// of the line steps it leads to.
const probeCost = 2

// prober tries each remaining colour of an unknown cell, propagates, and
// learns what holds in every branch that survives: colours whose branch ends
// in a contradiction are removed, and a cell that every surviving branch
// narrows is narrowed to the union of what the branches left it.
type prober struct {
	order []int32    // unknown cells, best candidates first
	score []int32    // per cell, sort key of order
	stamp []int64    // per cell, gen+b when touched by the first b surviving branches
	acc   []colorSet // per cell, union over the surviving branches so far
	touch []int32    // cells touched by the first surviving branch
	gen   int64
	best  int // the cell to guess on when probing is stuck
}

// init sizes the per-cell tables for a grid of cells cells, unless they
// are sized already; round (and the dive's probes) call it on first use,
// so that a puzzle its first propagation solves never allocates them.
func (pr *prober) init(cells int) {
	if len(pr.score) == cells {
		return
	}
	pr.score = make([]int32, cells)
	pr.stamp = make([]int64, cells)
	pr.acc = make([]colorSet, cells)
}

// round probes every unknown cell once, in order of how many of its
// neighbours are solved (probes next to solved cells fail most often). It
// reports whether it learnt anything, and false for ok when the state
// has no solution at all.
func (pr *prober) round(s *solver) (progress, ok bool, err error) {
	g := s.g
	pr.init(len(g.cells))
	pr.order = pr.order[:0]
	for i, c := range g.cells {
		if !c.single() {
			pr.order = append(pr.order, int32(i))
			pr.score[i] = int32(pr.solvedNeighbours(g, i))
		}
	}
	slices.SortStableFunc(pr.order, func(a, b int32) int { return int(pr.score[b] - pr.score[a]) })
	bestScore := -1
	pr.best = int(pr.order[0])
	for _, cell := range pr.order {
		if s.enough() || g.solved() {
			return progress, true, nil
		}
		i := int(cell)
		if g.cells[i].single() {
			continue
		}
		learnt, size, ok, err := pr.probeCell(s, i)
		if err != nil || !ok {
			return progress, ok, err
		}
		if learnt {
			progress = true
			continue
		}
		if size > bestScore {
			bestScore, pr.best = size, i
		}
	}
	return progress, true, nil
}

// solvedNeighbours counts the solved cells among the four neighbours of cell
// i, the grid's border counting as solved.
func (pr *prober) solvedNeighbours(g *grid, i int) int {
	x, y := i%g.w, i/g.w
	n := 0
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= g.w || ny >= g.h || g.cells[ny*g.w+nx].single() {
			n++
		}
	}
	return n
}

// probeCell tries each colour of cell i. It reports whether anything was
// learnt (and applied and propagated), the smallest number of cells a
// surviving branch changed (a measure of how telling a guess on the cell
// would be), and false for ok when no colour survives.
func (pr *prober) probeCell(s *solver, i int) (learnt bool, size int, ok bool, err error) {
	g := s.g
	set := g.cells[i]
	pr.gen += maxColors + 1
	gen := pr.gen
	pr.touch = pr.touch[:0]
	var alive colorSet
	survivors := int64(0)
	size = len(g.cells)
	for c := range maxColors {
		if set&(1<<c) == 0 {
			continue
		}
		s.stats.Probes++
		s.work += probeCost
		m := g.mark()
		g.set(i, 1<<c)
		ok, err := g.propagate()
		if err != nil {
			g.undo(m)
			return false, 0, false, err
		}
		if ok {
			if g.solved() {
				s.found()
			}
			size = min(size, len(g.trail)-m)
			pr.collect(g, m, gen, survivors)
			survivors++
			alive |= 1 << c
		}
		g.undo(m)
		if s.enough() {
			return false, size, true, nil
		}
	}
	if alive == 0 {
		return false, 0, false, nil
	}
	if alive != set {
		g.set(i, alive)
		learnt = true
	}
	for _, t := range pr.touch {
		if pr.stamp[t] == gen+survivors && pr.acc[t] != g.cells[t] {
			g.set(int(t), pr.acc[t])
			learnt = true
		}
	}
	if !learnt {
		return false, size, true, nil
	}
	ok, err = g.propagate()
	return true, size, ok, err
}

// collect folds the cells changed since mark m into the running union of
// surviving branch b; only cells touched by every earlier branch are kept.
func (pr *prober) collect(g *grid, m int, gen, b int64) {
	for _, ch := range g.trail[m:] {
		t := ch.cell
		switch {
		case b == 0 && pr.stamp[t] != gen+1:
			pr.stamp[t] = gen + 1
			pr.acc[t] = g.cells[t]
			pr.touch = append(pr.touch, t)
		case b > 0 && pr.stamp[t] == gen+b:
			pr.stamp[t] = gen + b + 1
			pr.acc[t] |= g.cells[t]
		}
	}
}
