package render

import (
	"math"

	"github.com/nonopress/nonopress/puzzle"
)

// drawPage writes s's content stream into d.content, from the graphics
// state a page starts with.
func (d *pdfDoc) drawPage(s *scene) {
	d.content = d.content[:0]
	d.fill, d.draw, d.fillSet, d.drawSet = black, black, true, true
	d.drawItems(s)
}

// drawForm writes s's items into d.content as a form's content stream:
// from whatever graphics state the form is placed in, so that it sets
// every colour it uses.
func (d *pdfDoc) drawForm(s *scene) {
	d.content = d.content[:0]
	d.fillSet, d.drawSet = false, false
	d.drawItems(s)
}

// drawItems appends s's items to d.content, in square caps.
func (d *pdfDoc) drawItems(s *scene) {
	d.height = s.Height
	d.width, d.fontSize, d.font = -1, -1, 0
	d.content = append(d.content, "2 J\n"...) // square caps
	for _, it := range s.Items {
		switch it := it.(type) {
		case rect:
			d.setFill(it.Fill)
			op := " re f\n"
			if it.Stroke > 0 {
				d.setDraw(black)
				d.setWidth(it.Stroke)
				op = " re B\n"
			}
			d.point(it.X, it.Y)
			d.content = append(d.content, ' ')
			d.content = appendNum(d.content, it.W*mmToPt)
			d.content = append(d.content, ' ')
			d.content = appendNum(d.content, -it.H*mmToPt)
			d.content = append(d.content, op...)
		case line:
			d.setDraw(it.Color)
			d.setWidth(it.Width)
			d.point(it.X1, it.Y1)
			d.content = append(d.content, " m "...)
			d.point(it.X2, it.Y2)
			d.content = append(d.content, " l S\n"...)
		case mark:
			op := " f\n"
			if it.Stroke > 0 {
				d.setDraw(it.Color)
				d.setWidth(it.Stroke)
				op = " S\n"
			} else {
				d.setFill(it.Color)
			}
			if it.Points == nil {
				d.circle(it.X, it.Y, it.R)
			} else {
				for i, p := range it.Points {
					d.point(p.X, p.Y)
					if i == 0 {
						d.content = append(d.content, " m "...)
					} else {
						d.content = append(d.content, " l "...)
					}
				}
				d.content = append(d.content, 'h')
			}
			d.content = append(d.content, op...)
		case text:
			d.text(it)
		case formItem:
			d.placeForm(it)
		}
	}
}

// circle writes a circle of radius r around (x, y) as four Bézier arcs.
func (d *pdfDoc) circle(x, y, r float64) {
	k := r * 4 * (math.Sqrt2 - 1) / 3 // control point distance for a quarter
	d.point(x+r, y)
	d.content = append(d.content, " m "...)
	for _, q := range [4][6]float64{
		{x + r, y - k, x + k, y - r, x, y - r},
		{x - k, y - r, x - r, y - k, x - r, y},
		{x - r, y + k, x - k, y + r, x, y + r},
		{x + k, y + r, x + r, y + k, x + r, y},
	} {
		for i := 0; i < 6; i += 2 {
			d.point(q[i], q[i+1])
			d.content = append(d.content, ' ')
		}
		d.content = append(d.content, "c "...)
	}
	d.content = append(d.content, 'h')
}

// point writes the page point at (x, y) mm from the top left.
func (d *pdfDoc) point(x, y float64) {
	d.content = appendNum(d.content, x*mmToPt)
	d.content = append(d.content, ' ')
	d.content = appendNum(d.content, (d.height-y)*mmToPt)
}

func (d *pdfDoc) setFill(c puzzle.RGB) {
	if c != d.fill || !d.fillSet {
		d.content = appendColor(d.content, c, " rg\n")
		d.fill, d.fillSet = c, true
	}
}

func (d *pdfDoc) setDraw(c puzzle.RGB) {
	if c != d.draw || !d.drawSet {
		d.content = appendColor(d.content, c, " RG\n")
		d.draw, d.drawSet = c, true
	}
}

func (d *pdfDoc) setWidth(w float64) {
	if w != d.width {
		d.content = appendNum(d.content, w*mmToPt)
		d.content = append(d.content, " w\n"...)
		d.width = w
	}
}
