package render

import (
	"fmt"
	"math"
	"unicode/utf16"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// writeEmbeddedFonts writes each font the document used, subset: five
// objects each (the Type0 font, its CIDFontType2, the font descriptor, the
// font file and the ToUnicode map), numbered after the last object written,
// and returns the resources' font entries.
func (d *pdfDoc) writeEmbeddedFonts() (string, error) {
	first := len(d.offsets)
	var refs []byte
	for i, f := range d.fonts.fonts {
		if i > 0 {
			refs = append(refs, ' ')
		}
		refs = fmt.Appendf(refs, "/F%d %d 0 R", f.res, first+5*i)
		if err := d.writeFont(first+5*i, f); err != nil {
			return "", err
		}
	}
	return string(refs), nil
}

// writeFont writes font f as objects n to n+4.
func (d *pdfDoc) writeFont(n int, f *embedFont) error {
	ids := f.usedGlyphs()
	name := f.subsetName(ids)
	d.begin(n)
	d.end(fmt.Sprintf("<</Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R>>",
		name, n+1, n+4))

	d.begin(n + 1)
	d.out = fmt.Appendf(d.out, "<</Type /Font /Subtype /CIDFontType2 /BaseFont /%s "+
		"/CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>> /FontDescriptor %d 0 R /CIDToGIDMap /Identity /W [",
		name, n+2)
	d.out = appendWidths(d.out, f, ids)
	d.end("]>>")

	d.begin(n + 2)
	d.out = fmt.Appendf(d.out, "<</Type /FontDescriptor /FontName /%s /Flags 4 ", name)
	d.out = appendFontMetrics(d.out, f, &d.fonts.buf)
	d.end(fmt.Sprintf(" /ItalicAngle 0 /StemV 80 /FontFile2 %d 0 R>>", n+3))

	ints := make([]int, len(ids))
	for i, id := range ids {
		ints[i] = int(id)
	}
	sub, err := subsetTrueType(f.data, ints, false)
	if err != nil {
		return fmt.Errorf("render: embedding font %s: %w", f.name, err)
	}
	if err := d.writeStream(n+3, fmt.Sprintf(" /Length1 %d", len(sub)), sub); err != nil {
		return err
	}
	return d.writeStream(n+4, "", toUnicodeCMap(f, ids))
}

// appendWidths appends the /W array's entries for the glyphs ids of f:
// each run of consecutive glyph ids as its first id and its widths.
func appendWidths(b []byte, f *embedFont, ids []sfnt.GlyphIndex) []byte {
	widths := map[sfnt.GlyphIndex]int{}
	for _, g := range f.glyphs {
		widths[g.id] = g.width
	}
	for i, id := range ids {
		if i == 0 || ids[i-1] != id-1 {
			if i > 0 {
				b = append(b, "] "...)
			}
			b = fmt.Appendf(b, "%d [", id)
		} else {
			b = append(b, ' ')
		}
		b = fmt.Appendf(b, "%d", widths[id])
	}
	if len(ids) > 0 {
		b = append(b, ']')
	}
	return b
}

// appendFontMetrics appends the font descriptor's /FontBBox, /Ascent,
// /Descent and /CapHeight of f, in thousandths of an em.
func appendFontMetrics(b []byte, f *embedFont, buf *sfnt.Buffer) []byte {
	upem := int(f.font.UnitsPerEm())
	ppem := fixed.Int26_6(upem) << 6
	em := func(v fixed.Int26_6) int { return int(math.Round(float64(v) / 64 * 1000 / float64(upem))) }
	bounds, err := f.font.Bounds(buf, ppem, font.HintingNone)
	if err != nil {
		bounds = fixed.Rectangle26_6{}
	}
	m, err := f.font.Metrics(buf, ppem, font.HintingNone)
	if err != nil {
		m = font.Metrics{}
	}
	// sfnt's y grows downwards; a PDF's upwards.
	return fmt.Appendf(b, "/FontBBox [%d %d %d %d] /Ascent %d /Descent %d /CapHeight %d",
		em(bounds.Min.X), -em(bounds.Max.Y), em(bounds.Max.X), -em(bounds.Min.Y), em(m.Ascent), -em(m.Descent), em(m.CapHeight))
}

// toUnicodeCMap maps each glyph drawn in f to the character it shows, so
// that the text can be searched and copied.
func toUnicodeCMap(f *embedFont, ids []sfnt.GlyphIndex) []byte {
	b := []byte("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n" +
		"/CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def\n" +
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n" +
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
	var mapped []sfnt.GlyphIndex
	for _, id := range ids {
		if id != 0 {
			mapped = append(mapped, id)
		}
	}
	for start := 0; start < len(mapped); start += 100 { // at most 100 a block
		block := mapped[start:min(start+100, len(mapped))]
		b = fmt.Appendf(b, "%d beginbfchar\n", len(block))
		for _, id := range block {
			b = append(b, '<')
			b = appendHex16(b, uint16(id))
			b = append(b, "> <"...)
			for _, u := range utf16.Encode([]rune{f.used[id]}) {
				b = appendHex16(b, u)
			}
			b = append(b, ">\n"...)
		}
		b = append(b, "endbfchar\n"...)
	}
	return append(b, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"...)
}
