package puzzle

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// idVersion is written at the head of the canonical form; bump it only if the
// canonical form itself changes, since ids key saved progress and caches.
const idVersion = "nonopress-id-1"

// Canonical returns the canonical text of the puzzle's clue data, from which
// its identity is hashed. It depends only on the size and the clues, with each
// clue's colour written as its RGB value: file format, key order, colour
// characters, colour names and metadata do not enter it.
//
//	nonopress-id-1 grid 5x10
//	r 2:000000
//	r 2:000000,1:000000
//	...
//	c 2:000000,1:000000
func (p *Puzzle) Canonical() string { return string(p.appendCanonical(nil)) }

// appendCanonical appends the canonical form to b. It is written with
// appends rather than fmt because every build computes every puzzle's id.
func (p *Puzzle) appendCanonical(b []byte) []byte {
	kind := p.Kind
	if kind == "" {
		kind = Grid
	}
	b = append(b, idVersion...)
	b = append(b, ' ')
	b = append(b, kind...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.Width), 10)
	b = append(b, 'x')
	b = strconv.AppendInt(b, int64(p.Height), 10)
	b = append(b, '\n')
	if kind == Triddler {
		for _, side := range TriddlerSides {
			for _, l := range p.TriddlerClues[side] {
				b = p.appendCanonicalLine(b, side, l)
			}
		}
		return b
	}
	for _, l := range p.Rows {
		b = p.appendCanonicalLine(b, "r", l)
	}
	for _, l := range p.Cols {
		b = p.appendCanonicalLine(b, "c", l)
	}
	return b
}

func (p *Puzzle) appendCanonicalLine(b []byte, tag string, l Line) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, tag...)
	b = append(b, ' ')
	for i, c := range l {
		if i > 0 {
			b = append(b, ',')
		}
		rgb := RGB{}
		if c.Color >= 0 && c.Color < len(p.Palette) {
			rgb = p.Palette[c.Color].RGB
		}
		if c.Blot {
			b = append(b, '?') // a blot; puzzles without one hash as before
		} else {
			b = strconv.AppendInt(b, int64(c.Len), 10)
		}
		b = append(b, ':',
			hexDigits[rgb.R>>4], hexDigits[rgb.R&15],
			hexDigits[rgb.G>>4], hexDigits[rgb.G&15],
			hexDigits[rgb.B>>4], hexDigits[rgb.B&15])
	}
	return append(b, '\n')
}

// ID is the puzzle's identity: the first 20 hex digits of the SHA-256 of its
// canonical clue data (see Canonical). The same puzzle read from .non, XML or a
// bundle gets the same ID; changing a clue changes it.
func (p *Puzzle) ID() string {
	sum := sha256.Sum256(p.appendCanonical(make([]byte, 0, 256)))
	return hex.EncodeToString(sum[:10])
}

// TriddlerSides are the six clue sets of a triddler, in canonical order.
var TriddlerSides = []string{"top", "topright", "bottomright", "bottom", "bottomleft", "topleft"}
