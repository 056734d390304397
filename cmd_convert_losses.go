package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// convertLosses compares puzzle p with q, the same puzzle read back from
// what convert wrote. lost names what the target format had no place for
// (metadata, colour names, the goal), for a warning; setLost names what
// the set the puzzle came in lost, beyond what the puzzle keeps; broken
// says how the puzzle itself changed (its kind, size, clues as its ID sees
// them, or colour values), which no writer may do, or is "". White space
// around a value is not compared (sameText), nor colour characters, the
// formats' own notation, nor names NameColors chose, which reading chooses
// again.
func convertLosses(p, q *puzzle.Puzzle) (lost, setLost []string, broken string) {
	switch {
	case p.Kind != q.Kind || p.Width != q.Width || p.Height != q.Height:
		return nil, nil, fmt.Sprintf("it reads back as a %s of %dx%d", q.Kind, q.Width, q.Height)
	case p.Canonical() != q.Canonical(): // the clues, by colour value, as the puzzle's ID sees them
		return nil, nil, "its clues read back otherwise"
	case len(p.Palette) != len(q.Palette):
		return nil, nil, fmt.Sprintf("its %d colours read back as %d", p.Colors(), q.Colors())
	}
	for i, c := range p.Palette {
		j := -1 // the same value, background or not as c is
		for k, d := range q.Palette {
			if d.RGB == c.RGB && (k == 0) == (i == 0) {
				j = k
				break
			}
		}
		switch {
		case j < 0:
			return nil, nil, fmt.Sprintf("its colour %s is lost", c.RGB.Hex())
		case !c.Derived && c.Name != "" && q.Palette[j].Name != c.Name:
			lost = append(lost, fmt.Sprintf("colour name %q", c.Name))
		}
	}
	if p.Goal != nil {
		switch g := goalRGB(q); {
		case g == nil:
			lost = append(lost, "goal")
		case !slices.Equal(g, goalRGB(p)):
			return nil, nil, "its goal reads back otherwise"
		}
	}
	lost = append(metaLosses(p.Meta, q.Meta, puzzle.Meta{}), lost...)
	if set := p.Origin.Set; set != nil {
		back := q.Origin.Set
		if back == nil {
			back = &puzzle.Meta{}
		}
		// A set's author, copyright, license and catalogue that the puzzle
		// took as its own survive with it.
		setLost = metaLosses(*set, *back, p.Meta)
	}
	return lost, setLost, ""
}

// metaLosses names the fields of m that did not come back in back, leaving
// out those equal to kept's.
func metaLosses(m, back, kept puzzle.Meta) []string {
	var lost []string
	for _, f := range []struct {
		name            string
		own, got, other string
	}{
		{"title", m.Title, back.Title, kept.Title}, {"author", m.Author, back.Author, kept.Author},
		{"copyright", m.Copyright, back.Copyright, kept.Copyright}, {"license", m.License, back.License, kept.License},
		{"catalogue", m.Catalogue, back.Catalogue, kept.Catalogue}, {"id", m.ID, back.ID, kept.ID},
		{"description", m.Description, back.Description, kept.Description},
	} {
		if f.own != "" && !sameText(f.own, f.got) && !sameText(f.own, f.other) {
			lost = append(lost, f.name)
		}
	}
	for _, x := range m.Extra {
		if !hasProperty(back.Extra, x) && !hasProperty(kept.Extra, x) {
			lost = append(lost, fmt.Sprintf("property %q", x.Key))
		}
	}
	return lost
}

// sameText reports whether two values say the same: white space at their
// ends is layout (XML's readers trim it), not content.
func sameText(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) }

// hasProperty reports whether xs has x's key with the same value.
func hasProperty(xs []puzzle.Property, x puzzle.Property) bool {
	return slices.ContainsFunc(xs, func(y puzzle.Property) bool { return y.Key == x.Key && sameText(y.Value, x.Value) })
}

// colourOf returns the value of palette entry i, or "" when there is none.
func colourOf(p *puzzle.Puzzle, i int) string {
	if i < 0 || i >= len(p.Palette) {
		return ""
	}
	return p.Palette[i].RGB.Hex()
}

// goalRGB returns the goal's cells as colour values, or nil without a goal.
func goalRGB(p *puzzle.Puzzle) []string {
	if p.Goal == nil {
		return nil
	}
	out := make([]string, len(p.Goal.Cells))
	for i, c := range p.Goal.Cells {
		out[i] = colourOf(p, int(c))
	}
	return out
}
