package validate

import (
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// This file finds, for a puzzle without a solution, a line whose clue is
// contradicted: the solver's line logic (solve.SolveLine: each row and
// column narrowed to the colours some placement of its clue allows, until
// nothing changes) runs until a line has no placement left. That line is
// where the author should look first.

// maxContradictionColors bounds the palette the search handles: that of
// solve.SolveLine's colour sets.
const maxContradictionColors = 32

// contradictedLine returns the first line (row true, index) that line logic
// finds with no arrangement left, and whether there is one.
func contradictedLine(p *puzzle.Puzzle) (row bool, index int, ok bool) {
	if len(p.Palette) > maxContradictionColors || len(p.Rows) != p.Height || len(p.Cols) != p.Width {
		return false, 0, false
	}
	all := uint32(1)<<len(p.Palette) - 1
	grid := make([]uint32, p.Width*p.Height)
	for i := range grid {
		grid[i] = all
	}
	cells := make([]uint32, max(p.Width, p.Height))
	for changed := true; changed; {
		changed = false
		for _, isRow := range []bool{true, false} {
			lines, n, m := p.Cols, p.Height, p.Width
			if isRow {
				lines, n, m = p.Rows, p.Width, p.Height
			}
			for j := range m {
				at := func(i int) *uint32 {
					if isRow {
						return &grid[j*p.Width+i]
					}
					return &grid[i*p.Width+j]
				}
				for i := range n {
					cells[i] = *at(i)
				}
				fits, err := solve.SolveLine(lines[j], cells[:n])
				if err != nil {
					return false, 0, false
				}
				if !fits {
					return isRow, j, true
				}
				for i := range n {
					if cells[i] != *at(i) {
						*at(i), changed = cells[i], true
					}
				}
			}
		}
	}
	return false, 0, false
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
