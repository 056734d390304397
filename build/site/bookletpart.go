package site

import (
	"encoding/binary"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
)

// A BookletPart is what a collection's booklet draws of one puzzle, kept
// from when the puzzle was published until its booklet is made, so that
// no booklet reads, parses or checks it again. The builder makes the
// booklets of a batch of collections once their files are published, so
// parts are kept for a batch of puzzles at once; small all the same: the
// puzzle without what no booklet prints (its goal, description, other
// properties and reader warnings), its texts copied out of the file's
// text, its clues packed as varints (a few bytes a clue instead of a slice
// of 24-byte clues per line) and a two-colour solution one bit a cell. Its
// origin is kept whole, though no booklet asks yet (where its clues are in
// its file: a number a row and column; its set, which its file's puzzles
// share; whether its size was counted from its clues), so that a booklet
// that comes to ask gets the puzzle's answer rather than a blank one.
type BookletPart struct {
	p            puzzle.Puzzle // Rows and Cols nil: in clues
	clues        []byte
	solution     *puzzle.Image
	solutionBits bool // solution's Cells hold a bit a cell
	difficulty   string
	drawn        *render.DrawnGrid
}

// NewBookletPart keeps what the booklet draws of p: its title (as
// Entry.BookletTitle gives it), its solution (nil for none), its
// difficulty, and drawn, the grid its sheet PDF drew (nil when the sheet
// was reused from an earlier build: the booklet then draws the grid
// afresh).
func NewBookletPart(p *puzzle.Puzzle, title string, solution *puzzle.Image, difficulty string, drawn *render.DrawnGrid) *BookletPart {
	b := &BookletPart{difficulty: difficulty, drawn: drawn}
	b.solution, b.solutionBits = packSolution(solution)
	b.p = puzzle.Puzzle{Kind: p.Kind, Width: p.Width, Height: p.Height, Palette: p.Palette,
		TriddlerClues: p.TriddlerClues, Origin: p.Origin}
	m := &p.Meta
	b.p.Meta = puzzle.Meta{Title: strings.Clone(title), Author: strings.Clone(m.Author),
		Copyright: strings.Clone(m.Copyright), License: strings.Clone(m.License),
		Catalogue: strings.Clone(m.Catalogue), ID: strings.Clone(m.ID)}
	b.clues = packLines(packLines(binary.AppendUvarint(nil, uint64(len(p.Rows))), p.Rows), p.Cols)
	b.clues = b.clues[:len(b.clues):len(b.clues)]
	return b
}

// Entry is the part as render takes it, its clues unpacked.
func (b *BookletPart) Entry() render.BookletEntry {
	p := b.p
	rows, n := binary.Uvarint(b.clues)
	lines := unpackLines(b.clues[n:])
	p.Rows, p.Cols = lines[:rows:rows], lines[rows:]
	sol := b.solution
	if b.solutionBits {
		sol = &puzzle.Image{Width: sol.Width, Height: sol.Height, Cells: make([]uint8, sol.Width*sol.Height)}
		for i := range sol.Cells {
			sol.Cells[i] = b.solution.Cells[i/8] >> (i % 8) & 1
		}
	}
	return render.BookletEntry{Puzzle: &p, Solution: sol, Difficulty: b.difficulty, Drawn: b.drawn}
}

// packSolution is sol with its cells one bit each when they are all 0 or 1
// (and true), else sol as it is; nil for nil.
func packSolution(sol *puzzle.Image) (*puzzle.Image, bool) {
	if sol == nil || len(sol.Cells) != sol.Width*sol.Height {
		return sol, false
	}
	bits := make([]uint8, (len(sol.Cells)+7)/8)
	for i, c := range sol.Cells {
		if c > 1 {
			return sol, false
		}
		bits[i/8] |= c << (i % 8)
	}
	return &puzzle.Image{Width: sol.Width, Height: sol.Height, Cells: bits}, true
}

// packLines appends lines to buf: each line's clue count, then each clue's
// length (doubled, plus one if a blot) and colour.
func packLines(buf []byte, lines []puzzle.Line) []byte {
	for _, l := range lines {
		buf = binary.AppendUvarint(buf, uint64(len(l)))
		for _, c := range l {
			n := uint64(c.Len) << 1
			if c.Blot {
				n |= 1
			}
			buf = binary.AppendUvarint(binary.AppendUvarint(buf, n), uint64(c.Color))
		}
	}
	return buf
}

// unpackLines reads back what packLines wrote, every clue in one slice.
func unpackLines(buf []byte) []puzzle.Line {
	var lines []puzzle.Line
	all := make([]puzzle.Clue, 0, len(buf)/2) // a clue takes two bytes or more
	next := func() int {
		v, n := binary.Uvarint(buf)
		buf = buf[n:]
		return int(v)
	}
	for len(buf) > 0 {
		count := next()
		from := len(all)
		for range count {
			n := next()
			all = append(all, puzzle.Clue{Len: n >> 1, Blot: n&1 == 1, Color: next()})
		}
		lines = append(lines, puzzle.Line(all[from:len(all):len(all)]))
	}
	return lines
}
