package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// When the row clues and the column clues fill different numbers of cells
// of a colour and no goal says which clue is wrong, the suspects of
// contradiction.go tell: the wrong clue is a line without which line logic
// meets no contradiction in the others, and what a slip there would have
// done is known from the difference (a row's clue must lose what the rows
// have too many; a column's, gain it): one block longer or shorter, or a
// block of that length missing or extra.

// sumsHint rewrites the hint of the clue sums' error (errs holds it alone)
// to name the likeliest wrong clue, when the puzzle has no goal, the sums
// of one colour differ, and line logic finds a suspect.
func sumsHint(p *puzzle.Puzzle, errs []diag.Diagnostic) {
	if p.Goal != nil || len(errs) != 1 || !strings.HasPrefix(errs[0].Message, "row clues fill ") {
		return
	}
	color, diff, ok := sumsDiffer(p)
	if !ok {
		return
	}
	ss := suspects(p, func(l int, written puzzle.Line) []puzzle.Line {
		if l < p.Height {
			return sumFixes(written, color, -diff)
		}
		return sumFixes(written, color, diff)
	})
	if len(ss) == 0 {
		return
	}
	if as := asLikely(ss); len(as) > 1 {
		errs[0].Hint = fmt.Sprintf("the wrong clue is likely one of %s: without any one of them, solving line by line meets no contradiction",
			listSuspects(p, as))
		return
	}
	name, line, _ := nameSuspect(p, ss[0])
	errs[0].Hint = fmt.Sprintf("look at %s (line %d) first: %s", name, line, evidence(p, ss))
}

// sumsDiffer returns the one colour whose cells the row clues and the
// column clues count differently, and by how many the rows' count is the
// larger; false when no colour or several differ.
func sumsDiffer(p *puzzle.Puzzle) (color, diff int, ok bool) {
	sums := make([]int, len(p.Palette)+1)
	for _, l := range p.Rows {
		for _, c := range l {
			if c.Color >= 0 && c.Color < len(sums) {
				sums[c.Color] += c.Len
			}
		}
	}
	for _, l := range p.Cols {
		for _, c := range l {
			if c.Color >= 0 && c.Color < len(sums) {
				sums[c.Color] -= c.Len
			}
		}
	}
	for c, d := range sums {
		if d == 0 {
			continue
		}
		if ok {
			return 0, 0, false
		}
		color, diff, ok = c, d, true
	}
	return color, diff, ok
}

// sumFixes returns the clues that fill delta more cells of color than
// clue by one change: a block of color longer or shorter, or a block of
// that length added or removed.
func sumFixes(clue puzzle.Line, color, delta int) []puzzle.Line {
	var out []puzzle.Line
	for j, b := range clue {
		if b.Color != color {
			continue
		}
		if b.Len+delta >= 1 {
			f := slices.Clone(clue)
			f[j].Len += delta
			out = append(out, f)
		}
		if b.Len == -delta {
			out = append(out, slices.Delete(slices.Clone(clue), j, j+1))
		}
	}
	if delta > 0 {
		for j := range len(clue) + 1 {
			out = append(out, slices.Insert(slices.Clone(clue), j, puzzle.Clue{Len: delta, Color: color}))
		}
	}
	return out
}
