package puzzle

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/diag"
)

// LineOf returns the clue that a row of cells produces: maximal runs of equal
// non-background colour. Runs of different colours may touch.
func LineOf(cells []uint8) Line {
	var l Line
	for i := 0; i < len(cells); {
		c := cells[i]
		j := i
		for j < len(cells) && cells[j] == c {
			j++
		}
		if c != Background {
			l = append(l, Clue{Len: j - i, Color: int(c)})
		}
		i = j
	}
	return l
}

// CluesOf derives the row and column clues of an image.
func CluesOf(g *Image) (rows, cols []Line) {
	rows = make([]Line, g.Height)
	for y := range g.Height {
		rows[y] = LineOf(g.Cells[y*g.Width : (y+1)*g.Width])
	}
	cols = make([]Line, g.Width)
	col := make([]uint8, g.Height)
	for x := range g.Width {
		for y := range g.Height {
			col[y] = g.Cells[y*g.Width+x]
		}
		cols[x] = LineOf(col)
	}
	return rows, cols
}

// SwappedClues reports whether clues of rows and cols are those of goal's
// columns and rows (a rows block's header and a columns block's swapped):
// each allows the goal's line beside it. verb is how a hint says so:
// "are", or "fit" when a blot stands for one of the goal's lengths.
func SwappedClues(rows, cols []Line, goal *Image) (verb string, ok bool) {
	goalRows, goalCols := CluesOf(goal)
	if !slices.EqualFunc(rows, goalCols, Line.Fits) || !slices.EqualFunc(cols, goalRows, Line.Fits) {
		return "", false
	}
	if slices.ContainsFunc(slices.Concat(rows, cols), Line.Blotted) {
		return "fit", true
	}
	return "are", true
}

// Equal reports whether two lines have the same blocks.
func (l Line) Equal(o Line) bool {
	if len(l) != len(o) {
		return false
	}
	for i := range l {
		if l[i] != o[i] {
			return false
		}
	}
	return true
}

// Fits reports whether got, the clue of a line of some image, is one that
// clue l allows: the same blocks, a blot of l standing for any length.
func (l Line) Fits(got Line) bool {
	if len(l) != len(got) {
		return false
	}
	for i, c := range l {
		if c.Color != got[i].Color || !c.Blot && c.Len != got[i].Len {
			return false
		}
	}
	return true
}

// MinLength is the fewest cells the line's blocks need: their lengths (1 for
// a blot) plus one gap between neighbours of the same colour.
func (l Line) MinLength() int {
	n := 0
	for i, c := range l {
		n += c.MinLen()
		if i > 0 && l[i-1].Color == c.Color {
			n++
		}
	}
	return n
}

// Mismatch is a line whose clue the goal image does not reproduce.
type Mismatch struct {
	Row   bool // a row (else a column)
	Index int  // from 0
	Want  Line // the clue as given
	Got   Line // the clue the goal gives
	// Message says it in words: "the clue of row 3 is 2,1 but the goal
	// gives 3".
	Message string
}

// GoalMismatches lists the lines whose clues the goal does not reproduce, in
// order: rows first, then columns. It returns nil when the puzzle has no goal
// or the goal fits every clue.
func (p *Puzzle) GoalMismatches() []Mismatch {
	if p.Goal == nil || p.Kind == Triddler {
		return nil
	}
	rows, cols := CluesOf(p.Goal)
	var out []Mismatch
	for i := range min(len(rows), len(p.Rows)) {
		if !p.Rows[i].Fits(rows[i]) {
			out = append(out, Mismatch{Row: true, Index: i, Want: p.Rows[i], Got: rows[i],
				Message: fmt.Sprintf("the clue of row %d is %s but the goal gives %s", i+1, p.FormatLine(p.Rows[i]), p.FormatLine(rows[i]))})
		}
	}
	for i := range min(len(cols), len(p.Cols)) {
		if !p.Cols[i].Fits(cols[i]) {
			out = append(out, Mismatch{Index: i, Want: p.Cols[i], Got: cols[i],
				Message: fmt.Sprintf("the clue of column %d is %s but the goal gives %s", i+1, p.FormatLine(p.Cols[i]), p.FormatLine(cols[i]))})
		}
	}
	return out
}

// Satisfies reports whether an image satisfies every clue of the puzzle.
func (p *Puzzle) Satisfies(g *Image) bool {
	if g == nil || g.Width != p.Width || g.Height != p.Height {
		return false
	}
	q := *p
	q.Goal = g
	return len(q.GoalMismatches()) == 0
}

// ErrTooLarge is returned for a width or height beyond MaxSide.
var ErrTooLarge = errors.New("puzzle too large")

// Validate checks that the puzzle is well formed (see Problems) and returns
// each problem's message, without its position.
func (p *Puzzle) Validate() []string {
	var out []string
	for _, d := range p.Problems() {
		out = append(out, d.Message)
	}
	return out
}

// Problems checks that the puzzle is well formed: a size within bounds, one
// clue per row and column, every block at least 1 long and of a palette colour,
// every line's blocks fitting in it, and the same number of cells of each
// colour counted by rows and by columns. It returns every problem found as an
// error diagnostic of the puzzle's file, at the line of the clue or block
// header concerned where Origin.Places knows it.
func (p *Puzzle) Problems() diag.List {
	var errs diag.List
	errorAt := func(line int, hint, format string, args ...any) {
		errs = append(errs, diag.Diagnostic{File: p.Origin.File, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf(format, args...), Hint: hint})
	}
	if p.Kind == Triddler {
		return p.triddlerProblems() // triddler_check.go
	}
	if p.Width < 1 || p.Height < 1 {
		errorAt(p.Origin.Line, "", "size %dx%d: width and height must be at least 1", p.Width, p.Height)
		return errs
	}
	if p.Width > MaxSide || p.Height > MaxSide {
		errorAt(p.Origin.Line, "", "size %dx%d: %v (at most %d)", p.Width, p.Height, ErrTooLarge, MaxSide)
		return errs
	}
	if len(p.Rows) != p.Height {
		errorAt(p.HeaderLine(true), "", "%s for height %d", Plural(len(p.Rows), "row clue"), p.Height)
	}
	if len(p.Cols) != p.Width {
		errorAt(p.HeaderLine(false), "", "%s for width %d", Plural(len(p.Cols), "column clue"), p.Width)
	}
	check := func(row bool, lines []Line, length int) {
		what, lineOf, across := "column", p.ColLine, "high"
		if row {
			what, lineOf, across = "row", p.RowLine, "wide"
		}
		for i, l := range lines {
			for _, c := range l {
				if c.MinLen() < 1 {
					errorAt(lineOf(i), "", "%s %d: block of length %d", what, i+1, c.Len)
				}
				if c.Color < 1 || c.Color >= len(p.Palette) {
					errorAt(lineOf(i), "", "%s %d: block colour %d is not in the palette", what, i+1, c.Color)
				}
			}
			if n := l.MinLength(); n > length {
				errorAt(lineOf(i), p.tooLongHint(row, l, length),
					"%s %d: clue %s needs %d cells but the puzzle is %s %s", what, i+1, p.FormatLine(l), n, Plural(length, "cell"), across)
			}
		}
	}
	check(true, p.Rows, p.Width)
	check(false, p.Cols, p.Height)
	if len(errs) == 0 {
		for _, m := range p.SumsMismatches() {
			errorAt(p.HeaderLine(true), p.sumsHint(), "%s", m.Message(p))
		}
	}
	if p.Goal != nil && (p.Goal.Width != p.Width || p.Goal.Height != p.Height) {
		errorAt(p.GoalLine(), "", "goal is %dx%d but the puzzle is %dx%d", p.Goal.Width, p.Goal.Height, p.Width, p.Height)
	}
	return errs
}

// SumsMismatch is a colour whose cells the row clues and the column clues
// count differently: the clues have no solution.
type SumsMismatch struct {
	Color      int // palette index
	Rows, Cols int // the cells the row clues fill, and the column clues
}

// SumsMismatches returns the colours whose cells the row clues and the
// column clues count differently, in palette order, leaving out colours
// with a blot (their sums are unknown) and blocks of colours outside the
// palette (Problems names those).
func (p *Puzzle) SumsMismatches() []SumsMismatch {
	rows, cols := make([]int, len(p.Palette)), make([]int, len(p.Palette))
	blotted := make([]bool, len(p.Palette))
	for _, side := range []struct {
		lines []Line
		count []int
	}{{p.Rows, rows}, {p.Cols, cols}} {
		for _, l := range side.lines {
			for _, c := range l {
				if c.Color < 1 || c.Color >= len(p.Palette) {
					continue
				}
				blotted[c.Color] = blotted[c.Color] || c.Blot
				side.count[c.Color] += c.MinLen()
			}
		}
	}
	var out []SumsMismatch
	for c := 1; c < len(p.Palette); c++ {
		if rows[c] != cols[c] && !blotted[c] {
			out = append(out, SumsMismatch{Color: c, Rows: rows[c], Cols: cols[c]})
		}
	}
	return out
}

// Message is the error Problems reports for m.
func (m SumsMismatch) Message(p *Puzzle) string {
	return fmt.Sprintf("row clues fill %s of %s but column clues fill %d", Plural(m.Rows, "cell"), p.Palette[m.Color].DisplayName(), m.Cols)
}

// sumsHint returns the hint for row and column clues that fill different
// numbers of cells of a colour (the error stays at the rows' header). A goal
// of the puzzle's size tells which clue is wrong: the hint names the first
// that disagrees with it, at its line. Without one, it points at the column
// clues.
func (p *Puzzle) sumsHint() string {
	if p.Goal == nil || p.Goal.Width != p.Width || p.Goal.Height != p.Height {
		return cmp.Or(p.BlankLastHint(), p.columnsHint())
	}
	if hint := p.shiftHint(); hint != "" {
		return hint
	}
	ms := p.GoalMismatches()
	if len(ms) == 0 {
		return p.columnsHint()
	}
	m := ms[0]
	line := p.ColLine(m.Index)
	if m.Row {
		line = p.RowLine(m.Index)
	}
	hint := fmt.Sprintf("at line %d, %s: if the goal is right, change the clue to %s", line, m.Message, p.FormatLine(m.Got))
	switch {
	case len(ms) == 2:
		hint += "; 1 more clue disagrees with the goal"
	case len(ms) > 2:
		hint += fmt.Sprintf("; %d more clues disagree with the goal", len(ms)-1)
	}
	return hint
}

// shiftHint names the line where a clue line seems left out: from there
// on, the clues of the rows (or the columns) are the goal's moved up by one
// line, the last one read from a blank line as empty. "" when neither is.
func (p *Puzzle) shiftHint() string {
	rows, cols := CluesOf(p.Goal)
	for _, side := range []struct {
		what      string
		got, want []Line
		lineOf    func(int) int
	}{{"row", p.Rows, rows, p.RowLine}, {"column", p.Cols, cols, p.ColLine}} {
		if d, ok := shiftedUp(side.got, side.want); ok {
			return fmt.Sprintf("the %s clues from line %d on match the goal's from %s %d on: if the clue line of %s %d is missing, add it before line %d",
				side.what, side.lineOf(d), side.what, d+2, side.what, d+1, side.lineOf(d))
		}
	}
	return ""
}

// shiftedUp returns the first index d from which got holds want's lines
// moved up by one (got[i] is want[i+1] for d ≤ i < n-1, got[i] is want[i]
// before d): want's line d was left out. ok is false when got is not so,
// or when nothing but its last line differs, unless that line is empty
// and the lines before it are the same as it should be (a run of equal
// clues, one of which was left out: the blank line after them was read as
// the last).
func shiftedUp(got, want []Line) (d int, ok bool) {
	n := len(got)
	if len(want) != n || n < 2 {
		return 0, false
	}
	tail := n - 1 // got[i] == want[i+1] for every i ≥ tail, i < n-1
	for tail > 0 && got[tail-1].Equal(want[tail]) {
		tail--
	}
	for d = 0; d < n-1 && got[d].Equal(want[d]); d++ {
	}
	// d is where got first differs from want; the shift must start at or
	// before it and cover everything after it but the last line.
	if tail > d || d == n-1 && (tail == d || len(got[d]) > 0) {
		return 0, false
	}
	return tail, true
}

// BlankLastHint explains sums that differ when the side whose clues fill
// fewer cells took its last clue from the blank line after its block: its
// block is one clue line short, the blank line made up the count, and the
// clue line left out holds the cells missing. "" when that is not so.
func (p *Puzzle) BlankLastHint() string {
	ms := p.SumsMismatches()
	if len(ms) == 0 {
		return ""
	}
	short := ms[0].Rows < ms[0].Cols
	for _, m := range ms {
		if m.Rows < m.Cols != short {
			return "" // each side lacks cells of some colour
		}
	}
	places := p.places()
	what, n, line := "row", p.Height, p.RowLine(p.Height-1)
	if !short {
		what, n, line = "column", p.Width, p.ColLine(p.Width-1)
	}
	if short && !places.LastRowBlank || !short && !places.LastColBlank {
		return ""
	}
	return fmt.Sprintf("the %ss block has %s and the blank line %d after them, read as an empty %s %d: if a %s's clue line is missing, add it where it belongs, and write 0 for an empty %s",
		what, Plural(n-1, "clue line"), line, what, n, what, what)
}

// columnsHint points from the row clues' sums to the column clues: their
// block's header, or, in a format without one (.nin, where the size line
// heads both), the line of the first column clue; or nothing when neither
// is known.
func (p *Puzzle) columnsHint() string {
	places := p.places()
	if l := places.ColsHeader; l > 0 && l != places.RowsHeader {
		return fmt.Sprintf("compare with the columns block at line %d", l)
	}
	if len(places.Cols) > 0 && places.Cols[0] > 0 {
		return fmt.Sprintf("compare with the column clues from line %d", places.Cols[0])
	}
	return ""
}

// Plural writes a count with its noun, adding an "s" unless the count is 1:
// "1 colour", "2 colours".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Enumerate lists items as a sentence does, the last joined with conj
// ("and", "or"): "a", "a and b", "a, b and c".
func Enumerate(items []string, conj string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// tooLongHint is the hint of a row (or column) clue l longer than the
// puzzle is wide (or high), length cells: the clue meant when two of its
// numbers ran together (joinedClue), then resizeHint.
func (p *Puzzle) tooLongHint(row bool, l Line, length int) string {
	if joined := p.joinedClue(l, length); joined != "" {
		return fmt.Sprintf("did you mean %s? Two numbers may have run together; else %s", joined, p.resizeHint(row))
	}
	return p.resizeHint(row)
}

// resizeHint is the hint of a clue too long for its line: shorten it, or
// make the line longer; when the file gives no size, only clue lines
// (Origin.SizeFromClues), where the other block that counts them starts.
func (p *Puzzle) resizeHint(row bool) string {
	what, other := "column", "row"
	if row {
		what, other = "row", "column"
	}
	if p.Origin.SizeFromClues && p.HeaderLine(!row) > 0 {
		return fmt.Sprintf("a %s has one cell for each %s clue, from line %d: shorten the clue, or add the %s clues that are missing",
			what, other, p.HeaderLine(!row), other)
	}
	return "shorten the clue or change the size"
}

// joinedClue returns the clue meant when l, too long for its length
// cells, fits once a block's digits are split apart (a separator left out,
// "11" for "1,1"), or "" unless exactly one such clue fits.
func (p *Puzzle) joinedClue(l Line, length int) string {
	var fits []string
	for j, c := range l {
		if c.Blot || c.Len < 10 {
			continue
		}
		for _, parts := range digitSplits(strconv.Itoa(c.Len)) {
			f := slices.Clone(l[:j])
			for _, n := range parts {
				f = append(f, Clue{Len: n, Color: c.Color})
			}
			f = append(f, l[j+1:]...)
			if s := p.FormatLine(f); f.MinLength() <= length && !slices.Contains(fits, s) {
				fits = append(fits, s)
			}
		}
	}
	if len(fits) != 1 {
		return ""
	}
	return fits[0]
}

// digitSplits returns the ways of cutting digits into two numbers or more,
// none starting with 0: "112" gives 1,12; 11,2; 1,1,2.
func digitSplits(digits string) [][]int {
	var out [][]int
	for cut := 1; cut < len(digits); cut++ {
		head, tail := digits[:cut], digits[cut:]
		if head[0] == '0' || tail[0] == '0' {
			continue
		}
		h, _ := strconv.Atoi(head)
		t, _ := strconv.Atoi(tail)
		out = append(out, []int{h, t})
		for _, rest := range digitSplits(tail) {
			out = append(out, append([]int{h}, rest...))
		}
	}
	return out
}
