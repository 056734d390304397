package solve

import (
	"context"
	"math/bits"

	"github.com/nonopress/nonopress/puzzle"
)

// blotted reports whether some row or column clue of p has a blot.
func blotted(p *puzzle.Puzzle) bool {
	for _, ls := range [][]puzzle.Line{p.Rows, p.Cols} {
		for _, l := range ls {
			if l.Blotted() {
				return true
			}
		}
	}
	return false
}

// solveBlottedGrid solves a grid with blotted clues on the lanes of
// triddler.go: rows then columns as lines of cells, with SolveLine (which
// handles blots) as line logic, then probing and search as for triddlers,
// with the same verdicts, difficulty grades and budget. The grid solver's
// SAT fallback and learner encode fixed-length blocks, so they are not used
// here: a blotted grid that search cannot settle within the budget is
// Unknown.
func solveBlottedGrid(ctx context.Context, p *puzzle.Puzzle) (Result, error) {
	if err := check(p); err != nil {
		return Result{}, err
	}
	w, h := p.Width, p.Height
	lines := make([][]int, 0, w+h)
	for y := range h {
		row := make([]int, w)
		for x := range w {
			row[x] = y*w + x
		}
		lines = append(lines, row)
	}
	for x := range w {
		col := make([]int, h)
		for y := range h {
			col[y] = y*w + x
		}
		lines = append(lines, col)
	}
	cellLines := make([][]int, w*h)
	for i := range cellLines {
		cellLines[i] = []int{i / w, h + i%w}
	}
	clues := append(append([]puzzle.Line(nil), p.Rows...), p.Cols...)
	s := newLanesOf(ctx, lines, clues, cellLines, len(p.Palette))
	return s.result(func(cells []uint32) *puzzle.Image {
		img := puzzle.NewImage(w, h)
		for i, c := range cells {
			img.Cells[i] = uint8(bits.TrailingZeros32(c))
		}
		return img
	}), nil
}
