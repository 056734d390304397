package solve

import "math/bits"

// colorSet is the set of palette colours a cell may still take: bit c stands
// for palette index c, bit 0 for the background. A solved cell has one bit, a
// contradiction none.
type colorSet uint32

// maxColors is the largest palette (background included) a colorSet can hold.
const maxColors = 32

const background colorSet = 1 << 0

// single reports whether exactly one colour is left.
func (s colorSet) single() bool { return s != 0 && s&(s-1) == 0 }

// only returns the one colour of a solved cell.
func (s colorSet) only() int { return bits.TrailingZeros32(uint32(s)) }

// block is one block of a line clue in the solver's terms.
type block struct {
	len   int
	color int // palette index, never 0
}

// lineSolver finds every cell of one line forced by its clue and the cells'
// current sets: a cell keeps colour c exactly when some placement of all the
// blocks that agrees with every cell's set gives it colour c. It works by
// dynamic programming over (blocks placed, cells covered) from both ends, in
// O(blocks × cells) time, and keeps its buffers between calls.
type lineSolver struct {
	fwd, bwd []bool  // (k+1)×(n+1) tables, see solve
	bad      []int32 // per clue colour, prefix counts of cells that exclude it
	width    int     // cells + 1: the stride of every table
	cover    []int32 // per clue colour, difference array of covering placements
	colorIdx [maxColors]int8
	colors   []int
}

// solve narrows cells to what the clue allows. It reports false when no
// placement fits (a contradiction); cells are then left unchanged.
//
// fwd[j][i] holds when the first j blocks can be placed in cells [0,i) with
// every other cell there background; bwd[j][i] when blocks j..k-1 can be
// placed in cells [i,n) likewise. Blocks of one colour need a background cell
// between them, blocks of different colours may touch.
func (ls *lineSolver) solve(clue []block, cells []colorSet) bool {
	n, k := len(cells), len(clue)
	w := n + 1
	ls.prepare(clue, cells)
	fwd, bwd := ls.fwd, ls.bwd
	bgOK := func(i int) bool { return cells[i]&background != 0 }

	// Forward table.
	fwd[0] = true
	for i := 1; i <= n; i++ {
		fwd[i] = fwd[i-1] && bgOK(i-1)
	}
	for j := 1; j <= k; j++ {
		b := clue[j-1]
		sameAsPrev := j > 1 && clue[j-2].color == b.color
		row, prev := fwd[j*w:(j+1)*w], fwd[(j-1)*w:j*w]
		row[0] = false
		for i := 1; i <= n; i++ {
			v := row[i-1] && bgOK(i-1)
			if !v && i >= b.len && ls.fits(b.color, i-b.len, i) {
				v = ls.prefixOK(prev, sameAsPrev, i-b.len, cells)
			}
			row[i] = v
		}
	}
	if !fwd[k*w+n] {
		return false
	}

	// Backward table.
	last := bwd[k*w : (k+1)*w]
	last[n] = true
	for i := n - 1; i >= 0; i-- {
		last[i] = last[i+1] && bgOK(i)
	}
	for j := k - 1; j >= 0; j-- {
		b := clue[j]
		sameAsNext := j+1 < k && clue[j+1].color == b.color
		row, next := bwd[j*w:(j+1)*w], bwd[(j+1)*w:(j+2)*w]
		row[n] = false
		for i := n - 1; i >= 0; i-- {
			v := row[i+1] && bgOK(i)
			if !v && i+b.len <= n && ls.fits(b.color, i, i+b.len) {
				v = ls.suffixOK(next, sameAsNext, i+b.len, cells)
			}
			row[i] = v
		}
	}

	// Which colours each cell can take: background where some split puts the
	// cell between blocks, a block's colour wherever a valid placement covers it.
	cover := ls.cover
	clear(cover)
	for j := range k {
		b := clue[j]
		sameAsPrev := j > 0 && clue[j-1].color == b.color
		sameAsNext := j+1 < k && clue[j+1].color == b.color
		prev, next := fwd[j*w:(j+1)*w], bwd[(j+1)*w:(j+2)*w]
		d := cover[int(ls.colorIdx[b.color])*w:]
		for s := 0; s+b.len <= n; s++ {
			if ls.fits(b.color, s, s+b.len) && ls.prefixOK(prev, sameAsPrev, s, cells) &&
				ls.suffixOK(next, sameAsNext, s+b.len, cells) {
				d[s]++
				d[s+b.len]--
			}
		}
	}
	for ci := range ls.colors {
		d := cover[ci*w : (ci+1)*w]
		for i := 1; i < n; i++ {
			d[i] += d[i-1]
		}
	}
	for x := range n {
		var s colorSet
		if bgOK(x) {
			for j := 0; j <= k; j++ {
				if fwd[j*w+x] && bwd[j*w+x+1] {
					s = background
					break
				}
			}
		}
		for ci, c := range ls.colors {
			if cover[ci*w+x] > 0 {
				s |= 1 << c
			}
		}
		cells[x] = s
	}
	return true
}

// prepare sizes the buffers and builds the prefix counts for one call.
func (ls *lineSolver) prepare(clue []block, cells []colorSet) {
	n, k := len(cells), len(clue)
	w := n + 1
	if need := (k + 1) * w; cap(ls.fwd) < need {
		ls.fwd = make([]bool, need)
		ls.bwd = make([]bool, need)
	} else {
		ls.fwd, ls.bwd = ls.fwd[:need], ls.bwd[:need]
	}
	ls.colors = ls.colors[:0]
	for _, b := range clue {
		ls.colorIdx[b.color] = -1
	}
	for _, b := range clue {
		if ls.colorIdx[b.color] < 0 {
			ls.colorIdx[b.color] = int8(len(ls.colors))
			ls.colors = append(ls.colors, b.color)
		}
	}
	nc := len(ls.colors)
	if need := nc * w; cap(ls.bad) < need {
		ls.bad = make([]int32, need)
		ls.cover = make([]int32, need)
	} else {
		ls.bad, ls.cover = ls.bad[:need], ls.cover[:need]
	}
	ls.width = w
	for ci, c := range ls.colors {
		p := ls.bad[ci*w : (ci+1)*w]
		p[0] = 0
		bit := colorSet(1) << c
		for i, s := range cells {
			p[i+1] = p[i]
			if s&bit == 0 {
				p[i+1]++
			}
		}
	}
}

// fits reports whether every cell in [from,to) may take colour c.
func (ls *lineSolver) fits(c, from, to int) bool {
	p := ls.bad[int(ls.colorIdx[c])*ls.width:]
	return p[to] == p[from]
}

// prefixOK reports whether the blocks before a block starting at s fit in
// [0,s), given that table row prev holds the forward results for them.
func (ls *lineSolver) prefixOK(prev []bool, same bool, s int, cells []colorSet) bool {
	if !same {
		return prev[s]
	}
	return s >= 1 && cells[s-1]&background != 0 && prev[s-1]
}

// suffixOK reports whether the blocks after a block ending at e fit in [e,n),
// given that table row next holds the backward results for them.
func (ls *lineSolver) suffixOK(next []bool, same bool, e int, cells []colorSet) bool {
	if !same {
		return next[e]
	}
	return e < len(cells) && cells[e]&background != 0 && next[e+1]
}
