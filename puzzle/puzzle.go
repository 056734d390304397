// Package puzzle is nonopress's model of a nonogram: its size, clues, palette,
// optional goal image and metadata, independent of the file format it came from.
//
// Every other package speaks in these types: formats reads and writes them,
// solve solves them, render draws them and build publishes them.
package puzzle

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/diag"
)

// MaxSide is the largest width or height nonopress accepts. Real archives go up
// to 512x512 (cauldron); anything larger is refused with a clear error.
const MaxSide = 1024

// Background is the palette index of the background colour: the "empty" cell.
const Background = 0

// Kind tells what shape of puzzle this is.
type Kind string

// The puzzle kinds nonopress knows. Only grids are rendered and solved; a
// triddler is read and kept so that it can be reported as unsupported.
const (
	Grid     Kind = "grid"
	Triddler Kind = "triddler"
)

// RGB is a colour value.
type RGB struct{ R, G, B uint8 }

// Hex returns the colour as "#rrggbb".
func (c RGB) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// ParseRGB reads "#rrggbb", "rrggbb", "#rgb" or "rgb" (case-insensitive).
func ParseRGB(s string) (RGB, error) {
	h := strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 {
		return RGB{}, fmt.Errorf("bad colour value %q: want 3 or 6 hex digits", s)
	}
	var v [3]uint8
	for i := range 3 {
		hi, ok1 := hexDigit(h[2*i])
		lo, ok2 := hexDigit(h[2*i+1])
		if !ok1 || !ok2 {
			return RGB{}, fmt.Errorf("bad colour value %q: not hexadecimal", s)
		}
		v[i] = hi<<4 | lo
	}
	return RGB{v[0], v[1], v[2]}, nil
}

func hexDigit(c byte) (uint8, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Luminance is the relative luminance of c (WCAG), from 0 (black) to 1 (white).
func (c RGB) Luminance() float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// Color is one entry of a puzzle's palette.
type Color struct {
	Char rune   // the character that stands for it in clues and goal images ('.', 'X', 'a', ...)
	Name string // its name ("black", "red"): the file's, or one NameColors gave it
	RGB  RGB
	// Derived is set when Name was not in the file but chosen by NameColors
	// (the nearest well-known colour name).
	Derived bool
}

// Clue is one block of a line: a run of Len cells of palette colour Color
// (never Background).
//
// A blotted clue (Blot set) is webpbn's censored clue number: its colour is
// shown but its length is hidden, so the block is any length from 1. Len is
// 0 for a blot; MinLen gives the length a blot needs at least.
type Clue struct {
	Len   int
	Color int
	Blot  bool
}

// MinLen is the fewest cells the block covers: Len, or 1 for a blot.
func (c Clue) MinLen() int {
	if c.Blot {
		return 1
	}
	return c.Len
}

// Blotted reports whether some block of the line is blotted.
func (l Line) Blotted() bool {
	for _, c := range l {
		if c.Blot {
			return true
		}
	}
	return false
}

// LengthText writes the block's length as a clue shows it: its number, or
// "?" for a blot.
func (c Clue) LengthText() string {
	if c.Blot {
		return "?"
	}
	return strconv.Itoa(c.Len)
}

// Line is the clue of one row or column, from left to right or top to bottom.
// An empty line has no blocks.
type Line []Clue

// String writes the line's lengths as "2,1" ("?" for a blot), or "0" for an
// empty line. Use Puzzle.FormatLine to show colours too.
func (l Line) String() string {
	if len(l) == 0 {
		return "0"
	}
	parts := make([]string, len(l))
	for i, c := range l {
		parts[i] = c.LengthText()
	}
	return strings.Join(parts, ",")
}

// FormatLine writes a line as "2,1" in a one-colour puzzle and as "2a,1b" (with
// the palette's characters) in a multicolour one.
func (p *Puzzle) FormatLine(l Line) string {
	if p.Colors() <= 1 || len(l) == 0 {
		return l.String()
	}
	parts := make([]string, len(l))
	for i, c := range l {
		ch := "?"
		if c.Color >= 0 && c.Color < len(p.Palette) {
			ch = string(p.Palette[c.Color].Char)
		}
		parts[i] = c.LengthText() + ch
	}
	return strings.Join(parts, ",")
}

// Image is a grid of palette indices, row by row: Cells[y*Width+x].
type Image struct {
	Width, Height int
	Cells         []uint8
}

// NewImage returns a background-filled image.
func NewImage(w, h int) *Image { return &Image{Width: w, Height: h, Cells: make([]uint8, w*h)} }

// At returns the colour of cell (x, y).
func (g *Image) At(x, y int) int { return int(g.Cells[y*g.Width+x]) }

// Set sets the colour of cell (x, y).
func (g *Image) Set(x, y, c int) { g.Cells[y*g.Width+x] = uint8(c) }

// Equal reports whether two images have the same size and cells.
func (g *Image) Equal(o *Image) bool {
	if g == nil || o == nil {
		return g == o
	}
	if g.Width != o.Width || g.Height != o.Height {
		return false
	}
	for i := range g.Cells {
		if g.Cells[i] != o.Cells[i] {
			return false
		}
	}
	return true
}

// Property is a metadata key the model has no field for, kept as read.
type Property struct{ Key, Value string }

// Meta is what a puzzle says about itself.
type Meta struct {
	Title       string
	Author      string
	Copyright   string
	License     string // an SPDX identifier or free text
	Catalogue   string // catalogue number or source ("webpbn.com #1")
	ID          string // the source's own identifier, not the clue hash
	Description string
	Extra       []Property // any other property, in file order
}

// Syntax is how a puzzle's format writes what a check's hint may ask an
// author to add, as the hint puts it after "add"; "" where the format has
// no place for it. Headers names what starts the rows and the columns
// blocks, in a hint asking to swap them; "" for the plain "the rows and
// columns headers".
type Syntax struct {
	License string // `a line such as "license CC-BY-4.0"`
	Goal    string // "a goal line"
	Headers string // "the types of the <clues>"
}

// Origin is where a puzzle was read from.
type Origin struct {
	File   string // path as given to the reader
	Line   int    // 1-based line where the puzzle starts; 0 when unknown
	Index  int    // position in a multi-puzzle file, from 0
	Format string // the reader's name for its format (package formats)
	// SizeFromClues says the file gives no size: the width and height are
	// the numbers of column and row clues (the reader counted them).
	SizeFromClues bool
	// Syntax is how the file's format writes what a check may ask its
	// author to add; the zero Syntax for a format with room for none.
	Syntax Syntax
	// Places says where its clues, goal and keys are, when the format tells;
	// nil otherwise.
	Places *Places
	// Set is the metadata of the bundle or set the puzzle came in (an XML
	// <puzzleset>'s title, author, copyright and source; a .nonpack's
	// leading block of keys), shared by its puzzles; nil when there is none.
	// Its title names the collection the site makes of the file.
	Set *Meta
}

// Puzzle is one nonogram.
type Puzzle struct {
	Kind          Kind
	Width, Height int
	Rows, Cols    []Line
	// Palette[0] is the background; the others are the colours clues use.
	Palette []Color
	Goal    *Image // the author's intended solution, if the file has one
	Meta    Meta
	Origin  Origin
	// TriddlerClues holds the six clue sets of a triddler, by side name
	// ("top", "topright", "bottomright", "bottom", "bottomleft", "topleft").
	TriddlerClues map[string][]Line
	// Warnings are what the reader noticed but could read past (invalid UTF-8
	// replaced, a misspelt key, ignored characters), with the file, line and
	// column they concern.
	Warnings diag.List
}

// Diagnostic is the one diagnostic type (package diag): file, line, column,
// severity, message and hint. The alias keeps older callers compiling.
type Diagnostic = diag.Diagnostic

// Colors counts the non-background colours of the palette.
func (p *Puzzle) Colors() int {
	if len(p.Palette) == 0 {
		return 0
	}
	return len(p.Palette) - 1
}

// Where names the puzzle's origin for messages: "file:line" or "file".
func (p *Puzzle) Where() string {
	if p.Origin.Line > 0 {
		return fmt.Sprintf("%s:%d", p.Origin.File, p.Origin.Line)
	}
	return p.Origin.File
}

// DefaultPalette is the palette of a plain two-colour puzzle.
func DefaultPalette() []Color {
	return []Color{
		{Char: '.', Name: "white", RGB: RGB{255, 255, 255}},
		{Char: 'X', Name: "black", RGB: RGB{0, 0, 0}},
	}
}
