package render

// textRun is a stretch of a text drawn in one font.
type textRun struct {
	family, style string
	s             string
}

// text draws t: right-to-left text turned around and Arabic joined
// (visualText), in runs of the Go fonts and, for what they lack, the
// fallback fonts, placed one after the other from t's anchor.
func (d *pdfDoc) text(t text) {
	style := ""
	if t.Bold {
		style = "B"
	}
	runs := d.fontRuns(visualText(t.S), style)
	d.setInk(t.Color)
	widths := make([]float64, len(runs))
	total := 0.0
	for i, r := range runs {
		d.setFont(r.family, r.style)
		d.setFontSize(t.Size)
		widths[i] = d.pdf.GetStringWidth(r.s)
		total += widths[i]
	}
	x := t.X
	switch t.Anchor {
	case anchorMiddle:
		x -= total / 2
	case anchorEnd:
		x -= total
	}
	for i, r := range runs {
		d.setFont(r.family, r.style)
		d.setFontSize(t.Size)
		d.pdf.Text(x, t.Y, r.s)
		x += widths[i]
	}
}

// fontRuns splits s into runs of the Go font of the given style and of the
// fallback fonts (regular only) for the characters the Go fonts lack.
// A character no font has stays in the Go font, which draws a box.
func (d *pdfDoc) fontRuns(s, style string) []textRun {
	var runs []textRun
	start, cur := 0, textRun{family: pdfFont, style: style}
	for i, r := range s {
		next := textRun{family: pdfFont, style: style}
		if d.goGlyphs != nil && !d.goGlyphs.has(r) && d.fonts != nil && r != ' ' {
			if ff := d.fonts.fontFor(r); ff != nil {
				d.addFont(ff)
				next = textRun{family: ff.family}
			}
		}
		if next.family != cur.family && i > start {
			cur.s = s[start:i]
			runs = append(runs, cur)
			start = i
		}
		if i == start {
			cur = next
		}
	}
	cur.s = s[start:]
	return append(runs, cur)
}

// addFont adds ff to the document once, to be embedded subset to the
// characters drawn in it.
func (d *pdfDoc) addFont(ff *fallbackFont) {
	if !d.added[ff] {
		d.pdf.AddUTF8FontFromBytes(ff.family, "", ff.data)
		d.added[ff] = true
	}
}

// setFont sets the font family and style, if not already set.
func (d *pdfDoc) setFont(family, style string) {
	if family != d.fontFamily || style != d.fontStyle {
		d.pdf.SetFont(family, style, 10)
		d.fontFamily, d.fontStyle, d.fontSize = family, style, -1
	}
}

// setFontSize sets the font size in mm, if not already set.
func (d *pdfDoc) setFontSize(size float64) {
	if size != d.fontSize {
		d.pdf.SetFontUnitSize(size)
		d.fontSize = size
	}
}
