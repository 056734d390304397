package validate

import (
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// This file finds, for a puzzle without a solution, a line whose clue is
// contradicted: line logic alone (each row and column narrowed to the
// colours some arrangement of its clue allows, until nothing changes) runs
// until a line has no arrangement left. That line is where the author
// should look first.

// maxContradictionColors bounds the palette the search handles: cell
// possibilities are a bit set in a uint64.
const maxContradictionColors = 64

// contradictedLine returns the first line (row true, index) that line logic
// finds with no arrangement left, and whether there is one.
func contradictedLine(p *puzzle.Puzzle) (row bool, index int, ok bool) {
	if len(p.Palette) > maxContradictionColors || len(p.Rows) != p.Height || len(p.Cols) != p.Width {
		return false, 0, false
	}
	all := uint64(1)<<len(p.Palette) - 1
	if len(p.Palette) == 64 {
		all = ^uint64(0)
	}
	grid := make([]uint64, p.Width*p.Height)
	for i := range grid {
		grid[i] = all
	}
	cells := make([]uint64, max(p.Width, p.Height))
	for changed := true; changed; {
		changed = false
		for _, isRow := range []bool{true, false} {
			lines, n, m := p.Cols, p.Height, p.Width
			if isRow {
				lines, n, m = p.Rows, p.Width, p.Height
			}
			for j := range m {
				at := func(i int) *uint64 {
					if isRow {
						return &grid[j*p.Width+i]
					}
					return &grid[i*p.Width+j]
				}
				for i := range n {
					cells[i] = *at(i)
				}
				out, fits := narrowLine(cells[:n], lines[j])
				if !fits {
					return isRow, j, true
				}
				for i := range n {
					if out[i] != *at(i) {
						*at(i), changed = out[i], true
					}
				}
			}
		}
	}
	return false, 0, false
}

// narrowLine returns, for each cell, the colours (bits of palette indices)
// that some arrangement of the clue allowed by cells gives it, and false
// when no arrangement fits.
func narrowLine(cells []uint64, clue puzzle.Line) ([]uint64, bool) {
	n, k := len(cells), len(clue)
	bg := uint64(1) << puzzle.Background
	// fits[i*(k+1)+j]: cells i.. can hold blocks j..
	fits := make([]bool, (n+1)*(k+1))
	idx := func(i, j int) int { return i*(k+1) + j }
	// place reports whether block j can start at i, and where the rest starts.
	place := func(i, j int) (int, bool) {
		c := clue[j]
		e := i + c.Len
		if e > n {
			return 0, false
		}
		for x := i; x < e; x++ {
			if cells[x]&(1<<c.Color) == 0 {
				return 0, false
			}
		}
		if j+1 < k && clue[j+1].Color == c.Color {
			if e >= n || cells[e]&bg == 0 {
				return 0, false
			}
			e++
		}
		return e, true
	}
	for i := n; i >= 0; i-- {
		for j := k; j >= 0; j-- {
			switch {
			case i == n:
				fits[idx(i, j)] = j == k
			default:
				ok := cells[i]&bg != 0 && fits[idx(i+1, j)]
				if !ok && j < k {
					if e, placed := place(i, j); placed {
						ok = fits[idx(e, j+1)]
					}
				}
				fits[idx(i, j)] = ok
			}
		}
	}
	if !fits[idx(0, 0)] {
		return nil, false
	}
	out := make([]uint64, n)
	reach := make([]bool, (n+1)*(k+1))
	reach[idx(0, 0)] = true
	for i := range n {
		for j := 0; j <= k; j++ {
			if !reach[idx(i, j)] || !fits[idx(i, j)] {
				continue
			}
			if cells[i]&bg != 0 && fits[idx(i+1, j)] {
				out[i] |= bg
				reach[idx(i+1, j)] = true
			}
			if j < k {
				if e, placed := place(i, j); placed && fits[idx(e, j+1)] {
					c := clue[j]
					for x := i; x < i+c.Len; x++ {
						out[x] |= 1 << c.Color
					}
					if e > i+c.Len {
						out[i+c.Len] |= bg
					}
					reach[idx(e, j+1)] = true
				}
			}
		}
	}
	return out, true
}

// noSolution reports a puzzle without a solution: at the line of a clue
// that line logic finds contradicted, or at the rows block when only
// search shows that there is none.
func noSolution(p *puzzle.Puzzle, at func(diag.Severity, int, string, string, ...any)) {
	row, i, ok := contradictedLine(p)
	if !ok {
		at(diag.Error, p.HeaderLine(true), "no single line is to blame: compare the picture you meant with the clues, or add a goal",
			"no solution: the clues contradict each other")
		return
	}
	what, line, clue := "column", p.ColLine(i), p.Cols
	if row {
		what, line, clue = "row", p.RowLine(i), p.Rows
	}
	at(diag.Error, line, "check this clue and those of the lines crossing it",
		"no solution: the clue of %s %d (%s) cannot fit what the other lines force", what, i+1, p.FormatLine(clue[i]))
}
