package render

import (
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/puzzle"
)

// Sizes of a sheet's title block, in millimetres.
const (
	sheetTitleSize = 6.35 // the title: 18 pt
	creditSize     = 3.5  // author, licence, source, facts: 10 pt
	nameLineGap    = 3.0  // above the name and date line
)

// titleBlock lays out the block above a sheet's grid, centred in a band of
// width w from (x, y): the title in large bold type, a credit line (author,
// copyright, licence), the source, the facts (size, colours, difficulty in
// words) and, with spec.nameLine, a line for the solver's name and the date.
// It returns the items and their height.
func titleBlock(m *metrics, p *puzzle.Puzzle, spec sheetSpec, x, y, w float64) ([]item, float64) {
	var items []item
	h := 0.0
	// Lines wrap at 90 % of the band: a viewer's fallback font for the
	// SVG may be wider than the Go fonts the layout measures with.
	put := func(s string, size float64, bold bool, ink puzzle.RGB, maxLines int) {
		for _, l := range m.wrap(printable(s), size, 0.9*w, bold, maxLines) {
			h += size * 1.3
			items = append(items, newText(x+w/2, y+h-size*0.3, size, anchorMiddle, bold, ink, l))
		}
	}
	title := strings.TrimSpace(p.Meta.Title)
	untitled := title == ""
	if untitled { // titled by its size, which the facts then leave out
		title = "Nonogram " + sizeLabel(p) // triddler.go
	}
	put(title, sheetTitleSize, true, black, 2)
	h += 1
	if credit := creditLine(p.Meta); credit != "" {
		put(credit, creditSize, false, textGrey, 2)
	}
	if src := strings.TrimSpace(p.Meta.Catalogue); src != "" {
		put("Source: "+src, creditSize, false, textGrey, 1)
	}
	if facts := factsLine(p, spec.difficulty, !untitled); facts != "" {
		put(facts, creditSize, false, textGrey, 1)
	}
	if spec.nameLine {
		h += nameLineGap
		items = append(items, nameAndDate(m, x, y+h+creditSize, w)...)
		h += creditSize * 1.6
	}
	return items, h
}

// creditLine joins the author, copyright and licence: "by A · © B ·
// License: C"; "" when the puzzle names none.
func creditLine(meta puzzle.Meta) string {
	var parts []string
	if a := meta.AuthorName(); a != "" {
		parts = append(parts, "by "+a)
	}
	if c := copyrightNotice(meta); c != "" {
		parts = append(parts, c)
	}
	if l := strings.TrimSpace(meta.License); l != "" {
		parts = append(parts, "License: "+l)
	}
	return strings.Join(parts, " · ")
}

// copyrightNotice is the puzzle's copyright without e-mail addresses
// (puzzle.Meta.CopyrightNotice), led by "©" unless it already says
// copyright; "" for none.
func copyrightNotice(meta puzzle.Meta) string {
	c := meta.CopyrightNotice()
	lower := strings.ToLower(c)
	if c == "" || strings.HasPrefix(c, "©") || strings.HasPrefix(lower, "(c)") || strings.HasPrefix(lower, "copyright") {
		return c
	}
	return "© " + c
}

// factsLine is "15×20 · 3 colours · difficulty: medium", the size left
// out unless withSize, the difficulty when unknown; "" when nothing is left.
func factsLine(p *puzzle.Puzzle, difficulty string, withSize bool) string {
	var facts []string
	if withSize {
		facts = append(facts, sizeLabel(p)) // triddler.go
	}
	if p.Colors() > 1 {
		facts = append(facts, fmt.Sprintf("%d colours", p.Colors()))
	}
	if d := DifficultyWords(difficulty); d != "" {
		facts = append(facts, "difficulty: "+d)
	}
	return strings.Join(facts, " · ")
}

// DifficultyWords says a solver grade ("line", "probe", "search") in the
// word a person solving understands, its Word in package grade ("easy",
// "medium", "hard"); any other text is returned as it is, without the
// spaces around it, and "" stays "".
func DifficultyWords(key string) string {
	key = strings.TrimSpace(key)
	if g, ok := grade.Of(key); ok {
		return g.Word
	}
	return key
}

// nameAndDate draws "Name ______  Date ______" with its baseline at y,
// across a band of width w from x: the name's rule takes two thirds.
func nameAndDate(m *metrics, x, y, w float64) []item {
	thin, _, _ := lineWidths(refCell)
	nameW, dateW := m.width("Name", creditSize, false), m.width("Date", creditSize, false)
	split := x + w*2/3
	return []item{
		newText(x, y, creditSize, anchorStart, false, textGrey, "Name"),
		line{x + nameW + 2, y + 0.5, split - 6, y + 0.5, thin, gridGrey},
		newText(split, y, creditSize, anchorStart, false, textGrey, "Date"),
		line{split + dateW + 2, y + 0.5, x + w, y + 0.5, thin, gridGrey},
	}
}
