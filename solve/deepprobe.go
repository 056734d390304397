package solve

import "slices"

// Probing two levels deep (an experiment, not called by the solver). A
// probe (a colour tried in an open cell) that line logic does not refute
// is probed one level further: in its branch, each open cell of the lines
// the branch changed has each colour tried, and when none of a cell's
// colours survives line logic the branch is dead and the probe's colour is
// removed. A cell none of whose colours survives makes the state dead.

// deepProbe probes each open cell of cells two levels deep (one when deep
// is false), removing the
// colours whose branch is dead (and propagating). It reports false when
// the state is dead. probes counts the line-logic propagations it ran.
func (d *diveStack) deepProbe(cells []int, deep bool, probes *int) (bool, error) {
	g := d.s.g
	for _, c := range cells {
		set := g.cells[c]
		if set.single() {
			continue
		}
		left := set
		for color := range 2 {
			if set&(1<<color) == 0 {
				continue
			}
			alive, err := d.branchAlive(c, color, deep, probes)
			if err != nil {
				return false, err
			}
			if !alive {
				left &^= 1 << color
			}
		}
		if left == 0 {
			return false, nil
		}
		if left != set {
			g.set(c, left)
			if ok, err := g.propagate(); !ok || err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

// branchAlive sets cell to color and reports whether line logic accepts
// it and every open cell of the lines it changed keeps a colour line logic
// accepts; the grid is left as it was.
func (d *diveStack) branchAlive(cell, color int, deep bool, probes *int) (bool, error) {
	g := d.s.g
	m := g.mark()
	defer g.undo(m)
	g.set(cell, 1<<color)
	*probes++
	if ok, err := g.propagate(); !ok || err != nil || !deep {
		return ok, err
	}
	if len(d.lineSeen) != g.w+g.h {
		d.lineSeen = make([]bool, g.w+g.h)
		d.cellSeen = make([]bool, len(g.cells))
	}
	var inner []int
	seen := d.lineSeen
	for _, ch := range g.trail[m:] {
		row, col := g.linesOf(int(ch.cell))
		for _, l := range [2]int{row, col} {
			if seen[l] {
				continue
			}
			seen[l] = true
			start, step, n := g.lineGeometry(l)
			for i := range n {
				if x := start + i*step; !g.cells[x].single() && !d.cellSeen[x] {
					d.cellSeen[x] = true
					inner = append(inner, x)
				}
			}
		}
	}
	clear(d.lineSeen)
	for _, x := range inner {
		d.cellSeen[x] = false
	}
	for _, x := range inner {
		alive := false
		for k := range 2 {
			if g.cells[x]&(1<<k) == 0 {
				continue
			}
			m2 := g.mark()
			g.set(x, 1<<k)
			*probes++
			ok, err := g.propagate()
			g.undo(m2)
			if err != nil {
				return false, err
			}
			if ok {
				alive = true
				break
			}
		}
		if !alive {
			return false, nil
		}
	}
	return true, nil
}

// deepDive is the probing dive (dive.go) with each step's changed lines
// probed two levels deep as well: a state that finds dead counts as the
// step's contradiction (the dive's backjumps and repairs as after line
// logic's). stop is asked after each step. It records a solution it finds
// and leaves the grid as it was; it returns the decisions taken and the
// steps two-level probing found dead.
func (s *solver) deepDive(stop func() bool) (steps, refuted int, err error) {
	g := s.g
	root := g.mark()
	defer g.undo(root)
	b, _, err := firstBeliefs(g)
	if b == nil || err != nil {
		return 0, 0, err
	}
	d := newDiveStack(s, s.jumpsBeforeRepair(), true)
	probes := 0
	for !g.solved() && len(s.solutions) == 0 && !stop() {
		cell, c := b.surest()
		steps++
		m := g.mark()
		ok, err := d.push(cell, c, m)
		if ok && err == nil && !g.solved() {
			ok, err = d.deepProbe(d.changedOpen(m), true, &probes)
			if !ok && err == nil {
				refuted++
			}
		}
		if err != nil {
			return steps, refuted, err
		}
		if !ok {
			if ok, err = d.refuteLast(); err != nil || !ok {
				return steps, refuted, err
			}
		}
		if !b.run(diveStepRounds) {
			return steps, refuted, errBudget
		}
	}
	if g.solved() {
		s.found()
	}
	return steps, refuted, nil
}

// changedOpen returns the open cells of the lines changed since mark m.
func (d *diveStack) changedOpen(m int) []int {
	g := d.s.g
	if len(d.lineSeen) != g.w+g.h {
		d.lineSeen = make([]bool, g.w+g.h)
		d.cellSeen = make([]bool, len(g.cells))
	}
	d.cells = d.cells[:0]
	for _, ch := range g.trail[m:] {
		row, col := g.linesOf(int(ch.cell))
		for _, l := range [2]int{row, col} {
			if !d.lineSeen[l] {
				d.lineSeen[l] = true
				d.addOpenCells(l)
			}
		}
	}
	clear(d.lineSeen)
	for _, c := range d.cells {
		d.cellSeen[c] = false
	}
	return slices.Clone(d.cells)
}
