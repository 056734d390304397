package puzzle

import (
	"errors"
	"fmt"
	"math"
)

// This file is the geometry of a triddler: a nonogram on a grid of
// triangles, with three families of lines (rows, "/" lines and "\" lines).
//
// A cell is a triple (a, b, c) with a-b+c = -1 (a triangle pointing up) or 0
// (pointing down): a is its row, b its "/" line and c its "\" line. The
// outline is a box of six bounds, one per coordinate per side, which is what
// webpbn's six clue sets describe: rows have their clues on the left,
// "topleft" above the bend and "bottomleft" below it; "/" lines are read from
// their top end, "top" or "topright"; "\" lines are labelled at their bottom
// end, "bottom" or "bottomright", but read from their top end (webpbn's
// convention, as number-loom found it from webpbn's worked example).
//
// For drawing and for images, a cell sits in row a at half-unit p (up:
// 2b-a, down: 2b+1-a): the triangle spans half-units p..p+2. Consecutive
// cells of a row are one half-unit apart, so a triddler's cells are exactly
// the positions (p, a) of an Image of TriGeometry.Width × Height, the others
// being unused.

// ErrTriddlerShape is returned when a triddler's six clue counts describe no
// outline.
var ErrTriddlerShape = errors.New("triddler: no outline has these clue counts")

// TriCell is one triangle of a triddler, with its image position.
type TriCell struct {
	A, B, C int  // its row, "/" line and "\" line
	X, Y    int  // its place in a TriGeometry-sized Image: half-unit and row
	Up      bool // it points up
}

// TriLine is one line of a triddler: the cells its clue is read along.
type TriLine struct {
	Family int    // 0 rows, 1 "/" lines, 2 "\" lines
	Side   string // the clue set it belongs to ("topleft", ...)
	Index  int    // its place in that clue set
	Cells  []int  // indices into TriGeometry.Cells, in clue order
}

// TriGeometry is a triddler's shape: its cells, its lines and their clues.
type TriGeometry struct {
	// Width and Height of the cells' image: half-unit positions and rows (the
	// drawing is Width+1 half-units wide).
	Width, Height int
	Cells         []TriCell
	Lines         []TriLine // rows, then "/" lines, then "\" lines
	Clues         []Line    // Clues[i] is the clue of Lines[i]
	// CellLines[i] are the three lines through cell i, one per family.
	CellLines [][3]int
	at        map[[2]int]int // (x, y) → cell index
}

// triOutline is the six bounds of a triddler's cells, inclusive.
type triOutline struct{ a0, a1, b0, b1, c0, c1 int }

func (o triOutline) contains(a, b, c int) bool {
	d := a - b + c
	return (d == -1 || d == 0) && a >= o.a0 && a <= o.a1 && b >= o.b0 && b <= o.b1 && c >= o.c0 && c <= o.c1
}

// quickCounts returns how many rows have their clue on the topleft side and
// how many "/" lines on the top side, without listing cells, for an outline
// with a0 = c0 = 0: a row a starts with an up cell on the b bound exactly
// when a < b0 <= a+c1+1 (else with a down cell on the c bound), and a "/"
// line b starts on the top row exactly when 0 <= b <= c1.
func (o triOutline) quickCounts() (topleft, top int) {
	for a := o.a0; a <= o.a1; a++ {
		if a < o.b0 && o.b0 <= a+o.c1+1 {
			topleft++
		}
	}
	top = max(0, min(o.b1, o.c1)-max(o.b0, 0)+1)
	return topleft, top
}

// CellAt returns the index of the cell at image position (x, y), or -1.
func (g *TriGeometry) CellAt(x, y int) int {
	if i, ok := g.at[[2]int{x, y}]; ok {
		return i
	}
	return -1
}

// TriddlerGeometry works out a triddler's shape from the number of lines in
// each of its six clue sets, and pairs every line with its clue.
func (p *Puzzle) TriddlerGeometry() (*TriGeometry, error) {
	if p.Kind != Triddler {
		return nil, fmt.Errorf("%s: not a triddler", p.Where())
	}
	n := func(side string) int { return len(p.TriddlerClues[side]) }
	na, nb, nc := n("topleft")+n("bottomleft"), n("top")+n("topright"), n("bottom")+n("bottomright")
	if na == 0 || nb == 0 || nc == 0 || na > MaxSide || nb > MaxSide || nc > MaxSide {
		return nil, fmt.Errorf("%s: %w: %d rows, %d \"/\" lines, %d \"\\\" lines", p.Where(), ErrTriddlerShape, na, nb, nc)
	}
	span := na + nb + nc
	for b0 := -span; b0 <= span; b0++ {
		o := triOutline{0, na - 1, b0, b0 + nb - 1, 0, nc - 1}
		if tl, top := o.quickCounts(); tl != n("topleft") || top != n("top") {
			continue
		}
		g := newTriGeometry(o)
		if len(g.Cells) == 0 || !g.countsMatch(p) {
			continue
		}
		g.attachClues(p)
		return g, nil
	}
	return nil, fmt.Errorf("%s: %w: topleft %d, bottomleft %d, top %d, topright %d, bottom %d, bottomright %d",
		p.Where(), ErrTriddlerShape, n("topleft"), n("bottomleft"), n("top"), n("topright"), n("bottom"), n("bottomright"))
}

// HasTriddlerOutline reports whether a triddler whose sides hold lines[side]
// clue lines each has an outline (TriddlerGeometry would find one).
func HasTriddlerOutline(lines map[string]int) bool {
	p := &Puzzle{Kind: Triddler, TriddlerClues: map[string][]Line{}}
	for side, n := range lines {
		p.TriddlerClues[side] = make([]Line, n)
	}
	_, err := p.TriddlerGeometry()
	return err == nil
}

// countsMatch reports whether g has as many lines on each side as p has clues.
func (g *TriGeometry) countsMatch(p *Puzzle) bool {
	count := map[string]int{}
	for _, l := range g.Lines {
		count[l.Side]++
	}
	for _, side := range TriddlerSides {
		if count[side] != len(p.TriddlerClues[side]) {
			return false
		}
	}
	return true
}

func (g *TriGeometry) attachClues(p *Puzzle) {
	g.Clues = make([]Line, len(g.Lines))
	for i, l := range g.Lines {
		g.Clues[i] = p.TriddlerClues[l.Side][l.Index]
	}
}

// newTriGeometry lists the cells of o row by row, left to right, and its
// lines family by family.
func newTriGeometry(o triOutline) *TriGeometry {
	g := &TriGeometry{at: map[[2]int]int{}}
	index := map[[3]int]int{}
	minX, maxX := 0, -1
	for a := o.a0; a <= o.a1; a++ {
		for b := o.b0; b <= o.b1; b++ {
			for _, c := range []int{b - a - 1, b - a} {
				if !o.contains(a, b, c) {
					continue
				}
				up := a-b+c == -1
				x := 2*b - a
				if !up {
					x++
				}
				if len(g.Cells) == 0 {
					minX, maxX = x, x
				}
				minX, maxX = min(minX, x), max(maxX, x)
				index[[3]int{a, b, c}] = len(g.Cells)
				g.Cells = append(g.Cells, TriCell{A: a, B: b, C: c, X: x, Y: a - o.a0, Up: up})
			}
		}
	}
	for i := range g.Cells {
		g.Cells[i].X -= minX
		g.at[[2]int{g.Cells[i].X, g.Cells[i].Y}] = i
	}
	g.Width, g.Height = maxX-minX+1, o.a1-o.a0+1
	if len(g.Cells) == 0 {
		g.Width = 0
	}
	g.CellLines = make([][3]int, len(g.Cells))
	// firstOn[f][k] is a cell whose family-f coordinate is k.
	var firstOn [3]map[int][3]int
	for f := range firstOn {
		firstOn[f] = map[int][3]int{}
	}
	for i := len(g.Cells) - 1; i >= 0; i-- {
		c := g.Cells[i]
		t := [3]int{c.A, c.B, c.C}
		for f := range firstOn {
			firstOn[f][t[f]] = t
		}
	}
	for f, fam := range triFamilies {
		sides := map[string]int{}
		lo, hi := fam.bounds(o)
		for k := lo; k <= hi; k++ {
			cells, near := fam.walk(o, k, firstOn[f])
			if len(cells) == 0 {
				continue
			}
			side := fam.far
			if near {
				side = fam.near
			}
			ids := make([]int, len(cells))
			for i, t := range cells {
				ids[i] = index[t]
				g.CellLines[ids[i]][f] = len(g.Lines)
			}
			g.Lines = append(g.Lines, TriLine{Family: f, Side: side, Index: sides[side], Cells: ids})
			sides[side]++
		}
	}
	return g
}

// triDir is one of the six directions a line can leave a triangle in.
type triDir int

const (
	dirLeft triDir = iota
	dirRight
	dirUpLeft
	dirDownRight
	dirUpRight
	dirDownLeft
)

// triStep returns the neighbour of (a, b, c) along d: each step changes
// one coordinate, which one depending on whether the cell points up.
func triStep(t [3]int, d triDir) [3]int {
	a, b, c := t[0], t[1], t[2]
	up := a-b+c == -1
	switch {
	case d == dirRight && up, d == dirUpRight && up:
		c++
	case d == dirRight, d == dirDownRight && !up:
		b++
	case d == dirLeft && up, d == dirUpLeft && up:
		b--
	case d == dirLeft, d == dirDownLeft && !up:
		c--
	case d == dirDownLeft, d == dirDownRight:
		a++
	default: // dirUpRight or dirUpLeft, pointing down
		a--
	}
	return [3]int{a, b, c}
}

// triFamily says how one family's lines run: the coordinate they keep, the
// way to walk to the end their clue set is named from, and the way back.
type triFamily struct {
	key       int    // 0 a, 1 b, 2 c
	toEnd     triDir // towards the labelled end
	along     triDir // from it, along the line
	near, far string // the clue set when the key's own family bound stops the walk, else
	reversed  bool   // the clue is read from the other end
}

var triFamilies = [3]triFamily{
	{key: 0, toEnd: dirLeft, along: dirRight, near: "topleft", far: "bottomleft"},
	{key: 1, toEnd: dirUpRight, along: dirDownLeft, near: "top", far: "topright"},
	{key: 2, toEnd: dirDownRight, along: dirUpLeft, near: "bottom", far: "bottomright", reversed: true},
}

// bounds is the range of the family's key coordinate.
func (f triFamily) bounds(o triOutline) (int, int) {
	switch f.key {
	case 0:
		return o.a0, o.a1
	case 1:
		return o.b0, o.b1
	}
	return o.c0, o.c1
}

// walk returns the cells of the line whose key is k (on[k] is one of them),
// in clue order, and whether its labelled end is on the near side.
func (f triFamily) walk(o triOutline, k int, on map[int][3]int) ([][3]int, bool) {
	start, found := on[k]
	if !found {
		return nil, false
	}
	in := func(t [3]int) bool { return o.contains(t[0], t[1], t[2]) }
	for in(triStep(start, f.toEnd)) {
		start = triStep(start, f.toEnd)
	}
	past := triStep(start, f.toEnd)
	var near bool
	switch f.key {
	case 0:
		near = past[1] < o.b0
	case 1:
		near = past[0] < o.a0
	default:
		near = past[0] > o.a1
	}
	line := [][3]int{start}
	for t := triStep(start, f.along); in(t); t = triStep(t, f.along) {
		line = append(line, t)
	}
	if f.reversed {
		for i, j := 0, len(line)-1; i < j; i, j = i+1, j-1 {
			line[i], line[j] = line[j], line[i]
		}
	}
	return line, near
}

// LineClue returns the clue that line l has in img, an image of g's size.
func (g *TriGeometry) LineClue(img *Image, l int) Line {
	var out Line
	prev := Background
	for _, ci := range g.Lines[l].Cells {
		c := g.Cells[ci]
		v := img.At(c.X, c.Y)
		switch {
		case v == Background:
		case v == prev:
			out[len(out)-1].Len++
		default:
			out = append(out, Clue{Len: 1, Color: v})
		}
		prev = v
	}
	return out
}

// TriddlerOf returns a triddler of g's shape whose clues are those of img,
// with palette pal.
func (g *TriGeometry) TriddlerOf(img *Image, pal []Color) *Puzzle {
	p := &Puzzle{Kind: Triddler, Palette: pal, TriddlerClues: map[string][]Line{}}
	for _, side := range TriddlerSides {
		p.TriddlerClues[side] = []Line{}
	}
	for i, l := range g.Lines {
		p.TriddlerClues[l.Side] = append(p.TriddlerClues[l.Side], g.LineClue(img, i))
	}
	return p
}

// TriddlerHexagon returns the geometry of a regular hexagon with n cells
// along each side (6n² cells).
func TriddlerHexagon(n int) *TriGeometry {
	return newTriGeometry(triOutline{0, 2*n - 1, 0, 2*n - 1, -n, n - 1})
}

// TriRowHeight is the height of a row of triangles of side 1.
var TriRowHeight = math.Sqrt(3) / 2

// Corners are the cell's corners for triangles of side 1, the cells' box
// from (0, 0): x in sides, y downwards.
func (c TriCell) Corners() [3][2]float64 {
	x, y := float64(c.X)/2, float64(c.Y)*TriRowHeight
	if c.Up {
		return [3][2]float64{{x, y + TriRowHeight}, {x + 1, y + TriRowHeight}, {x + 0.5, y}}
	}
	return [3][2]float64{{x, y}, {x + 1, y}, {x + 0.5, y + TriRowHeight}}
}

// triReading are each family's reading directions, for triangles of side 1.
var triReading = [3][2]float64{{1, 0}, {-0.5, math.Sqrt(3) / 2}, {0.5, math.Sqrt(3) / 2}}

// ClueAnchor says where line i's clue goes, for triangles of side 1: the
// point where the line leaves the field at its labelled end, and the unit
// direction pointing away from the field along the line.
func (g *TriGeometry) ClueAnchor(i int) (exit, out [2]float64) {
	l := g.Lines[i]
	dir := triReading[l.Family]
	end, out := l.Cells[0], [2]float64{-dir[0], -dir[1]}
	if triFamilies[l.Family].reversed {
		end, out = l.Cells[len(l.Cells)-1], dir
	}
	// The line leaves its end cell through the edge whose midpoint lies
	// furthest outwards.
	v := g.Cells[end].Corners()
	best := math.Inf(-1)
	for k := range 3 {
		mid := [2]float64{(v[k][0] + v[(k+1)%3][0]) / 2, (v[k][1] + v[(k+1)%3][1]) / 2}
		if d := mid[0]*out[0] + mid[1]*out[1]; d > best {
			best, exit = d, mid
		}
	}
	return exit, out
}

// ClueSlot is how many places from the field block j of line i's clue is
// written, counting from 0: the last block is nearest on lines read from
// their labelled end, the first on lines read towards it, so that the
// numbers read in the line's own direction.
func (g *TriGeometry) ClueSlot(i, j int) int {
	if triFamilies[g.Lines[i].Family].reversed {
		return j
	}
	return max(1, len(g.Clues[i])) - 1 - j
}

// Where clue numbers sit, for triangles of side 1: the first place's
// distance from the field, and the distance between two places.
const (
	TriClueGap   = 0.55
	TriCluePitch = 0.8
)

// CluePoint is the centre of block j's number in line i's clue (j = 0 for
// the "0" of an empty line), for triangles of side 1.
func (g *TriGeometry) CluePoint(i, j int) [2]float64 {
	exit, out := g.ClueAnchor(i)
	d := TriClueGap + float64(g.ClueSlot(i, j))*TriCluePitch
	return [2]float64{exit[0] + out[0]*d, exit[1] + out[1]*d}
}
