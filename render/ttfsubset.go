package render

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// A PDF embeds a TrueType font as the font file itself (FontFile2). To keep
// a sheet small, subsetTrueType writes a copy that keeps every glyph id (the
// PDF's character codes are glyph ids, Identity-H) but only the outlines of
// the glyphs used: the others become empty glyf entries. golang.org/x/image's
// sfnt reads metrics and maps characters to glyphs; it does not expose the
// raw tables, so the few this file copies are found by the table directory.

// subsetTables are the tables a PDF's TrueType font program needs (PDF 32000
// 9.9), in tag order, as the table directory must list them. A Type0 font
// maps codes to glyphs itself, so its cmap is an empty one (emptyCmap); the
// post table has no glyph names (format 3), both kept only so that font
// tools can read the file.
var subsetTables = []string{"cmap", "cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "post", "prep"}

// emptyCmap is a cmap table that maps no character: one Windows Unicode
// subtable of format 4 with only the closing segment (U+FFFF).
var emptyCmap = []byte{
	0, 0, 0, 1, // version, one subtable
	0, 3, 0, 1, 0, 0, 0, 12, // Windows, Unicode BMP, at offset 12
	0, 4, 0, 24, 0, 0, // format 4, length 24, language
	0, 2, 0, 2, 0, 0, 0, 0, // segCountX2, searchRange, entrySelector, rangeShift
	0xFF, 0xFF, 0, 0, // endCode, reservedPad
	0xFF, 0xFF, 0, 1, 0, 0, // startCode, idDelta, idRangeOffset
}

// errBadFont is what a malformed font file gives when it is subset.
var errBadFont = errors.New("render: malformed TrueType font")

// ttfTables maps the table tags of a TrueType file to their bytes.
func ttfTables(data []byte) (map[string][]byte, error) {
	if len(data) < 12 {
		return nil, errBadFont
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	if len(data) < 12+16*n {
		return nil, errBadFont
	}
	tables := map[string][]byte{}
	for i := range n {
		rec := data[12+16*i:]
		off, length := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off < 0 || length < 0 || off > len(data) || length > len(data)-off {
			return nil, fmt.Errorf("%w: table %q out of the file", errBadFont, rec[:4])
		}
		tables[string(rec[:4])] = data[off : off+length]
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "loca", "glyf", "maxp"} {
		if tables[tag] == nil {
			return nil, fmt.Errorf("%w: no %s table", errBadFont, tag)
		}
	}
	if len(tables["head"]) < 54 || len(tables["maxp"]) < 6 || len(tables["hhea"]) < 36 {
		return nil, errBadFont
	}
	return tables, nil
}

// glyphOffsets reads the loca table: glyph g's outline is glyf[off[g]:off[g+1]].
func glyphOffsets(t map[string][]byte) ([]int, error) {
	n := int(binary.BigEndian.Uint16(t["maxp"][4:]))
	loca, glyf := t["loca"], t["glyf"]
	long := binary.BigEndian.Uint16(t["head"][50:]) == 1
	off := make([]int, n+1)
	for i := range off {
		switch {
		case long && len(loca) >= 4*i+4:
			off[i] = int(binary.BigEndian.Uint32(loca[4*i:]))
		case !long && len(loca) >= 2*i+2:
			off[i] = 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
		default:
			return nil, fmt.Errorf("%w: short loca table", errBadFont)
		}
		if off[i] > len(glyf) || i > 0 && off[i] < off[i-1] {
			return nil, fmt.Errorf("%w: glyph %d outside glyf", errBadFont, i)
		}
	}
	return off, nil
}

// Composite glyph flags (the TrueType glyf table).
const (
	compArgWords    = 0x0001
	compScale       = 0x0008
	compMore        = 0x0020
	compXYScale     = 0x0040
	compTwoByTwo    = 0x0080
	compHeaderBytes = 10
)

// components returns the glyph ids a composite glyph is made of (none for
// a simple glyph).
func components(g []byte) []int {
	if len(g) < compHeaderBytes || int16(binary.BigEndian.Uint16(g)) >= 0 {
		return nil
	}
	var ids []int
	for i := compHeaderBytes; i+4 <= len(g); {
		flags := binary.BigEndian.Uint16(g[i:])
		ids = append(ids, int(binary.BigEndian.Uint16(g[i+2:])))
		i += 4 + 2
		if flags&compArgWords != 0 {
			i += 2
		}
		switch {
		case flags&compScale != 0:
			i += 2
		case flags&compXYScale != 0:
			i += 4
		case flags&compTwoByTwo != 0:
			i += 8
		}
		if flags&compMore == 0 {
			break
		}
	}
	return ids
}

// subsetTrueType returns the font file data with only the outlines of the
// glyphs used (and of those they are composed of, and .notdef) kept, every
// glyph id unchanged, and the advance widths of the others zeroed. The
// font's own cmap is kept when keepCmap is set (a simple font's codes find
// their glyphs through it), else an empty one.
func subsetTrueType(data []byte, used []int, keepCmap bool) ([]byte, error) {
	t, err := ttfTables(data)
	if err != nil {
		return nil, err
	}
	off, err := glyphOffsets(t)
	if err != nil {
		return nil, err
	}
	n := len(off) - 1
	keep := make([]bool, n)
	todo := append([]int{0}, used...)
	for len(todo) > 0 {
		g := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if g < 0 || g >= n || keep[g] {
			continue
		}
		keep[g] = true
		todo = append(todo, components(t["glyf"][off[g]:off[g+1]])...)
	}
	out := map[string][]byte{}
	for tag, b := range t {
		out[tag] = b
	}
	out["glyf"], out["loca"] = keptGlyphs(t["glyf"], off, keep)
	out["hmtx"] = keptMetrics(t, keep)
	if !keepCmap || out["cmap"] == nil {
		out["cmap"] = emptyCmap
	}
	if post := t["post"]; len(post) >= 32 {
		post = slices.Clone(post[:32])
		binary.BigEndian.PutUint32(post, 0x00030000) // no glyph names
		out["post"] = post
	}
	head := slices.Clone(t["head"])
	binary.BigEndian.PutUint32(head[8:], 0)  // checkSumAdjustment, set below
	binary.BigEndian.PutUint16(head[50:], 1) // long loca offsets
	out["head"] = head
	return assembleTrueType(out), nil
}

// keptGlyphs returns the glyf and long-format loca tables with only the
// kept glyphs' outlines, each padded to four bytes.
func keptGlyphs(glyf []byte, off []int, keep []bool) (newGlyf, loca []byte) {
	loca = make([]byte, 4*len(off))
	for g := range keep {
		binary.BigEndian.PutUint32(loca[4*g:], uint32(len(newGlyf)))
		if keep[g] {
			newGlyf = append(newGlyf, glyf[off[g]:off[g+1]]...)
			for len(newGlyf)%4 != 0 {
				newGlyf = append(newGlyf, 0)
			}
		}
	}
	binary.BigEndian.PutUint32(loca[4*len(keep):], uint32(len(newGlyf)))
	return newGlyf, loca
}

// keptMetrics returns the hmtx table with the metrics of the glyphs not
// kept zeroed, which compresses them away.
func keptMetrics(t map[string][]byte, keep []bool) []byte {
	hmtx := slices.Clone(t["hmtx"])
	long := int(binary.BigEndian.Uint16(t["hhea"][34:])) // numberOfHMetrics
	for g, k := range keep {
		if k {
			continue
		}
		at, size := 4*g, 4
		if g >= long {
			at, size = 4*long+2*(g-long), 2
		}
		if g == long-1 {
			continue // its advance is every later glyph's
		}
		if at+size <= len(hmtx) {
			clear(hmtx[at : at+size])
		}
	}
	return hmtx
}

// assembleTrueType writes a TrueType file of the subsetTables present in
// t, with their checksums and the head table's checkSumAdjustment.
func assembleTrueType(t map[string][]byte) []byte {
	var tags []string
	for _, tag := range subsetTables {
		if t[tag] != nil {
			tags = append(tags, tag)
		}
	}
	n := len(tags)
	entrySelector := 0
	for 1<<(entrySelector+1) <= n {
		entrySelector++
	}
	searchRange := 16 << entrySelector
	out := make([]byte, 12+16*n)
	binary.BigEndian.PutUint32(out, 0x00010000)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	binary.BigEndian.PutUint16(out[6:], uint16(searchRange))
	binary.BigEndian.PutUint16(out[8:], uint16(entrySelector))
	binary.BigEndian.PutUint16(out[10:], uint16(16*n-searchRange))
	headAt := 0
	for i, tag := range tags {
		b := t[tag]
		rec := out[12+16*i:]
		copy(rec, tag)
		binary.BigEndian.PutUint32(rec[4:], ttfChecksum(b))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(b)))
		if tag == "head" {
			headAt = len(out)
		}
		out = append(out, b...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-ttfChecksum(out))
	return out
}

// ttfChecksum is the TrueType checksum of b: the sum of its big-endian
// 32-bit words, the last padded with zeros.
func ttfChecksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
