package render

import (
	"fmt"
	"io"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/nonopress/nonopress/puzzle"
)

// pdfDoc draws scenes as the pages of one PDF, with the Go fonts embedded.
type pdfDoc struct {
	pdf *fpdf.Fpdf
	// The graphics state last set on the current page, to skip repeating
	// it: fpdf writes every call into the page, wanted or not.
	fontStyle       string
	fontSize, width float64
	fill, draw, ink puzzle.RGB
}

// newPDFDoc starts a millimetre-unit document with the Go fonts embedded
// (as UTF-8 fonts, so any title in the fonts' range prints).
func newPDFDoc(title string, opt Options) *pdfDoc {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	pdf.AddUTF8FontFromBytes(pdfFont, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(pdfFont, "B", gobold.TTF)
	pdf.SetCompression(true)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(opt.date())
	pdf.SetModificationDate(opt.date())
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetTitle(printable(title), true)
	pdf.SetCreator("nonopress", true)
	pdf.SetLineCapStyle("square")
	return &pdfDoc{pdf: pdf}
}

// page adds s as a page of its own size.
func (d *pdfDoc) page(s *scene) {
	pdf := d.pdf
	pdf.AddPageFormat("P", fpdf.SizeType{Wd: s.Width, Ht: s.Height})
	pdf.SetLineCapStyle("square")
	// fpdf carries colours over to the new page; set font and width afresh.
	d.fontStyle, d.fontSize, d.width = "?", -1, -1
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
			style := ""
			if it.Bold {
				style = "B"
			}
			if style != d.fontStyle {
				pdf.SetFont(pdfFont, style, 10)
				d.fontStyle, d.fontSize = style, -1
			}
			if it.Size != d.fontSize {
				pdf.SetFontUnitSize(it.Size)
				d.fontSize = it.Size
			}
			d.setInk(it.Color)
			x := it.X
			switch it.Anchor {
			case anchorMiddle:
				x -= pdf.GetStringWidth(it.S) / 2
			case anchorEnd:
				x -= pdf.GetStringWidth(it.S)
			}
			pdf.Text(x, it.Y, it.S)
		}
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

// write finishes the document into w, returning fpdf's error or the first
// write error.
func (d *pdfDoc) write(w io.Writer) error {
	if err := d.pdf.Error(); err != nil {
		return fmt.Errorf("render: making PDF: %w", err)
	}
	ew := &errWriter{w: w}
	err := d.pdf.Output(ew)
	if ew.err != nil {
		return fmt.Errorf("render: writing PDF: %w", ew.err)
	}
	if err != nil {
		return fmt.Errorf("render: making PDF: %w", err)
	}
	return nil
}

// SheetPDF writes a one-puzzle PDF: the sheet, then (if sol != nil) its
// solution page, laid out like the sheet with the grid filled in.
func SheetPDF(w io.Writer, p *puzzle.Puzzle, sol *puzzle.Image, opt Options) error {
	m, paper, err := prepare(p, opt)
	if err != nil {
		return err
	}
	if sol != nil {
		if err := checkImage(p, sol); err != nil {
			return err
		}
	}
	spec := sheetSpec{monoSafe: opt.MonoSafe}
	sheet := layoutSheet(m, p, paper, spec)
	name := fmt.Sprintf("Nonogram %d×%d", p.Width, p.Height)
	if p.Meta.Title != "" {
		name = p.Meta.Title
	}
	sheet.scene.Bookmarks = append(sheet.scene.Bookmarks, bookmark{Title: name, Y: 0})
	doc := newPDFDoc(name, opt)
	if p.Meta.Author != "" {
		doc.pdf.SetAuthor(printable(p.Meta.Author), true)
	}
	doc.page(sheet.scene)
	if sol != nil {
		spec.solution = sol
		answer := drawSheet(m, p, sheet.page, sheet.cell, spec)
		answer.scene.Bookmarks = append(answer.scene.Bookmarks, bookmark{Title: "Solution", Y: 0})
		doc.page(answer.scene)
	}
	return doc.write(w)
}
