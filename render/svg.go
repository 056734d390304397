package render

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"

	svgo "github.com/ajstarks/svgo"

	"github.com/nonopress/nonopress/puzzle"
)

// The SVG back end draws through an svgo canvas in hundredths of a
// millimetre: integer coordinates, which the root element's viewBox maps
// onto a width and height given in mm, so a printed SVG has the sheet's
// physical size.
//
// It writes the document compact in the first place: lines of one stroke in
// one path, texts of one style in one group, colours in three digits where
// they can be, the attributes of an element formatted into one string (see
// svgAttrs). There is no minify pass after it, here or in the build; svgo's
// line breaks between elements stay.
const svgUnitsPerMM = 100

// u converts millimetres to SVG units.
func u(mm float64) int { return int(math.Round(mm * svgUnitsPerMM)) }

// mmString writes a length in mm with at most two decimals: "215.9".
func mmString(mm float64) string {
	return strconv.FormatFloat(math.Round(mm*100)/100, 'f', -1, 64)
}

// writeSVG draws s as a compact SVG document on an svgo canvas. svgo ignores
// write errors, so the canvas writes to a buffered writer, which keeps the
// first error and returns it once, from Flush; or, given a bytes.Buffer
// (which takes every write, as a build's worker gives), straight to it.
func writeSVG(w io.Writer, s *scene) error {
	if b, ok := w.(*bytes.Buffer); ok {
		b.Grow(64*len(s.Items) + 512)
		d := svgDrawer{w: b, canvas: svgo.New(b)}
		d.draw(s)
		return nil
	}
	bw := bufio.NewWriterSize(w, min(64*1024, 64*len(s.Items)+512))
	d := svgDrawer{w: bw, canvas: svgo.New(bw)}
	d.draw(s)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("render: writing SVG: %w", err)
	}
	return nil
}

// svgDrawer draws a scene on an svgo canvas; a and path are its scratch
// space for formatting attributes and path data.
type svgDrawer struct {
	w      io.Writer // what canvas writes to
	canvas *svgo.SVG
	a      svgAttrs
	path   []byte
}

// draw writes the scene's elements, grouping runs of lines with the same
// stroke into one path and runs of texts with the same style into one
// group.
func (d *svgDrawer) draw(s *scene) {
	d.root(s)
	d.canvas.Title(s.Name)
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
	d.canvas.End()
}

// root writes the root element's start tag. It does not use the canvas's
// Start: svgo begins a document with an XML declaration and a comment, which
// a page that inlines the SVG must not get, and with a namespace for links,
// which these drawings have none of. The canvas's End closes the element.
func (d *svgDrawer) root(s *scene) {
	d.a.reset()
	d.a.str("width", mmString(s.Width)+"mm")
	d.a.str("height", mmString(s.Height)+"mm")
	d.a.str("viewBox", fmt.Sprintf("%d %d %d %d", u(s.X), u(s.Y), u(s.Width), u(s.Height)))
	d.a.str("font-family", fontFamily)
	d.a.str("xmlns", "http://www.w3.org/2000/svg")
	fmt.Fprintf(d.w, "<svg %s>\n", d.a.b) // an error stays in the writer for Flush
}

// rect writes a filled rectangle, outlined in black if it has a stroke.
func (d *svgDrawer) rect(r rect) {
	d.a.reset()
	d.a.color("fill", r.Fill)
	if r.Stroke > 0 {
		d.a.str("stroke", "#000")
		d.a.num("stroke-width", max(1, u(r.Stroke)))
	}
	d.canvas.Rect(u(r.X), u(r.Y), u(r.W), u(r.H), d.a.String())
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
	d.canvas.Path(string(d.path), d.a.String()) // path data is digits and commands only
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
		d.canvas.Circle(u(m.X), u(m.Y), u(m.R), d.a.String())
		return
	}
	xs, ys := make([]int, len(m.Points)), make([]int, len(m.Points))
	for i, p := range m.Points {
		xs[i], ys[i] = u(p.X), u(p.Y)
	}
	d.canvas.Polygon(xs, ys, d.a.String())
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
	d.canvas.Group(d.a.String())
	for _, it := range texts {
		t := it.(text)
		d.canvas.Text(u(t.X), u(t.Y), t.S) // svgo escapes the text
	}
	d.canvas.Gend()
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
