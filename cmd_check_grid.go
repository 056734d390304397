package main

import (
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// maxGridWidth and maxGridHeight bound the part of an ambiguous puzzle
// `check` draws: the cells around the differences, at most this many.
const (
	maxGridWidth  = 60
	maxGridHeight = 30
)

// differenceGrid draws one of two solutions as text, with each cell where
// the other differs as '?', so that the author sees in a terminal which
// cells the clues leave open: the part of the grid around the differences
// (two cells of margin), one line per row, indented, with a first line
// saying which rows and columns it shows.
func differenceGrid(p *puzzle.Puzzle, a, b *puzzle.Image) string {
	if a == nil || b == nil || a.Width != b.Width || a.Height != b.Height {
		return ""
	}
	x0, y0, x1, y1 := a.Width, a.Height, -1, -1
	for y := range a.Height {
		for x := range a.Width {
			if a.At(x, y) != b.At(x, y) {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	if x1 < 0 {
		return ""
	}
	x0, y0 = max(0, x0-2), max(0, y0-2)
	x1, y1 = min(a.Width-1, x1+2, x0+maxGridWidth-1), min(a.Height-1, y1+2, y0+maxGridHeight-1)
	var sb strings.Builder
	sb.WriteString("    where two solutions differ (?), rows ")
	sb.WriteString(span(y0, y1))
	sb.WriteString(", columns ")
	sb.WriteString(span(x0, x1))
	sb.WriteString(":\n")
	for y := y0; y <= y1; y++ {
		sb.WriteString("    ")
		for x := x0; x <= x1; x++ {
			sb.WriteRune(cellChar(p, a, b, x, y))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// cellChar is the character of a cell: '?' where the solutions differ, '.'
// for the background, '#' for the one colour of a two-colour puzzle, else
// the palette's character.
func cellChar(p *puzzle.Puzzle, a, b *puzzle.Image, x, y int) rune {
	c := a.At(x, y)
	switch {
	case c != b.At(x, y):
		return '?'
	case c == puzzle.Background:
		return '.'
	case p.Colors() == 1 || c >= len(p.Palette):
		return '#'
	}
	return p.Palette[c].Char
}

// span writes a 1-based range "3-9" (or "3").
func span(from, to int) string {
	if from == to {
		return strconv.Itoa(from + 1)
	}
	return strconv.Itoa(from+1) + "-" + strconv.Itoa(to+1)
}
