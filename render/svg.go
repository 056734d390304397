package render

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/nonopress/nonopress/puzzle"
)

// The SVG back end draws in hundredths of a millimetre: integer
// coordinates, which the root element's viewBox maps onto a width and
// height given in mm, so a printed SVG has the sheet's physical size.
//
// It writes the document compact in the first place, as a minifier would
// leave it: no whitespace between elements, each number in its shortest
// form (21000 as 21e3), colours in three digits where they can be, lines of
// one stroke in one path, texts of one style in one group. There is no
// minify pass after it, here or in the build.
const svgUnitsPerMM = 100

// u converts millimetres to SVG units.
func u(mm float64) int { return int(math.Round(mm * svgUnitsPerMM)) }

// mmString writes a length in mm with at most two decimals: "215.9".
func mmString(mm float64) string {
	return strconv.FormatFloat(math.Round(mm*100)/100, 'f', -1, 64)
}

// svgDoc is an SVG document being written: it is built in memory and
// written at once, so that a write error is seen once.
type svgDoc struct {
	b []byte
}

// num appends an integer in its shortest form: with three or more trailing
// zeros, as mantissa and exponent (21e3).
func (d *svgDoc) num(n int) {
	if n == 0 || n%1000 != 0 {
		d.b = strconv.AppendInt(d.b, int64(n), 10)
		return
	}
	exp := 0
	for n%10 == 0 {
		n /= 10
		exp++
	}
	d.b = strconv.AppendInt(d.b, int64(n), 10)
	d.b = append(d.b, 'e')
	d.b = strconv.AppendInt(d.b, int64(exp), 10)
}

// attrNum appends ` name="n"`.
func (d *svgDoc) attrNum(name string, n int) {
	d.b = append(d.b, ' ')
	d.b = append(d.b, name...)
	d.b = append(d.b, `="`...)
	d.num(n)
	d.b = append(d.b, '"')
}

// attr appends ` name="value"` with the value escaped for an XML
// attribute. Every attribute string goes through it, so no string from a
// puzzle file can break out of one.
func (d *svgDoc) attr(name, value string) {
	d.b = append(d.b, ' ')
	d.b = append(d.b, name...)
	d.b = append(d.b, `="`...)
	d.escape(value)
	d.b = append(d.b, '"')
}

// escape appends s escaped for XML text or an attribute value.
func (d *svgDoc) escape(s string) {
	w := appendWriter{&d.b}
	_ = xml.EscapeText(w, []byte(s)) // appending never fails
}

// appendWriter appends what is written to a byte slice.
type appendWriter struct{ b *[]byte }

func (w appendWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}

// color appends a colour as #rgb when each channel has two equal digits,
// else #rrggbb.
func (d *svgDoc) color(name string, c puzzle.RGB) {
	hex := c.Hex() // "#rrggbb"
	if len(hex) == 7 && hex[1] == hex[2] && hex[3] == hex[4] && hex[5] == hex[6] {
		hex = string([]byte{'#', hex[1], hex[3], hex[5]})
	}
	d.attr(name, hex)
}

// writeSVG draws s as a compact SVG document.
func writeSVG(w io.Writer, s *scene) error {
	d := &svgDoc{b: make([]byte, 0, 64*len(s.Items)+256)}
	d.draw(s)
	if _, err := w.Write(d.b); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}

// draw writes the scene's elements, grouping runs of lines with the same
// stroke into one path and runs of texts with the same style into one
// group.
func (d *svgDoc) draw(s *scene) {
	d.b = append(d.b, "<svg"...)
	d.attr("width", mmString(s.Width)+"mm")
	d.attr("height", mmString(s.Height)+"mm")
	d.b = append(d.b, ` viewBox="`...)
	for i, v := range []float64{s.X, s.Y, s.Width, s.Height} {
		if i > 0 {
			d.b = append(d.b, ' ')
		}
		d.num(u(v))
	}
	d.b = append(d.b, '"')
	d.attr("font-family", fontFamily)
	d.b = append(d.b, ` xmlns="http://www.w3.org/2000/svg"><title>`...)
	d.escape(s.Name)
	d.b = append(d.b, "</title>"...)
	items := s.Items
	for len(items) > 0 {
		switch it := items[0].(type) {
		case rect:
			d.rect(it)
			items = items[1:]
		case line:
			n := 1
			for n < len(items) {
				next, ok := items[n].(line)
				if !ok || next.Width != it.Width || next.Color != it.Color {
					break
				}
				n++
			}
			d.lines(items[:n])
			items = items[n:]
		case mark:
			d.mark(it)
			items = items[1:]
		case text:
			n := 1
			for n < len(items) {
				next, ok := items[n].(text)
				if !ok || next.Size != it.Size || next.Anchor != it.Anchor || next.Bold != it.Bold || next.Color != it.Color {
					break
				}
				n++
			}
			d.texts(items[:n])
			items = items[n:]
		default: // the item types are this package's own; nothing else occurs
			items = items[1:]
		}
	}
	d.b = append(d.b, "</svg>"...)
}

// rect writes a filled rectangle, outlined in black if it has a stroke.
func (d *svgDoc) rect(r rect) {
	d.b = append(d.b, "<rect"...)
	d.attrNum("x", u(r.X))
	d.attrNum("y", u(r.Y))
	d.attrNum("width", u(r.W))
	d.attrNum("height", u(r.H))
	d.color("fill", r.Fill)
	if r.Stroke > 0 {
		d.attr("stroke", "#000")
		d.attrNum("stroke-width", max(1, u(r.Stroke)))
	}
	d.b = append(d.b, "/>"...)
}

// lines writes lines of one stroke as a single path.
func (d *svgDoc) lines(lines []item) {
	first := lines[0].(line)
	d.b = append(d.b, `<path d="`...)
	for _, it := range lines {
		l := it.(line)
		x1, y1, x2, y2 := u(l.X1), u(l.Y1), u(l.X2), u(l.Y2)
		d.b = strconv.AppendInt(append(d.b, 'M'), int64(x1), 10)
		d.b = strconv.AppendInt(append(d.b, ' '), int64(y1), 10)
		switch {
		case y1 == y2:
			d.b = strconv.AppendInt(append(d.b, 'H'), int64(x2), 10)
		case x1 == x2:
			d.b = strconv.AppendInt(append(d.b, 'V'), int64(y2), 10)
		default:
			d.b = strconv.AppendInt(append(d.b, 'L'), int64(x2), 10)
			d.b = strconv.AppendInt(append(d.b, ' '), int64(y2), 10)
		}
	}
	d.b = append(d.b, `" fill="none"`...)
	d.color("stroke", first.Color)
	d.attrNum("stroke-width", max(1, u(first.Width)))
	d.b = append(d.b, ` stroke-linecap="square"/>`...)
}

// mark writes a glyph as a circle or polygon.
func (d *svgDoc) mark(m mark) {
	style := func() {
		if m.Stroke > 0 {
			d.b = append(d.b, ` fill="none"`...)
			d.color("stroke", m.Color)
			d.attrNum("stroke-width", max(1, u(m.Stroke)))
		} else {
			d.color("fill", m.Color)
		}
		d.b = append(d.b, "/>"...)
	}
	if m.Points == nil {
		d.b = append(d.b, "<circle"...)
		d.attrNum("cx", u(m.X))
		d.attrNum("cy", u(m.Y))
		d.attrNum("r", u(m.R))
		style()
		return
	}
	d.b = append(d.b, `<polygon points="`...)
	for i, p := range m.Points {
		if i > 0 {
			d.b = append(d.b, ' ')
		}
		d.num(u(p.X))
		d.b = append(d.b, ',')
		d.num(u(p.Y))
	}
	d.b = append(d.b, '"')
	style()
}

// texts writes texts of one style in a group that carries the style; each
// text keeps its own x and y.
func (d *svgDoc) texts(texts []item) {
	first := texts[0].(text)
	d.b = append(d.b, "<g"...)
	d.attrNum("font-size", max(1, u(first.Size)))
	switch first.Anchor {
	case anchorMiddle:
		d.b = append(d.b, ` text-anchor="middle"`...)
	case anchorEnd:
		d.b = append(d.b, ` text-anchor="end"`...)
	}
	if first.Bold {
		d.b = append(d.b, ` font-weight="bold"`...)
	}
	if first.Color != (puzzle.RGB{}) {
		d.color("fill", first.Color)
	}
	d.b = append(d.b, '>')
	for _, it := range texts {
		t := it.(text)
		d.b = append(d.b, "<text"...)
		d.attrNum("x", u(t.X))
		d.attrNum("y", u(t.Y))
		d.b = append(d.b, '>')
		d.escape(t.S)
		d.b = append(d.b, "</text>"...)
	}
	d.b = append(d.b, "</g>"...)
}
