package main

import (
	"fmt"

	"github.com/nonopress/nonopress/puzzle"
)

// setTriddler records that p is a triddler and how many cells it has.
func (r *checkResult) setTriddler(p *puzzle.Puzzle) {
	if p.Kind != puzzle.Triddler {
		return
	}
	r.Kind = string(puzzle.Triddler)
	if g, err := p.TriddlerGeometry(); err == nil {
		r.Cells = len(g.Cells)
	}
}

// size describes the puzzle's size: "20x15", or "triddler, 96 cells".
func (r checkResult) size() string {
	if r.Kind == string(puzzle.Triddler) {
		return fmt.Sprintf("triddler, %s", puzzle.Plural(r.Cells, "cell"))
	}
	return fmt.Sprintf("%dx%d", r.Width, r.Height)
}
