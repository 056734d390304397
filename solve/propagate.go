package solve

import (
	"context"
	"errors"
)

// errBudget ends a solve whose context is done.
var errBudget = errors.New("solve: budget spent")

// checkEvery is how many line solves pass between two looks at the context.
const checkEvery = 256

// change is one entry of the undo trail: a cell, the set it had before and
// the set it was narrowed to.
type change struct {
	cell     int32
	old, new colorSet
}

// grid is the solver's state: a colour set per cell, the clues, an undo trail
// and a queue of lines whose cells changed since they were last solved.
// Lines 0..h-1 are the rows, h..h+w-1 the columns.
type grid struct {
	w, h    int
	cells   []colorSet
	clues   [][]block // per line
	trail   []change
	unknown int // cells with more than one colour left

	queue   []int32 // lines to solve, FIFO
	head    int
	queued  []bool
	line    []colorSet // scratch copy of one line's cells
	ls      lineSolver
	cache   *lineCache
	caching bool // use the cache: off for the first propagation, which never repeats a state
	colors  int
	stats   *Stats
	work    *int64 // the effort counter, see doc.go
	done    <-chan struct{}
	checkIn int

	learn  *learner // set while conflict-driven search runs: it keeps reasons
	reason int32    // why the changes being made now hold, for learn
}

// newGrid builds the state of an unsolved puzzle with every line queued.
func newGrid(ctx context.Context, w, h int, rows, cols [][]block, colors int, stats *Stats, work *int64) *grid {
	// A cell of a two-colour puzzle changes once on the way to a solution:
	// the trail starts with room for that.
	g := &grid{w: w, h: h, cells: make([]colorSet, w*h), trail: make([]change, 0, w*h), colors: colors,
		stats: stats, work: work, done: ctx.Done()}
	g.clues = append(append(g.clues, rows...), cols...)
	all := colorSet(1)<<colors - 1
	for i := range g.cells {
		g.cells[i] = all
	}
	if colors > 1 {
		g.unknown = w * h
	}
	g.queued = make([]bool, w+h)
	g.line = make([]colorSet, max(w, h))
	for l := range w + h {
		g.enqueue(l)
	}
	return g
}

// startCaching makes the line cache and has line solves use it from now on.
// A puzzle solved by its first propagation (most are) never makes one.
func (g *grid) startCaching() {
	if g.cache == nil {
		g.cache = newLineCache(g.w+g.h, g.colors)
	}
	g.caching = true
}

func (g *grid) enqueue(l int) {
	if !g.queued[l] {
		g.queued[l] = true
		g.queue = append(g.queue, int32(l))
	}
}

func (g *grid) clearQueue() {
	for _, l := range g.queue[g.head:] {
		g.queued[l] = false
	}
	g.queue, g.head = g.queue[:0], 0
}

// set narrows a cell to s (a subset of its set), recording the change and
// queueing the cell's row and column.
func (g *grid) set(i int, s colorSet) { g.setFrom(i, s, -1) }

// setFrom is set for a change made by solving line from, which needs no
// second solve: the line solver's result is already its own fixed point.
func (g *grid) setFrom(i int, s colorSet, from int) {
	old := g.cells[i]
	if old == s {
		return
	}
	g.trail = append(g.trail, change{int32(i), old, s})
	g.cells[i] = s
	if g.learn != nil {
		g.learn.record(i, old&^s, g.reason)
	}
	if !old.single() && s.single() {
		g.unknown--
	}
	row, col := g.linesOf(i)
	if row != from {
		g.enqueue(row)
	}
	if col != from {
		g.enqueue(col)
	}
}

// setAll narrows each cell to its colour in colors and propagates, to
// check a whole picture against the clues and what the grid has deduced:
// it reports whether the colours are a solution, false at once when one is
// not among its cell's colours left. The caller undoes the change.
func (g *grid) setAll(colors []uint8) (bool, error) {
	for cell, c := range colors {
		set := g.cells[cell]
		if set&(1<<c) == 0 {
			return false, nil
		}
		if !set.single() {
			g.set(cell, 1<<c)
		}
	}
	ok, err := g.propagate()
	return ok && err == nil && g.solved(), err
}

// linesOf returns the line numbers of cell i's row and column (columns are
// numbered after the rows).
func (g *grid) linesOf(i int) (row, col int) { return i / g.w, g.h + i%g.w }

// mark returns the trail position to undo back to.
func (g *grid) mark() int { return len(g.trail) }

// undo restores every cell changed since mark and empties the queue.
func (g *grid) undo(mark int) {
	if g.learn != nil {
		g.learn.forget(mark)
	}
	for k := len(g.trail) - 1; k >= mark; k-- {
		c := g.trail[k]
		if g.cells[c.cell].single() && !c.old.single() {
			g.unknown++
		}
		g.cells[c.cell] = c.old
	}
	g.trail = g.trail[:mark]
	g.clearQueue()
}

// propagate solves queued lines until the queue is empty (a fixed point) or a
// line has no fitting placement. It reports false on a contradiction, leaving
// the queue empty, and returns errBudget once the context is done.
func (g *grid) propagate() (bool, error) {
	for g.head < len(g.queue) {
		l := int(g.queue[g.head])
		g.head++
		g.queued[l] = false
		if g.spent() {
			g.clearQueue()
			return false, errBudget
		}
		if !g.solveLine(l) {
			g.clearQueue()
			return false, nil
		}
	}
	g.queue, g.head = g.queue[:0], 0
	return true, nil
}

// spent counts a line solve and, every checkEvery of them, reports whether
// the context is done.
func (g *grid) spent() bool { return doneEvery(g.done, &g.checkIn) }

// doneEvery counts a call in *n and, every checkEvery calls, reports whether
// done is closed.
func doneEvery(done <-chan struct{}, n *int) bool {
	*n++
	if *n < checkEvery {
		return false
	}
	*n = 0
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// solveLine runs the line solver on line l and writes back what it learnt.
func (g *grid) solveLine(l int) bool {
	start, step, n := g.lineGeometry(l)
	cells := g.line[:n]
	for i := range n {
		cells[i] = g.cells[start+i*step]
	}
	g.stats.LineSolves++
	var ok bool
	if g.caching {
		ok = g.cache.solve(&g.ls, l, g.clues[l], cells, g.stats)
	} else {
		ok = g.ls.solve(g.clues[l], cells)
	}
	if !ok {
		return false
	}
	changed := false
	g.reason = int32(l)
	for i := range n {
		if c := start + i*step; g.cells[c] != cells[i] {
			g.setFrom(c, cells[i], l)
			changed = true
		}
	}
	if changed {
		*g.work++
	}
	return true
}

// lineGeometry returns the first cell, stride and length of line l.
func (g *grid) lineGeometry(l int) (start, step, n int) {
	if l < g.h {
		return l * g.w, 1, g.w
	}
	return l - g.h, g.w, g.h
}

// solved reports whether every cell has one colour left.
func (g *grid) solved() bool { return g.unknown == 0 }
