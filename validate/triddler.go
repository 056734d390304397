package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
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

// triddlerSumsHint rewrites the hint of a triddler's error that its clue
// families count different cells (errs holds it alone, as Problems reports
// it) to name the likeliest wrong clues, at the first one's line: the lines
// without which line logic meets no contradiction in the others, when there
// are at most three.
func triddlerSumsHint(p *puzzle.Puzzle, errs []diag.Diagnostic) {
	if p.Kind != puzzle.Triddler || len(errs) != 1 || !strings.HasPrefix(errs[0].Message, "triddler clues disagree") {
		return
	}
	g, err := p.TriddlerGeometry()
	if err != nil {
		return
	}
	ss := triddlerSuspects(p, g)
	if odd := p.OddTriddlerFamily(g); odd >= 0 {
		// One wrong clue is in the family whose count differs.
		ss = slices.DeleteFunc(ss, func(l int) bool { return g.Lines[l].Family != odd })
	}
	if len(ss) == 0 || len(ss) > 3 {
		return
	}
	names := make([]string, len(ss))
	for i, l := range ss {
		tl := g.Lines[l]
		names[i] = fmt.Sprintf("%s line %d (line %d)", tl.Side, tl.Index+1, p.TriddlerLine(tl.Side, tl.Index))
	}
	errs[0].Line = p.TriddlerLine(g.Lines[ss[0]].Side, g.Lines[ss[0]].Index)
	if len(ss) == 1 {
		errs[0].Hint = fmt.Sprintf("look at the clue of %s first: without it, solving line by line meets no contradiction", names[0])
		return
	}
	errs[0].Hint = fmt.Sprintf("the wrong clue is likely that of %s: without any one of them, solving line by line meets no contradiction",
		strings.Join(names, " or "))
}

// triddlerSuspects returns the lines of a triddler (indices into g.Lines)
// without whose clue line logic meets no contradiction in the others, when
// with all of them it meets one; nil when it meets none, or when the
// palette or the work is beyond what line logic here takes.
func triddlerSuspects(p *puzzle.Puzzle, g *puzzle.TriGeometry) []int {
	if len(p.Palette) > maxContradictionColors || len(g.Cells)*len(g.Lines) > maxSuspectWork {
		return nil
	}
	grid := make([]uint32, len(g.Cells))
	var scratch []uint32
	contradicts := func(skip int) bool {
		all := uint32(1)<<len(p.Palette) - 1
		for i := range grid {
			grid[i] = all
		}
		for changed := true; changed; {
			changed = false
			for i, l := range g.Lines {
				if i == skip {
					continue
				}
				scratch = scratch[:0]
				for _, c := range l.Cells {
					scratch = append(scratch, grid[c])
				}
				if fits, err := solve.SolveLine(g.Clues[i], scratch); err != nil || !fits {
					return true
				}
				for j, c := range l.Cells {
					if scratch[j] != grid[c] {
						grid[c], changed = scratch[j], true
					}
				}
			}
		}
		return false
	}
	if !contradicts(-1) {
		return nil
	}
	var out []int
	for i := range g.Lines {
		if !contradicts(i) {
			out = append(out, i)
		}
	}
	return out
}
