package templates

import (
	"encoding/base64"
	"hash/fnv"
	"math/bits"

	"github.com/nonopress/nonopress/puzzle"
)

// PlayData is the puzzle as play.js reads it from a puzzle page: JSON in
// <script type="application/json" id="np-puzzle">, before <div id="np-play">.
// Each line is a list of [length, palette index] pairs; Palette[0] is the
// background. The site builder writes it and the play-mode tests read it, so
// both use this one type.
type PlayData struct {
	ID      string      `json:"id"`
	Title   string      `json:"title"`
	Width   int         `json:"width"`
	Height  int         `json:"height"`
	Rows    [][][2]int  `json:"rows"`
	Cols    [][][2]int  `json:"cols"`
	Palette []PlayColor `json:"palette"`
	Check   *PlayCheck  `json:"check,omitempty"` // nil: the page offers no Check
	// OnDemand: the grid is built when the player asks for it (or has
	// progress saved), not as the page loads (see LargeGrid).
	OnDemand bool `json:"onDemand,omitempty"`
}

// EagerCells is the most cells a play grid built as its page loads has. A
// larger grid is thousands of elements whose first layout is a long task
// on a phone, for a visitor who may only look or print: its page offers a
// button that builds it, and its sheet is an image rather than inline SVG.
const EagerCells = 2500

// LargeGrid reports whether a w x h grid is over EagerCells.
func LargeGrid(w, h int) bool { return w*h > EagerCells }

// PlayColor is a palette entry of PlayData.
type PlayColor struct {
	Char string `json:"char"`
	Name string `json:"name"`
	RGB  string `json:"rgb"` // "#rrggbb"
}

// PlayCheck lets the page tell whether the player's marks are right without
// showing the solution at a glance: each cell's palette index, Bits bits a
// cell packed from the low bit of each byte up, is xored with the low bits of
// a key stream derived from the puzzle id (see checkKeys), and the bytes are
// base64. It hides the picture from the eye and from a look at the page
// source; it is not a secret from someone who runs the decoding.
type PlayCheck struct {
	Bits  int    `json:"bits"`
	Cells string `json:"cells"`
}

// PlayOption adds to what NewPlayData writes.
type PlayOption func(*PlayData, *puzzle.Puzzle)

// WithSolution gives the page a masked copy of the puzzle's unique solution
// for its Check button. A nil image, or one whose size is not the puzzle's,
// adds nothing.
func WithSolution(solution *puzzle.Image) PlayOption {
	return func(d *PlayData, p *puzzle.Puzzle) {
		if solution == nil || solution.Width != d.Width || solution.Height != d.Height {
			return
		}
		d.Check = maskSolution(d.ID, solution, len(p.Palette))
	}
}

// NewPlayData describes p for play.js, under its id (the clue hash, which
// keys saved progress) and the title the page shows.
func NewPlayData(p *puzzle.Puzzle, id, title string, opts ...PlayOption) PlayData {
	lines := func(ls []puzzle.Line) [][][2]int {
		out := make([][][2]int, len(ls))
		for i, l := range ls {
			out[i] = make([][2]int, len(l))
			for j, c := range l {
				out[i][j] = [2]int{c.Len, c.Color}
			}
		}
		return out
	}
	d := PlayData{ID: id, Title: title, Width: p.Width, Height: p.Height, Rows: lines(p.Rows), Cols: lines(p.Cols),
		OnDemand: LargeGrid(p.Width, p.Height)}
	for _, c := range p.Palette {
		d.Palette = append(d.Palette, PlayColor{Char: string(c.Char), Name: c.Name, RGB: c.RGB.Hex()})
	}
	for _, opt := range opts {
		opt(&d, p)
	}
	return d
}

// maskSolution packs and masks a solution's cells as PlayCheck says.
func maskSolution(id string, solution *puzzle.Image, colours int) *PlayCheck {
	width := max(1, bits.Len(uint(max(colours-1, 1))))
	keys := checkKeys(id, len(solution.Cells))
	mask := uint32(1)<<width - 1
	packed := make([]byte, (len(solution.Cells)*width+7)/8)
	for i, c := range solution.Cells {
		v := (uint32(c) ^ keys[i]) & mask
		for b := range width {
			if v>>b&1 != 0 {
				at := i*width + b
				packed[at/8] |= 1 << (at % 8)
			}
		}
	}
	return &PlayCheck{Bits: width, Cells: base64.StdEncoding.EncodeToString(packed)}
}

// checkKeys is the key stream of PlayCheck: xorshift32 (13, 17, 5) seeded
// with the 32-bit FNV-1a hash of the id (1 if that is 0). coach.js makes the
// same stream; the tests check that the page decodes what this encodes.
func checkKeys(id string, n int) []uint32 {
	h := fnv.New32a()
	h.Write([]byte(id))
	x := h.Sum32()
	if x == 0 {
		x = 1
	}
	out := make([]uint32, n)
	for i := range out {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		out[i] = x
	}
	return out
}
