package render

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// fontMetrics reads advance widths straight from a TrueType font's tables
// (head, hhea, hmtx, cmap, OS/2), so laying out an SVG needs no PDF library
// and costs microseconds instead of parsing the whole font. It keeps slices
// of the font bytes and is read-only once made.
type fontMetrics struct {
	unitsPerEm float64
	capHeight  float64 // in ems; 0 if the font does not say
	advances   []byte  // hmtx long metrics: 4 bytes per glyph
	cmap       []byte  // the chosen cmap subtable
	cmapFormat uint16  // 4 or 12
}

var errFont = errors.New("render: malformed font")

// parseFontMetrics reads the tables it needs from a TrueType font.
func parseFontMetrics(ttf []byte) (*fontMetrics, error) {
	tables := map[string][]byte{}
	if len(ttf) < 12 {
		return nil, errFont
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	for i := range n {
		rec := 12 + 16*i
		if rec+16 > len(ttf) {
			return nil, errFont
		}
		off, length := binary.BigEndian.Uint32(ttf[rec+8:]), binary.BigEndian.Uint32(ttf[rec+12:])
		if uint64(off)+uint64(length) > uint64(len(ttf)) {
			return nil, fmt.Errorf("%w: table %q out of bounds", errFont, ttf[rec:rec+4])
		}
		tables[string(ttf[rec:rec+4])] = ttf[off : off+length]
	}
	head, hhea, hmtx, cmap := tables["head"], tables["hhea"], tables["hmtx"], tables["cmap"]
	if len(head) < 20 || len(hhea) < 36 || cmap == nil {
		return nil, fmt.Errorf("%w: missing head, hhea or cmap", errFont)
	}
	f := &fontMetrics{unitsPerEm: float64(binary.BigEndian.Uint16(head[18:]))}
	if f.unitsPerEm == 0 {
		return nil, fmt.Errorf("%w: zero units per em", errFont)
	}
	long := int(binary.BigEndian.Uint16(hhea[34:]))
	if long == 0 || 4*long > len(hmtx) {
		return nil, fmt.Errorf("%w: hmtx too short", errFont)
	}
	f.advances = hmtx[:4*long]
	if os2 := tables["OS/2"]; len(os2) >= 90 && binary.BigEndian.Uint16(os2) >= 2 {
		f.capHeight = float64(int16(binary.BigEndian.Uint16(os2[88:]))) / f.unitsPerEm
	}
	if err := f.pickCmap(cmap); err != nil {
		return nil, err
	}
	return f, nil
}

// pickCmap chooses the Unicode subtable: format 12 (full Unicode) if the
// font has one, else format 4 (the Basic Multilingual Plane).
func (f *fontMetrics) pickCmap(cmap []byte) error {
	if len(cmap) < 4 {
		return errFont
	}
	n := int(binary.BigEndian.Uint16(cmap[2:]))
	for i := range n {
		rec := 4 + 8*i
		if rec+8 > len(cmap) {
			return errFont
		}
		platform, encoding := binary.BigEndian.Uint16(cmap[rec:]), binary.BigEndian.Uint16(cmap[rec+2:])
		off := int(binary.BigEndian.Uint32(cmap[rec+4:]))
		if off+2 > len(cmap) || !(platform == 0 || platform == 3 && (encoding == 1 || encoding == 10)) {
			continue
		}
		switch format := binary.BigEndian.Uint16(cmap[off:]); format {
		case 12:
			f.cmap, f.cmapFormat = cmap[off:], 12
			return nil
		case 4:
			if f.cmapFormat == 0 {
				f.cmap, f.cmapFormat = cmap[off:], 4
			}
		}
	}
	if f.cmapFormat == 0 {
		return fmt.Errorf("%w: no Unicode cmap", errFont)
	}
	return nil
}

// glyph returns r's glyph index, 0 (.notdef) when the font lacks it.
func (f *fontMetrics) glyph(r rune) int {
	t := f.cmap
	u16 := func(i int) int {
		if i < 0 || i+2 > len(t) {
			return 0
		}
		return int(binary.BigEndian.Uint16(t[i:]))
	}
	u32 := func(i int) int {
		if i < 0 || i+4 > len(t) {
			return 0
		}
		return int(binary.BigEndian.Uint32(t[i:]))
	}
	c := int(r)
	if f.cmapFormat == 12 {
		lo, hi := 0, u32(12)
		for lo < hi { // groups are sorted by start
			mid := (lo + hi) / 2
			g := 16 + 12*mid
			switch start, end := u32(g), u32(g+4); {
			case c < start:
				hi = mid
			case c > end:
				lo = mid + 1
			default:
				return u32(g+8) + c - start
			}
		}
		return 0
	}
	if c > 0xFFFF {
		return 0
	}
	segs := u16(6) / 2
	ends, starts, deltas, ranges := 14, 16+2*segs, 16+4*segs, 16+6*segs
	lo, hi := 0, segs
	for lo < hi { // the first segment whose end is >= c
		mid := (lo + hi) / 2
		if u16(ends+2*mid) < c {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == segs || u16(starts+2*lo) > c {
		return 0
	}
	delta, ro := u16(deltas+2*lo), u16(ranges+2*lo)
	if ro == 0 {
		return (c + delta) & 0xFFFF
	}
	g := u16(ranges + 2*lo + ro + 2*(c-u16(starts+2*lo)))
	if g == 0 {
		return 0
	}
	return (g + delta) & 0xFFFF
}

// advance returns glyph g's advance width in ems.
func (f *fontMetrics) advance(g int) float64 {
	n := len(f.advances) / 4
	if g >= n {
		g = n - 1 // glyphs past the long metrics share the last advance
	}
	return float64(binary.BigEndian.Uint16(f.advances[4*g:])) / f.unitsPerEm
}

// width returns the advance width of s in ems.
func (f *fontMetrics) width(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += f.advance(f.glyph(r))
	}
	return w
}
