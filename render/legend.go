package render

import (
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// legend lays out the colour key of a multicolour puzzle from (x, y) in a
// band of width w: a swatch (with its glyph) and a name per colour, flowing
// in centred rows. It returns the items and their height.
func legend(m *metrics, p *puzzle.Puzzle, x, y, w float64, glyphs bool) ([]item, float64) {
	type entry struct {
		c     int
		label string
		width float64
	}
	var entries []entry
	for c := 1; c < len(p.Palette); c++ {
		label := colorLabel(p.Palette[c])
		lines := m.wrap(label, attribSize, 40, false, 1)
		if len(lines) > 0 {
			label = lines[0]
		}
		entries = append(entries, entry{c, label, legendSwatch + 1.5 + m.width(label, attribSize, false)})
	}
	const rowH, space = legendSwatch + 2, 5.0
	var rows [][]entry
	var widths []float64
	for _, e := range entries {
		n := len(rows)
		if n == 0 || widths[n-1]+space+e.width > w {
			rows = append(rows, nil)
			widths = append(widths, -space)
			n++
		}
		rows[n-1] = append(rows[n-1], e)
		widths[n-1] += space + e.width
	}
	var items []item
	for i, row := range rows {
		xx := x + (w-widths[i])/2
		top := y + float64(i)*rowH
		for _, e := range row {
			col := p.Palette[e.c].RGB
			items = append(items, rect{X: xx, Y: top, W: legendSwatch, H: legendSwatch, Fill: col, Stroke: 0.15})
			if glyphs {
				items = append(items, glyph(e.c, xx+legendSwatch/2, top+legendSwatch/2, legendSwatch*0.28, monoInkOn(col)))
			}
			items = append(items, newText(xx+legendSwatch+1.5, top+legendSwatch/2+digitHeight*attribSize/2, attribSize, anchorStart, false, black, e.label))
			xx += e.width + space
		}
	}
	return items, float64(len(rows)) * rowH
}

// colorLabel names a palette colour: its name, else its character and value.
func colorLabel(c puzzle.Color) string {
	if name := strings.TrimSpace(c.Name); name != "" {
		return name
	}
	return fmt.Sprintf("%c %s", c.Char, c.RGB.Hex())
}

// attribution lays out the title, author, copyright, licence and size of p
// under the grid of a booklet page, centred in a band of width w from (x, y). It returns the items and their
// height.
func attribution(m *metrics, p *puzzle.Puzzle, x, y, w float64) ([]item, float64) {
	var items []item
	h := 0.0
	put := func(s string, size float64, bold bool) {
		for _, l := range m.wrap(printable(s), size, w, bold, 2) {
			h += size * 1.35
			items = append(items, newText(x+w/2, y+h-size*0.35, size, anchorMiddle, bold, textGrey, l))
		}
	}
	meta := p.Meta
	if meta.Title != "" {
		put(meta.Title, titleSize, true)
	}
	if a := meta.AuthorName(); a != "" { // the name: an e-mail address after it is not printed
		put("by "+a, attribSize, false)
	}
	if c := copyrightNotice(meta); c != "" {
		put(c, attribSize, false)
	}
	if meta.License != "" {
		put("License: "+meta.License, attribSize, false)
	}
	size := sizeAndColours(p) // booklet_front.go
	if meta.Catalogue != "" {
		size += " · " + meta.Catalogue
	}
	put(size, attribSize, false)
	return items, h
}
