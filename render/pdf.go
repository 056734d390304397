package render

import (
	"bytes"
	"fmt"
	"io"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/nonopress/nonopress/puzzle"
)

// pdfDoc draws scenes as the pages of one PDF through fpdf, its texts set
// in the Go fonts, which fpdf embeds subset to the characters used. A
// document whose texts the core fonts can show is written by writeCorePDF
// instead (pdfcore.go); writePDFPages chooses.
type pdfDoc struct {
	pdf *fpdf.Fpdf
	// The graphics state last set on the current page, to skip repeating
	// it: fpdf writes every call into the page, wanted or not.
	fontStyle       string
	fontSize, width float64
	fill, draw, ink puzzle.RGB
	fontFamily      string
	undated         bool // Options.Date was zero: write blanks fpdf's date

	// Text the Go fonts lack is drawn in fonts found by fonts, each added
	// to the document (and embedded) when first used.
	fonts    *Fonts
	goGlyphs *fontMetrics
	added    map[*fallbackFont]bool
}

// coreFont is the PDF core font family of documents whose texts need no
// other: viewers and printers have it built in, so nothing is embedded. Its
// widths are within a few percent of Go's, which the layout measures with
// (TestCoreFontFitsLayout).
const coreFont = "Helvetica"

// newPDFDoc starts a millimetre-unit document in the Go fonts.
func newPDFDoc(title string, opt Options) *pdfDoc {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	pdf.AddUTF8FontFromBytes(pdfFont, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(pdfFont, "B", gobold.TTF)
	pdf.SetCompression(true)
	pdf.SetCatalogSort(true)
	date := opt.Date
	if date.IsZero() {
		date = undated // blanked out by write
	}
	pdf.SetCreationDate(date)
	pdf.SetModificationDate(date)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetTitle(printable(title), true)
	pdf.SetCreator("nonopress", true)
	pdf.SetLineCapStyle("square")
	d := &pdfDoc{pdf: pdf, undated: opt.Date.IsZero(), fonts: opt.Fonts, added: map[*fallbackFont]bool{}}
	if m, err := newMetrics(); err == nil {
		d.goGlyphs = m.regular
	}
	return d
}

// undated is the date fpdf is given for a document that has none: fpdf
// writes the clock's time when given none, so write overwrites the two
// entries this date makes (undatedEntries) with spaces of the same length,
// which leaves every offset of the file as it was.
var undated = time.Date(1, 1, 1, 0, 0, 1, 0, time.UTC) // not time.Time{}, which fpdf takes for "now"

// undatedEntries are the information entries fpdf writes for undated.
var undatedEntries = [][]byte{[]byte("/CreationDate (D:00010101000001)"), []byte("/ModDate (D:00010101000001)")}

// blankUndated overwrites the date entries of an undated document in pdf,
// as fpdf wrote it, with spaces.
func blankUndated(pdf []byte) {
	for _, e := range undatedEntries {
		if i := bytes.Index(pdf, e); i >= 0 {
			copy(pdf[i:i+len(e)], bytes.Repeat([]byte{' '}, len(e)))
		}
	}
}

// writePDFPages writes the pages as a document with the given title and
// author ("" for none): in the core fonts by writeCorePDF when their texts
// allow it, else in the Go fonts through fpdf.
func writePDFPages(w io.Writer, title, author string, pages []*scene, opt Options) error {
	if !needsEmbeddedFont(pages) {
		return writeCorePDF(w, title, author, pages, opt)
	}
	return drawPDF(title, author, pages, opt).write(w)
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

// drawPDF draws the pages through fpdf into a document with the given title
// and author ("" for none), ready to write.
func drawPDF(title, author string, pages []*scene, opt Options) *pdfDoc {
	doc := newPDFDoc(title, opt)
	if author != "" {
		doc.pdf.SetAuthor(printable(author), true)
	}
	for _, s := range pages {
		doc.page(s)
	}
	return doc
}

// page adds s as a page of its own size.
func (d *pdfDoc) page(s *scene) {
	pdf := d.pdf
	pdf.AddPageFormat("P", fpdf.SizeType{Wd: s.Width, Ht: s.Height})
	pdf.SetLineCapStyle("square")
	// fpdf carries colours over to the new page; set font and width afresh.
	d.fontFamily, d.fontStyle, d.fontSize, d.width = "", "?", -1, -1
	for _, it := range s.Items {
		switch it := it.(type) {
		case rect:
			d.setFill(it.Fill)
			style := "F"
			if it.Stroke > 0 {
				d.setDraw(black)
				d.setWidth(it.Stroke)
				style = "FD"
			}
			pdf.Rect(it.X, it.Y, it.W, it.H, style)
		case line:
			d.setDraw(it.Color)
			d.setWidth(it.Width)
			pdf.Line(it.X1, it.Y1, it.X2, it.Y2)
		case mark:
			style := "F"
			d.setFill(it.Color)
			if it.Stroke > 0 {
				style = "D"
				d.setDraw(it.Color)
				d.setWidth(it.Stroke)
			}
			if it.Points == nil {
				pdf.Circle(it.X, it.Y, it.R, style)
				continue
			}
			pts := make([]fpdf.PointType, len(it.Points))
			for i, p := range it.Points {
				pts[i] = fpdf.PointType{X: p.X, Y: p.Y}
			}
			pdf.Polygon(pts, style)
		case text:
			d.text(it)
		}
	}
	if len(s.Bookmarks) > 0 && d.fontStyle == "?" {
		// fpdf writes a bookmark in UTF-16 only while a UTF-8 font is set.
		d.setFont(pdfFont, "")
	}
	for _, b := range s.Bookmarks {
		pdf.Bookmark(printable(b.Title), b.Level, b.Y)
	}
}

func (d *pdfDoc) setFill(c puzzle.RGB) {
	if c != d.fill {
		d.pdf.SetFillColor(int(c.R), int(c.G), int(c.B))
		d.fill = c
	}
}

func (d *pdfDoc) setDraw(c puzzle.RGB) {
	if c != d.draw {
		d.pdf.SetDrawColor(int(c.R), int(c.G), int(c.B))
		d.draw = c
	}
}

func (d *pdfDoc) setInk(c puzzle.RGB) {
	if c != d.ink {
		d.pdf.SetTextColor(int(c.R), int(c.G), int(c.B))
		d.ink = c
	}
}

func (d *pdfDoc) setWidth(w float64) {
	if w != d.width {
		d.pdf.SetLineWidth(w)
		d.width = w
	}
}

// write finishes the document into w, returning fpdf's error or the
// write error.
func (d *pdfDoc) write(w io.Writer) error {
	if err := d.pdf.Error(); err != nil {
		return fmt.Errorf("render: making PDF: %w", err)
	}
	var b bytes.Buffer
	if err := d.output(&b); err != nil {
		return err
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("render: writing PDF: %w", err)
	}
	return nil
}

// output appends the document to b as fpdf makes it, uncompressed, with
// the date entries of an undated document blanked out.
func (d *pdfDoc) output(b *bytes.Buffer) error {
	start := b.Len()
	if err := d.pdf.Output(b); err != nil {
		return fmt.Errorf("render: making PDF: %w", err)
	}
	if d.undated {
		blankUndated(b.Bytes()[start:])
	}
	return nil
}

// SheetPDF writes a one-puzzle PDF: the sheet, then (if sol != nil) its
// solution page, laid out like the sheet with the grid filled in.
func SheetPDF(w io.Writer, p *puzzle.Puzzle, sol *puzzle.Image, opt Options) error {
	l, err := LayOut(p, opt)
	if err != nil {
		return err
	}
	return l.PDF(w, sol)
}

// pdfPages returns the sheet PDF's title and pages: the sheet, and the
// solution page when sol is set.
func (l *Layout) pdfPages(sol *puzzle.Image) (string, []*scene, error) {
	if l.tri != nil {
		return l.triPDFPages(sol)
	}
	p := l.p
	if sol != nil {
		if err := checkImage(p, sol); err != nil {
			return "", nil, err
		}
	}
	name := fmt.Sprintf("Nonogram %d×%d", p.Width, p.Height)
	if p.Meta.Title != "" {
		name = p.Meta.Title
	}
	sheet := *l.sheet.scene // the layout's own stays without the bookmark
	sheet.Bookmarks = append(sheet.Bookmarks[:len(sheet.Bookmarks):len(sheet.Bookmarks)], bookmark{Title: name, Y: 0})
	pages := []*scene{&sheet}
	if sol != nil {
		spec := l.opt.sheetSpec()
		spec.solution = sol
		answer := drawSheet(l.m, p, l.sheet.page, l.sheet.cell, spec)
		answer.scene.Bookmarks = append(answer.scene.Bookmarks, bookmark{Title: "Solution", Y: 0})
		pages = append(pages, answer.scene)
	}
	return name, pages, nil
}
