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
	const hint = "change the picture or add clues so that only one picture fits"
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
	// One wrong clue is in the family whose count differs, if one does.
	odd := p.OddTriddlerFamily(g)
	ss, probed := triddlerSuspects(p, g, odd)
	if len(ss) == 0 || len(ss) > 3 {
		return
	}
	names := make([]string, len(ss))
	for i, l := range ss {
		tl := g.Lines[l]
		names[i] = fmt.Sprintf("%s clue %d (line %d)", tl.Side, tl.Index+1, p.TriddlerLine(tl.Side, tl.Index))
	}
	errs[0].Line = p.TriddlerLine(g.Lines[ss[0]].Side, g.Lines[ss[0]].Index)
	how := "solving line by line"
	if probed {
		how = "solving line by line and trying each open cell's colours"
	}
	if len(ss) == 1 {
		errs[0].Hint = fmt.Sprintf("look at %s first: without it, %s meets no contradiction", names[0], how)
		return
	}
	errs[0].Hint = fmt.Sprintf("look at %s: the wrong clue is likely one of them, as without any one of them, %s meets no contradiction",
		puzzle.Enumerate(names, "and"), how)
}

// triddlerSuspects returns the lines of a triddler (indices into g.Lines)
// without whose clue line logic meets no contradiction in the others, when
// with all of them it meets one; nil when it meets none, or when the
// palette or the work is beyond what line logic here takes. When line
// logic alone meets no contradiction with every clue, it probes (each open
// cell set to each of its colours in turn, a colour that line logic then
// contradicts ruled out), within maxProbeWork, and the suspects are the
// lines of the family odd (-1 for all) without which probing meets none;
// probed says so.
func triddlerSuspects(p *puzzle.Puzzle, g *puzzle.TriGeometry, odd int) (ss []int, probed bool) {
	if len(p.Palette) > maxContradictionColors || len(g.Cells)*len(g.Lines) > maxSuspectWork {
		return nil, false
	}
	t := newTriLogic(p, g)
	contradicts := t.contradicts
	if !contradicts(-1) {
		if len(g.Cells)*len(g.Cells)*len(g.Lines) > maxProbeWork || !t.probe(-1) {
			return nil, false
		}
		contradicts, probed = t.probe, true
	}
	for i, l := range g.Lines {
		if (odd < 0 || l.Family == odd) && !contradicts(i) {
			ss = append(ss, i)
		}
	}
	return ss, probed
}

// maxProbeWork bounds cells × cells × lines for triddlerSuspects' probing
// (a run of line logic per open cell and colour, for each line left out):
// a hexagon of side 6 and smaller.
const maxProbeWork = 2_000_000

// triLogic runs line logic over a triddler's lines.
type triLogic struct {
	p    *puzzle.Puzzle
	g    *puzzle.TriGeometry
	grid []uint32 // per cell: the colours still open
	net  lineNet  // g's lines
}

func newTriLogic(p *puzzle.Puzzle, g *puzzle.TriGeometry) *triLogic {
	t := &triLogic{p: p, g: g, net: lineNet{clues: g.Clues}}
	for _, l := range g.Lines {
		t.net.lines = append(t.net.lines, l.Cells)
	}
	return t
}

// contradicts runs line logic from an open grid, leaving out line skip (-1
// for none), and reports whether it meets a line no placement fits.
func (t *triLogic) contradicts(skip int) bool {
	all := uint32(1)<<len(t.p.Palette) - 1
	t.grid = make([]uint32, len(t.g.Cells))
	for i := range t.grid {
		t.grid[i] = all
	}
	return t.propagate(t.grid, skip)
}

// propagate narrows grid by line logic until nothing changes, leaving out
// line skip, and reports whether it met a contradiction.
func (t *triLogic) propagate(grid []uint32, skip int) bool {
	return t.net.propagate(grid, skip) >= 0
}

// maxProbePasses bounds probe's passes over the cells.
const maxProbePasses = 4

// probe runs line logic leaving out line skip, then tries each colour of
// each open cell: one that line logic contradicts is ruled out, pass after
// pass until nothing changes (at most maxProbePasses). It reports whether
// it met a contradiction.
func (t *triLogic) probe(skip int) bool {
	if t.contradicts(skip) {
		return true
	}
	try := make([]uint32, len(t.grid))
	for pass, changed := 0, true; changed && pass < maxProbePasses; pass++ {
		changed = false
		for c, open := range t.grid {
			for rest := open; rest != 0; rest &= rest - 1 {
				b := rest & -rest // the lowest colour left to try
				if open&b == 0 || open == b {
					continue
				}
				copy(try, t.grid)
				try[c] = b
				if !t.propagate(try, skip) {
					continue
				}
				t.grid[c] &^= b
				if t.propagate(t.grid, skip) {
					return true
				}
				open, changed = t.grid[c], true
			}
		}
	}
	return false
}
