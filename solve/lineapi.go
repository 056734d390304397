package solve

import (
	"fmt"

	"github.com/nonopress/nonopress/puzzle"
)

// SolveLine runs the solver's line logic on one row or column: cells[i] is
// the set of palette colours cell i may still take (bit c for palette index
// c, bit 0 the background), and SolveLine narrows each set to the colours
// some placement of the clue that agrees with every cell allows. It reports
// false, leaving cells unchanged, when no placement fits (the line is in
// contradiction). The semantics are those Solve uses: blocks of one colour
// need a gap, blocks of different colours may touch.
//
// A blotted block (puzzle.Clue.Blot) may be any length from 1; a clue with
// one goes to SolveLineBlotted (blot.go), the others keep this fast path.
//
// It returns an error for a clue with a colour outside 1..31.
func SolveLine(clue puzzle.Line, cells []uint32) (bool, error) {
	if clue.Blotted() {
		return solveLineBlots(clue, cells)
	}
	blocks := make([]block, len(clue))
	for j, c := range clue {
		if c.Color < 1 || c.Color >= maxColors || c.Len < 1 {
			return false, fmt.Errorf("%w: block %d is %d of colour %d", ErrUnsupported, j+1, c.Len, c.Color)
		}
		blocks[j] = block{len: c.Len, color: c.Color}
	}
	sets := make([]colorSet, len(cells))
	for i, s := range cells {
		sets[i] = colorSet(s)
	}
	var ls lineSolver
	if !ls.solve(blocks, sets) {
		return false, nil
	}
	for i, s := range sets {
		cells[i] = uint32(s)
	}
	return true, nil
}
