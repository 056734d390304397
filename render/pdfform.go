package render

import (
	"fmt"
	"strconv"

	"golang.org/x/image/font/sfnt"
)

// placeForm draws a drawn grid where f places it: the form's own grid
// corner (in the sheet page's points) moved to f's, scaled by f.K.
func (d *pdfDoc) placeForm(f formItem) {
	n, ok := d.formIndex[f.grid]
	if !ok {
		if d.formIndex == nil {
			d.formIndex = map[*DrawnGrid]int{}
		}
		d.forms = append(d.forms, f.grid)
		n = len(d.forms)
		d.formIndex[f.grid] = n
	}
	g := f.grid
	e := f.X*mmToPt - f.K*g.gridX*mmToPt
	y := (d.height-f.Y)*mmToPt - f.K*(g.height-g.gridY)*mmToPt
	d.content = append(d.content, "q "...)
	if f.K != 1 || e != 0 || y != 0 {
		d.content = strconv.AppendFloat(d.content, f.K, 'f', -1, 64)
		d.content = append(d.content, " 0 0 "...)
		d.content = strconv.AppendFloat(d.content, f.K, 'f', -1, 64)
		d.content = append(d.content, ' ')
		d.content = appendNum(d.content, e)
		d.content = append(d.content, ' ')
		d.content = appendNum(d.content, y)
		d.content = append(d.content, " cm "...)
	}
	d.content = append(d.content, "/G"...)
	d.content = strconv.AppendInt(d.content, int64(n), 10)
	d.content = append(d.content, " Do Q\n"...)
}

// writeForms writes the drawn grids placed on the pages as form XObjects,
// their digits in font object font, and returns the resources' entries.
func (d *pdfDoc) writeForms(font int) string {
	var refs []byte
	for i, g := range d.forms {
		n := len(d.offsets)
		if i > 0 {
			refs = append(refs, ' ')
		}
		refs = fmt.Appendf(refs, "/G%d %d 0 R", i+1, n)
		d.begin(n)
		d.out = append(d.out, "<</Type /XObject /Subtype /Form /BBox [0 0 "...)
		d.out = appendNum(d.out, g.width*mmToPt)
		d.out = append(d.out, ' ')
		d.out = appendNum(d.out, g.height*mmToPt)
		d.out = fmt.Appendf(d.out, "] /Resources <</Font <</F1 %d 0 R>>>> /Filter /FlateDecode /Length %d>>\nstream\n", font, len(g.stream))
		d.out = append(d.out, g.stream...)
		d.end("\nendstream")
	}
	return string(refs)
}

// formDigits are the characters a drawn grid's text may have (formable).
const formDigits = "0123456789"

// writeDigitsFont writes the font of the drawn grids' digits in a document
// that embeds its fonts: Go Regular as a simple TrueType font in
// WinAnsiEncoding, where a digit is its single-byte code as in Helvetica,
// with the same widths, subset to the digits (with its cmap, by which a
// viewer finds a code's glyph). It returns the font's object number.
func (d *pdfDoc) writeDigitsFont() (int, error) {
	f := newEmbedFont(d.fonts.goFonts[0], goFontFiles[0], &d.fonts.buf)
	var ids []sfnt.GlyphIndex
	var widths []byte
	for i, r := range formDigits {
		g, _ := f.glyph(&d.fonts.buf, r)
		ids = append(ids, g.id)
		if i > 0 {
			widths = append(widths, ' ')
		}
		widths = strconv.AppendInt(widths, int64(g.width), 10)
	}
	ints := make([]int, len(ids))
	for i, id := range ids {
		ints[i] = int(id)
	}
	sub, err := subsetTrueType(f.data, ints, true)
	if err != nil {
		return 0, fmt.Errorf("render: embedding font %s: %w", f.name, err)
	}
	n := len(d.offsets)
	name := f.subsetName(ids)
	d.begin(n)
	d.end(fmt.Sprintf("<</Type /Font /Subtype /TrueType /BaseFont /%s /FirstChar %d /LastChar %d /Widths [%s] /Encoding /WinAnsiEncoding /FontDescriptor %d 0 R>>",
		name, formDigits[0], formDigits[len(formDigits)-1], widths, n+1))
	d.begin(n + 1)
	d.out = fmt.Appendf(d.out, "<</Type /FontDescriptor /FontName /%s /Flags 32 ", name)
	d.out = appendFontMetrics(d.out, f, &d.fonts.buf)
	d.end(fmt.Sprintf(" /ItalicAngle 0 /StemV 80 /FontFile2 %d 0 R>>", n+2))
	return n, d.writeStream(n+2, fmt.Sprintf(" /Length1 %d", len(sub)), sub)
}
