package render

import (
	"math"

	"github.com/nonopress/nonopress/puzzle"
)

// A scene is one drawing in millimetres, with y growing downwards: a page of a
// sheet, a solution image or a thumbnail. Layout code builds scenes; the SVG
// and PDF back ends only draw their items, in order, so later items cover
// earlier ones.
type scene struct {
	// X and Y are the top-left corner of the area shown, Width and Height
	// its size: a page is shown from (0, 0); a figure cropped from a page
	// (SheetFigure) keeps the page's coordinates and starts elsewhere.
	X, Y          float64
	Width, Height float64
	Name          string // accessible name: the SVG <title>
	Items         []item
	// Bookmarks are PDF outline entries pointing into this page.
	Bookmarks []bookmark
}

// item is one of rect, line, mark or text.
type item interface {
	// moved returns the item scaled by k, then shifted by (dx, dy).
	moved(dx, dy, k float64) item
}

// rect is a filled rectangle, optionally outlined in black.
type rect struct {
	X, Y, W, H float64
	Fill       puzzle.RGB
	Stroke     float64 // outline width; 0: none
}

// line is a straight stroke with square caps.
type line struct {
	X1, Y1, X2, Y2 float64
	Width          float64
	Color          puzzle.RGB
}

// anchor is a text's horizontal alignment on its x.
type anchor uint8

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// text is one line of text; Y is its baseline and Size its em size in mm.
type text struct {
	X, Y   float64
	Size   float64
	Anchor anchor
	Bold   bool
	Color  puzzle.RGB
	S      string
}

// mark is a small glyph drawn as a shape: a polygon when Points is set, else a
// circle of radius R around (X, Y). Outline marks are stroked with Stroke.
type mark struct {
	X, Y, R float64
	Points  []point
	Stroke  float64 // 0: filled
	Color   puzzle.RGB
}

type point struct{ X, Y float64 }

// bookmark is a PDF outline entry at height Y of the page.
type bookmark struct {
	Title string
	Level int
	Y     float64
}

func (r rect) moved(dx, dy, k float64) item {
	return rect{dx + r.X*k, dy + r.Y*k, r.W * k, r.H * k, r.Fill, r.Stroke * k}
}

func (l line) moved(dx, dy, k float64) item {
	return line{dx + l.X1*k, dy + l.Y1*k, dx + l.X2*k, dy + l.Y2*k, l.Width * k, l.Color}
}

func (t text) moved(dx, dy, k float64) item {
	t.X, t.Y, t.Size = dx+t.X*k, dy+t.Y*k, t.Size*k
	return t
}

func (m mark) moved(dx, dy, k float64) item {
	var pts []point
	for _, p := range m.Points {
		pts = append(pts, point{dx + p.X*k, dy + p.Y*k})
	}
	return mark{dx + m.X*k, dy + m.Y*k, m.R * k, pts, m.Stroke * k, m.Color}
}

// add appends items to the scene.
func (s *scene) add(items ...item) { s.Items = append(s.Items, items...) }

// place draws src into s, scaled by k with its origin at (dx, dy).
func (s *scene) place(src *scene, dx, dy, k float64) {
	for _, it := range src.Items {
		s.Items = append(s.Items, it.moved(dx, dy, k))
	}
	for _, b := range src.Bookmarks {
		b.Y = dy + b.Y*k
		s.Bookmarks = append(s.Bookmarks, b)
	}
}

var (
	black     = puzzle.RGB{}
	white     = puzzle.RGB{R: 255, G: 255, B: 255}
	gridGrey  = puzzle.RGB{R: 110, G: 110, B: 110}
	lightGrey = puzzle.RGB{R: 200, G: 200, B: 200}
	textGrey  = puzzle.RGB{R: 60, G: 60, B: 60}
)

// inkOn returns black or white, whichever reads better on background c:
// black above the luminance where both have the same WCAG contrast ratio.
func inkOn(c puzzle.RGB) puzzle.RGB {
	if c.Luminance() > 0.179 {
		return black
	}
	return white
}

// monoInkOn returns black or white, whichever reads better both on c and on
// the grey a black-and-white printer makes of it (Rec. 601 luma, as
// Ghostscript and printer drivers convert): mono-safe output is meant for
// such printers. Pure red reads black on screen (5.3:1 against white's
// 4.0:1) but prints a 30 % grey, on which black digits have 2.4:1 and white
// ones 8.6:1, so it gets white.
func monoInkOn(c puzzle.RGB) puzzle.RGB {
	luma := uint8(math.Round(0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)))
	grey := puzzle.RGB{R: luma, G: luma, B: luma}
	onBlack := min(contrast(c, black), contrast(grey, black))
	onWhite := min(contrast(c, white), contrast(grey, white))
	if onBlack >= onWhite {
		return black
	}
	return white
}

// contrast is the WCAG contrast ratio of two colours, from 1 to 21.
func contrast(a, b puzzle.RGB) float64 {
	la, lb := a.Luminance(), b.Luminance()
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}
