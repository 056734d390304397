package solve

import (
	"fmt"

	"github.com/nonopress/nonopress/puzzle"
)

// This file is line logic for clues with blots: webpbn lets a designer hide
// a clue number behind a blot of the block's colour, so that the block is
// only known to be at least one cell long. It is a separate function from
// SolveLine's fast path (SolveLine sends it clues with a blot), with the same
// semantics for the other blocks. A grid with blots is solved on the lanes
// of triddler.go (blot_grid.go): the grid solver's line cache, learner and
// SAT encoding keep their fixed-length blocks, and are not used for it.

// SolveLineBlotted is SolveLine for a clue some of whose blocks are blotted:
// blotted[j] set means block j has clue[j]'s colour and any length from 1
// (clue[j].Len is ignored). cells and the result are as for SolveLine.
func SolveLineBlotted(clue puzzle.Line, blotted []bool, cells []uint32) (bool, error) {
	if len(blotted) != len(clue) {
		return false, fmt.Errorf("%w: %d blot marks for %d blocks", ErrUnsupported, len(blotted), len(clue))
	}
	for j, c := range clue {
		if c.Color < 1 || c.Color >= maxColors || (!blotted[j] && c.Len < 1) {
			return false, fmt.Errorf("%w: block %d is %d of colour %d", ErrUnsupported, j+1, c.Len, c.Color)
		}
	}
	b := blotLine{clue: clue, blotted: blotted, cells: cells, n: len(cells), k: len(clue)}
	b.forward()
	b.backward()
	if !b.bg[b.k][b.n] && !b.end[b.k][b.n] {
		return false, nil
	}
	out := b.narrow()
	for _, s := range out {
		if s == 0 {
			return false, nil
		}
	}
	copy(cells, out)
	return true, nil
}

// solveLineBlots is SolveLineBlotted for a clue that marks its own blots
// (puzzle.Clue.Blot).
func solveLineBlots(clue puzzle.Line, cells []uint32) (bool, error) {
	blotted := make([]bool, len(clue))
	for j, c := range clue {
		blotted[j] = c.Blot
	}
	return SolveLineBlotted(clue, blotted, cells)
}

// blotLine is the dynamic program of SolveLineBlotted over a line of n cells
// and k blocks. Prefix tables, for blocks 0..j-1 placed in cells [0, i):
// bg[j][i] when cell i-1 is background (or i is 0), end[j][i] when block
// j-1 ends at cell i-1. Suffix tables, for blocks j..k-1 placed in [i, n):
// sbg[j][i] when cell i is background (or i is n), start[j][i] when block j
// starts at cell i.
type blotLine struct {
	clue       puzzle.Line
	blotted    []bool
	cells      []uint32
	n, k       int
	bg, end    [][]bool
	sbg, start [][]bool
	runOf      [][]int // runOf[j][i]: cells from i on that allow block j's colour
}

func (b *blotLine) allows(i, colour int) bool { return b.cells[i]&(1<<uint(colour)) != 0 }

// pred reports whether block j may start at cell s after blocks 0..j-1.
func (b *blotLine) pred(j, s int) bool {
	return b.bg[j][s] || (j > 0 && b.end[j][s] && b.clue[j-1].Color != b.clue[j].Color)
}

// succ reports whether blocks j+1..k-1 may follow block j ending before e.
func (b *blotLine) succ(j, e int) bool {
	return b.sbg[j+1][e] || (j+1 < b.k && b.start[j+1][e] && b.clue[j+1].Color != b.clue[j].Color)
}

func table(k, n int) [][]bool {
	t := make([][]bool, k+1)
	for j := range t {
		t[j] = make([]bool, n+1)
	}
	return t
}

func (b *blotLine) forward() {
	n, k := b.n, b.k
	b.bg, b.end = table(k, n), table(k, n)
	b.runOf = make([][]int, k)
	for j := range k {
		run := make([]int, n+1)
		for i := n - 1; i >= 0; i-- {
			if b.allows(i, b.clue[j].Color) {
				run[i] = run[i+1] + 1
			}
		}
		b.runOf[j] = run
	}
	b.bg[0][0] = true
	for j := 0; j <= k; j++ {
		for i := range n {
			if (b.bg[j][i] || b.end[j][i]) && b.allows(i, puzzle.Background) {
				b.bg[j][i+1] = true
			}
		}
		if j == k {
			break
		}
		if b.blotted[j] {
			open := false // some start s < e with pred and allowed cells s..e-1
			for e := 1; e <= n; e++ {
				open = b.allows(e-1, b.clue[j].Color) && (open || b.pred(j, e-1))
				b.end[j+1][e] = open
			}
			continue
		}
		l := b.clue[j].Len
		for s := 0; s+l <= n; s++ {
			if b.pred(j, s) && b.runOf[j][s] >= l {
				b.end[j+1][s+l] = true
			}
		}
	}
}

func (b *blotLine) backward() {
	n, k := b.n, b.k
	b.sbg, b.start = table(k, n), table(k, n)
	b.sbg[k][n] = true
	for j := k; j >= 0; j-- {
		if j < k {
			if b.blotted[j] {
				closes := false // some end e > s with allowed cells s..e-1 and succ
				for s := n - 1; s >= 0; s-- {
					closes = b.allows(s, b.clue[j].Color) && (closes || b.succ(j, s+1))
					b.start[j][s] = closes
				}
			} else {
				l := b.clue[j].Len
				for s := 0; s+l <= n; s++ {
					if b.runOf[j][s] >= l && b.succ(j, s+l) {
						b.start[j][s] = true
					}
				}
			}
		}
		for i := n - 1; i >= 0; i-- {
			if b.allows(i, puzzle.Background) && (b.sbg[j][i+1] || b.start[j][i+1]) {
				b.sbg[j][i] = true
			}
		}
	}
}

// narrow returns the colours each cell takes in some full placement.
func (b *blotLine) narrow() []uint32 {
	n, k := b.n, b.k
	out := make([]uint32, n)
	for i := range n {
		for j := 0; j <= k; j++ {
			if (b.bg[j][i] || b.end[j][i]) && b.allows(i, puzzle.Background) && (b.sbg[j][i+1] || b.start[j][i+1]) {
				out[i] |= 1
				break
			}
		}
	}
	for j := range k {
		bit := uint32(1) << uint(b.clue[j].Color)
		if b.blotted[j] {
			// Cell i is covered when some start s <= i and some end e > i
			// fit: the allowed cells between them are contiguous.
			from := make([]bool, n)
			open := false
			for i := range n {
				open = b.allows(i, b.clue[j].Color) && (open || b.pred(j, i))
				from[i] = open
			}
			closes := false
			for i := n - 1; i >= 0; i-- {
				closes = b.allows(i, b.clue[j].Color) && (closes || b.succ(j, i+1))
				if closes && from[i] {
					out[i] |= bit
				}
			}
			continue
		}
		l := b.clue[j].Len
		for s := 0; s+l <= n; s++ {
			if b.pred(j, s) && b.runOf[j][s] >= l && b.succ(j, s+l) {
				for i := s; i < s+l; i++ {
					out[i] |= bit
				}
			}
		}
	}
	return out
}
