package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	svgo "github.com/ajstarks/svgo"
	"github.com/tdewolff/minify/v2"
	minsvg "github.com/tdewolff/minify/v2/svg"

	"github.com/nonopress/nonopress/puzzle"
)

// The SVG back end draws in hundredths of a millimetre: svgo takes integer
// coordinates, and the root element's viewBox maps them onto a width and
// height given in mm, so a printed SVG has the sheet's physical size.
const svgUnitsPerMM = 100

// u converts millimetres to SVG units.
func u(mm float64) int { return int(math.Round(mm * svgUnitsPerMM)) }

// mmString writes a length in mm with at most two decimals: "215.9".
func mmString(mm float64) string {
	return strconv.FormatFloat(math.Round(mm*100)/100, 'f', -1, 64)
}

// attr writes name="value" with the value escaped for an XML attribute.
// Every attribute the SVG back end writes goes through it, so no string from
// a puzzle file can break out of one.
func attr(name, value string) string {
	var b strings.Builder
	b.WriteString(name)
	b.WriteString(`="`)
	_ = xml.EscapeText(&b, []byte(value)) // a strings.Builder never fails
	b.WriteByte('"')
	return b.String()
}

// errWriter passes writes on until one fails, then keeps that first error and
// refuses every later write (svgo ignores write errors; image/png's encoder
// keeps them the same way).
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err != nil {
		e.err = err
	}
	return n, err
}

// svgMinifier minifies SVG; a minify.M is safe for concurrent use.
var svgMinifier = func() *minify.M {
	m := minify.New()
	m.Add("image/svg+xml", &minsvg.Minifier{})
	return m
}()

// writeSVG draws s as a minified SVG document.
func writeSVG(w io.Writer, s *scene) error {
	raw := new(bytes.Buffer)
	ew := &errWriter{w: raw}
	drawSVG(svgo.New(ew), s)
	if ew.err != nil {
		return fmt.Errorf("render: writing SVG: %w", ew.err)
	}
	out := &errWriter{w: w}
	err := svgMinifier.Minify("image/svg+xml", out, raw)
	if out.err != nil {
		return fmt.Errorf("render: writing SVG: %w", out.err)
	}
	if err != nil {
		return fmt.Errorf("render: minifying SVG: %w", err)
	}
	return nil
}

// drawSVG writes the scene's elements to canvas, grouping runs of lines with
// the same stroke into one path and runs of texts with the same style into one
// group.
func drawSVG(canvas *svgo.SVG, s *scene) {
	canvas.Startraw(
		attr("width", mmString(s.Width)+"mm"),
		attr("height", mmString(s.Height)+"mm"),
		attr("viewBox", fmt.Sprintf("%d %d %d %d", u(s.X), u(s.Y), u(s.Width), u(s.Height))),
		attr("font-family", fontFamily))
	canvas.Title(s.Name)
	items := s.Items
	for len(items) > 0 {
		switch it := items[0].(type) {
		case rect:
			style := []string{attr("fill", it.Fill.Hex())}
			if it.Stroke > 0 {
				style = append(style, attr("stroke", "#000"), attr("stroke-width", strconv.Itoa(max(1, u(it.Stroke)))))
			}
			canvas.Rect(u(it.X), u(it.Y), u(it.W), u(it.H), style...)
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
			drawLines(canvas, items[:n])
			items = items[n:]
		case mark:
			drawMark(canvas, it)
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
			drawTexts(canvas, items[:n])
			items = items[n:]
		default: // the item types are this package's own; nothing else occurs
			items = items[1:]
		}
	}
	canvas.End()
}

// drawLines writes lines of one stroke as a single path.
func drawLines(canvas *svgo.SVG, lines []item) {
	first := lines[0].(line)
	d := make([]byte, 0, 16*len(lines))
	for _, it := range lines {
		l := it.(line)
		x1, y1, x2, y2 := u(l.X1), u(l.Y1), u(l.X2), u(l.Y2)
		d = strconv.AppendInt(append(d, 'M'), int64(x1), 10)
		d = strconv.AppendInt(append(d, ' '), int64(y1), 10)
		switch {
		case y1 == y2:
			d = strconv.AppendInt(append(d, 'H'), int64(x2), 10)
		case x1 == x2:
			d = strconv.AppendInt(append(d, 'V'), int64(y2), 10)
		default:
			d = strconv.AppendInt(append(d, 'L'), int64(x2), 10)
			d = strconv.AppendInt(append(d, ' '), int64(y2), 10)
		}
	}
	canvas.Path(string(d), attr("fill", "none"), attr("stroke", first.Color.Hex()),
		attr("stroke-width", strconv.Itoa(max(1, u(first.Width)))), attr("stroke-linecap", "square"))
}

// drawMark writes a glyph as a circle or polygon.
func drawMark(canvas *svgo.SVG, m mark) {
	style := []string{attr("fill", m.Color.Hex())}
	if m.Stroke > 0 {
		style = []string{attr("fill", "none"), attr("stroke", m.Color.Hex()), attr("stroke-width", strconv.Itoa(max(1, u(m.Stroke))))}
	}
	if m.Points == nil {
		canvas.Circle(u(m.X), u(m.Y), u(m.R), style...)
		return
	}
	xs, ys := make([]int, len(m.Points)), make([]int, len(m.Points))
	for i, p := range m.Points {
		xs[i], ys[i] = u(p.X), u(p.Y)
	}
	canvas.Polygon(xs, ys, style...)
}

// drawTexts writes texts of one style in a group that carries the style; each
// text keeps its own x and y.
func drawTexts(canvas *svgo.SVG, texts []item) {
	first := texts[0].(text)
	style := []string{attr("font-size", strconv.Itoa(max(1, u(first.Size))))}
	switch first.Anchor {
	case anchorMiddle:
		style = append(style, attr("text-anchor", "middle"))
	case anchorEnd:
		style = append(style, attr("text-anchor", "end"))
	}
	if first.Bold {
		style = append(style, attr("font-weight", "bold"))
	}
	if first.Color != (puzzle.RGB{}) {
		style = append(style, attr("fill", first.Color.Hex()))
	}
	canvas.Group(style...)
	for _, it := range texts {
		t := it.(text)
		canvas.Text(u(t.X), u(t.Y), t.S)
	}
	canvas.Gend()
}
