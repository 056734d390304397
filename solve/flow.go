package solve

import "slices"

// Counting reasoning across lines (an experiment): a two-colour grid's
// black cells must give each row and each column its number of blacks, and
// (the block relaxation) each block of a line exactly its length among the
// cells that block can cover. Whether an assignment of cells to the lines'
// blocks exists is a flow with lower bounds (a cell settled black must be
// used); a cell whose flow is the same in every feasible flow is forced:
// black when it carries flow, white when it carries none, found from the
// strongly connected components of the residual graph.

// flowEdge is an edge of flowNet, its reverse at index rev of to's list.
type flowEdge struct {
	to, rev int32
	cap     int32 // residual capacity
}

// flowNet is a max-flow network (Dinic's algorithm).
type flowNet struct {
	adj   [][]flowEdge
	level []int32
	it    []int32
	queue []int32
}

// reset empties the network and sizes it for n nodes, keeping its arrays.
func (f *flowNet) reset(n int) {
	for len(f.adj) < n {
		f.adj = append(f.adj, nil)
	}
	f.adj = f.adj[:n]
	for i := range f.adj {
		f.adj[i] = f.adj[i][:0]
	}
	f.level = grow(f.level, n)
	f.it = grow(f.it, n)
}

// addEdge adds u→v with capacity c and returns its place in u's list.
func (f *flowNet) addEdge(u, v, c int) int {
	f.adj[u] = append(f.adj[u], flowEdge{int32(v), int32(len(f.adj[v])), int32(c)})
	f.adj[v] = append(f.adj[v], flowEdge{int32(u), int32(len(f.adj[u]) - 1), 0})
	return len(f.adj[u]) - 1
}

func (f *flowNet) bfs(s, t int) bool {
	for i := range f.level {
		f.level[i] = -1
	}
	f.level[s] = 0
	f.queue = append(f.queue[:0], int32(s))
	for h := 0; h < len(f.queue); h++ {
		u := f.queue[h]
		for _, e := range f.adj[u] {
			if e.cap > 0 && f.level[e.to] < 0 {
				f.level[e.to] = f.level[u] + 1
				f.queue = append(f.queue, e.to)
			}
		}
	}
	return f.level[t] >= 0
}

func (f *flowNet) dfs(u, t int, push int32) int32 {
	if u == t {
		return push
	}
	for ; f.it[u] < int32(len(f.adj[u])); f.it[u]++ {
		e := &f.adj[u][f.it[u]]
		if e.cap <= 0 || f.level[e.to] != f.level[u]+1 {
			continue
		}
		if d := f.dfs(int(e.to), t, min(push, e.cap)); d > 0 {
			e.cap -= d
			f.adj[e.to][e.rev].cap += d
			return d
		}
	}
	return 0
}

func (f *flowNet) maxFlow(s, t int) int {
	total := 0
	for f.bfs(s, t) {
		clear(f.it)
		for {
			d := f.dfs(s, t, 1<<30)
			if d == 0 {
				break
			}
			total += int(d)
		}
	}
	return total
}

// sccs labels the nodes below n by their strongly connected component in
// the residual graph (edges of positive residual capacity between them).
func (f *flowNet) sccs(n int) []int32 {
	index := make([]int32, n)
	low := make([]int32, n)
	comp := make([]int32, n)
	on := make([]bool, n)
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	var stack []int32
	next, ncomp := int32(0), int32(0)
	var visit func(u int32)
	visit = func(u int32) {
		index[u], low[u] = next, next
		next++
		stack = append(stack, u)
		on[u] = true
		for _, e := range f.adj[u] {
			if e.cap <= 0 || int(e.to) >= n {
				continue
			}
			if index[e.to] < 0 {
				visit(e.to)
				low[u] = min(low[u], low[e.to])
			} else if on[e.to] {
				low[u] = min(low[u], index[e.to])
			}
		}
		if low[u] == index[u] {
			for {
				v := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[v] = false
				comp[v] = ncomp
				if v == u {
					break
				}
			}
			ncomp++
		}
	}
	for u := range int32(n) {
		if index[u] < 0 {
			visit(u)
		}
	}
	return comp
}

// flowResult is what flowCheck found.
type flowResult struct {
	ok           bool  // a feasible flow exists
	black, white []int // open cells forced black and white
}

// flowRelax is the scratch of flowCheck, kept between calls.
type flowRelax struct {
	net            flowNet
	units          [2][][]int32 // per cell, the row's and the column's units that may cover it
	demand         []int
	edges          []boundedEdge
	at             []int
	cellEdge       []int
	excess         []int
	fwd, bwd, runB []int32
	lines          []flowLine // per line, its units' cover as last computed
	prev           [2][]int32 // per cell, the row's and the column's unit it gave its black to in the last feasible flow, or -1
}

// flowLine is the units of one line as computed for its cells.
type flowLine struct {
	valid, byBlocks bool
	cells           []colorSet
	units           int
	cover           [][2]int32 // unit, cell of the line
}

// unitLengths returns the lengths of a line's units: its blocks', or their
// sum (no unit when it is 0).
func unitLengths(clue []block, byBlocks bool) []int {
	var lens []int
	total := 0
	for _, b := range clue {
		lens = append(lens, b.len)
		total += b.len
	}
	if byBlocks {
		return lens
	}
	if total == 0 {
		return nil
	}
	return []int{total}
}

// boundedEdge is an edge with a lower and an upper bound on its flow.
type boundedEdge struct{ u, v, lo, hi int }

// flowCheck runs the counting relaxation on a two-colour grid: per line
// one unit (byBlocks false) or one unit per block, each unit needing its
// length in cells, each cell that may be black giving at most one (at
// least one when settled black) to a unit of its row and one of its
// column that may cover it.
func (g *grid) flowCheck(byBlocks bool) flowResult {
	var fr flowRelax
	return fr.check(g, byBlocks)
}

func (fr *flowRelax) check(g *grid, byBlocks bool) flowResult {
	n := g.w * g.h
	const src, snk = 0, 1
	for side := range fr.units {
		if len(fr.units[side]) != n {
			fr.units[side] = make([][]int32, n)
			fr.prev[side] = make([]int32, n)
			for c := range n {
				fr.prev[side][c] = -1
			}
		}
		for c := range n {
			fr.units[side][c] = fr.units[side][c][:0]
		}
	}
	if len(fr.lines) != g.w+g.h {
		fr.lines = make([]flowLine, g.w+g.h)
	}
	fr.demand = fr.demand[:0]
	unitBase := len(fr.demand) + 2
	firstCol := 0
	for l := range g.w + g.h {
		if l == g.h {
			firstCol = len(fr.demand)
		}
		start, step, ln := g.lineGeometry(l)
		cells := g.line[:ln]
		for i := range ln {
			cells[i] = g.cells[start+i*step]
		}
		side := 0
		if l >= g.h {
			side = 1
		}
		lineBase := unitBase + len(fr.demand)
		memo := &fr.lines[l]
		if !memo.valid || memo.byBlocks != byBlocks || !slices.Equal(memo.cells, cells) {
			memo.valid, memo.byBlocks = true, byBlocks
			memo.cells = append(memo.cells[:0], cells...)
			memo.cover = memo.cover[:0]
			memo.units = fr.addUnits(g.clues[l], cells, byBlocks, func(k, i int) {
				memo.cover = append(memo.cover, [2]int32{int32(k), int32(i)})
			})
		}
		for range memo.units {
			fr.demand = append(fr.demand, 0)
		}
		for k, b := range unitLengths(g.clues[l], byBlocks) {
			fr.demand[lineBase-unitBase+k] = b
		}
		for _, ki := range memo.cover {
			c := start + int(ki[1])*step
			fr.units[side][c] = append(fr.units[side][c], int32(lineBase)+ki[0])
		}
	}
	nodes := unitBase + len(fr.demand)
	unitDemand := func(u int) *int { return &fr.demand[u-unitBase] }
	fr.edges = fr.edges[:0]
	if len(fr.cellEdge) != n {
		fr.cellEdge = make([]int, n)
	}
	for c := range n {
		fr.cellEdge[c] = -1
		set := g.cells[c]
		if set&2 == 0 {
			continue
		}
		rs, cs := fr.units[0][c], fr.units[1][c]
		lo := 0
		if set == 2 {
			lo = 1
			if len(rs) == 1 && len(cs) == 1 {
				fr.prev[0][c], fr.prev[1][c] = rs[0], cs[0]
				*unitDemand(int(rs[0]))--
				*unitDemand(int(cs[0]))--
				continue
			}
		}
		u, v := -1, -1
		switch {
		case len(rs) == 1 && len(cs) == 1:
			u, v = int(rs[0]), int(cs[0])
		case len(rs) == 1:
			u, v = int(rs[0]), nodes
			nodes++
		case len(cs) == 1:
			u, v = nodes, int(cs[0])
			nodes++
		default:
			u, v = nodes, nodes+1
			nodes += 2
		}
		if len(rs) > 1 {
			for _, r := range rs {
				fr.edges = append(fr.edges, boundedEdge{int(r), u, 0, 1})
			}
		}
		if len(cs) > 1 {
			for _, k := range cs {
				fr.edges = append(fr.edges, boundedEdge{v, int(k), 0, 1})
			}
		}
		fr.cellEdge[c] = len(fr.edges)
		fr.edges = append(fr.edges, boundedEdge{u, v, lo, 1})
	}
	total := 0
	for k, d := range fr.demand {
		if d < 0 {
			return flowResult{}
		}
		u := unitBase + k
		if k < firstCol {
			fr.edges = append(fr.edges, boundedEdge{src, u, d, d})
			total += d
		} else {
			fr.edges = append(fr.edges, boundedEdge{u, snk, d, d})
		}
	}
	fr.edges = append(fr.edges, boundedEdge{snk, src, 0, total + 1})
	ss, tt := nodes, nodes+1
	f := &fr.net
	f.reset(nodes + 2)
	if cap(fr.excess) < nodes {
		fr.excess = make([]int, nodes)
	}
	excess := fr.excess[:nodes]
	clear(excess)
	fr.at = fr.at[:0]
	for _, e := range fr.edges {
		fr.at = append(fr.at, f.addEdge(e.u, e.v, e.hi-e.lo))
		excess[e.v] += e.lo
		excess[e.u] -= e.lo
	}
	// Start from the last feasible flow where it still fits: each cell
	// that gave its black to units still open to it gives it again.
	push := func(k, x int) {
		e := fr.edges[k]
		a := &f.adj[e.u][fr.at[k]]
		a.cap -= int32(x)
		f.adj[e.v][a.rev].cap += int32(x)
		excess[e.v] += x
		excess[e.u] -= x
	}
	push(len(fr.edges)-1, total)
	for c := range n {
		k := fr.cellEdge[c]
		if k < 0 || fr.prev[0][c] < 0 {
			continue
		}
		rs, cs := fr.units[0][c], fr.units[1][c]
		ri, ki := slices.Index(rs, fr.prev[0][c]), slices.Index(cs, fr.prev[1][c])
		if ri < 0 || ki < 0 {
			continue
		}
		if len(cs) > 1 {
			push(k-len(cs)+ki, 1)
			k -= len(cs)
		}
		if len(rs) > 1 {
			push(k-len(rs)+ri, 1)
		}
		if fr.edges[fr.cellEdge[c]].lo == 0 {
			push(fr.cellEdge[c], 1)
		}
	}
	need := 0
	for v, x := range excess {
		if x > 0 {
			f.addEdge(ss, v, x)
			need += x
		} else if x < 0 {
			f.addEdge(v, tt, -x)
		}
	}
	if f.maxFlow(ss, tt) != need {
		return flowResult{}
	}
	for c := range n {
		k := fr.cellEdge[c]
		if k < 0 {
			continue
		}
		fr.prev[0][c], fr.prev[1][c] = -1, -1
		e := fr.edges[k]
		if e.lo == 0 && f.adj[e.u][fr.at[k]].cap > 0 {
			continue
		}
		rs, cs := fr.units[0][c], fr.units[1][c]
		fr.prev[0][c], fr.prev[1][c] = fr.usedUnit(rs, k-len(cs)*b2i(len(cs) > 1)), fr.usedUnit(cs, k)
	}
	comp := f.sccs(nodes)
	r := flowResult{ok: true}
	for c := range n {
		k := fr.cellEdge[c]
		if k < 0 || g.cells[c].single() {
			continue
		}
		e := fr.edges[k]
		if comp[e.u] == comp[e.v] {
			continue
		}
		if f.adj[e.u][fr.at[k]].cap == 0 {
			r.black = append(r.black, c)
		} else {
			r.white = append(r.white, c)
		}
	}
	return r
}

// usedUnit returns the unit of units that carries the flow of a cell whose
// edges to them end just before edge k (one unit: no edges), or -1.
func (fr *flowRelax) usedUnit(units []int32, k int) int32 {
	if len(units) == 1 {
		return units[0]
	}
	for i, u := range units {
		j := k - len(units) + i
		if fr.net.adj[fr.edges[j].u][fr.at[j]].cap == 0 {
			return u
		}
	}
	return -1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// addUnits returns the number of units of one line, and calls cover(k, i)
// for each unit k (counted from the line's first) that may cover cell i: the whole line (its number of blacks, every cell that may be black),
// or each block, covering the cells of its placements that fit the line.
func (fr *flowRelax) addUnits(clue []block, cells []colorSet, byBlocks bool, cover func(k, i int)) (units int) {
	ln := len(cells)
	if !byBlocks {
		total := 0
		for _, b := range clue {
			total += b.len
		}
		if total == 0 {
			return 0
		}
		for i, c := range cells {
			if c&2 != 0 {
				cover(0, i)
			}
		}
		return 1
	}
	K := len(clue)
	canW := func(i int) bool { return cells[i]&1 != 0 }
	fr.runB = grow(fr.runB, ln+1)
	runB := fr.runB // runB[i]: cells from i on that may be black, in a row
	runB[ln] = 0
	for i := ln - 1; i >= 0; i-- {
		runB[i] = 0
		if cells[i]&2 != 0 {
			runB[i] = runB[i+1] + 1
		}
	}
	W := ln + 2
	fr.fwd = grow(fr.fwd, (K+1)*W)
	fr.bwd = grow(fr.bwd, (K+1)*W)
	clear(fr.fwd)
	clear(fr.bwd)
	// F(k, i): blocks 0..k-1 fill cells [0,i); B(k, i): blocks k..K-1 fill [i,ln).
	F := func(k, i int) bool { return fr.fwd[k*W+i] != 0 }
	B := func(k, i int) bool { return fr.bwd[k*W+i] != 0 }
	fr.fwd[0] = 1
	for k := 0; k <= K; k++ {
		for i := 1; i <= ln; i++ {
			v := F(k, i-1) && canW(i-1)
			if !v && k > 0 {
				t := i - clue[k-1].len
				if t >= 0 && int(runB[t]) >= clue[k-1].len {
					if k == 1 {
						v = F(0, t)
					} else {
						v = t >= 1 && canW(t-1) && F(k-1, t-1)
					}
				}
			}
			if v {
				fr.fwd[k*W+i] = 1
			}
		}
	}
	fr.bwd[K*W+ln] = 1
	for k := K; k >= 0; k-- {
		for i := ln - 1; i >= 0; i-- {
			v := B(k, i+1) && canW(i)
			if !v && k < K {
				e := i + clue[k].len
				if e <= ln && int(runB[i]) >= clue[k].len {
					if k == K-1 {
						v = B(K, e)
					} else {
						v = e < ln && canW(e) && B(k+1, e+1)
					}
				}
			}
			if v {
				fr.bwd[k*W+i] = 1
			}
		}
	}
	for k, b := range clue {
		covered := -1 // the last cell covered so far
		for s := 0; s+b.len <= ln; s++ {
			if int(runB[s]) < b.len {
				continue
			}
			left := k == 0 && F(0, s) || k > 0 && s > 0 && canW(s-1) && F(k, s-1)
			e := s + b.len
			right := k == K-1 && B(K, e) || k < K-1 && e < ln && canW(e) && B(k+1, e+1)
			if left && right {
				for i := max(s, covered+1); i < e; i++ {
					cover(k, i)
				}
				covered = e - 1
			}
		}
	}
	return K
}
