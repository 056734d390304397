package render

import (
	"fmt"
	"slices"

	"github.com/nonopress/nonopress/puzzle"
)

// Thumbnail sizes in millimetres.
const (
	thumbSide    = 30.0 // the longer side of a thumbnail's grid, at most
	thumbMaxCell = 2.0
)

// solutionScene draws sol as coloured cells of side cell, with a thin grid
// (none when grid is false), rules every five cells and a border, inside a
// frame of pad millimetres. With glyphs, each coloured cell of a multicolour
// puzzle also carries its colour's glyph.
func solutionScene(p *puzzle.Puzzle, sol *puzzle.Image, cell, pad float64, grid, glyphs bool) *scene {
	w, h := float64(sol.Width)*cell, float64(sol.Height)*cell
	s := &scene{Width: w + 2*pad, Height: h + 2*pad, Name: fmt.Sprintf("Solution %d×%d", p.Width, p.Height)}
	if p.Meta.Title != "" {
		s.Name += ": " + printable(p.Meta.Title)
	}
	bg := white
	if len(p.Palette) > 0 {
		bg = p.Palette[puzzle.Background].RGB
	}
	lines := 4 // a frame, or the grid
	if grid {
		lines = gridLineCount(sol.Width, sol.Height)
	}
	s.Items = appendCellItems([]item{rect{X: pad, Y: pad, W: w, H: h, Fill: bg}}, p, sol, pad, pad, cell, glyphs, lines)
	if grid {
		s.Items = appendGridLines(s.Items, sol.Width, sol.Height, pad, pad, cell, 0, 0)
	} else {
		_, _, border := lineWidths(cell)
		s.add(frame(pad, pad, w, h, border/2, gridGrey)...)
	}
	return s
}

// frame returns the four sides of a rectangle as lines.
func frame(x, y, w, h, width float64, c puzzle.RGB) []item {
	return []item{
		line{x, y, x + w, y, width, c}, line{x + w, y, x + w, y + h, width, c},
		line{x + w, y + h, x, y + h, width, c}, line{x, y + h, x, y, width, c},
	}
}

// thumbCell is the cell side of p's thumbnails.
func thumbCell(p *puzzle.Puzzle) float64 { return thumbCellOf(p.Width, p.Height) }

// thumbCellOf is thumbCell for a grid of width × height cells.
func thumbCellOf(width, height int) float64 {
	return min(thumbMaxCell, thumbSide/float64(max(width, height)))
}

// thumbnailScene is a small solution image without cell lines.
func thumbnailScene(p *puzzle.Puzzle, sol *puzzle.Image) *scene {
	cell := thumbCell(p)
	return solutionScene(p, sol, cell, 0.5, false, false)
}

// blankThumbnailScene is a spoiler-safe thumbnail: an empty grid of width
// × height cells with its size written across it.
func blankThumbnailScene(m *metrics, width, height int) *scene {
	cell := thumbCellOf(width, height)
	const pad = 0.5
	w, h := float64(width)*cell, float64(height)*cell
	label := fmt.Sprintf("%d×%d", width, height)
	s := &scene{Width: w + 2*pad, Height: h + 2*pad, Name: "Nonogram " + label}
	s.add(rect{X: pad, Y: pad, W: w, H: h, Fill: white})
	thin, _, border := lineWidths(cell)
	step := 1
	if cell < 1 {
		step = 5
	}
	for y := step; y < height; y += step {
		yy := pad + float64(y)*cell
		s.add(line{pad, yy, pad + w, yy, thin, lightGrey})
	}
	for x := step; x < width; x += step {
		xx := pad + float64(x)*cell
		s.add(line{xx, pad, xx, pad + h, thin, lightGrey})
	}
	s.add(frame(pad, pad, w, h, border, gridGrey)...)
	size := min(h*0.3, 8.0)
	if tw := m.width(label, size, true); tw > w*0.8 {
		size *= w * 0.8 / tw
	}
	tw := m.width(label, size, true)
	s.add(rect{X: pad + (w-tw)/2 - size*0.2, Y: pad + h/2 - size*0.55, W: tw + size*0.4, H: size * 1.1, Fill: white})
	s.add(newText(pad+w/2, pad+h/2+digitHeight*size/2, size, anchorMiddle, true, textGrey, label))
	return s
}

// appendCellItems draws the coloured cells of sol with its top-left corner
// at (x0, y0): a rect per block of equal colour, and with glyphs (in a
// multicolour puzzle) each cell's colour glyph, appended to items with
// room for more items after them.
func appendCellItems(items []item, p *puzzle.Puzzle, sol *puzzle.Image, x0, y0, cell float64, glyphs bool, more int) []item {
	colour := func(c int) puzzle.RGB {
		if c < len(p.Palette) {
			return p.Palette[c].RGB
		}
		return black
	}
	// A run of equal colour that repeats, same place and length, in the
	// rows below grows into one taller rect: big pixel art stays small.
	// Runs of a row are disjoint and found left to right, so the row above's
	// run at the same place is found by walking both rows together.
	type run struct{ start, end, colour, rect int }
	rects := make([]rect, 0, colourRuns(sol)) // at most one a run
	var above, here []run
	for y := range sol.Height {
		here = here[:0]
		j := 0 // the first run above that may start at x or later
		for x := 0; x < sol.Width; {
			c := sol.At(x, y)
			end := x + 1
			for end < sol.Width && sol.At(end, y) == c {
				end++
			}
			if c != puzzle.Background {
				for j < len(above) && above[j].start < x {
					j++
				}
				if j < len(above) && above[j] == (run{x, end, c, above[j].rect}) {
					rects[above[j].rect].H += cell
					here = append(here, above[j])
				} else {
					here = append(here, run{x, end, c, len(rects)})
					rects = append(rects, rect{X: x0 + float64(x)*cell, Y: y0 + float64(y)*cell, W: float64(end-x) * cell, H: cell, Fill: colour(c)})
				}
			}
			x = end
		}
		above, here = here, above
	}
	glyphed := glyphs && p.Colors() > 1
	n := len(rects) + more
	if glyphed {
		for _, c := range sol.Cells {
			if c != puzzle.Background {
				n++
			}
		}
	}
	items = slices.Grow(items, n)
	for _, r := range rects {
		items = append(items, r)
	}
	if glyphed {
		for y := range sol.Height {
			for x := range sol.Width {
				if c := sol.At(x, y); c != puzzle.Background {
					items = append(items, glyph(c, x0+(float64(x)+0.5)*cell, y0+(float64(y)+0.5)*cell, 0.22*cell, monoInkOn(colour(c))))
				}
			}
		}
	}
	return items
}

// colourRuns counts the runs of equal colour, background aside, in the rows
// of sol.
func colourRuns(sol *puzzle.Image) int {
	n := 0
	for y := range sol.Height {
		for x := range sol.Width {
			if c := sol.At(x, y); c != puzzle.Background && (x == 0 || sol.At(x-1, y) != c) {
				n++
			}
		}
	}
	return n
}
