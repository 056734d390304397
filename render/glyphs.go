package render

import (
	"math"

	"github.com/nonopress/nonopress/puzzle"
)

// glyphShapes is how many distinct shapes mono-safe mode draws; each comes
// filled, then outlined, so 2*glyphShapes colours get a glyph of their own.
const glyphShapes = 8

// glyph returns the mono-safe mark of palette colour c (from 1), centred on
// (x, y) with radius r, drawn in ink. Colours past the shapes cycle through
// them again (a puzzle of more than 16 colours is very rare).
func glyph(c int, x, y, r float64, ink puzzle.RGB) mark {
	i := (c - 1) % (2 * glyphShapes)
	if i < 0 {
		i = 0
	}
	m := mark{X: x, Y: y, R: r, Color: ink}
	if i >= glyphShapes {
		m.Stroke = r * 0.35
		m.R = r * 0.82
		r = m.R
	}
	switch i % glyphShapes {
	case 0: // circle
	case 1: // square
		m.Points = regular(x, y, r*1.2, 4, math.Pi/4)
	case 2: // triangle up
		m.Points = regular(x, y, r*1.25, 3, -math.Pi/2)
	case 3: // diamond
		m.Points = regular(x, y, r*1.2, 4, 0)
	case 4: // triangle down
		m.Points = regular(x, y, r*1.25, 3, math.Pi/2)
	case 5: // plus
		m.Points = plus(x, y, r*1.1)
	case 6: // star
		m.Points = star(x, y, r*1.3)
	case 7: // hexagon
		m.Points = regular(x, y, r*1.1, 6, 0)
	}
	return m
}

// regular returns the corners of a regular n-gon of circumradius r, the first
// at angle start (radians, y downwards).
func regular(x, y, r float64, n int, start float64) []point {
	pts := make([]point, n)
	for i := range n {
		a := start + 2*math.Pi*float64(i)/float64(n)
		pts[i] = point{x + r*math.Cos(a), y + r*math.Sin(a)}
	}
	return pts
}

// star returns a five-pointed star of outer radius r.
func star(x, y, r float64) []point {
	pts := make([]point, 10)
	for i := range 10 {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + math.Pi*float64(i)/5
		pts[i] = point{x + rr*math.Cos(a), y + rr*math.Sin(a)}
	}
	return pts
}

// plus returns a plus sign of half-length r and arm half-width r/3.
func plus(x, y, r float64) []point {
	t := r / 3
	return []point{
		{x - t, y - r}, {x + t, y - r}, {x + t, y - t}, {x + r, y - t}, {x + r, y + t}, {x + t, y + t},
		{x + t, y + r}, {x - t, y + r}, {x - t, y + t}, {x - r, y + t}, {x - r, y - t}, {x - t, y - t},
	}
}
