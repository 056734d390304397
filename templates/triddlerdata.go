package templates

import (
	"fmt"
	"html/template"
	"math"
	"strconv"

	"github.com/nonopress/nonopress/puzzle"
)

// TriddlerPlay is what a triddler's page embeds for triddler.js (in a
// <script type="application/json" id="np-triddler">): the triangles and the
// lines with their clues. The script draws the triangles, lets the player
// fill and mark them, keeps progress in the browser by ID, and says when
// every line's marks give its clue. With the puzzle's unique solution
// (WithSolution), the page's coach can check the marks and give hints.
type TriddlerPlay struct {
	ID      string      `json:"id"`
	Title   string      `json:"title"`
	Palette []PlayColor `json:"palette"`
	// Width and Height are the size of the cells' image (see
	// puzzle.TriGeometry): Check masks that image, cell (x, y) at y*Width+x.
	Width  int        `json:"width"`
	Height int        `json:"height"`
	Check  *PlayCheck `json:"check,omitempty"` // nil: no Check, no hints
	// Cells are the triangles as [x, y, up]: half-unit, row, 1 pointing up
	// (see puzzle.TriGeometry).
	Cells [][3]int `json:"cells"`
	// Lines are the cells of each line in clue order, with the clue as
	// [length, colour] pairs.
	Lines []TriddlerPlayLine `json:"lines"`
}

// TriddlerPlayLine is one line of a TriddlerPlay.
type TriddlerPlayLine struct {
	// Name says which line it is, for hints: "row 3", "/ line 2", "\ line 4"
	// (counted from the top, the left and the left).
	Name  string   `json:"name"`
	Cells []int    `json:"cells"`
	Clue  [][2]int `json:"clue"`
	// At are where the clue's numbers go (one for an empty clue's 0), in
	// triangle sides from the top-left of the cells' box.
	At [][2]float64 `json:"at"`
}

// NewTriddlerPlay returns the play data of a triddler, or nil for a grid
// or a triddler without a shape (its page then has no play mode). The
// options are those of NewPlayData: WithSolution, given the solution as an
// image of the triddler's geometry, adds the masked solution.
func NewTriddlerPlay(p *puzzle.Puzzle, id, title string, opts ...PlayOption) *TriddlerPlay {
	if p.Kind != puzzle.Triddler {
		return nil
	}
	g, err := p.TriddlerGeometry()
	if err != nil {
		return nil
	}
	d := &TriddlerPlay{ID: id, Title: title, Width: g.Width, Height: g.Height}
	pd := PlayData{ID: id, Width: g.Width, Height: g.Height}
	for _, opt := range opts {
		opt(&pd, p)
	}
	d.Check = pd.Check
	for _, c := range p.Palette {
		d.Palette = append(d.Palette, PlayColor{Char: string(c.Char), Name: c.Name, RGB: c.RGB.Hex()})
	}
	for _, c := range g.Cells {
		up := 0
		if c.Up {
			up = 1
		}
		d.Cells = append(d.Cells, [3]int{c.X, c.Y, up})
	}
	var inFamily [3]int
	for i, l := range g.Lines {
		inFamily[l.Family]++
		name := [3]string{"row", "/ line", "\\ line"}[l.Family] + " " + strconv.Itoa(inFamily[l.Family])
		pl := TriddlerPlayLine{Name: name, Cells: l.Cells, Clue: [][2]int{}}
		for _, c := range g.Clues[i] {
			pl.Clue = append(pl.Clue, [2]int{c.Len, c.Color})
		}
		for j := range max(1, len(g.Clues[i])) {
			at := g.CluePoint(i, j)
			pl.At = append(pl.At, [2]float64{round3(at[0]), round3(at[1])})
		}
		d.Lines = append(d.Lines, pl)
	}
	return d
}

// round3 rounds to thousandths, to keep the page's JSON short.
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// Aspect is the width to height of the drawing triddler.js makes of d, its
// triangles and clue numbers with their margins, as CSS's aspect-ratio
// writes it ("13.2 / 11.9"): the page keeps a box of that shape for the
// drawing until it is drawn, so that nothing below it jumps.
func (d *TriddlerPlay) Aspect() template.CSS {
	w, h := d.box()
	return template.CSS(fmt.Sprintf("%.3f / %.3f", w, h))
}

// MinWidth is the least width, in CSS px, triddler.js draws d at: where
// its clue numbers (half a triangle's side, its CLUE_SIZE) are 13 px (its
// MIN_CLUE_PX). The page's box for the drawing keeps it too.
func (d *TriddlerPlay) MinWidth() int {
	w, _ := d.box()
	return int(math.Ceil(w * 13 / 0.5))
}

// box is the width and height of triddler.js's box, in triangle sides: a
// number's half-width r around each clue point, 2 units of its 40 a side
// beyond.
func (d *TriddlerPlay) box() (w, h float64) {
	const r, pad = 0.45, 4.0 / 40
	row := math.Sqrt(3) / 2
	x0, y0, x1, y1 := 0.0, 0.0, 0.0, 0.0
	for _, c := range d.Cells {
		x1 = max(x1, float64(c[0]+2)/2)
		y1 = max(y1, float64(c[1]+1)*row)
	}
	for _, l := range d.Lines {
		for _, a := range l.At {
			x0, y0 = min(x0, a[0]-r), min(y0, a[1]-r)
			x1, y1 = max(x1, a[0]+r), max(y1, a[1]+r)
		}
	}
	return x1 - x0 + pad, y1 - y0 + pad
}
