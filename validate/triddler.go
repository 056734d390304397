package validate

import (
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// triddlerMultiple warns that a triddler has several solutions, naming up
// to four cells where two of them differ by row and by place in the row
// (counting triangles from the left, from 1).
func triddlerMultiple(p *puzzle.Puzzle, sols []*puzzle.Image, at func(diag.Severity, int, string, string, ...any)) {
	const hint = "change the picture or add clues so that only one filling fits"
	g, err := p.TriddlerGeometry()
	if err != nil || len(sols) < 2 {
		at(diag.Warning, p.Origin.Line, hint, "multiple solutions")
		return
	}
	var cells []string
	first := map[int]int{} // row → index of its first cell
	for i, c := range g.Cells {
		if _, ok := first[c.Y]; !ok {
			first[c.Y] = i
		}
		if len(cells) < 4 && sols[0].At(c.X, c.Y) != sols[1].At(c.X, c.Y) {
			cells = append(cells, fmt.Sprintf("(%d,%d)", c.Y+1, i-first[c.Y]+1))
		}
	}
	at(diag.Warning, p.Origin.Line, hint, "multiple solutions: two of them differ at row,triangle %s", strings.Join(cells, " "))
}
