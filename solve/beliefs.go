package solve

// Belief propagation between the rows and the columns of a grid, which
// ranks the cells for the dive (dive.go): a line's placements that agree with
// its cells, each weighted by how likely its other line makes each cell's
// colour, give each cell a share per colour, and a cell's belief in a colour
// is the product of what its row and its column say. It is exact on no
// grid, but it guesses most of the cells of a random grid at density 0.4
// (about three in four of the image's cells where both colours are open;
// the cells it is surest of are right nineteen times in twenty), where line
// logic and probing find none.

// colorShares computes, per cell of a line and colour, the share of the
// line's placements (agreeing with cells) that give the cell that colour,
// each placement weighted by the product of prior over its other cells:
// shares[i*k+c] for k colours. fwd and bwd are scratch of (len(cells)+1) ×
// states. It reports false when no placement fits.
func colorShares(a *lineAutomaton, cells []colorSet, k int, prior, fwd, bwd, shares []float64) bool {
	n, states := len(cells), a.states()
	clear(fwd)
	clear(bwd)
	fwd[0] = 1
	for i, set := range cells {
		here, next, p := fwd[i*states:], fwd[(i+1)*states:], prior[i*k:]
		for q := range states {
			if w := here[q]; w != 0 {
				stays, adv := a.moves(q)
				if stays && set&1 != 0 {
					next[q] += w * p[0]
				}
				if adv >= 0 && set&(1<<adv) != 0 {
					next[q+1] += w * p[adv]
				}
			}
		}
		normalize(next[:states]) // keeps the counts of long lines finite
	}
	bwd[n*states+states-1] = 1
	for i := n - 1; i >= 0; i-- {
		here, next, p, set := bwd[i*states:], bwd[(i+1)*states:], prior[i*k:], cells[i]
		for q := range states {
			stays, adv := a.moves(q)
			if stays && set&1 != 0 {
				here[q] += next[q] * p[0]
			}
			if adv >= 0 && set&(1<<adv) != 0 {
				here[q] += next[q+1] * p[adv]
			}
		}
		normalize(here[:states])
	}
	for i, set := range cells {
		total := 0.0
		share := shares[i*k : (i+1)*k]
		clear(share)
		here, next := fwd[i*states:], bwd[(i+1)*states:]
		for q := range states {
			w := here[q]
			if w == 0 {
				continue
			}
			// A message leaves out this cell's prior. Staying reads colour
			// 0 and advancing a higher one (or 0 after a gap), so the
			// colours come in the order of next's.
			stays, adv := a.moves(q)
			if stays && set&1 != 0 {
				x := w * next[q]
				share[0] += x
				total += x
			}
			if adv >= 0 && set&(1<<adv) != 0 {
				x := w * next[q+1]
				share[adv] += x
				total += x
			}
		}
		if total == 0 {
			return false
		}
		for c := range share {
			share[c] /= total
		}
	}
	return true
}

// normalize scales ws so that its largest value is 1 (a common factor of a
// position's weights changes no share). The weights are never negative or
// NaN, so a plain comparison finds the largest (math.Max's care for those
// cost as much as the rest of the line's pass).
func normalize(ws []float64) {
	top := 0.0
	for _, w := range ws {
		if w > top {
			top = w
		}
	}
	if top == 0 {
		return
	}
	for i := range ws {
		ws[i] /= top
	}
}

// beliefs runs belief propagation between the rows and the columns of a
// grid: each line sends each of its cells, per colour, the share of its
// placements that give the cell that colour, weighting the other cells by
// what their other line sent them. A cell's belief in a colour is the
// product of its two messages. Rounds alternate between the rows and the
// columns, and messages are damped (half old, half new) and never quite 0.
type beliefs struct {
	g        *grid
	k        int          // colours
	msgs     [2][]float64 // per cell × colour: from its row, from its column
	rounds   int          // rounds run so far
	autos    []lineAutomaton
	line     []colorSet
	prior    []float64
	shares   []float64
	fwd, bwd []float64
}

func newBeliefs(g *grid) *beliefs {
	k, long := g.colors, max(g.w, g.h)
	n := len(g.cells) * k
	b := &beliefs{g: g, k: k, msgs: [2][]float64{make([]float64, n), make([]float64, n)},
		line: make([]colorSet, long), prior: make([]float64, long*k), shares: make([]float64, long*k)}
	for k := range n {
		b.msgs[0][k], b.msgs[1][k] = 1, 1
	}
	for _, clue := range g.clues {
		b.autos = append(b.autos, newLineAutomaton(clue))
	}
	return b
}

// maxBeliefWork bounds the work of one round (line cells × automaton
// states × colours, over the unsolved lines) for which the dive is tried:
// fifty rounds of it take a second or two.
const maxBeliefWork = 8 << 20

// beliefsFit reports whether a round of the grid's beliefs stays within
// maxBeliefWork.
func beliefsFit(g *grid) bool {
	limit := maxBeliefWork / g.colors // runStates × colours > maxBeliefWork exactly when runStates > limit
	return runStates(g, limit) <= limit
}

// run runs n more rounds, or reports false once the context is done.
func (b *beliefs) run(n int) bool {
	g := b.g
	for range n {
		select {
		case <-g.done:
			return false
		default:
		}
		side := b.rounds % 2
		b.rounds++
		lines := g.clues[:g.h]
		if side == 1 {
			lines = g.clues[g.h:]
		}
		for k := range lines {
			b.send(side, k+side*g.h)
		}
	}
	return true
}

// send updates the messages line l (on side 0 for a row, 1 for a column)
// sends its cells.
func (b *beliefs) send(side, l int) {
	g := b.g
	if lineSolved(g, g.cells, l) {
		return
	}
	k := b.k
	start, step, cnt := g.lineGeometry(l)
	cells := b.line[:cnt]
	for i := range cnt {
		cell := start + i*step
		cells[i] = g.cells[cell]
		copy(b.prior[i*k:(i+1)*k], b.msgs[1-side][cell*k:(cell+1)*k])
	}
	a := &b.autos[l]
	size := (cnt + 1) * a.states()
	if cap(b.fwd) < size {
		b.fwd, b.bwd = make([]float64, size), make([]float64, size)
	}
	if !colorShares(a, cells, k, b.prior, b.fwd[:size], b.bwd[:size], b.shares) {
		return
	}
	for i := range cnt {
		cell := start + i*step
		out := b.msgs[side][cell*k : (cell+1)*k]
		for c := range out {
			out[c] = 0.5*out[c] + 0.5*(0.01+b.shares[i*k+c])
		}
	}
}

// surestShares returns per cell the share of its likeliest colour (1 for a
// solved cell), which a dive and the ranking after it (satsearch.go) lean on.
func (b *beliefs) surestShares() []float64 {
	sure := make([]float64, len(b.g.cells))
	for i := range sure {
		_, sure[i] = b.likeliest(i)
	}
	return sure
}

// likeliest returns the colour of cell (among those left) with the highest
// belief, and that belief's share of the cell's total.
func (b *beliefs) likeliest(cell int) (int, float64) {
	set := b.g.cells[cell]
	best, total := -1, 0.0
	var top float64
	for c := range b.k {
		if set&(1<<c) == 0 {
			continue
		}
		w := b.msgs[0][cell*b.k+c] * b.msgs[1][cell*b.k+c]
		total += w
		if best < 0 || w > top {
			best, top = c, w
		}
	}
	if total == 0 {
		return best, 0
	}
	return best, top / total
}

// surest returns the unsolved cell whose likeliest colour has the largest
// share of its beliefs (the first such cell) and that colour.
func (b *beliefs) surest() (cell, color int) {
	cell, share := -1, -1.0
	for i, set := range b.g.cells {
		if set.single() {
			continue
		}
		if c, sh := b.likeliest(i); sh > share {
			cell, color, share = i, c, sh
		}
	}
	return cell, color
}

// likeliestColors returns each cell's likeliest colour (its colour, when
// solved).
func (b *beliefs) likeliestColors() []uint8 {
	colors := make([]uint8, len(b.g.cells))
	for i := range colors {
		c, _ := b.likeliest(i)
		colors[i] = uint8(c)
	}
	return colors
}
