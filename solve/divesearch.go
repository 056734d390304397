package solve

// The dive's way past a dead end (dive.go). Each cell the dive sets is a
// decision on top of the ones before it. After each step it probes the open
// cells of the lines the step changed (each colour tried, the failing ones
// removed), so that a wrong decision shows near where it was made. When a
// decision's colour fails, it is removed on top of the decisions before
// it; when that fails too, its cell has no colour left, and the decision
// to blame is the latest one without which the cell still has a colour
// line logic accepts: the dead end follows from it and those before it, so
// its colour is removed in turn, and the decisions after it are given up
// (a backjump). Every removal follows from the decisions still taken, so
// the dive stays sound. After repairJumps backjumps, and again after as
// many more, the SAT solver repairs the decisions (diverepair.go); the dive
// stops at a dead end once its diveRepairs repairs are spent, or, with
// repairs turned off, after diveJumps backjumps.
//
// Without the repairs, on random 40×40 grids at density 0.45 (from the SAT
// fallback's starting state) the dive found a solution on 25 of seeds 1 to
// 40 instead of 8, and
// on 13 of seeds 41 to 60 instead of 1; at density 0.4 on 36 of 40 instead
// of 13, and on 20 of 20 instead of 8 (TestDiveRate, about 1 to 2 s of CPU
// per grid). 1,024 backjumps found no more (24 of 40 at 0.45, twice the
// CPU); solve/EXPERIMENTS.md has the settings tried.

// diveJumps bounds the backjumps of one dive that makes no SAT repairs
// (options.diveRepairs -1).
const diveJumps = 256

// diveDecision is a cell the dive set to a colour, and the trail's mark
// before it.
type diveDecision struct {
	cell, color, mark int
}

// diveStack holds the dive's decisions, oldest first, and how it mends
// them.
type diveStack struct {
	s         *solver
	taken     []diveDecision
	jumpsLeft int         // backjumps the dive may still make before a repair (or at all)
	probing   bool        // probe the lines each step changes
	repair    *diveRepair // the SAT solver of satRepair, made at the first one

	lineSeen, cellSeen []bool // scratch of probeChanged
	cells              []int
}

// newDiveStack returns an empty stack that may backjump jumps times (before
// its first repair) and probes after each step when probing is set; only a
// stack that probes repairs.
func newDiveStack(s *solver, jumps int, probing bool) *diveStack {
	return &diveStack{s: s, jumpsLeft: jumps, probing: probing}
}

// decide sets cell to color and propagates (and probes). On a
// contradiction it takes the colour back, and backjumps while that leaves
// a cell with no colour, and repairs once the backjumps are spent. It
// reports false when the dive is at its end: the backjumps and repairs are
// spent, or no decision is left to blame; and true with the grid solved when
// a repair's SAT solver found a solution.
func (d *diveStack) decide(cell, color int) (bool, error) {
	ok, err := d.push(cell, color, d.s.g.mark())
	if ok || err != nil {
		return ok, err
	}
	return d.refuteLast()
}

// push takes the decision that cell has color on top of the grid at mark
// m, and settles it. It reports false on a contradiction, the decision
// still taken.
func (d *diveStack) push(cell, color, m int) (bool, error) {
	d.taken = append(d.taken, diveDecision{cell, color, m})
	d.s.g.set(cell, 1<<color)
	return d.settle(m)
}

// settle propagates the changes since mark m and, when probing, probes the
// lines they touched. It reports false on a contradiction.
func (d *diveStack) settle(m int) (bool, error) {
	ok, err := d.s.g.propagate()
	if ok && err == nil && d.probing {
		return d.probeChanged(m)
	}
	return ok, err
}

// refuteLast takes back the latest decision and removes its colour from
// its cell; while that leaves a contradiction, it backjumps, or, once the
// backjumps are spent, repairs (satRepair).
func (d *diveStack) refuteLast() (bool, error) {
	g := d.s.g
	for {
		last := d.taken[len(d.taken)-1]
		d.taken = d.taken[:len(d.taken)-1]
		g.undo(last.mark)
		g.set(last.cell, g.cells[last.cell]&^(1<<last.color))
		ok, err := d.settle(last.mark)
		if ok || err != nil {
			return ok, err
		}
		g.undo(last.mark)
		if d.jumpsLeft == 0 {
			k, solved, err := d.satRepair()
			if solved || err != nil || k < 0 {
				return solved, err
			}
			d.taken = d.taken[:k+1]
			continue
		}
		d.jumpsLeft--
		// No colour of last.cell holds on top of the decisions still
		// taken: refute the latest one without which one does.
		k, err := d.blame(last.cell)
		if err != nil || k < 0 {
			return false, err
		}
		d.taken = d.taken[:k+1]
	}
}

// blame returns the index of the latest decision without which cell has a
// colour that survives propagation, leaving the state as before that
// decision; or -1 when cell has none even without them all.
func (d *diveStack) blame(cell int) (int, error) {
	for k := len(d.taken) - 1; k >= 0; k-- {
		d.s.g.undo(d.taken[k].mark)
		alive, err := d.hasColor(cell)
		if alive || err != nil {
			return k, err
		}
	}
	return -1, nil
}

// hasColor reports whether some colour of cell survives propagation,
// recording a solution that one reaches.
func (d *diveStack) hasColor(cell int) (bool, error) {
	g := d.s.g
	set := g.cells[cell]
	for c := range maxColors {
		if set&(1<<c) == 0 {
			continue
		}
		m := g.mark()
		g.set(cell, 1<<c)
		ok, err := g.propagate()
		if ok && g.solved() {
			d.s.found()
		}
		g.undo(m)
		if ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// probeChanged probes each open cell of the lines whose cells changed since
// mark m (prober.probeCell: the colours that fail are removed, and what
// every surviving colour implies is set). It reports false when a cell has
// no colour left.
func (d *diveStack) probeChanged(m int) (bool, error) {
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
	pr := &d.s.probe
	pr.init(len(g.cells))
	for _, c := range d.cells {
		if g.solved() {
			break
		}
		if g.cells[c].single() {
			continue
		}
		if _, _, ok, err := pr.probeCell(d.s, c); !ok || err != nil {
			return false, err
		}
	}
	return true, nil
}

// addOpenCells appends the open cells of line l not yet in d.cells.
func (d *diveStack) addOpenCells(l int) {
	g := d.s.g
	start, step, n := g.lineGeometry(l)
	for i := range n {
		c := start + i*step
		if !d.cellSeen[c] && !g.cells[c].single() {
			d.cellSeen[c] = true
			d.cells = append(d.cells, c)
		}
	}
}
