package puzzle

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
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
func (p *Puzzle) Canonical() string {
	var b strings.Builder
	kind := p.Kind
	if kind == "" {
		kind = Grid
	}
	fmt.Fprintf(&b, "%s %s %dx%d\n", idVersion, kind, p.Width, p.Height)
	if kind == Triddler {
		for _, side := range TriddlerSides {
			for _, l := range p.TriddlerClues[side] {
				p.writeCanonicalLine(&b, side, l)
			}
		}
		return b.String()
	}
	for _, l := range p.Rows {
		p.writeCanonicalLine(&b, "r", l)
	}
	for _, l := range p.Cols {
		p.writeCanonicalLine(&b, "c", l)
	}
	return b.String()
}

func (p *Puzzle) writeCanonicalLine(b *strings.Builder, tag string, l Line) {
	b.WriteString(tag)
	b.WriteByte(' ')
	for i, c := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		rgb := RGB{}
		if c.Color >= 0 && c.Color < len(p.Palette) {
			rgb = p.Palette[c.Color].RGB
		}
		fmt.Fprintf(b, "%d:%02x%02x%02x", c.Len, rgb.R, rgb.G, rgb.B)
	}
	b.WriteByte('\n')
}

// ID is the puzzle's identity: the first 20 hex digits of the SHA-256 of its
// canonical clue data (see Canonical). The same puzzle read from .non, XML or a
// bundle gets the same ID; changing a clue changes it.
func (p *Puzzle) ID() string {
	sum := sha256.Sum256([]byte(p.Canonical()))
	return hex.EncodeToString(sum[:10])
}

// TriddlerSides are the six clue sets of a triddler, in canonical order.
var TriddlerSides = []string{"top", "topright", "bottomright", "bottom", "bottomleft", "topleft"}
