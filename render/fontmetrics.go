package render

import (
	"fmt"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// fontMetrics holds what the layout needs of one of the Go fonts, read
// through golang.org/x/image/font/sfnt once: each character's advance width
// in ems, for every character of the Basic Multilingual Plane the font has.
// Looking a width up then costs an array index (ASCII) or a map lookup,
// with no parsing and no sfnt.Buffer, so that the read-only metrics can be
// shared by every layout. (Characters beyond the BMP never reach it:
// printable replaces them.)
type fontMetrics struct {
	ascii     [128]float64 // 0: the font lacks it
	others    map[rune]float64
	notdef    float64 // what a character the font lacks takes: its box
	capHeight float64 // in ems
}

// readFontMetrics reads a TrueType font's advance widths and cap height.
func readFontMetrics(ttf []byte) (*fontMetrics, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, fmt.Errorf("render: reading font: %w", err)
	}
	var buf sfnt.Buffer
	upem := f.UnitsPerEm()
	ppem := fixed.Int26_6(upem) << 6 // one unit per 26.6 pixel: advances in font units
	advance := func(g sfnt.GlyphIndex) (float64, error) {
		a, err := f.GlyphAdvance(&buf, g, ppem, font.HintingNone)
		return float64(a) / 64 / float64(upem), err
	}
	m := &fontMetrics{others: map[rune]float64{}}
	if m.notdef, err = advance(0); err != nil {
		return nil, fmt.Errorf("render: reading font: %w", err)
	}
	for r := rune(0); r <= 0xFFFF; r++ {
		g, err := f.GlyphIndex(&buf, r)
		if err != nil || g == 0 {
			continue
		}
		a, err := advance(g)
		if err != nil {
			return nil, fmt.Errorf("render: reading font: advance of %U: %w", r, err)
		}
		if r < 128 {
			m.ascii[r] = a
		} else {
			m.others[r] = a
		}
	}
	fm, err := f.Metrics(&buf, ppem, font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("render: reading font: %w", err)
	}
	m.capHeight = float64(fm.CapHeight) / 64 / float64(upem)
	return m, nil
}

// has says whether the font has a glyph for r.
func (f *fontMetrics) has(r rune) bool {
	if r >= 0 && r < 128 {
		return f.ascii[r] != 0
	}
	_, ok := f.others[r]
	return ok
}

// advance returns r's advance width in ems; the .notdef box's when the
// font lacks r.
func (f *fontMetrics) advance(r rune) float64 {
	if r >= 0 && r < 128 {
		if a := f.ascii[r]; a != 0 {
			return a
		}
		return f.notdef
	}
	if a, ok := f.others[r]; ok {
		return a
	}
	return f.notdef
}

// width returns the advance width of s in ems.
func (f *fontMetrics) width(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += f.advance(r)
	}
	return w
}
