package build

import (
	"fmt"

	"github.com/nonopress/nonopress/puzzle"
)

// setTriddler records that p is a triddler and how many triangles it has:
// a triddler has no width and height.
func (e *entry) setTriddler(p *puzzle.Puzzle) {
	if p.Kind != puzzle.Triddler {
		return
	}
	e.Kind = string(puzzle.Triddler)
	if g, err := p.TriddlerGeometry(); err == nil {
		e.Cells = len(g.Cells)
	}
}

// cellCount is the puzzle's number of cells, by which cards sort by size.
func (e *entry) cellCount() int {
	if e.Kind == string(puzzle.Triddler) {
		return e.Cells
	}
	return e.Width * e.Height
}

// cardSize is the size a card shows: "15×20", or "triddler, 96 triangles".
func (e *entry) cardSize() string {
	if e.Kind == string(puzzle.Triddler) {
		return "triddler, " + puzzle.Plural(e.Cells, "triangle")
	}
	return fmt.Sprintf("%d×%d", e.Width, e.Height)
}

// feedSize is the size the Atom feed states: "15x20 nonogram", or
// "triddler of 96 triangles".
func (e *entry) feedSize() string {
	if e.Kind == string(puzzle.Triddler) {
		return "triddler of " + puzzle.Plural(e.Cells, "triangle")
	}
	return fmt.Sprintf("%dx%d nonogram", e.Width, e.Height)
}
