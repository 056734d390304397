package main

import (
	"fmt"

	"github.com/nonopress/nonopress/puzzle"
)

// size describes the puzzle's size: "20x15", or "triddler, 96 cells".
func (r checkResult) size() string {
	if r.Kind == string(puzzle.Triddler) {
		return fmt.Sprintf("triddler, %s", puzzle.Plural(r.Cells, "cell"))
	}
	return fmt.Sprintf("%dx%d", r.Width, r.Height)
}
