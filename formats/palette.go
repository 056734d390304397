package formats

import (
	"fmt"

	"github.com/nonopress/nonopress/puzzle"
)

// autoColors are the colours given, in order, to colour characters a file
// uses without defining: 'a' gets the first, 'b' the second, and so on, so a
// character always gets the same colour whatever else the file holds. They
// are far apart from each other and from white.
var autoColors = []puzzle.RGB{
	rgb(0xe6, 0x19, 0x4b), // red
	rgb(0x3c, 0xb4, 0x4b), // green
	rgb(0x43, 0x63, 0xd8), // blue
	rgb(0xff, 0xe1, 0x19), // yellow
	rgb(0xf5, 0x82, 0x31), // orange
	rgb(0x91, 0x1e, 0xb4), // purple
	rgb(0x42, 0xd4, 0xf4), // cyan
	rgb(0xf0, 0x32, 0xe6), // magenta
	rgb(0xbf, 0xef, 0x45), // lime
	rgb(0x46, 0x99, 0x90), // teal
	rgb(0x9a, 0x63, 0x24), // brown
	rgb(0x80, 0x00, 0x00), // maroon
	rgb(0x80, 0x80, 0x00), // olive
	rgb(0x00, 0x00, 0x75), // navy
	rgb(0xa9, 0xa9, 0xa9), // grey
	rgb(0xfa, 0xbe, 0xd4), // pink
	rgb(0xff, 0xd8, 0xb1), // apricot
	rgb(0xaa, 0xff, 0xc3), // mint
	rgb(0xdc, 0xbe, 0xff), // lavender
	rgb(0x00, 0x00, 0x00), // black
	rgb(0x55, 0x55, 0x55), // dark grey
	rgb(0x00, 0x80, 0x80), // dark cyan
	rgb(0x80, 0x00, 0x80), // dark purple
	rgb(0x00, 0x64, 0x00), // dark green
	rgb(0xb8, 0x86, 0x0b), // dark gold
	rgb(0x8b, 0x00, 0x00), // dark red
}

// autoColor picks the colour of an undefined colour character c: the entry
// of autoColors for its letter, or the next one that no other colour of the
// palette uses; beyond the table, a grey derived from the palette size.
func autoColor(c rune, used func(puzzle.RGB) bool) puzzle.RGB {
	start := 0
	switch {
	case c >= 'a' && c <= 'z':
		start = int(c - 'a')
	case c >= 'A' && c <= 'Z':
		start = int(c - 'A')
	}
	for i := range autoColors {
		rgb := autoColors[(start+i)%len(autoColors)]
		if !used(rgb) {
			return rgb
		}
	}
	for v := 1; v < 255; v++ {
		rgb := puzzle.RGB{R: uint8(v), G: uint8(255 - v), B: uint8(v * 7)}
		if !used(rgb) {
			return rgb
		}
	}
	return puzzle.RGB{}
}

// rgbUsed reports whether a palette already holds rgb.
func rgbUsed(pal []puzzle.Color) func(puzzle.RGB) bool {
	return func(rgb puzzle.RGB) bool {
		for _, c := range pal {
			if c.RGB == rgb {
				return true
			}
		}
		return false
	}
}

// checkPaletteSize refuses palettes whose indices do not fit a byte.
func checkPaletteSize(pal []puzzle.Color) error {
	if len(pal) > maxColors {
		return fmt.Errorf("%d colours: at most %d are supported", len(pal)-1, maxColors-1)
	}
	return nil
}

func rgb(r, g, b uint8) puzzle.RGB { return puzzle.RGB{R: r, G: g, B: b} }
