package solve

import (
	"cmp"
	"math"
	"slices"
)

// Backtracking decimation (an experiment, not called by the solver; after
// Marino, Parisi and Ricci-Tersenghi's backtracking survey propagation,
// Nature Communications 2016). Like the decimation (decimate.go) it keeps a
// set of decisions taken from the beliefs, the surest open cells set a
// batch at a time, line logic (and, optionally, probing) after each; unlike
// it, it also releases decisions: after each batch, the decisions whose
// cavity belief (what the cell's row and column say of it with the
// decision and the cells it settled opened again) is weakest or contrary
// are taken back, and the state rebuilt from the decisions left. A cell
// none of whose colours line logic accepts releases decisions too, chosen
// by the same ranking (or, as an option, the latest decision without which
// the cell has a colour). It stops at a solution or when told to.

// bspOptions are the experiment's settings.
type bspOptions struct {
	frac        float64 // share of the open cells set per batch
	ratio       float64 // decisions released per decision set, after each batch
	below       float64 // only decisions whose cavity share of their colour is below this are released (1: any)
	firstRounds int     // half rounds of the beliefs before the first batch
	stepRounds  int     // half rounds after each batch
	probing     bool    // probe the lines each decision changes
	deadRelease int     // decisions released at a dead end (by the cavity ranking)
	blame       bool    // at a dead end, release the decision blame names instead
	soften      float64 // with rootRounds: the messages are raised to this power first (1: as they are)
	rootRounds  int     // when > 0: the cavity is the beliefs of the root state (every decision and what it settled open), started from the messages as they are and run this many half rounds
	want        []uint8 // a solution to count wrong decisions against (a measurement's), or nil
}

// bspDefaults are the settings the measurements start from.
var bspDefaults = bspOptions{frac: 0.02, ratio: 0.5, below: 1, firstRounds: 30, stepRounds: 6, deadRelease: 4, soften: 1}

// bspStats is what one run did.
type bspStats struct {
	rounds, fixed, released, deadEnds, replays, dropped int
	minOpen                                             int // fewest open cells reached

	// Against a known solution (bspOptions.want): the releases whose
	// colour differs from it, and the decisions taken at the end that do.
	releasedWrong, wrongAtEnd, takenAtEnd int
	// At the end, the mean cavity share of the decisions that agree with
	// it and of those that do not.
	cavityRight, cavityWrong float64
}

// bspRun holds one run's state.
type bspRun struct {
	s     *solver
	o     bspOptions
	b     *beliefs
	d     *diveStack
	root  int
	stats bspStats

	setThisBatch int       // decisions set by the latest batch
	credit       float64   // releases owed: ratio per decision set, paid a whole one at a time
	cavity       []float64 // per decision: the cavity share of its colour
	order        []int
	line         []colorSet
	prior        []float64
	shares       []float64
	fwd          []float64
	bwd          []float64
	first        map[int32]colorSet
	rootG        grid // the grid at the root state (its own cells), for the root cavity
}

// bsp looks for a solution by backtracking decimation from the grid's
// state, records the one it finds and leaves the grid as it was. stop is
// asked after each batch whether to give up.
func (s *solver) bsp(o bspOptions, stop func() bool) (bspStats, error) {
	g := s.g
	if g.colors != 2 || !beliefsFit(g) {
		return bspStats{}, nil
	}
	root := g.mark()
	defer g.undo(root)
	r := &bspRun{s: s, o: o, b: newBeliefs(g), d: newDiveStack(s, 0, o.probing), root: root,
		stats: bspStats{minOpen: g.unknown}, first: map[int32]colorSet{}}
	r.rootG = *g
	r.rootG.cells = slices.Clone(g.cells)
	long := max(g.w, g.h)
	r.line, r.prior, r.shares = make([]colorSet, long), make([]float64, 2*long), make([]float64, 2*long)
	rounds := o.firstRounds
	for !g.solved() && len(s.solutions) == 0 {
		if stop() {
			r.tally()
			return r.stats, nil
		}
		if !r.b.run(rounds) {
			return r.stats, errBudget
		}
		rounds = o.stepRounds
		r.stats.rounds++
		dead, err := r.batch()
		if err != nil {
			return r.stats, err
		}
		if g.solved() || len(s.solutions) > 0 {
			break
		}
		r.stats.minOpen = min(r.stats.minOpen, g.unknown)
		if dead >= 0 {
			r.stats.deadEnds++
			if err := r.deadEnd(dead); err != nil {
				return r.stats, err
			}
			continue
		}
		r.credit += o.ratio * float64(r.setThisBatch)
		if n := int(r.credit); n > 0 {
			r.credit -= float64(n)
			if err := r.release(r.worst(n, o.below)); err != nil {
				return r.stats, err
			}
		}
	}
	if g.solved() {
		s.found()
	}
	return r.stats, nil
}

// batch sets the surest open cells, a share frac of them, each to its
// likeliest colour (the other when that fails). It returns a cell no
// colour of which holds (a dead end), or -1.
func (r *bspRun) batch() (int, error) {
	g := r.s.g
	r.setThisBatch = 0
	for _, cell := range r.surest() {
		if g.cells[cell].single() {
			continue
		}
		c, _ := r.b.likeliest(cell)
		ok, err := r.fix(cell, c)
		if err != nil {
			return -1, err
		}
		if !ok {
			return cell, nil
		}
		r.setThisBatch++
		if g.solved() || len(r.s.solutions) > 0 {
			break
		}
	}
	return -1, nil
}

// surest returns the open cells to set next, the surest first.
func (r *bspRun) surest() []int {
	g := r.s.g
	r.order = r.order[:0]
	sure := make([]float64, len(g.cells))
	for i, set := range g.cells {
		if !set.single() {
			r.order = append(r.order, i)
			_, sure[i] = r.b.likeliest(i)
		}
	}
	slices.SortStableFunc(r.order, func(a, b int) int { return cmp.Compare(sure[b], sure[a]) })
	n := max(1, int(r.o.frac*float64(g.unknown)))
	return r.order[:min(n, len(r.order))]
}

// fix sets cell to c as a decision, or to the other colour when c fails;
// it reports false, the grid as before, when both fail.
func (r *bspRun) fix(cell, c int) (bool, error) {
	g := r.s.g
	m := g.mark()
	for _, color := range []int{c, 1 - c} {
		ok, err := r.d.push(cell, color, m)
		if err != nil {
			return false, err
		}
		if ok {
			r.stats.fixed++
			return true, nil
		}
		g.undo(m)
		r.d.taken = r.d.taken[:len(r.d.taken)-1]
	}
	return false, nil
}

// deadEnd releases decisions after cell was found to have no colour: the
// deadRelease weakest by the cavity ranking, or the one blame names.
func (r *bspRun) deadEnd(cell int) error {
	if len(r.d.taken) == 0 {
		return nil
	}
	if r.o.blame {
		// blame leaves the grid as before the decision it names (before
		// the first one when it names none), which release rebuilds on.
		k, err := r.d.blame(cell)
		if err != nil {
			return err
		}
		if k < 0 {
			all := make([]int, len(r.d.taken))
			for i := range all {
				all[i] = i
			}
			return r.release(all)
		}
		return r.release([]int{k})
	}
	return r.release(r.worst(max(1, r.o.deadRelease), 1))
}

// worst returns the indices of up to n decisions with the weakest cavity
// share of their colour, among those below the threshold.
func (r *bspRun) worst(n int, below float64) []int {
	r.cavities()
	idx := make([]int, 0, len(r.d.taken))
	for k := range r.d.taken {
		if r.cavity[k] < below {
			idx = append(idx, k)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(r.cavity[a], r.cavity[b]) })
	return idx[:min(n, len(idx))]
}

// cavities computes, per decision, the share of its colour in what its
// row and column say of its cell with the decision and the cells its
// settle changed set back to what they were before it, the other cells as
// they are now (the messages to them as the beliefs have them).
func (r *bspRun) cavities() {
	g := r.s.g
	r.cavity = r.cavity[:0]
	if r.o.rootRounds > 0 {
		rb := newBeliefs(&r.rootG)
		for side := range rb.msgs {
			for i, m := range r.b.msgs[side] {
				rb.msgs[side][i] = math.Pow(m, r.o.soften)
			}
		}
		rb.rounds = r.b.rounds
		rb.run(r.o.rootRounds)
		for _, dec := range r.d.taken {
			w0 := rb.msgs[0][dec.cell*2] * rb.msgs[1][dec.cell*2]
			w1 := rb.msgs[0][dec.cell*2+1] * rb.msgs[1][dec.cell*2+1]
			share := 0.5
			if w0+w1 > 0 {
				share = [2]float64{w0, w1}[dec.color] / (w0 + w1)
			}
			r.cavity = append(r.cavity, share)
		}
		return
	}
	for k, dec := range r.d.taken {
		end := len(g.trail)
		if k+1 < len(r.d.taken) {
			end = r.d.taken[k+1].mark
		}
		clear(r.first)
		for _, ch := range g.trail[dec.mark:end] {
			if _, seen := r.first[ch.cell]; !seen {
				r.first[ch.cell] = ch.old
			}
		}
		row, col := g.linesOf(dec.cell)
		var p [2]float64
		p[0], p[1] = 1, 1
		for side, l := range [2]int{row, col} {
			sh, ok := r.lineCavity(side, l, dec.cell)
			if !ok {
				sh = [2]float64{0.5, 0.5}
			}
			p[0] *= sh[0]
			p[1] *= sh[1]
		}
		share := 0.5
		if t := p[0] + p[1]; t > 0 {
			share = p[dec.color] / t
		}
		r.cavity = append(r.cavity, share)
	}
}

// lineCavity returns what line l (side 0 a row, 1 a column) says of
// cell's colours, the cells in r.first set back to their old sets.
func (r *bspRun) lineCavity(side, l, cell int) ([2]float64, bool) {
	g, b := r.s.g, r.b
	start, step, cnt := g.lineGeometry(l)
	cells := r.line[:cnt]
	at := 0
	for i := range cnt {
		c := start + i*step
		cells[i] = g.cells[c]
		if old, ok := r.first[int32(c)]; ok {
			cells[i] = old
		}
		if c == cell {
			at = i
		}
		copy(r.prior[i*2:i*2+2], b.msgs[1-side][c*2:c*2+2])
	}
	a := &b.autos[l]
	size := (cnt + 1) * a.states()
	if cap(r.fwd) < size {
		r.fwd, r.bwd = make([]float64, size), make([]float64, size)
	}
	if !colorShares(a, cells, 2, r.prior, r.fwd[:size], r.bwd[:size], r.shares) {
		return [2]float64{}, false
	}
	return [2]float64{r.shares[at*2], r.shares[at*2+1]}, true
}

// release takes back the decisions at idx and rebuilds the state from
// the ones left, in their order; a decision that no longer holds on top of
// the ones before it is dropped too.
func (r *bspRun) release(idx []int) error {
	g := r.s.g
	drop := make([]bool, len(r.d.taken))
	from := len(r.d.taken)
	for _, k := range idx {
		drop[k] = true
		from = min(from, k)
	}
	if from == len(r.d.taken) {
		return nil
	}
	r.stats.released += len(idx)
	if r.o.want != nil {
		for _, k := range idx {
			if dec := r.d.taken[k]; int(r.o.want[dec.cell]) != dec.color {
				r.stats.releasedWrong++
			}
		}
	}
	keep := slices.Clone(r.d.taken[from:])
	keepDrop := drop[from:]
	g.undo(r.d.taken[from].mark)
	r.d.taken = r.d.taken[:from]
	r.stats.replays++
	for i, dec := range keep {
		if keepDrop[i] {
			continue
		}
		if g.cells[dec.cell].single() {
			if g.cells[dec.cell].only() != dec.color {
				r.stats.dropped++
			}
			continue // settled by the decisions before it: no longer a decision
		}
		m := g.mark()
		ok, err := r.d.push(dec.cell, dec.color, m)
		if err != nil {
			return err
		}
		if !ok {
			g.undo(m)
			r.d.taken = r.d.taken[:len(r.d.taken)-1]
			r.stats.dropped++
		}
	}
	return nil
}

// tally counts the decisions taken that differ from o.want.
func (r *bspRun) tally() {
	r.stats.takenAtEnd = len(r.d.taken)
	if r.o.want == nil {
		return
	}
	r.cavities()
	for k, dec := range r.d.taken {
		if int(r.o.want[dec.cell]) != dec.color {
			r.stats.wrongAtEnd++
			r.stats.cavityWrong += r.cavity[k]
		} else {
			r.stats.cavityRight += r.cavity[k]
		}
	}
	r.stats.cavityWrong /= float64(max(1, r.stats.wrongAtEnd))
	r.stats.cavityRight /= float64(max(1, len(r.d.taken)-r.stats.wrongAtEnd))
}
