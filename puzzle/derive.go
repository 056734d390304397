package puzzle

import (
	"errors"
	"fmt"
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

// MinLength is the fewest cells the line's blocks need: their lengths plus one
// gap between neighbours of the same colour.
func (l Line) MinLength() int {
	n := 0
	for i, c := range l {
		n += c.Len
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
	// Message says it in words: "row 3: clue is 2,1 but the goal gives 3".
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
		if !rows[i].Equal(p.Rows[i]) {
			out = append(out, Mismatch{Row: true, Index: i, Want: p.Rows[i], Got: rows[i],
				Message: fmt.Sprintf("row %d: clue is %s but the goal gives %s", i+1, p.FormatLine(p.Rows[i]), p.FormatLine(rows[i]))})
		}
	}
	for i := range min(len(cols), len(p.Cols)) {
		if !cols[i].Equal(p.Cols[i]) {
			out = append(out, Mismatch{Index: i, Want: p.Cols[i], Got: cols[i],
				Message: fmt.Sprintf("column %d: clue is %s but the goal gives %s", i+1, p.FormatLine(p.Cols[i]), p.FormatLine(cols[i]))})
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

// Validate checks that the puzzle is well formed: a size within bounds, one
// clue per row and column, every block at least 1 long and of a palette colour,
// every line's blocks fitting in it, and the same number of cells of each
// colour counted by rows and by columns. It returns every problem found, as
// messages without a file position (the caller knows the puzzle's origin).
func (p *Puzzle) Validate() []string {
	var errs []string
	if p.Kind == Triddler {
		return nil
	}
	if p.Width < 1 || p.Height < 1 {
		return append(errs, fmt.Sprintf("size %dx%d: width and height must be at least 1", p.Width, p.Height))
	}
	if p.Width > MaxSide || p.Height > MaxSide {
		return append(errs, fmt.Sprintf("size %dx%d: %v (at most %d)", p.Width, p.Height, ErrTooLarge, MaxSide))
	}
	if len(p.Rows) != p.Height {
		errs = append(errs, fmt.Sprintf("%d row clues for height %d", len(p.Rows), p.Height))
	}
	if len(p.Cols) != p.Width {
		errs = append(errs, fmt.Sprintf("%d column clues for width %d", len(p.Cols), p.Width))
	}
	check := func(what string, lines []Line, length int) []int {
		count := make([]int, len(p.Palette)+1)
		for i, l := range lines {
			for _, c := range l {
				if c.Len < 1 {
					errs = append(errs, fmt.Sprintf("%s %d: block of length %d", what, i+1, c.Len))
				}
				if c.Color < 1 || c.Color >= len(p.Palette) {
					errs = append(errs, fmt.Sprintf("%s %d: block colour %d is not in the palette", what, i+1, c.Color))
					continue
				}
				count[c.Color] += c.Len
			}
			if n := l.MinLength(); n > length {
				errs = append(errs, fmt.Sprintf("%s %d: clue %s needs %d cells but the line has %d", what, i+1, p.FormatLine(l), n, length))
			}
		}
		return count
	}
	rc := check("row", p.Rows, p.Width)
	cc := check("column", p.Cols, p.Height)
	if len(errs) == 0 {
		for c := 1; c < len(p.Palette); c++ {
			if rc[c] != cc[c] {
				name := p.Palette[c].Name
				if name == "" {
					name = p.Palette[c].RGB.Hex()
				}
				errs = append(errs, fmt.Sprintf("row clues fill %d cells of %s but column clues fill %d", rc[c], name, cc[c]))
			}
		}
	}
	if p.Goal != nil && (p.Goal.Width != p.Width || p.Goal.Height != p.Height) {
		errs = append(errs, fmt.Sprintf("goal is %dx%d but the puzzle is %dx%d", p.Goal.Width, p.Goal.Height, p.Width, p.Height))
	}
	return errs
}
