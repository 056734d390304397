package validate

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/spell"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// This file finds, for a puzzle without a solution, the clue the author
// should look at first. The solver's line logic (solve.SolveLine: each row
// and column narrowed to the colours some placement of its clue allows,
// until nothing changes) is run with one line's clue left out, for each
// line in turn: a line without which it meets no contradiction is a
// suspect, and when the others then settle its every cell, what they make
// of it is the clue they call for. One wrong clue is always a suspect (the
// picture meant fits every other line), and the suspect that a slip of the
// pen explains (two neighbouring numbers swapped, a cell moved between
// them) is the likeliest. When no line is a suspect (two clues or more are
// wrong), or the puzzle is too big for so many runs, the first line that
// line logic finds with no placement left is named; when line logic meets
// no contradiction at all (only search shows there is no solution), no
// line is.

// maxContradictionColors bounds the palette the search handles: that of
// solve.SolveLine's colour sets.
const maxContradictionColors = 32

// maxSuspectWork bounds cells × lines for the search of suspects (one run
// of line logic per line): 80×80 and smaller.
const maxSuspectWork = 1_000_000

// suspect is a line without whose clue line logic finds no contradiction.
type suspect struct {
	line    int         // rows first, then columns
	settled bool        // the other lines leave one colour in each of its cells
	called  puzzle.Line // when settled, the clue they make of it
	fit     bool        // the others settle every cell of the grid: they fit together
	cost    int         // how unlikely a slip of the pen it would take to make the clue fit
	// restored is the first of its fixes with which line logic solves
	// the whole grid (nil when none is, or none was tried): the puzzle
	// meant, which has one solution, is one slip away.
	restored puzzle.Line
	// fixes are the fixes of its clue, as suspects' fixes gave them once:
	// restoring tries them without asking again.
	fixes []puzzle.Line
}

// A suspect's cost: when the others settle it to a fix of its clue (a clue
// the author may have meant: a slip of the pen, slipsOf, when there is no
// solution; a block off by the difference when the sums differ, sums.go),
// 1; settled to another clue, one more than that clue's edit distance in
// blocks (spell.EditDistance); left open, 1 when a fix fits its cells,
// unknownCost when none does.
const unknownCost = 1 << 20

// suspects runs line logic on p with every clue, and then without each in
// turn. It returns the first line that line logic finds with no placement
// left (-1 when none, or when the palette or the clue counts are beyond
// it), and the lines without which it meets no contradiction in the other
// clues, the likeliest culprit first: the lowest cost, fixes(l, written)
// giving the fixes of line l's clue; of equal costs, a line that a fix
// restores to a puzzle line logic solves first (restoring), then a settled
// line, then rows before columns, in order. There are no suspects when the
// puzzle is too big for the search, or when line logic meets no
// contradiction even with every clue.
func suspects(p *puzzle.Puzzle, fixes func(l int, written puzzle.Line) []puzzle.Line) (first int, ss []suspect) {
	ll, ok := newLineLogic(p)
	if !ok {
		return -1, nil
	}
	if first = ll.run(-1); first < 0 || !searchable(p) {
		return first, nil // without a contradiction every line would be a suspect
	}
	for l := range p.Height + p.Width {
		if ll.run(l) >= 0 {
			continue
		}
		ss = append(ss, ll.suspect(l, fixes(l, ll.clue(l))))
	}
	if len(ss) > 0 {
		ll.restoring(ss, slices.MinFunc(ss, func(a, b suspect) int { return cmp.Compare(a.cost, b.cost) }).cost)
	}
	slices.SortStableFunc(ss, func(a, b suspect) int {
		return cmp.Or(cmp.Compare(a.cost, b.cost), cmp.Compare(boolRank(a.restored == nil), boolRank(b.restored == nil)),
			cmp.Compare(boolRank(!a.settled), boolRank(!b.settled)))
	})
	return first, ss
}

// restoring sets restored on those of the suspects ss (in line order)
// that cost least, cost, as likely as each other (which it orders, and
// whose fix a hint may give): the first fix of a suspect's clue with which
// line logic solves the whole grid (a settled suspect's, when the others
// fit together, is the clue they call for). The runs are bounded by the
// work the search of suspects may do (maxSuspectWork); beyond them the
// rest are left without.
func (ll *lineLogic) restoring(ss []suspect, cost int) {
	runs := maxSuspectWork / max(1, len(ll.grid))
	for i := range ss {
		s := &ss[i]
		if s.cost != cost {
			continue
		}
		if s.settled {
			if s.fit && s.cost == 1 {
				s.restored = s.called
			}
			continue
		}
		written := ll.clue(s.line)
		for _, f := range s.fixes {
			if runs--; runs < 0 {
				return
			}
			ll.net.clues[s.line] = f
			solved := ll.solves(-1)
			ll.net.clues[s.line] = written
			if solved {
				s.restored = f
				break
			}
		}
	}
}

// searchable reports whether suspects may run line logic once per line on
// p: a grid within maxSuspectWork, without blots (whose fixes it does not
// know).
func searchable(p *puzzle.Puzzle) bool {
	if p.Kind == puzzle.Triddler || p.Width*p.Height*(p.Width+p.Height) > maxSuspectWork {
		return false
	}
	for _, lines := range [][]puzzle.Line{p.Rows, p.Cols} {
		for _, l := range lines {
			if l.Blotted() {
				return false
			}
		}
	}
	return true
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// suspect weighs line l after a run that left out its clue, fixes being
// the clues the author may have meant for it.
func (ll *lineLogic) suspect(l int, fixes []puzzle.Line) suspect {
	written := ll.clue(l)
	if called, ok := ll.settled(l); ok {
		cost := spell.EditDistance(written, called) + 1
		for _, f := range fixes {
			if slices.Equal(f, called) {
				cost = 1
			}
		}
		return suspect{line: l, settled: true, called: called, cost: cost, fit: ll.solved(), fixes: fixes}
	}
	for _, f := range fixes {
		if fits, err := solve.SolveLine(f, ll.load(l)); err == nil && fits {
			return suspect{line: l, cost: 1, fixes: fixes}
		}
	}
	return suspect{line: l, cost: unknownCost, fixes: fixes}
}

// slipsOf returns the clues one slip of the pen away from clue: two
// neighbouring blocks swapped, or a cell moved from a block to its
// neighbour.
func slipsOf(clue puzzle.Line) []puzzle.Line {
	var out []puzzle.Line
	for k := 0; k+1 < len(clue); k++ {
		a, b := clue[k], clue[k+1]
		if a != b {
			s := slices.Clone(clue)
			s[k], s[k+1] = b, a
			out = append(out, s)
		}
		for _, d := range []int{1, -1} {
			if a.Len+d >= 1 && b.Len-d >= 1 {
				s := slices.Clone(clue)
				s[k].Len += d
				s[k+1].Len -= d
				out = append(out, s)
			}
		}
	}
	return out
}

// slipFixes is slipsOf as the fixes suspects takes: the same for any line.
func slipFixes(_ int, written puzzle.Line) []puzzle.Line { return slipsOf(written) }

// noSolution reports a puzzle without a solution at the line of the clue
// to look at first (see the top of this file), or at the rows block when
// only search shows that there is none; at a line too many among the
// clues, when a clue line after them says so (spareLineHint).
func noSolution(p *puzzle.Puzzle, at func(diag.Severity, int, string, string, ...any)) {
	if line, hint := spareLineHint(p); hint != "" {
		at(diag.Error, line, hint, "no solution: the clues contradict each other")
		return
	}
	first, ss := suspects(p, slipFixes)
	switch {
	case len(ss) > 0:
		blameSuspect(p, ss, at)
	case first < 0:
		at(diag.Error, p.HeaderLine(true), "no single clue is to blame: compare the picture you meant with the clues, or add a goal",
			"no solution: the clues contradict each other")
	default:
		name, line, clue := nameLine(p, first)
		across := "rows"
		if strings.HasPrefix(name, "row") {
			across = "columns"
		}
		at(diag.Error, line, fmt.Sprintf("check it and the clues of the %s crossing it", across),
			"no solution: the clue of %s (%s) cannot fit what the other clues force", name, p.FormatLine(clue))
	}
}

// blameSuspect reports the likeliest of the suspects ss.
func blameSuspect(p *puzzle.Puzzle, ss []suspect, at func(diag.Severity, int, string, string, ...any)) {
	first, line, clue := nameLine(p, ss[0].line)
	at(diag.Error, line, fmt.Sprintf("look at %s (line %d) first: %s", first, line, evidence(p, ss)),
		"no solution: the clue of %s (%s) cannot fit what the other clues force", first, p.FormatLine(clue))
}

// nameLine returns line l's name ("row 3", lines numbered rows first,
// then columns), its clue's line in the file, and its clue.
func nameLine(p *puzzle.Puzzle, l int) (name string, line int, clue puzzle.Line) {
	row, i := splitLine(p, l)
	if row {
		return fmt.Sprintf("row %d", i+1), p.RowLine(i), p.Rows[i]
	}
	return fmt.Sprintf("column %d", i+1), p.ColLine(i), p.Cols[i]
}

// evidence says why the first of the suspects ss is blamed: what line
// logic does without it and what the others make of its clue, and which
// other suspects are as likely (of the same cost): "the other clues fit
// together without it, as they do without column 2 (line 9); if they are
// right, change its clue to 1,3".
func evidence(p *puzzle.Puzzle, ss []suspect) string {
	hint := "without it, solving line by line meets no contradiction"
	fix := ""
	switch s := ss[0]; {
	case s.fit:
		hint = "the other clues fit together without it"
		fix = "; if they are right, change its clue to " + p.FormatLine(s.called)
	case s.settled:
		hint += ", and makes its clue " + p.FormatLine(s.called)
	case s.restored != nil:
		fix = "; with its clue changed to " + p.FormatLine(s.restored) + ", the clues solve line by line"
	}
	if as := asLikely(ss); len(as) > 1 {
		if ss[0].fit {
			hint += ", as they do without " + listSuspects(p, as[1:], "or")
		} else {
			hint += "; so does leaving out " + listSuspects(p, as[1:], "or")
		}
	}
	return hint + fix
}

// asLikely returns the suspects of ss (sorted) that cost as little as the
// first and, of those restoring tried, restore the puzzle as it does.
func asLikely(ss []suspect) []suspect {
	n := 1
	for n < len(ss) && ss[n].cost == ss[0].cost && (ss[n].restored == nil) == (ss[0].restored == nil) {
		n++
	}
	return ss[:n]
}

// listSuspects names up to maxListed suspects with their lines, and
// counts the rest, the last joined with conj ("and", "or"): "row 1 (line
// 2), row 2 (line 3) and column 1 (line 4)", "row 1 (line 2), row 2 (line
// 3), ... and 2 more".
func listSuspects(p *puzzle.Puzzle, ss []suspect, conj string) string {
	return enumerateSuspects(ss, conj, func(s suspect) string {
		n, l, _ := nameLine(p, s.line)
		return fmt.Sprintf("%s (line %d)", n, l)
	})
}

// listChanges names the clues the suspects ss restore the puzzle with,
// as listSuspects names them: "row 1 changed to 2 or column 3 to 1,1".
func listChanges(p *puzzle.Puzzle, ss []suspect, conj string) string {
	first := true
	return enumerateSuspects(ss, conj, func(s suspect) string {
		n, _, _ := nameLine(p, s.line)
		verb := " to "
		if first {
			verb, first = " changed to ", false
		}
		return n + verb + p.FormatLine(s.restored)
	})
}

// maxListed is how many suspects a hint names before it counts the rest:
// as many as a reader can look at, and more than a small picture's slips
// tell apart.
const maxListed = 6

// enumerateSuspects joins the names of up to maxListed of ss, counting the
// rest.
func enumerateSuspects(ss []suspect, conj string, name func(suspect) string) string {
	var names []string
	for _, s := range ss[:min(maxListed, len(ss))] {
		names = append(names, name(s))
	}
	if len(ss) > maxListed {
		names = append(names, fmt.Sprintf("%d more", len(ss)-maxListed))
	}
	return puzzle.Enumerate(names, conj)
}

// lineLogic runs solve.SolveLine over a puzzle's rows and columns, lines
// numbered rows first, then columns.
type lineLogic struct {
	p     *puzzle.Puzzle
	grid  []uint32 // per cell: the colours still open
	cells []uint32 // scratch: one line's cells
	net   lineNet  // the rows, then the columns
}

// newLineLogic returns line logic for p, or false for a palette beyond
// SolveLine's colour sets or clue counts that do not match the size.
func newLineLogic(p *puzzle.Puzzle) (*lineLogic, bool) {
	if len(p.Palette) > maxContradictionColors || len(p.Rows) != p.Height || len(p.Cols) != p.Width {
		return nil, false
	}
	ll := &lineLogic{p: p, grid: make([]uint32, p.Width*p.Height), cells: make([]uint32, max(p.Width, p.Height)),
		net: lineNet{clues: slices.Concat(p.Rows, p.Cols)}}
	for y := range p.Height {
		row := make([]int, p.Width)
		for x := range row {
			row[x] = y*p.Width + x
		}
		ll.net.lines = append(ll.net.lines, row)
	}
	for x := range p.Width {
		col := make([]int, p.Height)
		for y := range col {
			col[y] = y*p.Width + x
		}
		ll.net.lines = append(ll.net.lines, col)
	}
	return ll, true
}

// lineNet is lines of cells (indices into a grid of colour sets, in clue
// order) with their clues, which line logic narrows: a grid's rows and
// columns, a triddler's three families.
type lineNet struct {
	lines   [][]int
	clues   []puzzle.Line
	scratch []uint32
}

// propagate narrows grid by line logic until nothing changes, leaving out
// line skip (-1 for none). It returns the first line met with no placement
// left, or -1.
func (n *lineNet) propagate(grid []uint32, skip int) int {
	for changed := true; changed; {
		changed = false
		for l, cells := range n.lines {
			if l == skip {
				continue
			}
			n.scratch = n.scratch[:0]
			for _, c := range cells {
				n.scratch = append(n.scratch, grid[c])
			}
			if fits, err := solve.SolveLine(n.clues[l], n.scratch); err != nil || !fits {
				return l
			}
			for i, c := range cells {
				if n.scratch[i] != grid[c] {
					grid[c], changed = n.scratch[i], true
				}
			}
		}
	}
	return -1
}

// splitLine returns whether line l of p (rows first, then columns) is a
// row, and its index among the rows or the columns.
func splitLine(p *puzzle.Puzzle, l int) (row bool, index int) {
	if l < p.Height {
		return true, l
	}
	return false, l - p.Height
}

// clue returns the clue of line l.
func (ll *lineLogic) clue(l int) puzzle.Line { return ll.net.clues[l] }

// load copies line l's cells into the scratch and returns it.
func (ll *lineLogic) load(l int) []uint32 {
	cells := ll.cells[:len(ll.net.lines[l])]
	for i, c := range ll.net.lines[l] {
		cells[i] = ll.grid[c]
	}
	return cells
}

// run starts from every colour open in every cell and narrows the lines,
// leaving out the clue of line skip (-1 for none), until nothing changes.
// It returns the first line found with no placement left, or -1.
func (ll *lineLogic) run(skip int) int {
	all := uint32(1)<<len(ll.p.Palette) - 1
	for i := range ll.grid {
		ll.grid[i] = all
	}
	return ll.net.propagate(ll.grid, skip)
}

// solved reports whether a run left one colour in every cell.
func (ll *lineLogic) solved() bool {
	for _, set := range ll.grid {
		if set&(set-1) != 0 {
			return false
		}
	}
	return true
}

// solves runs line logic leaving out the clue of line skip (-1 for none)
// and reports whether it meets no contradiction and settles every cell.
func (ll *lineLogic) solves(skip int) bool { return ll.run(skip) < 0 && ll.solved() }

// settled returns the clue of line l's cells after a run, and false when
// one of them has more than one colour open.
func (ll *lineLogic) settled(l int) (puzzle.Line, bool) {
	colors := make([]uint8, len(ll.net.lines[l]))
	for i, c := range ll.net.lines[l] {
		set := ll.grid[c]
		if set == 0 || set&(set-1) != 0 {
			return nil, false
		}
		colors[i] = uint8(bits.TrailingZeros32(set))
	}
	return puzzle.LineOf(colors), true
}
