package site

import (
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/templates"
)

// Estimates of the play grid's size, in CSS pixels, as play.js draws it:
// cells are never smaller than playMinCell when it fits the grid to the
// width, and its toolbar takes about playToolbar above the grid.
const (
	playMinCell = 16
	playToolbar = 140
	// playStart is the height of the panel that offers a large grid
	// (templates.LargeGrid) before it is built.
	playStart = 136
)

// playReserve is the height a puzzle page keeps for its play grid until
// play.js has drawn it (site.css gives it to the empty slot), so that the
// sheet and the rest of the page do not jump down when the grid appears.
// It errs low: the grid's smallest likely height. A large grid is built
// on demand: its slot keeps the height of the panel that offers it.
func playReserve(p *puzzle.Puzzle) int {
	if templates.LargeGrid(p.Width, p.Height) {
		return playStart
	}
	depth := 1
	for _, c := range p.Cols {
		depth = max(depth, len(c))
	}
	return playToolbar + (depth+p.Height)*playMinCell
}
