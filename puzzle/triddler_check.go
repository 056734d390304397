package puzzle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/diag"
)

// triddlerProblems checks that a triddler is well formed: its six clue
// counts describe an outline, every block is at least 1 long and of a
// palette colour, every line's blocks fit in it, and the three families
// count the same number of cells of each colour (unless a blot hides some).
// A problem with one line is reported at that clue's line when the reader
// recorded it (Places.Triddler, from .g), else at the puzzle's line.
func (p *Puzzle) triddlerProblems() diag.List {
	var errs diag.List
	errorAt := func(line int, format string, args ...any) {
		errs = append(errs, diag.Diagnostic{File: p.Origin.File, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf(format, args...)})
	}
	errorf := func(format string, args ...any) { errorAt(p.Origin.Line, format, args...) }
	g, err := p.TriddlerGeometry()
	if err != nil {
		d := diag.Diagnostic{File: p.Origin.File, Line: p.Origin.Line, Severity: diag.Error, Message: errorText(err, p)}
		// A side one line off, else a side without lines (its ':' line
		// doubled, most likely), else a side a few lines off.
		if !p.shapeHint(&d, p.shapeFixes(1)) {
			if side, ok := p.onlyEmptySide(); ok {
				d.Line = p.TriddlerSideLine(side)
				d.Hint = fmt.Sprintf("%s holds no clue line (%s): add its lines, or remove its header if it is one too many", side, p.sideAt(side))
			} else {
				p.shapeHint(&d, p.shapeFixes(maxShapeFix))
			}
		}
		return append(errs, d)
	}
	for i, l := range g.Lines {
		need, prev := 0, -1
		for j, c := range g.Clues[i] {
			if c.MinLen() < 1 || c.Color < 1 || c.Color >= len(p.Palette) {
				errorAt(p.TriddlerLine(l.Side, l.Index), "triddler %s clue %d, block %d: %d of colour %d (want a length of at least 1 and a colour of the palette)", l.Side, l.Index+1, j+1, c.Len, c.Color)
				continue
			}
			if c.Color == prev {
				need++ // the gap between two blocks of one colour
			}
			need += c.MinLen()
			prev = c.Color
		}
		if need > len(l.Cells) {
			errorAt(p.TriddlerLine(l.Side, l.Index), "triddler %s clue %d (%s) needs %d cells but its line has %d", l.Side, l.Index+1, p.FormatLine(g.Clues[i]), need, len(l.Cells))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	names := [3]string{"rows", "\"/\" lines", "\"\\\" lines"}
	count, blots := familyCounts(p, g)
	for c := 1; c < len(p.Palette); c++ {
		if !blots[c] && (count[0][c] != count[1][c] || count[0][c] != count[2][c]) {
			errorf("triddler clues disagree on the cells of colour %s: %s %d, %s %d, %s %d", p.Palette[c].Name,
				names[0], count[0][c], names[1], count[1][c], names[2], count[2][c])
			odd, ok := oddOne(count[0][c], count[1][c], count[2][c])
			if sides := familySides(g, odd); ok && len(sides) > 0 {
				at := make([]string, len(sides))
				for i, s := range sides {
					at[i] = s
					if where := p.sideAt(s); where != "" {
						at[i] += " (" + where + ")"
					}
				}
				d := &errs[len(errs)-1]
				if line := p.TriddlerSideLine(sides[0]); line != 0 {
					d.Line = line
				}
				diff, more := count[odd][c]-count[(odd+1)%3][c], "more"
				if diff < 0 {
					diff, more = -diff, "fewer"
				}
				d.Hint = fmt.Sprintf("the %s count %s %s than the other two, which agree: the wrong clue is likely in %s", names[odd], Plural(diff, "cell"), more, strings.Join(at, " or "))
			}
		}
	}
	return errs
}

// onlyEmptySide returns the one side of a triddler without clue lines, when
// its header's line is known and the other five have some.
func (p *Puzzle) onlyEmptySide() (string, bool) {
	empty := ""
	for _, s := range TriddlerSides {
		if len(p.TriddlerClues[s]) == 0 {
			if empty != "" {
				return "", false
			}
			empty = s
		}
	}
	return empty, empty != "" && p.places().TriddlerHeaders[empty] > 0
}

// familyCounts returns the cells of each colour that each family of a
// triddler's lines fills (count[family][colour]), and the colours with a
// blot, whose counts are unknown. Blocks of colours outside the palette are
// left out.
func familyCounts(p *Puzzle, g *TriGeometry) (count [3][]int, blots []bool) {
	for f := range count {
		count[f] = make([]int, len(p.Palette))
	}
	blots = make([]bool, len(p.Palette))
	for i, l := range g.Lines {
		for _, c := range g.Clues[i] {
			if c.Color >= 1 && c.Color < len(p.Palette) {
				count[l.Family][c.Color] += c.MinLen()
				blots[c.Color] = blots[c.Color] || c.Blot
			}
		}
	}
	return count, blots
}

// OddTriddlerFamily returns the family of a triddler's lines (0 rows, 1
// "/" lines, 2 "\" lines) whose count of cells of a colour differs from the
// other two's, which agree, for the first colour the families disagree on
// so; -1 when there is none.
func (p *Puzzle) OddTriddlerFamily(g *TriGeometry) int {
	count, blots := familyCounts(p, g)
	for c := 1; c < len(p.Palette); c++ {
		if odd, ok := oddOne(count[0][c], count[1][c], count[2][c]); ok && !blots[c] {
			return odd
		}
	}
	return -1
}

// oddOne returns which of three counts differs from the other two, which
// agree; ok is false when no two agree.
func oddOne(a, b, c int) (int, bool) {
	switch {
	case b == c && a != b:
		return 0, true
	case a == c && b != a:
		return 1, true
	case a == b && c != a:
		return 2, true
	}
	return 0, false
}

// familySides returns the sides whose clues are the lines of a family, in
// the order of the geometry's lines.
func familySides(g *TriGeometry, family int) []string {
	var out []string
	for _, l := range g.Lines {
		if l.Family == family && !slices.Contains(out, l.Side) {
			out = append(out, l.Side)
		}
	}
	return out
}

// sideAt says where a triddler side stands, "line N", or "" when unknown.
func (p *Puzzle) sideAt(side string) string {
	if at := p.places().TriddlerHeaders[side]; at > 0 {
		return fmt.Sprintf("line %d", at)
	}
	if at := p.TriddlerLine(side, 0); at > 0 && at != p.Origin.Line {
		return fmt.Sprintf("line %d", at)
	}
	return ""
}

// errorText drops the puzzle's place from an error message that starts with
// it: diagnostics carry the file and line themselves.
func errorText(err error, p *Puzzle) string {
	s := err.Error()
	if w := p.Where() + ": "; len(s) > len(w) && s[:len(w)] == w {
		return s[len(w):]
	}
	return s
}

// shapeHint places d, the error of a triddler without an outline, at the
// side of the first of fixes and says what to add or remove, when there
// are one to three fixes; it reports whether it did.
func (p *Puzzle) shapeHint(d *diag.Diagnostic, fixes []shapeFix) bool {
	if len(fixes) == 0 || len(fixes) > 3 {
		return false
	}
	if at := p.TriddlerSideLine(fixes[0].side); at != 0 {
		d.Line = at
	}
	said := make([]string, len(fixes))
	for i, f := range fixes {
		do := "add a clue line to"
		switch {
		case f.delta == -1:
			do = "remove a clue line from"
		case f.delta < 0:
			do = fmt.Sprintf("remove %d clue lines from", -f.delta)
		case f.delta > 1:
			do = fmt.Sprintf("add %d clue lines to", f.delta)
		}
		said[i] = fmt.Sprintf("%s %s, which has %d", do, f.side, len(p.TriddlerClues[f.side]))
		if at := p.sideAt(f.side); at != "" {
			said[i] += " (" + at + ")"
		}
	}
	d.Hint = strings.Join(said, ", or ") + ": the six counts then make an outline"
	return true
}

// shapeFix is a change of one side's clue count that gives a triddler's six
// counts an outline.
type shapeFix struct {
	side  string
	delta int // the lines to add (or, negative, to remove)
}

// maxShapeFix is the most lines shapeFixes adds to or removes from a side:
// a file cut short in a side's group loses a few.
const maxShapeFix = 3

// shapeFixes returns the sides of a triddler whose clue count, changed by
// the fewest lines that give its six counts an outline (at most most),
// would do so, with that change.
func (p *Puzzle) shapeFixes(most int) []shapeFix {
	for size := 1; size <= most; size++ {
		var out []shapeFix
		for _, s := range TriddlerSides {
			for _, d := range []int{-size, size} {
				n := len(p.TriddlerClues[s]) + d
				if n < 0 {
					continue
				}
				lines := map[string]int{}
				for _, t := range TriddlerSides {
					lines[t] = len(p.TriddlerClues[t])
				}
				lines[s] = n
				if HasTriddlerOutline(lines) {
					out = append(out, shapeFix{s, d})
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}
