package solve

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

func newFlowNet(n int) *flowNet {
	return &flowNet{adj: make([][]flowEdge, n), level: make([]int32, n), it: make([]int32, n)}
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

// flowCheck runs the counting relaxation on a two-colour grid: per line
// one node (byBlocks false) or one node per block, each cell a node of
// capacity one (at least one when settled black) joined to the line nodes
// (blocks) of its row and column that may cover it.
func (g *grid) flowCheck(byBlocks bool) flowResult {
	n := g.w * g.h
	// Nodes: 0 source, 1 sink, then per cell in and out, then line units.
	const src, snk = 0, 1
	cellIn := func(c int) int { return 2 + 2*c }
	cellOut := func(c int) int { return 3 + 2*c }
	nodes := 2 + 2*n
	type bounded struct{ u, v, lo, hi int }
	var edges []bounded
	cover := make([][]bool, 0, 16) // per unit of one line, per cell of the line
	for l := range g.w + g.h {
		start, step, ln := g.lineGeometry(l)
		cells := g.line[:ln]
		for i := range ln {
			cells[i] = g.cells[start+i*step]
		}
		units, lens := lineUnits(g.clues[l], cells, byBlocks, cover[:0])
		cover = units
		row := l < g.h
		for k, cv := range units {
			u := nodes
			nodes++
			if row {
				edges = append(edges, bounded{src, u, lens[k], lens[k]})
			} else {
				edges = append(edges, bounded{u, snk, lens[k], lens[k]})
			}
			for i, ok := range cv {
				if !ok {
					continue
				}
				c := start + i*step
				if row {
					edges = append(edges, bounded{u, cellIn(c), 0, 1})
				} else {
					edges = append(edges, bounded{cellOut(c), u, 0, 1})
				}
			}
		}
	}
	cellEdge := make([]int, n) // index in edges of the cell's in→out edge, -1 for white
	for c := range n {
		cellEdge[c] = -1
		if g.cells[c]&2 == 0 {
			continue
		}
		lo := 0
		if g.cells[c] == 2 {
			lo = 1
		}
		cellEdge[c] = len(edges)
		edges = append(edges, bounded{cellIn(c), cellOut(c), lo, 1})
	}
	edges = append(edges, bounded{snk, src, 0, 1 << 20})
	ss, tt := nodes, nodes+1
	f := newFlowNet(nodes + 2)
	excess := make([]int, nodes)
	at := make([]int, len(edges))
	for k, e := range edges {
		at[k] = f.addEdge(e.u, e.v, e.hi-e.lo)
		excess[e.v] += e.lo
		excess[e.u] -= e.lo
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
	comp := f.sccs(nodes)
	r := flowResult{ok: true}
	for c := range n {
		k := cellEdge[c]
		if k < 0 || g.cells[c].single() {
			continue
		}
		e := edges[k]
		if comp[e.u] == comp[e.v] {
			continue
		}
		if f.adj[e.u][at[k]].cap == 0 {
			r.black = append(r.black, c)
		} else {
			r.white = append(r.white, c)
		}
	}
	return r
}

// lineUnits returns the units of one line and their lengths: the whole line
// (its number of blacks, every cell that may be black), or each block with
// the cells some placement of it that fits the line covers.
func lineUnits(clue []block, cells []colorSet, byBlocks bool, buf [][]bool) (units [][]bool, lens []int) {
	ln := len(cells)
	if !byBlocks {
		cv := make([]bool, ln)
		total := 0
		for _, b := range clue {
			total += b.len
		}
		for i, c := range cells {
			cv[i] = c&2 != 0
		}
		if total == 0 {
			return nil, nil
		}
		return append(buf, cv), []int{total}
	}
	K := len(clue)
	canW := func(i int) bool { return cells[i]&1 != 0 }
	canB := func(i int) bool { return cells[i]&2 != 0 }
	runB := make([]int, ln+1) // runB[i]: cells from i on that may be black, in a row
	for i := ln - 1; i >= 0; i-- {
		if canB(i) {
			runB[i] = runB[i+1] + 1
		}
	}
	F := make([][]bool, K+1) // F[k][i]: blocks 0..k-1 fill cells [0,i)
	B := make([][]bool, K+1) // B[k][i]: blocks k..K-1 fill cells [i,ln)
	for k := range F {
		F[k] = make([]bool, ln+1)
		B[k] = make([]bool, ln+2)
	}
	F[0][0] = true
	for k := 0; k <= K; k++ {
		for i := 1; i <= ln; i++ {
			v := F[k][i-1] && canW(i-1)
			if !v && k > 0 {
				t := i - clue[k-1].len
				if t >= 0 && runB[t] >= clue[k-1].len {
					if k == 1 {
						v = F[0][t]
					} else {
						v = t >= 1 && canW(t-1) && F[k-1][t-1]
					}
				}
			}
			F[k][i] = F[k][i] || v
		}
	}
	B[K][ln] = true
	for k := K; k >= 0; k-- {
		for i := ln - 1; i >= 0; i-- {
			v := B[k][i+1] && canW(i)
			if !v && k < K {
				e := i + clue[k].len
				if e <= ln && runB[i] >= clue[k].len {
					if k == K-1 {
						v = B[K][e]
					} else {
						v = e < ln && canW(e) && B[k+1][e+1]
					}
				}
			}
			B[k][i] = B[k][i] || v
		}
	}
	units = buf
	for k, b := range clue {
		cv := make([]bool, ln)
		for s := 0; s+b.len <= ln; s++ {
			if runB[s] < b.len {
				continue
			}
			left := s == 0 && k == 0 || s > 0 && canW(s-1) && F[k][s-1]
			if k == 0 && s > 0 {
				left = F[0][s]
			}
			e := s + b.len
			right := e == ln && k == K-1 || e < ln && canW(e) && B[k+1][e+1]
			if k == K-1 && e < ln {
				right = B[K][e]
			}
			if left && right {
				for i := s; i < e; i++ {
					cv[i] = true
				}
			}
		}
		units = append(units, cv)
		lens = append(lens, b.len)
	}
	return units, lens
}
