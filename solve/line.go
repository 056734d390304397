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
// at most O(blocks × cells) time, and keeps its buffers between calls.
type lineSolver struct {
	fwd, bwd []bool  // (k+1)×(n+1) tables, see solve
	bad      []int32 // per clue colour, prefix counts of cells that exclude it
	width    int     // cells + 1: the stride of every table
	cover    []int32 // per clue colour, difference array of covering placements
	lo, hi   []int   // per block, its earliest and latest start
	canBg    []bool  // per cell, whether some placement leaves it background
	colorIdx [maxColors]int8
	colors   []int
}

// solve narrows cells to what the clue allows. It reports false when no
// placement fits (a contradiction); cells are then left unchanged. Solved
// ends of the line are trimmed off first (see trimSolved).
func (ls *lineSolver) solve(clue []block, cells []colorSet) bool {
	i0, i1, j0, j1, ok := trimSolved(clue, cells)
	if !ok {
		return ls.solveBand(clue, cells)
	}
	if i0 >= i1 {
		return j0 == j1
	}
	return ls.solveBand(clue[j0:j1], cells[i0:i1])
}

// trimSolved finds the solved ends of a line: cells [0,i0) and [i1,n) are
// solved and hold exactly blocks [0,j0) and [j1,k) of the clue, each end
// stopping after a background cell or a block followed by a solved cell of
// another colour. Those cells need no solving, and the rest of the line with
// the rest of the clue is an independent smaller problem. ok is false when
// the solved ends do not match the clue (left to the full solver to reject).
func trimSolved(clue []block, cells []colorSet) (i0, i1, j0, j1 int, ok bool) {
	n := len(cells)
	i1, j1 = n, len(clue)
	for i0 < n {
		s := cells[i0]
		if s == background {
			i0++
			continue
		}
		if !s.single() {
			break
		}
		r := i0
		for r < n && cells[r] == s {
			r++
		}
		if r < n && !cells[r].single() {
			break // the block may go on
		}
		if j0 >= len(clue) || clue[j0].len != r-i0 || clue[j0].color != s.only() {
			return 0, 0, 0, 0, false
		}
		i0, j0 = r, j0+1
	}
	for i1 > i0 {
		s := cells[i1-1]
		if s == background {
			i1--
			continue
		}
		if !s.single() {
			break
		}
		r := i1
		for r > i0 && cells[r-1] == s {
			r--
		}
		if r == i0 || !cells[r-1].single() {
			break
		}
		if j1 <= j0 || clue[j1-1].len != i1-r || clue[j1-1].color != s.only() {
			return 0, 0, 0, 0, false
		}
		i1, j1 = r, j1-1
	}
	return i0, i1, j0, j1, true
}

// solveBand is solve without the trimming.
//
// fwd[j][i] holds when the first j blocks can be placed in cells [0,i) with
// every other cell there background; bwd[j][i] when blocks j..k-1 can be
// placed in cells [i,n) likewise. Blocks of one colour need a background cell
// between them, blocks of different colours may touch. Block j can only start
// in [lo[j], hi[j]] (packing the clue to the left and to the right), so row j
// of both tables is computed only over its band [E_j, U_j]: from the earliest
// end of block j-1 to the latest start of block j. That makes the work about
// blocks × slack rather than blocks × cells.
func (ls *lineSolver) solveBand(clue []block, cells []colorSet) bool {
	n, k := len(cells), len(clue)
	w := n + 1
	if !ls.prepare(clue, cells) {
		return false
	}
	if ls.open(clue, cells) {
		ls.solveOpen(clue, cells)
		return true
	}
	clear(ls.fwd)
	clear(ls.bwd)
	fwd, bwd, lo, hi := ls.fwd, ls.bwd, ls.lo, ls.hi
	bgOK := func(i int) bool { return cells[i]&background != 0 }
	// band returns [E_j, U_j].
	band := func(j int) (int, int) {
		e, u := 0, n
		if j > 0 {
			e = lo[j-1] + clue[j-1].len
		}
		if j < k {
			u = hi[j]
		}
		return e, u
	}

	// Forward table.
	u0 := n
	if k > 0 {
		u0 = hi[0]
	}
	fwd[0] = true
	for i := 1; i <= u0; i++ {
		fwd[i] = fwd[i-1] && bgOK(i-1)
	}
	for j := 1; j <= k; j++ {
		b := clue[j-1]
		sameAsPrev := j > 1 && clue[j-2].color == b.color
		row, prev := fwd[j*w:(j+1)*w], fwd[(j-1)*w:j*w]
		bad := ls.badOf(b.color)
		e, u := band(j)
		for i := e; i <= u; i++ {
			v := i > e && row[i-1] && bgOK(i-1)
			if !v && i-b.len <= hi[j-1] && bad[i] == bad[i-b.len] {
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
	ek, _ := band(k)
	last[n] = true
	for i := n - 1; i >= ek; i-- {
		last[i] = last[i+1] && bgOK(i)
	}
	for j := k - 1; j >= 0; j-- {
		b := clue[j]
		sameAsNext := j+1 < k && clue[j+1].color == b.color
		row, next := bwd[j*w:(j+1)*w], bwd[(j+1)*w:(j+2)*w]
		bad := ls.badOf(b.color)
		e, u := band(j)
		for i := u; i >= e; i-- {
			v := i < u && row[i+1] && bgOK(i)
			if !v && i >= lo[j] && bad[i+b.len] == bad[i] {
				v = ls.suffixOK(next, sameAsNext, i+b.len, cells)
			}
			row[i] = v
		}
	}

	// Which colours each cell can take: background where some split puts the
	// cell between blocks j-1 and j, a block's colour wherever a valid
	// placement covers it.
	cover, canBg := ls.cover, ls.canBg
	clear(cover)
	clear(canBg)
	for j := 0; j <= k; j++ {
		e, u := band(j)
		f, bk := fwd[j*w:(j+1)*w], bwd[j*w:(j+1)*w]
		for x := e; x < u; x++ {
			if f[x] && bk[x+1] {
				canBg[x] = true
			}
		}
	}
	for j := range k {
		b := clue[j]
		sameAsPrev := j > 0 && clue[j-1].color == b.color
		sameAsNext := j+1 < k && clue[j+1].color == b.color
		prev, next := fwd[j*w:(j+1)*w], bwd[(j+1)*w:(j+2)*w]
		bad := ls.badOf(b.color)
		d := cover[int(ls.colorIdx[b.color])*w:]
		for s := lo[j]; s <= hi[j]; s++ {
			if bad[s+b.len] == bad[s] && ls.prefixOK(prev, sameAsPrev, s, cells) &&
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
		if canBg[x] && bgOK(x) {
			s = background
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

// open reports whether every cell of the line may still be background or any
// colour of the clue: the state before anything is known.
func (ls *lineSolver) open(clue []block, cells []colorSet) bool {
	n := len(cells)
	for _, c := range ls.colors {
		if ls.badOf(c)[n] != 0 {
			return false
		}
	}
	for _, s := range cells {
		if s&background == 0 {
			return false
		}
	}
	return true
}

// solveOpen solves an open line without the tables: with nothing known,
// block j can start anywhere in [lo[j], hi[j]], so a cell may take the colour
// of every block whose range covers it, and must take it (and nothing else)
// when it lies in the block's core [hi[j], lo[j]+len), covered by the block
// packed left and packed right alike.
func (ls *lineSolver) solveOpen(clue []block, cells []colorSet) {
	n, w := len(cells), ls.width
	cover, forced := ls.cover, ls.canBg
	clear(cover)
	clear(forced)
	for j, b := range clue {
		d := cover[int(ls.colorIdx[b.color])*w:]
		d[ls.lo[j]]++
		d[ls.hi[j]+b.len]--
		for x := ls.hi[j]; x < ls.lo[j]+b.len; x++ {
			forced[x] = true
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
		if !forced[x] {
			s = background
		}
		for ci, c := range ls.colors {
			if cover[ci*w+x] > 0 {
				s |= 1 << c
			}
		}
		cells[x] = s
	}
}

// prepare sizes the buffers, computes each block's range of
// starts and builds the prefix counts for one call. It reports false when the
// clue cannot fit in the line at all.
func (ls *lineSolver) prepare(clue []block, cells []colorSet) bool {
	n, k := len(cells), len(clue)
	w := n + 1
	if need := (k + 1) * w; cap(ls.fwd) < need {
		ls.fwd = make([]bool, need)
		ls.bwd = make([]bool, need)
	} else {
		ls.fwd, ls.bwd = ls.fwd[:need], ls.bwd[:need]
	}
	if cap(ls.lo) < k {
		ls.lo, ls.hi = make([]int, k), make([]int, k)
	}
	ls.lo, ls.hi = ls.lo[:k], ls.hi[:k]
	for j, b := range clue {
		ls.lo[j] = 0
		if j > 0 {
			ls.lo[j] = ls.lo[j-1] + clue[j-1].len
			if clue[j-1].color == b.color {
				ls.lo[j]++
			}
		}
	}
	for j := k - 1; j >= 0; j-- {
		ls.hi[j] = n - clue[j].len
		if j+1 < k {
			ls.hi[j] = ls.hi[j+1] - clue[j].len
			if clue[j+1].color == clue[j].color {
				ls.hi[j]--
			}
		}
	}
	if k > 0 && ls.lo[k-1] > ls.hi[k-1] {
		return false
	}
	if cap(ls.canBg) < n {
		ls.canBg = make([]bool, n)
	}
	ls.canBg = ls.canBg[:n]
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
	return true
}

// badOf returns the prefix counts of cells that exclude colour c: every cell
// in [from,to) may take c when bad[to] == bad[from].
func (ls *lineSolver) badOf(c int) []int32 {
	ci := int(ls.colorIdx[c])
	return ls.bad[ci*ls.width : (ci+1)*ls.width]
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
