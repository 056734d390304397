package render

import (
	"fmt"
	"io"

	"github.com/nonopress/nonopress/puzzle"
)

// This file lays out triddlers (puzzle.TriGeometry): a hexagon-like field of
// triangles, its three families of lines, and each line's clue written along
// the line beyond its labelled end, in reading order (a row's clue ends next
// to its first cell, as on a grid; a "\" line's, labelled at its bottom end,
// starts there). The scenes are drawn by the same SVG and PDF back ends as
// grids.

// Triddler sizes, as fractions of the triangle side unless said otherwise.
const (
	triMinSide = 4.0                 // smallest before turning the page or going to A3, mm
	triPitch   = puzzle.TriCluePitch // distance between two numbers of a clue
)

// triRowH is a row's height for a side of 1.
var triRowH = puzzle.TriRowHeight

// triLayout is a triddler's sheet laid out on a page.
type triLayout struct {
	g      *puzzle.TriGeometry
	page   pageSize
	side   float64 // the triangle side, mm
	gx, gy float64 // the top-left corner of the cells' box
	scene  *scene
}

// layOutTriddler checks a triddler and lays out its sheet.
func layOutTriddler(p *puzzle.Puzzle, opt Options) (*Layout, error) {
	g, err := p.TriddlerGeometry()
	if err != nil {
		return nil, err
	}
	for _, l := range g.Clues {
		for _, c := range l {
			if c.Color < 1 || c.Color >= len(p.Palette) {
				return nil, puzzleError(p, "clue colour %d is not in the palette", c.Color)
			}
		}
	}
	paper, err := paperSize(opt.Paper)
	if err != nil {
		return nil, err
	}
	m, err := newMetrics()
	if err != nil {
		return nil, err
	}
	m = m.withFonts(opt.fonts())
	opt.Fonts = m.fonts // the PDF draws with the fonts the layout measured with
	missing := warnMissing(m, opt, p, "")
	spec := sheetSpec{monoSafe: opt.MonoSafe}
	page, side := chooseTriPage(m, p, g, paper, spec)
	tl := drawTriSheet(m, p, g, page, side, spec)
	return &Layout{p: p, opt: opt, m: m, tri: tl, missing: missing}, nil
}

// triBox is a rectangle in units of the triangle side.
type triBox struct{ x0, y0, x1, y1 float64 }

func (b *triBox) grow(x, y, r float64) {
	b.x0, b.y0 = min(b.x0, x-r), min(b.y0, y-r)
	b.x1, b.y1 = max(b.x1, x+r), max(b.y1, y+r)
}

// height is the height of a triddler's drawing in box b (triBounds) with
// triangles of side side, and the gap under it, which bookletDrop places.
func (b triBox) height(side float64) float64 {
	return (b.y1-b.y0)*side + gap
}

// triBounds is the box of the cells and every clue number, for a side of 1,
// with the cells' box at (0, 0).
func triBounds(g *puzzle.TriGeometry) triBox {
	b := triBox{0, 0, float64(g.Width+1) / 2, float64(g.Height) * triRowH}
	for i := range g.Lines {
		for _, pt := range triCluePoints(g, i) {
			b.grow(pt.X, pt.Y, triPitch/2)
		}
	}
	return b
}

// chooseTriPage picks the page and triangle side for the sheet, as
// choosePage does for grids.
func chooseTriPage(m *metrics, p *puzzle.Puzzle, g *puzzle.TriGeometry, paper pageSize, spec sheetSpec) (pageSize, float64) {
	candidates := pageCandidates(paper)
	best, bestSide := candidates[0], 0.0
	for _, page := range candidates {
		side := triFit(m, p, g, page, spec)
		if side >= triMinSide {
			return page, side
		}
		if side > bestSide {
			best, bestSide = page, side
		}
	}
	return best, bestSide
}

// triVertices are a cell's corners for a side of 1, the cells' box at (0, 0).
func triVertices(c puzzle.TriCell) [3]point {
	v := c.Corners()
	return [3]point{{v[0][0], v[0][1]}, {v[1][0], v[1][1]}, {v[2][0], v[2][1]}}
}

// triCluePoints are the centres of line i's clue numbers, one per block in
// clue order (one for an empty line), for a side of 1.
func triCluePoints(g *puzzle.TriGeometry, i int) []point {
	pts := make([]point, max(1, len(g.Clues[i])))
	for j := range pts {
		c := g.CluePoint(i, j)
		pts[j] = point{c[0], c[1]}
	}
	return pts
}

// drawTriSheet draws the sheet: heading, clues (or, with spec.solution, the
// filled cells), the triangles, legend and attribution.
func drawTriSheet(m *metrics, p *puzzle.Puzzle, g *puzzle.TriGeometry, page pageSize, side float64, spec sheetSpec) *triLayout {
	s := &scene{Width: page.Width, Height: page.Height, Name: triName(p, g, spec.heading)}
	b := triBounds(g)
	y0 := sheetHead(m, p, s, page, spec, bookletDrop(m, p, page, spec, b.height(side)))
	gx := (page.Width-(b.x1-b.x0)*side)/2 - b.x0*side
	gy := y0 - b.y0*side
	if spec.solution != nil {
		s.Name = "Solution: " + s.Name
		s.add(triCellItems(p, g, spec.solution, gx, gy, side)...)
		s.add(newText(gx+b.x0*side, y0+headingSize, headingSize, anchorStart, true, black, "Solution"))
	} else {
		s.add(triClueItems(m, p, g, gx, gy, side, spec.monoSafe)...)
	}
	s.add(triGridLines(g, gx, gy, side)...)
	sheetFoot(m, p, s, page, gy+b.y1*side+gap, spec)
	return &triLayout{g: g, page: page, side: side, gx: gx, gy: gy, scene: s}
}

// triName is the accessible name of a triddler's sheet.
func triName(p *puzzle.Puzzle, g *puzzle.TriGeometry, heading string) string {
	name := fmt.Sprintf("Triddler, %s", puzzle.Plural(len(g.Cells), "triangle"))
	if heading != "" {
		name = heading + ": " + name
	}
	if p.Meta.Title != "" {
		name += ": " + printable(p.Meta.Title)
	}
	return name
}

// triClueItems draws every line's clue; an empty line shows a grey 0.
func triClueItems(m *metrics, p *puzzle.Puzzle, g *puzzle.TriGeometry, gx, gy, side float64, monoSafe bool) []item {
	var items []item
	multi := p.Colors() > 1
	slot := triPitch * side
	for i := range g.Lines {
		pts := triCluePoints(g, i)
		if len(g.Clues[i]) == 0 {
			size := clueDigit * slot
			items = append(items, newText(gx+pts[0].X*side, gy+pts[0].Y*side+digitHeight*size/2, size, anchorMiddle, false, lightGrey, "0"))
			continue
		}
		for j, c := range g.Clues[i] {
			items = appendClueItems(items, m, gx+pts[j].X*side, gy+pts[j].Y*side, slot, c, p.Palette, multi, monoSafe && multi)
		}
	}
	return items
}

// triCellItems fills each cell of sol (an image of g's size) with its colour.
func triCellItems(p *puzzle.Puzzle, g *puzzle.TriGeometry, sol *puzzle.Image, gx, gy, side float64) []item {
	var items []item
	for _, c := range g.Cells {
		colour := black
		if v := sol.At(c.X, c.Y); v < len(p.Palette) {
			colour = p.Palette[v].RGB
		}
		v := triVertices(c)
		pts := make([]point, 3)
		for k := range v {
			pts[k] = point{gx + v[k].X*side, gy + v[k].Y*side}
		}
		items = append(items, mark{Points: pts, Color: colour})
	}
	return items
}

// triGridLines draws every edge once: thin inside, the border outside.
func triGridLines(g *puzzle.TriGeometry, gx, gy, side float64) []item {
	type vertex struct{ x, y int } // in half-units and rows
	type edge struct{ a, b vertex }
	count := map[edge]int{}
	var order []edge
	for _, c := range g.Cells {
		vs := [3]vertex{{c.X, c.Y + 1}, {c.X + 2, c.Y + 1}, {c.X + 1, c.Y}}
		if !c.Up {
			vs = [3]vertex{{c.X, c.Y}, {c.X + 2, c.Y}, {c.X + 1, c.Y + 1}}
		}
		for k := range 3 {
			e := edge{vs[k], vs[(k+1)%3]}
			if e.b.y < e.a.y || e.b.y == e.a.y && e.b.x < e.a.x {
				e.a, e.b = e.b, e.a
			}
			if count[e] == 0 {
				order = append(order, e)
			}
			count[e]++
		}
	}
	thin, _, border := lineWidths(side * 0.8)
	at := func(v vertex) (float64, float64) { return gx + float64(v.x)/2*side, gy + float64(v.y)*triRowH*side }
	var inner, outer []item
	for _, e := range order {
		x1, y1 := at(e.a)
		x2, y2 := at(e.b)
		if count[e] == 1 {
			outer = append(outer, line{x1, y1, x2, y2, border, black})
		} else {
			inner = append(inner, line{x1, y1, x2, y2, thin, gridGrey})
		}
	}
	return append(inner, outer...)
}

// triSolutionScene is a triddler's solution image: its filled cells, with
// the grid when grid is set, cropped to the cells with a pad around them.
func triSolutionScene(p *puzzle.Puzzle, g *puzzle.TriGeometry, sol *puzzle.Image, side, pad float64, grid bool) *scene {
	w, h := float64(g.Width+1)/2*side, float64(g.Height)*triRowH*side
	s := &scene{Width: w + 2*pad, Height: h + 2*pad, Name: "Solution: " + triName(p, g, "")}
	s.add(triCellItems(p, g, sol, pad, pad, side)...)
	if grid {
		s.add(triGridLines(g, pad, pad, side)...)
	}
	return s
}

// checkTriImage refuses a solution image that does not fit the triddler.
func checkTriImage(p *puzzle.Puzzle, g *puzzle.TriGeometry, sol *puzzle.Image) error {
	return checkImageOfSize(p, sol, g.Width, g.Height)
}

// sizeLabel is the size a sheet states: "15×20", or "triddler, 96
// triangles".
func sizeLabel(p *puzzle.Puzzle) string {
	if p.Kind != puzzle.Triddler {
		return fmt.Sprintf("%d×%d", p.Width, p.Height)
	}
	if g, err := p.TriddlerGeometry(); err == nil {
		return "triddler, " + puzzle.Plural(len(g.Cells), "triangle")
	}
	return "triddler"
}

// triThumbnail writes a triddler's small solution image, as Thumbnail does
// for grids: at most thumbSide mm across, without cell lines. With sol nil it
// writes the blank thumbnail: the empty triangles, with their lines.
func triThumbnail(w io.Writer, p *puzzle.Puzzle, sol *puzzle.Image) error {
	g, err := p.TriddlerGeometry()
	if err != nil {
		return err
	}
	blank := sol == nil
	if blank {
		sol = puzzle.NewImage(g.Width, g.Height)
	}
	if err := checkTriImage(p, g, sol); err != nil {
		return err
	}
	across := max(float64(g.Width+1)/2, float64(g.Height)*triRowH)
	side := min(2*thumbMaxCell, thumbSide/across)
	s := triSolutionScene(p, g, sol, side, 0.5, blank)
	if blank {
		s.Name = triName(p, g, "") // a blank outline shows no solution
	}
	return writeSVG(w, s)
}
