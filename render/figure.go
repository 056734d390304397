package render

import (
	"io"
	"math"

	"github.com/nonopress/nonopress/puzzle"
)

// figurePad is the white margin around a figure's drawing, in mm.
const figurePad = 2.0

// SheetFigure writes the puzzle sheet of Sheet cropped to what is drawn on it
// (clues, grid, legend, attribution) plus a 2 mm white margin, for inlining
// in an HTML page. The drawing is the same as Sheet's, element for element,
// laid out for opt.Paper; only the SVG's viewBox, width and height change.
// Width and height stay in millimetres, so the figure prints at the size the
// sheet would; a page may scale it with CSS (width:100%; height:auto).
func SheetFigure(w io.Writer, p *puzzle.Puzzle, opt Options) error {
	m, paper, _, err := prepare(p, opt)
	if err != nil {
		return err
	}
	l := layoutSheet(m, p, paper, opt.sheetSpec())
	s := l.scene
	b := contentBounds(m, s.Items)
	// Whole hundredths of a millimetre (SVG units), within the page.
	s.X = math.Max(0, math.Floor((b.x0-figurePad)*svgUnitsPerMM)/svgUnitsPerMM)
	s.Y = math.Max(0, math.Floor((b.y0-figurePad)*svgUnitsPerMM)/svgUnitsPerMM)
	s.Width = math.Min(s.Width, math.Ceil((b.x1+figurePad)*svgUnitsPerMM)/svgUnitsPerMM) - s.X
	s.Height = math.Min(s.Height, math.Ceil((b.y1+figurePad)*svgUnitsPerMM)/svgUnitsPerMM) - s.Y
	// A white ground, as on Sheet's page, for dark web pages.
	ground := rect{X: s.X, Y: s.Y, W: s.Width, H: s.Height, Fill: white}
	s.Items = append([]item{ground}, s.Items...)
	return writeSVG(w, s)
}

// bounds is a rectangle in mm by its corners: (x0, y0) top left, (x1, y1)
// bottom right.
type bounds struct{ x0, y0, x1, y1 float64 }

// extend grows b to cover the rectangle from (x0, y0) to (x1, y1).
func (b *bounds) extend(x0, y0, x1, y1 float64) {
	b.x0, b.y0 = math.Min(b.x0, x0), math.Min(b.y0, y0)
	b.x1, b.y1 = math.Max(b.x1, x1), math.Max(b.y1, y1)
}

// contentBounds is the smallest rectangle holding everything the items
// draw: strokes count their half width (lines have square caps), and a text
// its advance width, with 5% to spare for a fallback font (9% when bold), from its ascent
// (0.95 em above the baseline, room for accents on capitals) to its descent
// (0.25 em below).
func contentBounds(m *metrics, items []item) bounds {
	b := bounds{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, it := range items {
		switch it := it.(type) {
		case rect:
			h := it.Stroke / 2
			b.extend(it.X-h, it.Y-h, it.X+it.W+h, it.Y+it.H+h)
		case line:
			h := it.Width / 2
			b.extend(math.Min(it.X1, it.X2)-h, math.Min(it.Y1, it.Y2)-h, math.Max(it.X1, it.X2)+h, math.Max(it.Y1, it.Y2)+h)
		case mark:
			h := it.Stroke / 2
			if it.Points == nil {
				b.extend(it.X-it.R-h, it.Y-it.R-h, it.X+it.R+h, it.Y+it.R+h)
			}
			for _, p := range it.Points {
				b.extend(p.X-h, p.Y-h, p.X+h, p.Y+h)
			}
		case text:
			w := 1.05 * m.width(it.S, it.Size, it.Bold)
			if it.Bold { // DejaVu Sans Bold, a common fallback, is 7 % wider than Go Bold
				w *= 1.04
			}
			x := it.X
			switch it.Anchor {
			case anchorMiddle:
				x -= w / 2
			case anchorEnd:
				x -= w
			}
			b.extend(x, it.Y-0.95*it.Size, x+w, it.Y+0.25*it.Size)
		}
	}
	if b.x0 > b.x1 { // nothing drawn
		return bounds{}
	}
	return b
}
