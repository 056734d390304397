package render

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/nonopress/nonopress/puzzle"
)

// The SVG back end writes the document itself, in hundredths of a
// millimetre: integer coordinates, which the root element's viewBox maps
// onto a width and height given in mm, so a printed SVG has the sheet's
// physical size.
//
// It writes the document compact in the first place: lines of one stroke in
// one path, texts of one style in one group, colours in three digits where
// they can be, the attributes of an element formatted once (see svgAttrs).
// There is no minify pass after it, here or in the build. The elements are
// written as the svgo library, which drew them before, wrote them, a line
// each: sheets and the pages that inline them stayed byte for byte the same.
const svgUnitsPerMM = 100

// u converts millimetres to SVG units.
func u(mm float64) int { return int(math.Round(mm * svgUnitsPerMM)) }

// mmString writes a length in mm with at most two decimals: "215.9".
func mmString(mm float64) string {
	return strconv.FormatFloat(math.Round(mm*100)/100, 'f', -1, 64)
}

// writeSVG writes s as a compact SVG document.
func writeSVG(w io.Writer, s *scene) error {
	d := svgDrawer{out: make([]byte, 0, 64*len(s.Items)+512)}
	d.draw(s)
	if _, err := w.Write(d.out); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}

// svgDrawer draws a scene into out; a and path are its scratch space for
// formatting attributes and path data.
type svgDrawer struct {
	out  []byte
	a    svgAttrs
	path []byte
}

// draw writes the scene's elements, grouping runs of lines with the same
// stroke into one path and runs of texts with the same style into one
// group.
func (d *svgDrawer) draw(s *scene) {
	d.root(s)
	d.out = append(d.out, "<title>"...)
	d.escaped(s.Name)
	d.out = append(d.out, "</title>\n"...)
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
	d.out = append(d.out, "</svg>\n"...)
}

// root writes the root element's start tag: no XML declaration, which a
// page that inlines the SVG must not get, and no namespace for links,
// which these drawings have none of.
func (d *svgDrawer) root(s *scene) {
	d.a.reset()
	d.a.str("width", mmString(s.Width)+"mm")
	d.a.str("height", mmString(s.Height)+"mm")
	d.a.str("viewBox", fmt.Sprintf("%d %d %d %d", u(s.X), u(s.Y), u(s.Width), u(s.Height)))
	d.a.str("font-family", fontFamily)
	d.a.str("xmlns", "http://www.w3.org/2000/svg")
	d.out = append(d.out, "<svg "...)
	d.out = append(d.out, d.a.b...)
	d.out = append(d.out, ">\n"...)
}

// element writes an element with the given integer attributes, then the
// formatted ones, ended by end: `<rect x="1" y="2" fill="#000" />`.
func (d *svgDrawer) element(tag string, names []string, values []int, end string) {
	d.out = append(append(d.out, '<'), tag...)
	for i, name := range names {
		d.out = append(append(append(d.out, ' '), name...), `="`...)
		d.out = append(strconv.AppendInt(d.out, int64(values[i]), 10), '"')
	}
	d.out = append(append(append(d.out, ' '), d.a.b...), end...)
}

var (
	rectNames   = []string{"x", "y", "width", "height"}
	circleNames = []string{"cx", "cy", "r"}
	textNames   = []string{"x", "y"}
)

// rect writes a filled rectangle, outlined in black if it has a stroke.
func (d *svgDrawer) rect(r rect) {
	d.a.reset()
	d.a.color("fill", r.Fill)
	if r.Stroke > 0 {
		d.a.str("stroke", "#000")
		d.a.num("stroke-width", max(1, u(r.Stroke)))
	}
	d.element("rect", rectNames, []int{u(r.X), u(r.Y), u(r.W), u(r.H)}, " />\n")
}

// lines writes lines of one stroke as a single path.
func (d *svgDrawer) lines(lines []item) {
	first := lines[0].(line)
	d.path = d.path[:0]
	for _, it := range lines {
		l := it.(line)
		d.path = appendSegment(d.path, u(l.X1), u(l.Y1), u(l.X2), u(l.Y2))
	}
	d.a.reset()
	d.a.str("fill", "none")
	d.a.color("stroke", first.Color)
	d.a.num("stroke-width", max(1, u(first.Width)))
	d.a.str("stroke-linecap", "square")
	d.out = append(d.out, `<path d="`...)
	d.out = append(d.out, d.path...) // path data is digits and commands only
	d.out = append(append(append(d.out, `" `...), d.a.b...), " />\n"...)
}

// mark writes a glyph as a circle or polygon.
func (d *svgDrawer) mark(m mark) {
	d.a.reset()
	if m.Stroke > 0 {
		d.a.str("fill", "none")
		d.a.color("stroke", m.Color)
		d.a.num("stroke-width", max(1, u(m.Stroke)))
	} else {
		d.a.color("fill", m.Color)
	}
	if m.Points == nil {
		d.element("circle", circleNames, []int{u(m.X), u(m.Y), u(m.R)}, " />\n")
		return
	}
	d.out = append(d.out, `<polygon points="`...)
	for i, p := range m.Points {
		if i > 0 {
			d.out = append(d.out, ' ')
		}
		d.out = append(strconv.AppendInt(d.out, int64(u(p.X)), 10), ',')
		d.out = strconv.AppendInt(d.out, int64(u(p.Y)), 10)
	}
	d.out = append(append(append(d.out, `" `...), d.a.b...), " />\n"...)
}

// texts writes texts of one style in a group that carries the style; each
// text keeps its own x and y.
func (d *svgDrawer) texts(texts []item) {
	first := texts[0].(text)
	d.a.reset()
	d.a.num("font-size", max(1, u(first.Size)))
	switch first.Anchor {
	case anchorMiddle:
		d.a.str("text-anchor", "middle")
	case anchorEnd:
		d.a.str("text-anchor", "end")
	}
	if first.Bold {
		d.a.str("font-weight", "bold")
	}
	if first.Color != (puzzle.RGB{}) {
		d.a.color("fill", first.Color)
	}
	d.out = append(append(append(d.out, "<g "...), d.a.b...), " >\n"...)
	d.a.reset()
	for _, it := range texts {
		t := it.(text)
		d.element("text", textNames, []int{u(t.X), u(t.Y)}, ">")
		d.escaped(t.S)
		d.out = append(d.out, "</text>\n"...)
	}
	d.out = append(d.out, "</g>\n"...)
}

// escaped writes s escaped for XML text.
func (d *svgDrawer) escaped(s string) {
	_ = xml.EscapeText(appendWriter{&d.out}, []byte(s)) // appending never fails
}

// appendSegment appends a line from (x1, y1) to (x2, y2) to path data, as
// a horizontal or vertical line where it is one.
func appendSegment(d []byte, x1, y1, x2, y2 int) []byte {
	d = strconv.AppendInt(append(d, 'M'), int64(x1), 10)
	d = strconv.AppendInt(append(d, ' '), int64(y1), 10)
	switch {
	case y1 == y2:
		return strconv.AppendInt(append(d, 'H'), int64(x2), 10)
	case x1 == x2:
		return strconv.AppendInt(append(d, 'V'), int64(y2), 10)
	}
	d = strconv.AppendInt(append(d, 'L'), int64(x2), 10)
	return strconv.AppendInt(append(d, ' '), int64(y2), 10)
}

// svgAttrs formats the attributes of one element as name="value" pairs
// separated by spaces: svgo takes them as one argument and writes them
// as they are. Every value is escaped for an XML attribute, so no string
// from a puzzle file can break out of one.
type svgAttrs struct{ b []byte }

// reset empties the attributes for the next element.
func (a *svgAttrs) reset() { a.b = a.b[:0] }

// String returns the attributes formatted.
func (a *svgAttrs) String() string { return string(a.b) }

// str adds name="value", the value escaped.
func (a *svgAttrs) str(name, value string) {
	a.name(name)
	a.escape(value)
	a.b = append(a.b, '"')
}

// num adds name="n".
func (a *svgAttrs) num(name string, n int) {
	a.name(name)
	a.b = strconv.AppendInt(a.b, int64(n), 10)
	a.b = append(a.b, '"')
}

// color adds a colour as #rgb when each channel has two equal digits, else
// as #rrggbb.
func (a *svgAttrs) color(name string, c puzzle.RGB) {
	const digits = "0123456789abcdef" // as puzzle.RGB.Hex writes them
	a.name(name)
	a.b = append(a.b, '#')
	if c.R>>4 == c.R&15 && c.G>>4 == c.G&15 && c.B>>4 == c.B&15 {
		a.b = append(a.b, digits[c.R&15], digits[c.G&15], digits[c.B&15])
	} else {
		for _, v := range [3]uint8{c.R, c.G, c.B} {
			a.b = append(a.b, digits[v>>4], digits[v&15])
		}
	}
	a.b = append(a.b, '"')
}

// name begins an attribute: name=".
func (a *svgAttrs) name(name string) {
	if len(a.b) > 0 {
		a.b = append(a.b, ' ')
	}
	a.b = append(a.b, name...)
	a.b = append(a.b, `="`...)
}

// escape appends s escaped for an XML attribute value: as it is when it
// holds only printable ASCII that needs no escaping, else through
// xml.EscapeText (which also replaces invalid UTF-8 and control bytes).
func (a *svgAttrs) escape(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' {
			_ = xml.EscapeText(appendWriter{&a.b}, []byte(s)) // appending never fails
			return
		}
	}
	a.b = append(a.b, s...)
}

// appendWriter appends what is written to a byte slice.
type appendWriter struct{ b *[]byte }

func (w appendWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}
