package puzzle

import (
	"fmt"
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
		if fixes := p.shapeFixes(); len(fixes) > 0 && len(fixes) <= 3 {
			if len(fixes) == 1 {
				if at := p.TriddlerLine(fixes[0].side, 0); at != 0 {
					d.Line = at
				}
			}
			said := make([]string, len(fixes))
			for i, f := range fixes {
				more := "one line more"
				if f.delta < 0 {
					more = "one fewer"
				}
				said[i] = fmt.Sprintf("%s in %s (%d now)", more, f.side, len(p.TriddlerClues[f.side]))
			}
			d.Hint = fmt.Sprintf("the six counts make an outline with %s: is a line missing or one too many there?", strings.Join(said, ", or "))
		}
		return append(errs, d)
	}
	var count [3][]int
	var blots []bool // colours with a blot: their sums are unknown
	for f := range count {
		count[f] = make([]int, len(p.Palette))
	}
	blots = make([]bool, len(p.Palette))
	for i, l := range g.Lines {
		need, prev := 0, -1
		for j, c := range g.Clues[i] {
			if c.MinLen() < 1 || c.Color < 1 || c.Color >= len(p.Palette) {
				errorAt(p.TriddlerLine(l.Side, l.Index), "triddler %s line %d, block %d: %d of colour %d (want a length of at least 1 and a colour of the palette)", l.Side, l.Index+1, j+1, c.Len, c.Color)
				continue
			}
			if c.Color == prev {
				need++ // the gap between two blocks of one colour
			}
			need += c.MinLen()
			prev = c.Color
			count[l.Family][c.Color] += c.MinLen()
			blots[c.Color] = blots[c.Color] || c.Blot
		}
		if need > len(l.Cells) {
			errorAt(p.TriddlerLine(l.Side, l.Index), "triddler %s line %d (%s) needs %d cells; the line has %d", l.Side, l.Index+1, p.FormatLine(g.Clues[i]), need, len(l.Cells))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	names := [3]string{"rows", "\"/\" lines", "\"\\\" lines"}
	for c := 1; c < len(p.Palette); c++ {
		if !blots[c] && (count[0][c] != count[1][c] || count[0][c] != count[2][c]) {
			errorf("triddler clues disagree on the cells of colour %s: %s %d, %s %d, %s %d", p.Palette[c].Name,
				names[0], count[0][c], names[1], count[1][c], names[2], count[2][c])
		}
	}
	return errs
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

// shapeFix is a change of one side's clue count that gives a triddler's six
// counts an outline.
type shapeFix struct {
	side  string
	delta int // +1 or -1
}

// shapeFixes returns the sides of a triddler whose clue count, one more or
// one fewer, would give its six counts an outline.
func (p *Puzzle) shapeFixes() []shapeFix {
	var out []shapeFix
	for _, s := range TriddlerSides {
		for _, d := range []int{-1, 1} {
			n := len(p.TriddlerClues[s]) + d
			if n < 0 {
				continue
			}
			q := &Puzzle{Kind: Triddler, TriddlerClues: map[string][]Line{}}
			for _, t := range TriddlerSides {
				q.TriddlerClues[t] = p.TriddlerClues[t]
			}
			q.TriddlerClues[s] = make([]Line, n)
			if _, err := q.TriddlerGeometry(); err == nil {
				out = append(out, shapeFix{s, d})
			}
		}
	}
	return out
}
