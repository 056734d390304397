package validate

import (
	"cmp"
	"fmt"
	"slices"

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

// sumsHint rewrites the hint of the clue sums' error (errs holds it alone,
// as Problems reports it) to name the likeliest wrong clue, when the puzzle
// has no goal (puzzle's own hint then names the clue the goal points at),
// the sums of one colour differ, and line logic finds a suspect (or, when
// no clue is one change from right, the place of a clue line left out).
func sumsHint(p *puzzle.Puzzle, errs []diag.Diagnostic) {
	ms := p.SumsMismatches()
	if swappedColourHints(p, ms, errs) {
		return
	}
	if p.Goal != nil || len(ms) != 1 || len(errs) != 1 || errs[0].Message != ms[0].Message(p) {
		return
	}
	color, diff := ms[0].Color, ms[0].Rows-ms[0].Cols
	_, spare := spareLineHint(p)
	if hint := cmp.Or(spare, oneSidedHint(p, ms[0]), copiedLineHint(p, ms[0]), p.BlankLastHint()); hint != "" {
		errs[0].Hint = hint
		return
	}
	_, ss := suspects(p, func(l int, written puzzle.Line) []puzzle.Line {
		if l < p.Height {
			return sumFixes(written, color, -diff)
		}
		return sumFixes(written, color, diff)
	})
	// A clue line left out is looked for when no clue is one change from
	// right.
	if len(ss) == 0 || ss[0].cost > 1 {
		if hint := missingLineHint(p, ms[0]); hint != "" {
			errs[0].Hint = hint
			return
		}
	}
	if len(ss) == 0 {
		return
	}
	if as := asLikely(ss); len(as) > 1 {
		if as[0].restored != nil {
			errs[0].Hint = fmt.Sprintf("look at %s: the wrong clue is likely one of them, as the clues solve line by line with %s",
				listSuspects(p, as, "or"), listChanges(p, as, "or"))
		} else {
			errs[0].Hint = fmt.Sprintf("look at %s: the wrong clue is likely one of them, as without any one of them, solving line by line meets no contradiction",
				listSuspects(p, as, "and"))
		}
		return
	}
	name, line, _ := nameLine(p, ss[0].line)
	errs[0].Hint = fmt.Sprintf("look at %s (line %d) first: %s", name, line, evidence(p, ss))
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

// oneSidedHint names the clues that hold blocks of m's colour when only the
// rows or only the columns have any (a colour letter slipped, or a block
// written without one): those clues are all the sums disagree on. It
// returns "" when both sides have blocks of the colour.
func oneSidedHint(p *puzzle.Puzzle, m puzzle.SumsMismatch) string {
	if m.Rows != 0 && m.Cols != 0 {
		return ""
	}
	none := "row"
	if m.Cols == 0 {
		none = "column"
	}
	return fmt.Sprintf("no %s has blocks of %s, only %s: give those blocks the colour meant",
		none, p.Palette[m.Color].DisplayName(), cluesWith(p, m.Color))
}

// cluesWith lists the clues that hold blocks of a colour, with their
// lines: "row 5 (line 14)".
func cluesWith(p *puzzle.Puzzle, color int) string {
	return listSuspects(p, linesWith(p, color), "and")
}

// linesWith returns the lines (rows first, then columns) whose clues hold
// blocks of a colour.
func linesWith(p *puzzle.Puzzle, color int) []suspect {
	var with []suspect
	for l, clue := range slices.Concat(p.Rows, p.Cols) {
		if slices.ContainsFunc(clue, func(b puzzle.Clue) bool { return b.Color == color }) {
			with = append(with, suspect{line: l})
		}
	}
	return with
}

// swappedColourHints gives the hints of two colours' sums errors (errs
// holds them alone, as Problems reports them) when a colour's blocks are
// on one side only and the other colour lacks as many cells on that side:
// a colour letter slipped (`3y` for `3g`, y then a colour of its own). Each
// error's hint names the clues with the stray colour's blocks and the
// colour they most likely mean. It reports whether it did.
func swappedColourHints(p *puzzle.Puzzle, ms []puzzle.SumsMismatch, errs []diag.Diagnostic) bool {
	if len(ms) != 2 || len(errs) != 2 || errs[0].Message != ms[0].Message(p) || errs[1].Message != ms[1].Message(p) {
		return false
	}
	// When each colour is on one side only, the stray one is in fewer
	// clues: a slip is made once.
	order := []int{0, 1}
	if len(linesWith(p, ms[1].Color)) < len(linesWith(p, ms[0].Color)) {
		order = []int{1, 0}
	}
	for _, i := range order {
		stray, meant := ms[i], ms[1-i]
		if stray.Rows != 0 && stray.Cols != 0 || stray.Rows-stray.Cols != meant.Cols-meant.Rows {
			continue
		}
		side, other := "row", "column"
		if stray.Rows == 0 {
			side, other = other, side
		}
		name, meantName := p.Palette[stray.Color].DisplayName(), p.Palette[meant.Color].DisplayName()
		n := puzzle.Plural(max(stray.Rows, stray.Cols), "cell")
		errs[i].Hint = oneSidedHint(p, stray) + fmt.Sprintf(", %s most likely: the %s clues lack %s of it", meantName, side, n)
		errs[1-i].Hint = fmt.Sprintf("the %s clues have %s of %s instead, which no %s has, in %s: give those blocks %s",
			side, n, name, other, cluesWith(p, stray.Color), meantName)
		return true
	}
	return false
}

// copiedLineHint names two neighbouring lines with the same clue when the
// side they are on fills as many cells too many as one of them holds, all
// of m's colour, and the other side's clues would still fit without it: a
// line copied, most likely (a doubled line adds a row or column to a
// format whose size is its count of lines). It returns "" unless exactly
// one such pair is found.
func copiedLineHint(p *puzzle.Puzzle, m puzzle.SumsMismatch) string {
	lines, across, first, extra := p.Rows, p.Cols, 0, m.Rows-m.Cols
	if extra < 0 {
		lines, across, first, extra = p.Cols, p.Rows, p.Height, -extra
	}
	for _, l := range across {
		if l.MinLength() > len(lines)-1 {
			return ""
		}
	}
	found := -1
	for i := 0; i+1 < len(lines); i++ {
		l := lines[i]
		if len(l) == 0 || !l.Equal(lines[i+1]) || slices.ContainsFunc(l, func(b puzzle.Clue) bool { return b.Color != m.Color }) {
			continue
		}
		cells := 0
		for _, b := range l {
			cells += b.MinLen()
		}
		if cells != extra {
			continue
		}
		if found >= 0 {
			return ""
		}
		found = i
	}
	if found < 0 {
		return ""
	}
	a, lineA, _ := nameLine(p, first+found)
	b, lineB, _ := nameLine(p, first+found+1)
	return fmt.Sprintf("%s (line %d) and %s (line %d) have the same clue, which fills the %s too many: if one is a copy, remove it",
		a, lineA, b, lineB, puzzle.Plural(extra, "cell"))
}

// missingLineHint names the place of a clue line left out of a puzzle whose
// size is its count of clue lines (Origin.SizeFromClues), when the side of
// m's colour with too few cells is one line short: a line without a clue
// put there, line logic solves the grid, settling it to a clue of that
// many cells of m's colour, and nowhere else (but beside a line of that
// clue, which makes the same puzzle). It returns "" unless such a place is
// found.
func missingLineHint(p *puzzle.Puzzle, m puzzle.SumsMismatch) string {
	lack, rows := m.Rows-m.Cols, false
	if lack < 0 {
		lack, rows = -lack, true
	}
	if !p.Origin.SizeFromClues {
		return ""
	}
	side, first, lines := "column", p.Height, p.Cols
	if rows {
		side, first, lines = "row", 0, p.Rows
	}
	if len(lines) == 0 {
		return ""
	}
	at := -1
	var called puzzle.Line
	for j := range len(lines) + 1 {
		q := *p
		skip := q.Height + j
		if rows {
			q.Height, q.Rows, skip = q.Height+1, slices.Insert(slices.Clone(p.Rows), j, nil), j
		} else {
			q.Width, q.Cols = q.Width+1, slices.Insert(slices.Clone(p.Cols), j, nil)
		}
		ll, ok := newLineLogic(&q)
		if !ok || !searchable(&q) {
			return ""
		}
		if !ll.solves(skip) {
			continue
		}
		c, _ := ll.settled(skip)
		switch {
		case cellsOf(c, m.Color) != lack:
			continue
		case at < 0:
			at, called = j, c
		case !sameLines(append(lines[at:j:j], c), called):
			return "" // two places make two puzzles
		}
	}
	if at < 0 {
		return ""
	}
	name, line, _ := nameLine(p, first+min(at, len(lines)-1))
	where := fmt.Sprintf("before %s (line %d)", name, line)
	if at == len(lines) {
		where = fmt.Sprintf("after %s (line %d)", name, line)
	}
	return fmt.Sprintf("the %s clues lack %s, and a %s %s added %s makes clues that solve line by line: if a clue line was left out there, add it",
		side, puzzle.Plural(lack, "cell"), side, p.FormatLine(called), where)
}

// sameLines reports whether every clue of ls is clue.
func sameLines(ls []puzzle.Line, clue puzzle.Line) bool {
	for _, l := range ls {
		if !l.Equal(clue) {
			return false
		}
	}
	return true
}

// cellsOf returns how many cells the blocks of clue fill, all of color,
// or -1 when one is of another colour.
func cellsOf(clue puzzle.Line, color int) int {
	n := 0
	for _, b := range clue {
		if b.Color != color {
			return -1
		}
		n += b.Len
	}
	return n
}

// spareLineHint names the line too many among a puzzle's clues when the
// reader ignored one clue line after them (Places.Spare): the line
// without which, the clues after it moved up one and the spare one taken
// as the last, line logic solves the grid, when only it does (or it and
// its neighbour of the same clue: a copy). It returns that line and the
// hint, or 0 and "".
func spareLineHint(p *puzzle.Puzzle) (int, string) {
	places := p.Origin.Places
	if places == nil || places.SpareLine == 0 || len(p.Rows) != p.Height || len(p.Cols) != p.Width {
		return 0, ""
	}
	all := slices.Concat(p.Rows, p.Cols)
	found := -1
	for i := range all {
		if i > 0 && all[i].Equal(all[i-1]) {
			continue // the same puzzle as without the copy before it
		}
		q := *p
		shifted := slices.Concat(all[:i], all[i+1:], []puzzle.Line{places.Spare})
		q.Rows, q.Cols = shifted[:p.Height], shifted[p.Height:]
		ll, ok := newLineLogic(&q)
		if !ok || !searchable(&q) {
			return 0, ""
		}
		if !ll.solves(-1) {
			continue
		}
		if found >= 0 {
			return 0, "" // two lines, either of them
		}
		found = i
	}
	if found < 0 {
		return 0, ""
	}
	_, line, _ := nameLine(p, found)
	lastName, _, _ := nameLine(p, len(all)-1)
	what := fmt.Sprintf("line %d is one clue line too many: remove it", line)
	if end := found + 1; end < len(all) && all[end].Equal(all[found]) {
		for end+1 < len(all) && all[end+1].Equal(all[found]) {
			end++
		}
		_, last, _ := nameLine(p, end)
		lines := fmt.Sprintf("lines %d and %d", line, last)
		if end > found+1 {
			lines = fmt.Sprintf("lines %d-%d", line, last)
		}
		what = lines + " are the same: if one is a copy, remove it"
	}
	return line, fmt.Sprintf("%s; the clue lines after it then move up, line %d's clue (ignored after the clues) becomes %s's, and the clues solve line by line",
		what, places.SpareLine, lastName)
}
