package render

import (
	"fmt"
	"github.com/nonopress/nonopress/puzzle"
	"io"
	"strconv"
)

// pdf*.go write PDFs themselves, in one pass with no PDF library: a
// document whose texts all fit WinAnsiEncoding (most sheets of a site) is
// set in the PDF core fonts, Helvetica and Helvetica-Bold, which every
// viewer and printer has, so that nothing is embedded; any other document
// (booklets, which are printed and kept, and sheets with other characters)
// embeds the Go fonts and, for what they lack, the fonts of fonts.go, each
// subset to the glyphs drawn (pdffont.go, ttfsubset.go).
//
// Objects 1 to 4 are the catalog, the document information, the page tree
// and the resources all pages share; a core-font document's two fonts are
// objects 5 and 6. Then come each page and its content stream, the outline,
// the drawn grids placed on the pages (drawn.go) and the embedded fonts,
// which are written last, when the pages have said which glyphs they draw,
// and the resources, which list them. Coordinates are written in points, from the
// bottom left, with two decimals.

// mmToPt is the number of PDF points in a millimetre.
const mmToPt = 72 / 25.4

// The fixed objects of a document.
const (
	objCatalog = 1 + iota
	objInfo
	objPages
	objResources
	objHelvetica     // core-font documents only
	objHelveticaBold // core-font documents only
)

// coreFont is the PDF core font family of documents whose texts need no
// other: viewers and printers have it built in, so nothing is embedded. Its
// widths are within a few percent of Go's, which the layout measures with
// (TestCoreFontFitsLayout).
const coreFont = "Helvetica"

// pdfDoc is a document being written.
type pdfDoc struct {
	out       []byte
	offsets   []int // of each object, by number; offsets[0] is unused
	z         *deflater
	fonts     *fontSet // the embedded fonts; nil: the core fonts
	firstPage int      // page i is object firstPage+2i, its content the next

	// The page being drawn: its content, its height in mm, and the graphics
	// state last set on it (a content stream starts from the defaults).
	content          []byte
	height           float64
	fill, draw       puzzle.RGB
	fillSet, drawSet bool // fill and draw are the stream's (a form's are unknown at first)
	width, fontSize  float64
	font             int          // the current font's resource number; 0: none yet
	forms            []*DrawnGrid // the drawn grids placed, /G1 onwards
	formIndex        map[*DrawnGrid]int
}

// writePDFPages writes the pages as a document with the given title and
// author ("" for none): in the core fonts when their texts allow it, else
// in embedded fonts.
func writePDFPages(w io.Writer, title, author string, pages []*scene, opt Options) error {
	if !needsEmbeddedFont(pages) {
		return writeDocument(w, title, author, pages, nil, opt)
	}
	fonts, err := newFontSet(opt.fonts())
	if err != nil {
		return err
	}
	return writeDocument(w, title, author, pages, fonts, opt)
}

// needsEmbeddedFont says whether some text of the pages has a character
// outside WinAnsiEncoding, which the core fonts cannot show.
func needsEmbeddedFont(pages []*scene) bool {
	for _, s := range pages {
		for _, it := range s.Items {
			t, ok := it.(text)
			if !ok {
				continue
			}
			for _, r := range t.S {
				if _, ok := winAnsiByte(r); !ok {
					return true
				}
			}
		}
	}
	return false
}

// writeDocument writes pages as a PDF with the given title and author ("" for
// none) in its information and a bookmark per scene bookmark, its texts set
// in fonts, or (fonts nil) in the core fonts, in which case every text must
// fit WinAnsiEncoding: a character that does not is written as '?'.
func writeDocument(w io.Writer, title, author string, pages []*scene, fonts *fontSet, opt Options) error {
	d := &pdfDoc{offsets: make([]int, objResources+1), z: new(deflater), fonts: fonts, firstPage: objResources + 1}
	if fonts == nil {
		d.firstPage = objHelveticaBold + 1
	}
	if s := opt.Scratch; s != nil {
		d.z, d.content, d.out = &s.z, s.content[:0], s.out[:0]
		defer func() { s.content, s.out = d.content[:0], d.out[:0] }()
	}
	d.out = append(d.out, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"...)
	bookmarks := 0
	for _, s := range pages {
		bookmarks += len(s.Bookmarks)
	}
	outline := d.firstPage + 2*len(pages) // the outline's root, if any
	d.writeHead(title, author, len(pages), bookmarks > 0, outline, opt)
	if fonts == nil {
		d.writeCoreFonts()
	}
	for i, s := range pages {
		if err := d.writePage(i, s); err != nil {
			return err
		}
	}
	if bookmarks > 0 {
		d.writeOutline(outline, pages)
	}
	formFont := objHelvetica // the font of the drawn grids' digits
	if fonts != nil && len(d.forms) > 0 {
		var err error
		if formFont, err = d.writeDigitsFont(); err != nil {
			return err
		}
	}
	forms := d.writeForms(formFont)
	fontRefs := "/F1 5 0 R /F2 6 0 R"
	if fonts != nil {
		var err error
		if fontRefs, err = d.writeEmbeddedFonts(); err != nil {
			return err
		}
	}
	d.writeResources(fontRefs, forms)
	d.writeTrailer()
	if _, err := w.Write(d.out); err != nil {
		return fmt.Errorf("render: writing PDF: %w", err)
	}
	return nil
}

// writeHead writes the catalog, the information and the page tree.
func (d *pdfDoc) writeHead(title, author string, pages int, outlined bool, outline int, opt Options) {
	d.begin(objCatalog)
	d.out = append(d.out, "<</Type /Catalog /Pages 3 0 R"...)
	if outlined {
		d.out = fmt.Appendf(d.out, " /Outlines %d 0 R /PageMode /UseOutlines", outline)
	}
	d.end(">>")

	d.begin(objInfo)
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

	d.begin(objPages)
	d.out = append(d.out, "<</Type /Pages /Kids ["...)
	for i := range pages {
		d.out = fmt.Appendf(d.out, "%d 0 R ", d.firstPage+2*i)
	}
	d.out = fmt.Appendf(d.out, "] /Count %d", pages)
	d.end(">>")
}

// writeCoreFonts writes the two fonts of a core-font document, F1 and F2.
func (d *pdfDoc) writeCoreFonts() {
	for i, name := range []string{coreFont, coreFont + "-Bold"} {
		d.begin(objHelvetica + i)
		d.end("<</Type /Font /Subtype /Type1 /BaseFont /" + name + " /Encoding /WinAnsiEncoding>>")
	}
}

// writeResources writes the resources every page shares: the fonts (fonts
// lists their names and references) and the drawn grids (forms, "" for
// none).
func (d *pdfDoc) writeResources(fonts, forms string) {
	d.begin(objResources)
	d.out = append(d.out, "<</ProcSet [/PDF /Text] /Font <<"...)
	d.out = append(d.out, fonts...)
	d.out = append(d.out, ">>"...)
	if forms != "" {
		d.out = append(d.out, " /XObject <<"...)
		d.out = append(d.out, forms...)
		d.out = append(d.out, ">>"...)
	}
	d.end(">>")
}

// writePage writes page i, s, and its compressed content stream.
func (d *pdfDoc) writePage(i int, s *scene) error {
	n := d.firstPage + 2*i
	d.begin(n)
	d.out = append(d.out, "<</Type /Page /Parent 3 0 R /MediaBox [0 0 "...)
	d.out = appendNum(d.out, s.Width*mmToPt)
	d.out = append(d.out, ' ')
	d.out = appendNum(d.out, s.Height*mmToPt)
	d.out = fmt.Appendf(d.out, "] /Resources 4 0 R /Contents %d 0 R", n+1)
	d.end(">>")
	d.drawPage(s)
	return d.writeStream(n+1, "", d.content)
}

// writeStream writes object n as a stream of data, compressed, its
// dictionary having the extra entries dict ("" or starting with a space).
func (d *pdfDoc) writeStream(n int, dict string, data []byte) error {
	z, err := d.z.deflate(data)
	if err != nil {
		return fmt.Errorf("render: compressing a PDF stream: %w", err)
	}
	d.begin(n)
	d.out = fmt.Appendf(d.out, "<</Filter /FlateDecode%s /Length %d>>\nstream\n", dict, len(z))
	d.out = append(d.out, z...)
	d.end("\nendstream")
	return nil
}

// writeTrailer writes the cross-reference table and the trailer.
func (d *pdfDoc) writeTrailer() {
	xref := len(d.out)
	d.out = fmt.Appendf(d.out, "xref\n0 %d\n0000000000 65535 f \n", len(d.offsets))
	for _, off := range d.offsets[1:] {
		d.out = appendPadded(d.out, off, 10)
		d.out = append(d.out, " 00000 n \n"...)
	}
	d.out = fmt.Appendf(d.out, "trailer\n<</Size %d /Root 1 0 R /Info 2 0 R>>\nstartxref\n%d\n%%%%EOF\n", len(d.offsets), xref)
}

// begin starts object n.
func (d *pdfDoc) begin(n int) {
	if n >= len(d.offsets) {
		d.offsets = append(d.offsets, make([]int, n+1-len(d.offsets))...)
	}
	d.offsets[n] = len(d.out)
	d.out = strconv.AppendInt(d.out, int64(n), 10)
	d.out = append(d.out, " 0 obj\n"...)
}

// end writes the rest of the current object and closes it.
func (d *pdfDoc) end(rest string) {
	d.out = append(d.out, rest...)
	d.out = append(d.out, "\nendobj\n"...)
}
