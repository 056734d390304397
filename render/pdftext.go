package render

import "strconv"

// text writes a text in the fill colour, placed by its anchor: in the core
// fonts (F1 regular, F2 bold), or in the embedded fonts, right-to-left text
// turned around and Arabic joined (visualText), in runs of the Go fonts
// and, for what they lack, the fallback fonts, one after the other.
func (d *pdfDoc) text(t text) {
	d.setFill(t.Color)
	if d.fonts == nil {
		d.coreText(t)
		return
	}
	runs := d.fonts.runs(visualText(t.S), t.Bold)
	total := 0
	for _, r := range runs {
		total += r.width
	}
	x := t.X - anchorShift(t, total)
	for _, r := range runs {
		d.beginText(r.font.res, t.Size)
		d.point(x, t.Y)
		d.content = append(d.content, " Td <"...)
		for _, g := range r.glyphs {
			d.content = appendHex16(d.content, uint16(g.id))
		}
		d.content = append(d.content, "> Tj ET\n"...)
		x += float64(r.width) * t.Size / 1000
	}
}

// coreText writes t in Helvetica, its characters in WinAnsiEncoding.
func (d *pdfDoc) coreText(t text) {
	s, _ := toWinAnsi(t.S)
	w := 0
	for i := 0; i < len(s); i++ {
		w += helveticaWidth(t.Bold, s[i])
	}
	font := 1
	if t.Bold {
		font = 2
	}
	d.beginText(font, t.Size)
	d.point(t.X-anchorShift(t, w), t.Y)
	d.content = append(d.content, " Td ("...)
	d.content = appendEscaped(d.content, s)
	d.content = append(d.content, ") Tj ET\n"...)
}

// anchorShift is how far left of its x a text of width w (thousandths of
// an em) starts, by its anchor, in mm.
func anchorShift(t text, w int) float64 {
	width := float64(w) * t.Size / 1000
	switch t.Anchor {
	case anchorMiddle:
		return width / 2
	case anchorEnd:
		return width
	}
	return 0
}

// beginText starts a text object in font /F<font> at size mm, setting the
// font only when it changes.
func (d *pdfDoc) beginText(font int, size float64) {
	d.content = append(d.content, "BT "...)
	if size != d.fontSize || font != d.font {
		d.content = append(d.content, "/F"...)
		d.content = strconv.AppendInt(d.content, int64(font), 10)
		d.content = append(d.content, ' ')
		d.content = appendNum(d.content, size*mmToPt)
		d.content = append(d.content, " Tf "...)
		d.fontSize, d.font = size, font
	}
}
