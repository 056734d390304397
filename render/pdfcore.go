package render

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"sync"

	"codeberg.org/go-pdf/fpdf"

	"github.com/nonopress/nonopress/puzzle"
)

// A document whose texts all fit WinAnsiEncoding is set in the PDF core
// fonts, Helvetica and Helvetica-Bold, which every viewer and printer has:
// nothing is embedded. writeCorePDF writes such a document itself instead of
// through fpdf. A site makes one per puzzle, and fpdf spent most of a sheet's
// time on work a sheet does not need: parsing the core fonts' metrics from
// JSON for every document, formatting every number through fmt, and copying
// the pages through its buffers before the post-pass compressed them again.
// Documents that embed the Go fonts (booklets, and sheets with other
// characters) still go through fpdf, which subsets the fonts.
//
// The file is laid out as fpdf lays out its own: objects 1 to 6 are the
// catalog, the document information, the page tree, the shared resources and
// the two fonts; then each page and its content stream; then the outline.
// Coordinates are written in points, from the bottom left, with two decimals.

// mmToPt is the number of PDF points in a millimetre.
const mmToPt = 72 / 25.4

// The fixed objects of a core-font document.
const (
	coreCatalog = 1 + iota
	coreInfo
	corePages
	coreResources
	coreRegular
	coreBold
	coreFirstPage // page i is object coreFirstPage+2i, its content the next
)

// coreWidths are the advance widths of Helvetica and Helvetica-Bold (index 0
// and 1) by WinAnsiEncoding byte, in thousandths of an em. They are read once
// from fpdf's copy of Adobe's metrics, so that a text is placed as fpdf would
// place it.
var coreWidths = sync.OnceValues(func() (*[2][256]int, error) {
	var w [2][256]int
	pdf := fpdf.New("P", "mm", "A4", "")
	for i, style := range []string{"", "B"} {
		pdf.SetFont(coreFont, style, 10)
		for c := 0x20; c < 0x100; c++ {
			w[i][c] = pdf.GetStringSymbolWidth(string([]byte{byte(c)}))
		}
	}
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("render: core font metrics: %w", err)
	}
	return &w, nil
})

// coreDoc is a core-font document being written.
type coreDoc struct {
	out     []byte
	offsets []int // of each object, by number; offsets[0] is unused
	widths  *[2][256]int
	z       *deflater // compresses the content streams

	// The page being drawn: its content, its height in mm, and the graphics
	// state last set on it (a content stream starts from the defaults).
	content         []byte
	height          float64
	fill, draw      puzzle.RGB
	width, fontSize float64
	bold            bool
}

// writeCorePDF writes pages as a PDF set in the core fonts, with the given
// title and author ("" for none) in its information and a bookmark per
// scene bookmark. Every text must fit WinAnsiEncoding (needsEmbeddedFont says
// whether they do); one that does not is written with '?' in its place.
func writeCorePDF(w io.Writer, title, author string, pages []*scene, opt Options) error {
	widths, err := coreWidths()
	if err != nil {
		return err
	}
	d := &coreDoc{offsets: make([]int, coreFirstPage), widths: widths, z: new(deflater)}
	if opt.Scratch != nil {
		d.z = &opt.Scratch.z
	}
	d.out = append(d.out, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"...)

	outline := coreFirstPage + 2*len(pages) // the outline's root, if any
	bookmarks := 0
	for _, s := range pages {
		bookmarks += len(s.Bookmarks)
	}
	d.begin(coreCatalog)
	d.out = append(d.out, "<</Type /Catalog /Pages 3 0 R"...)
	if bookmarks > 0 {
		d.out = fmt.Appendf(d.out, " /Outlines %d 0 R /PageMode /UseOutlines", outline)
	}
	d.end(">>")

	d.begin(coreInfo)
	d.out = append(d.out, "<<"...)
	if title != "" {
		d.out = appendTextString(append(d.out, "/Title "...), printable(title))
	}
	if author != "" {
		d.out = appendTextString(append(d.out, " /Author "...), printable(author))
	}
	d.out = appendTextString(append(d.out, " /Creator "...), "nonopress")
	if !opt.Date.IsZero() {
		date := opt.Date.UTC().Format("20060102150405")
		d.out = fmt.Appendf(d.out, " /CreationDate (D:%s) /ModDate (D:%s)", date, date)
	}
	d.end(">>")

	d.begin(corePages)
	d.out = append(d.out, "<</Type /Pages /Kids ["...)
	for i := range pages {
		d.out = fmt.Appendf(d.out, "%d 0 R ", coreFirstPage+2*i)
	}
	d.out = fmt.Appendf(d.out, "] /Count %d", len(pages))
	d.end(">>")

	d.begin(coreResources)
	d.end("<</ProcSet [/PDF /Text] /Font <</F1 5 0 R /F2 6 0 R>>>>")
	for i, name := range []string{coreFont, coreFont + "-Bold"} {
		d.begin(coreRegular + i)
		d.end("<</Type /Font /Subtype /Type1 /BaseFont /" + name + " /Encoding /WinAnsiEncoding>>")
	}

	for i, s := range pages {
		d.begin(coreFirstPage + 2*i)
		d.out = append(d.out, "<</Type /Page /Parent 3 0 R /MediaBox [0 0 "...)
		d.out = appendNum(d.out, s.Width*mmToPt)
		d.out = append(d.out, ' ')
		d.out = appendNum(d.out, s.Height*mmToPt)
		d.out = fmt.Appendf(d.out, "] /Resources 4 0 R /Contents %d 0 R", coreFirstPage+2*i+1)
		d.end(">>")
		d.drawPage(s)
		z, err := d.z.deflate(d.content)
		if err != nil {
			return fmt.Errorf("render: compressing a PDF page: %w", err)
		}
		d.begin(coreFirstPage + 2*i + 1)
		d.out = fmt.Appendf(d.out, "<</Filter /FlateDecode /Length %d>>\nstream\n", len(z))
		d.out = append(d.out, z...)
		d.end("\nendstream")
	}
	if bookmarks > 0 {
		d.writeOutline(outline, pages)
	}

	xref := len(d.out)
	d.out = fmt.Appendf(d.out, "xref\n0 %d\n0000000000 65535 f \n", len(d.offsets))
	for _, off := range d.offsets[1:] {
		d.out = appendPadded(d.out, off, 10)
		d.out = append(d.out, " 00000 n \n"...)
	}
	d.out = fmt.Appendf(d.out, "trailer\n<</Size %d /Root 1 0 R /Info 2 0 R>>\nstartxref\n%d\n%%%%EOF\n", len(d.offsets), xref)
	if _, err := w.Write(d.out); err != nil {
		return fmt.Errorf("render: writing PDF: %w", err)
	}
	return nil
}

// begin starts object n, which must be the next one.
func (d *coreDoc) begin(n int) {
	if n >= len(d.offsets) {
		d.offsets = append(d.offsets, make([]int, n+1-len(d.offsets))...)
	}
	d.offsets[n] = len(d.out)
	d.out = strconv.AppendInt(d.out, int64(n), 10)
	d.out = append(d.out, " 0 obj\n"...)
}

// end writes the rest of the current object and closes it.
func (d *coreDoc) end(rest string) {
	d.out = append(d.out, rest...)
	d.out = append(d.out, "\nendobj\n"...)
}

// drawPage writes s's content stream into d.content, as pdfDoc.page draws
// it through fpdf.
func (d *coreDoc) drawPage(s *scene) {
	d.content = d.content[:0]
	d.height = s.Height
	d.fill, d.draw, d.width, d.fontSize, d.bold = black, black, -1, -1, false
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
		}
	}
}

// text writes a text in the fill colour, placed by its anchor with the core
// font's widths.
func (d *coreDoc) text(t text) {
	d.setFill(t.Color)
	s, _ := toWinAnsi(t.S)
	font := 0
	if t.Bold {
		font = 1
	}
	x := t.X
	if t.Anchor != anchorStart {
		w := 0
		for i := 0; i < len(s); i++ {
			w += d.widths[font][s[i]]
		}
		width := float64(w) * t.Size / 1000
		if t.Anchor == anchorMiddle {
			width /= 2
		}
		x -= width
	}
	d.content = append(d.content, "BT "...)
	if t.Size != d.fontSize || t.Bold != d.bold {
		d.content = append(d.content, "/F1 "...)
		if t.Bold {
			d.content[len(d.content)-2] = '2'
		}
		d.content = appendNum(d.content, t.Size*mmToPt)
		d.content = append(d.content, " Tf "...)
		d.fontSize, d.bold = t.Size, t.Bold
	}
	d.point(x, t.Y)
	d.content = append(d.content, " Td ("...)
	d.content = appendEscaped(d.content, s)
	d.content = append(d.content, ") Tj ET\n"...)
}

// circle writes a circle of radius r around (x, y) as four Bézier arcs.
func (d *coreDoc) circle(x, y, r float64) {
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
func (d *coreDoc) point(x, y float64) {
	d.content = appendNum(d.content, x*mmToPt)
	d.content = append(d.content, ' ')
	d.content = appendNum(d.content, (d.height-y)*mmToPt)
}

func (d *coreDoc) setFill(c puzzle.RGB) {
	if c != d.fill {
		d.content = appendColor(d.content, c, " rg\n")
		d.fill = c
	}
}

func (d *coreDoc) setDraw(c puzzle.RGB) {
	if c != d.draw {
		d.content = appendColor(d.content, c, " RG\n")
		d.draw = c
	}
}

func (d *coreDoc) setWidth(w float64) {
	if w != d.width {
		d.content = appendNum(d.content, w*mmToPt)
		d.content = append(d.content, " w\n"...)
		d.width = w
	}
}

// writeOutline writes the bookmarks of pages as the document outline,
// rooted at object root: each bookmark a child of the last one before it
// with a lower level, in order.
func (d *coreDoc) writeOutline(root int, pages []*scene) {
	type entry struct {
		title                              string
		page, parent, first, last          int
		prev, next, descendants, level, at int
		y                                  float64
	}
	var entries []entry
	for i, s := range pages {
		for _, b := range s.Bookmarks {
			entries = append(entries, entry{title: b.Title, level: max(b.Level, 0), page: i,
				y: (s.Height - b.Y) * mmToPt, parent: -1, first: -1, last: -1, prev: -1, next: -1})
		}
	}
	// open holds, for each level, the index of the entry at that level that
	// later entries of the next level belong to.
	var open []int
	rootFirst, rootLast := -1, -1
	for i := range entries {
		e := &entries[i]
		if e.level > len(open) {
			e.level = len(open) // a level skipped: hang it one deeper than its parent
		}
		open = append(open[:e.level], i)
		if e.level == 0 {
			if rootLast >= 0 {
				entries[rootLast].next, e.prev = i, rootLast
			} else {
				rootFirst = i
			}
			rootLast = i
			continue
		}
		p := open[e.level-1]
		e.parent = p
		if last := entries[p].last; last >= 0 {
			entries[last].next, e.prev = i, last
		} else {
			entries[p].first = i
		}
		entries[p].last = i
		for a := p; a >= 0; a = entries[a].parent {
			entries[a].descendants++
		}
	}
	obj := func(i int) int { return root + 1 + i }
	d.begin(root)
	d.end(fmt.Sprintf("<</Type /Outlines /First %d 0 R /Last %d 0 R>>", obj(rootFirst), obj(rootLast)))
	for i, e := range entries {
		d.begin(obj(i))
		d.out = appendTextString(append(d.out, "<</Title "...), printable(e.title))
		parent := root
		if e.parent >= 0 {
			parent = obj(e.parent)
		}
		d.out = fmt.Appendf(d.out, " /Parent %d 0 R", parent)
		for _, link := range []struct {
			key string
			to  int
		}{{"Prev", e.prev}, {"Next", e.next}, {"First", e.first}, {"Last", e.last}} {
			if link.to >= 0 {
				d.out = fmt.Appendf(d.out, " /%s %d 0 R", link.key, obj(link.to))
			}
		}
		d.out = fmt.Appendf(d.out, " /Count %d /Dest [%d 0 R /XYZ 0 ", e.descendants, coreFirstPage+2*e.page)
		d.out = appendNum(d.out, e.y)
		d.end(" null]>>")
	}
}

// appendNum appends v with at most two decimals and no trailing zeros.
func appendNum(b []byte, v float64) []byte {
	v = math.Round(v*100) / 100
	if v == 0 {
		return append(b, '0') // not "-0"
	}
	b = strconv.AppendFloat(b, v, 'f', -1, 64)
	return b
}

// appendColor appends c as an RGB colour operand, each component with at
// most three decimals, then op.
func appendColor(b []byte, c puzzle.RGB, op string) []byte {
	for i, v := range [3]uint8{c.R, c.G, c.B} {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendFloat(b, math.Round(float64(v)/255*1000)/1000, 'f', -1, 64)
	}
	return append(b, op...)
}

// appendEscaped appends s as the inside of a PDF literal string.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', '(', ')':
			b = append(b, '\\', c)
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendTextString appends s as a PDF text string: UTF-16BE with its
// byte-order mark, escaped in a literal string, as fpdf writes them.
func appendTextString(b []byte, s string) []byte {
	b = append(b, '(')
	b = appendEscaped(b, pdfTextString(s))
	return append(b, ')')
}

// appendPadded appends n in decimal, zero-padded to width digits.
func appendPadded(out []byte, n, width int) []byte {
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(n), 10)
	for range width - len(d) {
		out = append(out, '0')
	}
	return append(out, d...)
}
