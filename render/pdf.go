package render

import (
	"fmt"
	"io"

	"codeberg.org/go-pdf/fpdf"

	"github.com/nonopress/nonopress/puzzle"
)

// pdfDoc draws scenes as the pages of one PDF, with the Go fonts embedded.
type pdfDoc struct {
	m   *metrics
	pdf *fpdf.Fpdf
}

// newPDFDoc starts a document. Its metrics' fpdf instance is the document, so
// text is measured with the very fonts it is drawn with.
func newPDFDoc(m *metrics, title string, opt Options) *pdfDoc {
	pdf := m.pdf
	pdf.SetCompression(true)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(opt.date())
	pdf.SetModificationDate(opt.date())
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetTitle(printable(title), true)
	pdf.SetCreator("nonopress", true)
	pdf.SetLineCapStyle("square")
	return &pdfDoc{m: m, pdf: pdf}
}

// page adds s as a page of its own size.
func (d *pdfDoc) page(s *scene) {
	pdf := d.pdf
	pdf.AddPageFormat("P", fpdf.SizeType{Wd: s.Width, Ht: s.Height})
	pdf.SetLineCapStyle("square")
	for _, it := range s.Items {
		switch it := it.(type) {
		case rect:
			setFill(pdf, it.Fill)
			style := "F"
			if it.Stroke > 0 {
				setDraw(pdf, black)
				pdf.SetLineWidth(it.Stroke)
				style = "FD"
			}
			pdf.Rect(it.X, it.Y, it.W, it.H, style)
		case line:
			setDraw(pdf, it.Color)
			pdf.SetLineWidth(it.Width)
			pdf.Line(it.X1, it.Y1, it.X2, it.Y2)
		case mark:
			style := "F"
			setFill(pdf, it.Color)
			if it.Stroke > 0 {
				style = "D"
				setDraw(pdf, it.Color)
				pdf.SetLineWidth(it.Stroke)
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
			pdf.SetFont(pdfFont, style, 10)
			pdf.SetFontUnitSize(it.Size)
			pdf.SetTextColor(int(it.Color.R), int(it.Color.G), int(it.Color.B))
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

func setFill(pdf *fpdf.Fpdf, c puzzle.RGB) { pdf.SetFillColor(int(c.R), int(c.G), int(c.B)) }
func setDraw(pdf *fpdf.Fpdf, c puzzle.RGB) { pdf.SetDrawColor(int(c.R), int(c.G), int(c.B)) }

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
	doc := newPDFDoc(m, name, opt)
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
