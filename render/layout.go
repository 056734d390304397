package render

import (
	"fmt"
	"math"
	"slices"

	"github.com/nonopress/nonopress/puzzle"
)

// Sizes in millimetres.
const (
	margin       = 12.0 // page margin
	maxCell      = 24.0 // largest cell side: a 5x5 is a large friendly grid
	refCell      = 5.0  // the cell side line widths are given for
	minCell      = 3.5  // smallest cell before turning the page or going to A3
	comfortCell  = 6.0  // below this, a sheet turns its page if that gives turnGain larger cells
	turnGain     = 1.2
	clueDigit    = 0.58 // digit em size, as a fraction of the cell
	maxDigit     = 8.5  // largest clue digit (24 pt), however big the cell
	attribSize   = 2.6  // attribution text
	titleSize    = 3.2  // title under the grid of a booklet page
	headingSize  = 4.5  // booklet heading above the grid
	pageNumSize  = 3.0  // page number
	legendSwatch = 4.0  // legend colour box
	gap          = 4.0  // between grid, legend and attribution
)

// sheetSpec says what surrounds the grid on a sheet page.
type sheetSpec struct {
	// heading, on a booklet page, goes above the grid, and the attribution
	// below it; "" (a sheet of its own) puts the title block above the grid.
	heading  string
	pageNum  string // page number at the foot; "" for none
	monoSafe bool
	// difficulty and nameLine go into a sheet's title block (titleblock.go).
	difficulty string
	nameLine   bool
	// solution, when set, fills the grid with it instead of printing the
	// clues: the solution page of a sheet, laid out exactly like the sheet.
	solution *puzzle.Image
	// grid, when set and reusable at the cell size, is placed instead of
	// the clues and grid being drawn (a booklet's page, drawn.go).
	grid *DrawnGrid
	// cellCap is the largest cell side, mm (a triddler's square
	// equivalent); 0 is maxCell. A booklet's is bookletMaxCell.
	cellCap float64
	// maxDrop is the most bookletDrop may lower a booklet's puzzle: +Inf
	// alone, the lower of the two puzzles' drops in a pair side by side,
	// so that their headings stand on one line.
	maxDrop float64
	// fixed, when set, keeps fixedHeight's measures for the puzzle the
	// spec is for (a booklet's entry: entrySpec).
	fixed fixedMemo
}

// largestCell is the largest cell side spec allows.
func (spec sheetSpec) largestCell() float64 {
	if spec.cellCap > 0 {
		return spec.cellCap
	}
	return maxCell
}

// bookletDrop is how far below the top margin a booklet page (or a part of
// one) starts its puzzle, whose grid is gridH tall: the heading, grid,
// legend and attribution stand a little above the middle of the height the
// page number leaves, where a small puzzle with capped cells stood at the
// top of a blank page. A sheet of its own (no heading) keeps its title
// block at the top.
func bookletDrop(m *metrics, p *puzzle.Puzzle, page pageSize, spec sheetSpec, gridH float64) float64 {
	if spec.heading == "" {
		return 0
	}
	free := page.Height - 2*margin - fixedHeight(m, p, page, spec) - gridH
	return min(spec.maxDrop, 0.4*max(0, free))
}

// gridHeight is the height of p's column clues and grid with cells of
// side cell, which bookletDrop places.
func gridHeight(p *puzzle.Puzzle, cell float64) float64 {
	return float64(maxClues(p.Cols)+p.Height) * cell
}

// sheetLayout is a puzzle sheet laid out on a page.
type sheetLayout struct {
	page         pageSize
	cell         float64
	gridX, gridY float64 // top-left corner of the grid
	scene        *scene
	// gridFrom and gridTo delimit the scene's items that draw the grid and
	// its clues (or cells), which a PDF draws as a form (drawn.go).
	gridFrom, gridTo int
}

// layoutSheet lays out p's sheet on paper, turning the page or moving to A3
// as the package doc describes.
func layoutSheet(m *metrics, p *puzzle.Puzzle, paper pageSize, spec sheetSpec) *sheetLayout {
	page, cell := choosePage(m, p, paper, spec)
	return drawSheet(m, p, page, cell, spec)
}

// choosePage picks the page for p's sheet, starting from paper, and the cell
// side that fits it there. A portrait page that fits is turned when its
// cells are under comfortCell and landscape makes them turnGain larger: a
// wide puzzle (number-loom's 40×15, 4.0 mm cells on A4 portrait with two
// thirds of the page blank) gets the cells the paper has room for (5.9 mm).
func choosePage(m *metrics, p *puzzle.Puzzle, paper pageSize, spec sheetSpec) (pageSize, float64) {
	candidates := pageCandidates(paper)
	best, bestCell := candidates[0], 0.0
	for i, page := range candidates {
		cell := fitCell(m, p, page, spec)
		if cell >= minCell {
			best, bestCell = page, cell
			if i%2 == 0 && cell < comfortCell { // candidates come portrait, then turned
				if turned := fitCell(m, p, candidates[i+1], spec); turned >= turnGain*cell {
					best, bestCell = candidates[i+1], turned
				}
			}
			break
		}
		if cell > bestCell {
			best, bestCell = page, cell
		}
	}
	return best, bestCell
}

// pageCandidates are the pages a sheet may take, in order of preference:
// the paper, turned, then (from A5) A4 both ways, then A3 both ways.
func pageCandidates(paper pageSize) []pageSize {
	candidates := []pageSize{paper, paper.landscape()}
	if paper.Name == A5 {
		a4, _ := paperSize(A4)
		candidates = append(candidates, a4, a4.landscape())
	}
	if paper.Name != A3 {
		a3, _ := paperSize(A3)
		candidates = append(candidates, a3, a3.landscape())
	}
	return candidates
}

// fitCell is the largest cell side, at most spec's largestCell, with which
// p's sheet fits on page.
func fitCell(m *metrics, p *puzzle.Puzzle, page pageSize, spec sheetSpec) float64 {
	fixed := fixedHeight(m, p, page, spec)
	return min(spec.largestCell(),
		(page.Width-2*margin)/float64(maxClues(p.Rows)+p.Width),
		(page.Height-2*margin-fixed)/float64(maxClues(p.Cols)+p.Height))
}

// maxClues is the most blocks in any line, at least 1 (an empty line shows "0").
func maxClues(lines []puzzle.Line) int {
	n := 1
	for _, l := range lines {
		n = max(n, len(l))
	}
	return n
}

// drawSheet draws the sheet: heading, clues, grid, legend, attribution.
func drawSheet(m *metrics, p *puzzle.Puzzle, page pageSize, cell float64, spec sheetSpec) *sheetLayout {
	rowSlots, colSlots := maxClues(p.Rows), maxClues(p.Cols)
	reuse := spec.solution == nil && spec.grid.reusable(p, cell, spec.monoSafe)
	s := &scene{Width: page.Width, Height: page.Height, Name: sheetName(p, spec.heading)}
	if spec.solution == nil && !reuse {
		s.Items = make([]item, 0, sheetItems(p))
	}
	blockW := float64(rowSlots+p.Width) * cell
	x0 := (page.Width - blockW) / 2
	y0 := sheetHead(m, p, s, page, spec, bookletDrop(m, p, page, spec, gridHeight(p, cell)))
	gx, gy := x0+float64(rowSlots)*cell, y0+float64(colSlots)*cell
	from := len(s.Items)
	switch {
	case spec.solution != nil:
		s.Name = "Solution: " + s.Name
		s.Items = appendCellItems(s.Items, p, spec.solution, gx, gy, cell, spec.monoSafe, 1+gridLineCount(p.Width, p.Height))
		s.add(cornerLabel(m, "Solution", gx, gy, float64(rowSlots)*cell, float64(colSlots)*cell))
		s.Items = appendGridLines(s.Items, p.Width, p.Height, gx, gy, cell, 0, 0)
	case reuse:
		s.add(spec.grid.placed(gx, gy, cell))
	default:
		s.Items = appendClueNumbers(s.Items, m, p, gx, gy, cell, spec.monoSafe)
		s.Items = appendGridLines(s.Items, p.Width, p.Height, gx, gy, cell, float64(rowSlots)*cell, float64(colSlots)*cell)
	}
	to := len(s.Items)

	sheetFoot(m, p, s, page, gy+float64(p.Height)*cell+gap, spec)
	return &sheetLayout{page: page, cell: cell, gridX: gx, gridY: gy, scene: s, gridFrom: from, gridTo: to}
}

// sheetItems is about how many items a sheet of p has, at most: a few
// dozen for its title block and foot, a clue number each (a grey 0 for an
// empty line), with a box or glyph more in colour, and the grid's lines.
func sheetItems(p *puzzle.Puzzle) int {
	clues := 0
	for _, lines := range [][]puzzle.Line{p.Rows, p.Cols} {
		for _, l := range lines {
			clues += max(1, len(l))
		}
	}
	if p.Colors() > 1 {
		clues *= 2
	}
	return 48 + clues + gridLineCount(p.Width, p.Height)
}

// sheetHead draws what precedes the grid on a sheet, the booklet's heading
// (drop below the top margin, bookletDrop) or the title block, and returns
// the height where the grid's part starts.
func sheetHead(m *metrics, p *puzzle.Puzzle, s *scene, page pageSize, spec sheetSpec, drop float64) float64 {
	if spec.heading != "" {
		top := margin + drop
		s.add(newText(page.Width/2, top+headingSize*0.8, headingSize, anchorMiddle, true, black, spec.heading))
		s.Bookmarks = append(s.Bookmarks, bookmark{Title: spec.heading, Y: top})
		return top + headingSize*1.8
	}
	items, h := titleBlock(m, p, spec, margin, margin, page.Width-2*margin)
	s.add(items...)
	return margin + h + gap
}

// sheetFoot draws what follows the grid on a sheet from height y: the
// legend of a multicolour puzzle, the attribution and the page number.
func sheetFoot(m *metrics, p *puzzle.Puzzle, s *scene, page pageSize, y float64, spec sheetSpec) {
	if p.Colors() > 1 {
		items, h := legend(m, p, margin, y, page.Width-2*margin, spec.monoSafe)
		s.add(items...)
		y += h + gap
	}
	if spec.heading != "" {
		items, _ := attribution(m, p, margin, y, page.Width-2*margin)
		s.add(items...)
	}
	if spec.pageNum != "" {
		s.add(newText(page.Width/2, page.Height-margin/2, pageNumSize, anchorMiddle, false, textGrey, spec.pageNum))
	}
}

// appendClueNumbers draws every row clue right-aligned left of the grid at
// (gx, gy) and every column clue bottom-aligned above it; an empty line
// shows a grey 0. It appends them to items.
func appendClueNumbers(items []item, m *metrics, p *puzzle.Puzzle, gx, gy, cell float64, monoSafe bool) []item {
	multi := p.Colors() > 1
	clue := func(cx, cy float64, c puzzle.Clue) {
		items = appendClueItems(items, m, cx, cy, cell, c, p.Palette, multi, monoSafe && multi)
	}
	empty := func(cx, cy float64) {
		size := min(clueDigit*cell, maxDigit)
		items = append(items, newText(cx, cy+digitHeight*size/2, size, anchorMiddle, false, lightGrey, "0"))
	}
	for y, l := range p.Rows {
		cy := gy + (float64(y)+0.5)*cell
		if len(l) == 0 {
			empty(gx-0.5*cell, cy)
		}
		for i, c := range l {
			clue(gx-(float64(len(l)-i)-0.5)*cell, cy, c)
		}
	}
	for x, l := range p.Cols {
		cx := gx + (float64(x)+0.5)*cell
		if len(l) == 0 {
			empty(cx, gy-0.5*cell)
		}
		for i, c := range l {
			clue(cx, gy-(float64(len(l)-i)-0.5)*cell, c)
		}
	}
	return items
}

// cornerLabel centres a bold label in the w×h corner left of and above the
// grid at (gx, gy), where a sheet has no clues.
func cornerLabel(m *metrics, label string, gx, gy, w, h float64) text {
	size := min(headingSize, 0.6*h)
	if tw := m.width(label, size, true); tw > 0.9*w {
		size *= 0.9 * w / tw
	}
	return newText(gx-w/2, gy-h/2+digitHeight*size/2, size, anchorMiddle, true, black, label)
}

// sheetName is the accessible name of a sheet.
func sheetName(p *puzzle.Puzzle, heading string) string {
	name := fmt.Sprintf("Nonogram %d×%d", p.Width, p.Height)
	if heading != "" {
		name = heading + ": " + name
	}
	if p.Meta.Title != "" {
		name += ": " + printable(p.Meta.Title)
	}
	return name
}

// clueItems draws one clue number centred on (cx, cy) in a cell-sized slot:
// in a multicolour puzzle on a box of its colour, with black or white digits,
// and with the colour's glyph in the corner when glyphs is set. A blotted
// clue is a round blot of its colour with a "?" on it.
func clueItems(m *metrics, cx, cy, cell float64, c puzzle.Clue, palette []puzzle.Color, boxed, glyphs bool) []item {
	return appendClueItems(nil, m, cx, cy, cell, c, palette, boxed, glyphs)
}

// appendClueItems appends clueItems to items: a sheet's clues go into one
// slice, without a slice of their own each.
func appendClueItems(items []item, m *metrics, cx, cy, cell float64, c puzzle.Clue, palette []puzzle.Color, boxed, glyphs bool) []item {
	ink, inkFor := black, inkOn
	if glyphs { // mono-safe: read on a black-and-white printer's grey too
		inkFor = monoInkOn
	}
	if c.Blot {
		// webpbn's blot: an ink blot of the block's colour hides the number.
		fill := palette[c.Color].RGB
		items = append(items, mark{X: cx, Y: cy, R: 0.42 * cell, Color: fill})
		if fill.Luminance() > 0.85 {
			stroke, _, _ := lineWidths(cell)
			items = append(items, mark{X: cx, Y: cy, R: 0.42 * cell, Stroke: stroke, Color: black})
		}
		ink, boxed = inkFor(fill), false
	}
	if boxed {
		fill := palette[c.Color].RGB
		inset := 0.07 * cell
		box := rect{X: cx - cell/2 + inset, Y: cy - cell/2 + inset, W: cell - 2*inset, H: cell - 2*inset, Fill: fill}
		if fill.Luminance() > 0.85 { // a near-white box needs an edge to be seen
			box.Stroke, _, _ = lineWidths(cell)
		}
		items = append(items, box)
		ink = inkFor(fill)
	}
	digits := c.LengthText() // "?" for a blot
	size, room, tx, ty := min(clueDigit*cell, maxDigit), 0.86*cell, cx, cy
	if glyphs {
		items = append(items, glyph(c.Color, cx+0.28*cell, cy-0.28*cell, 0.12*cell, ink))
		size, room, tx, ty = min(0.55*cell, maxDigit), 0.6*cell, cx-0.08*cell, cy+0.1*cell
	}
	if w := m.width(digits, size, false); w > room {
		size *= room / w
	}
	return append(items, newText(tx, ty+digitHeight*size/2, size, anchorMiddle, false, ink, digits))
}

// lineWidths are a grid's strokes at a given cell size: thin cell lines, the
// rule every five cells, the outer border; scaled with the cell, with a floor
// so that huge puzzles keep visible lines and a ceiling so that big cells do
// not get heavy ones.
func lineWidths(cell float64) (thin, rule, border float64) {
	k := min(cell/refCell, 1.6)
	return math.Max(0.12*k, 0.02), math.Max(0.35*k, 0.05), math.Max(0.55*k, 0.08)
}

// appendGridLines draws a w×h grid at (gx, gy) with its thin lines carried
// left and up through clue areas of the given widths (0 for none), appended
// to items.
func appendGridLines(items []item, w, h int, gx, gy, cell, rowClues, colClues float64) []item {
	thin, rule, border := lineWidths(cell)
	right, bottom := gx+float64(w)*cell, gy+float64(h)*cell
	items = slices.Grow(items, gridLineCount(w, h))
	if rowClues > 0 {
		for y := 0; y <= h; y++ {
			yy := gy + float64(y)*cell
			items = append(items, line{gx - rowClues, yy, gx, yy, thin, lightGrey})
		}
		items = append(items, line{gx - rowClues, gy, gx - rowClues, bottom, thin, lightGrey})
	}
	if colClues > 0 {
		for x := 0; x <= w; x++ {
			xx := gx + float64(x)*cell
			items = append(items, line{xx, gy - colClues, xx, gy, thin, lightGrey})
		}
		items = append(items, line{gx, gy - colClues, right, gy - colClues, thin, lightGrey})
	}
	// The thin lines, then the rules (every fifth line) over them.
	for y := 1; y < h; y++ {
		if yy := gy + float64(y)*cell; y%5 != 0 {
			items = append(items, line{gx, yy, right, yy, thin, gridGrey})
		}
	}
	for x := 1; x < w; x++ {
		if xx := gx + float64(x)*cell; x%5 != 0 {
			items = append(items, line{xx, gy, xx, bottom, thin, gridGrey})
		}
	}
	for y := 5; y < h; y += 5 {
		yy := gy + float64(y)*cell
		items = append(items, line{gx, yy, right, yy, rule, black})
	}
	for x := 5; x < w; x += 5 {
		xx := gx + float64(x)*cell
		items = append(items, line{xx, gy, xx, bottom, rule, black})
	}
	return append(items,
		line{gx, gy, right, gy, border, black}, line{right, gy, right, bottom, border, black},
		line{right, bottom, gx, bottom, border, black}, line{gx, bottom, gx, gy, border, black})
}

// gridLineCount is how many lines appendGridLines draws for a w×h grid, at
// most: those of the clue areas, the cells' and the border.
func gridLineCount(w, h int) int { return 2*(w+h) + 8 }

// newText makes a text item of printable characters.
func newText(x, y, size float64, a anchor, bold bool, color puzzle.RGB, s string) text {
	return text{X: x, Y: y, Size: size, Anchor: a, Bold: bold, Color: color, S: printable(s)}
}
