package solve

import (
	"math"
	"math/rand/v2"
)

// placementDP is a dynamic program over the placements of a two-colour
// clue, over (blocks placed, cells covered) as the line solver's, each
// placement weighing the sum of its cells' weights, filled or background.
// It either keeps the least sum (min-plus, for the nearest placement) or
// adds the placements' exponentials up (log-sum, for drawing one by
// weight), and traces one placement back. It keeps its buffers.
type placementDP struct {
	f      []float64 // (blocks+1) × (cells+1): the least or log-summed weight so far
	sum    []float64 // prefix sums of the filled weights that are finite
	noFill []int32   // prefix counts of cells that cannot be filled
	empty  []float64 // per cell, its background weight (infinite: cannot be)
	lo, hi []int     // per count of blocks placed: the cells they may cover
	logSum bool
	none   float64 // no placement: +∞ for min-plus, −∞ for log-sum
}

// bands sets lo[j] and hi[j], the fewest and most cells the first j blocks
// of clue may cover in a line of n cells (with the gap after each but the
// last): packed left, and up to the last start that leaves room for the
// blocks from j on. After the last block they reach up to the line's end.
func (d *placementDP) bands(clue []block, n int) {
	m := len(clue)
	d.lo, d.hi = d.lo[:0], d.hi[:0]
	lo, rest := 0, m-1
	for _, b := range clue {
		rest += b.len
	}
	for j := range m {
		d.lo, d.hi = append(d.lo, lo), append(d.hi, n-rest)
		lo += clue[j].len + 1
		rest -= clue[j].len + 1
	}
	d.lo, d.hi = append(d.lo, max(lo-1, 0)), append(d.hi, n)
}

// weights makes room for n cells and returns the slices of their filled
// and background weights for the caller to set.
func (d *placementDP) weights(n int) (fill, empty []float64) {
	if cap(d.empty) < 2*n {
		d.empty = make([]float64, 2*n)
	}
	return d.empty[n : 2*n], d.empty[:n]
}

// join combines two ways to a state.
func (d *placementDP) join(a, b float64) float64 {
	if d.logSum {
		return logAdd(a, b)
	}
	return min(a, b)
}

// run fills the table for clue over n cells with the weights of weights
// and returns the weight at the line's end (none when no placement fits).
func (d *placementDP) run(clue []block, n int) float64 {
	m, width := len(clue), n+1
	size := (m + 1) * width
	if cap(d.f) < size {
		d.f = make([]float64, size)
	}
	if cap(d.sum) < width {
		d.sum, d.noFill = make([]float64, width), make([]int32, width)
	}
	f, sum, noFill := d.f[:size], d.sum[:width], d.noFill[:width]
	fill, empty := d.empty[n:2*n], d.empty[:n]
	for i, w := range fill {
		sum[i+1], noFill[i+1] = sum[i], noFill[i]
		if math.IsInf(w, 0) {
			noFill[i+1]++
		} else {
			sum[i+1] += w
		}
	}
	d.bands(clue, n)
	lo, hi := d.lo, d.hi
	for j := range m + 1 {
		for at := lo[j]; at <= hi[j]; at++ {
			f[j*width+at] = d.none
		}
	}
	f[0] = 0
	for j := range m + 1 {
		for at := lo[j]; at <= hi[j]; at++ {
			here := f[j*width+at]
			if here == d.none {
				continue
			}
			if at < hi[j] {
				f[j*width+at+1] = d.join(f[j*width+at+1], here+empty[at])
			}
			if j == m {
				continue
			}
			end := at + clue[j].len
			if noFill[end] != noFill[at] {
				continue
			}
			w := here + sum[end] - sum[at]
			if j+1 == m {
				f[(j+1)*width+end] = d.join(f[(j+1)*width+end], w)
			} else {
				f[(j+1)*width+end+1] = d.join(f[(j+1)*width+end+1], w+empty[end])
			}
		}
	}
	return f[m*width+n]
}

// trace writes into out (1 for a filled cell) a placement of clue over n
// cells through the table run filled, from the line's end back: at each
// state it leaves the last cell background when stay, given that way's
// weight and the state's, says so, and ends a block there otherwise.
func (d *placementDP) trace(clue []block, n int, out []float64, stay func(way, total float64) bool) {
	m, width := len(clue), n+1
	f, empty := d.f, d.empty[:n]
	clear(out)
	for j, at := m, n; at > 0; {
		way := d.none
		if at-1 >= d.lo[j] {
			way = f[j*width+at-1] + empty[at-1]
		}
		if j == 0 || stay(way, f[j*width+at]) {
			at--
			continue
		}
		end := at
		if j < m {
			end-- // the gap after a block other than the last
		}
		j--
		at = end - clue[j].len
		for i := at; i < end; i++ {
			out[i] = 1
		}
	}
}

// lineProjector finds the placement of a two-colour line nearest to real
// values: the squared distance Σ(v−p)² of a placement p (0 or 1 per cell)
// is Σv² + Σ over its filled cells of (1 − 2v), so the nearest placement is
// the one whose filled cells' costs 1 − 2v are least in sum.
type lineProjector struct{ dp placementDP }

// nearest returns the least cost, the sum over the nearest placement's
// filled cells of 1 − 2v for the values vals of the line's cells start,
// start+step, ..., agreeing with the solved cells of cells, or false when
// no placement fits.
func (p *lineProjector) nearest(clue []block, cells []colorSet, start, step int, vals []float64) (float64, bool) {
	d := &p.dp
	d.logSum, d.none = false, math.Inf(1)
	fill, empty := d.weights(len(vals))
	for i, v := range vals {
		set := cells[start+i*step]
		fill[i], empty[i] = 1-2*v, 0
		if set&2 == 0 {
			fill[i] = d.none
		}
		if set&1 == 0 {
			empty[i] = d.none
		}
	}
	cost := d.run(clue, len(vals))
	return cost, cost != d.none
}

// project writes into out the placement of clue nearest to vals, as
// nearest; of placements as near, the one that leaves the last cells
// background. It reports false when no placement fits.
func (p *lineProjector) project(clue []block, cells []colorSet, start, step int, vals, out []float64) bool {
	if _, ok := p.nearest(clue, cells, start, step, vals); !ok {
		return false
	}
	p.dp.trace(clue, len(vals), out, func(way, total float64) bool { return way == total })
	return true
}

// lineSampler draws a placement of a two-colour line with probability
// proportional to the exponential of the sum of its cells' log weights.
type lineSampler struct {
	dp  placementDP
	out []float64
}

// sample draws a placement of clue over the cells start, start+step, ...
// with lw[2i+c] the log weight of cell i taking colour c (−∞ for a colour
// it cannot take), and returns it (1 for a filled cell).
func (p *lineSampler) sample(clue []block, lw []float64, rng *rand.Rand) []float64 {
	d := &p.dp
	n := len(lw) / 2
	d.logSum, d.none = true, math.Inf(-1)
	fill, empty := d.weights(n)
	for i := range n {
		empty[i], fill[i] = lw[2*i], lw[2*i+1]
	}
	d.run(clue, n)
	if cap(p.out) < n {
		p.out = make([]float64, n)
	}
	out := p.out[:n]
	d.trace(clue, n, out, func(way, total float64) bool { return rng.Float64() < math.Exp(way-total) })
	return out
}

// logAdd returns log(eᵃ + eᵇ).
func logAdd(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	if math.IsInf(b, -1) {
		return a
	}
	return a + math.Log1p(math.Exp(b-a))
}
