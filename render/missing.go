package render

import (
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// MissingGlyphsError is a warning: text of a puzzle (or of a booklet's
// cover, Puzzle nil) has characters that neither the Go fonts, nor the
// site's font, nor any installed font can draw. They print as boxes.
type MissingGlyphsError struct {
	Puzzle *puzzle.Puzzle
	Chars  string // each character once, in order of appearance
}

func (e *MissingGlyphsError) Error() string {
	what := "the booklet's cover"
	if p := e.Puzzle; p != nil {
		what = fmt.Sprintf("puzzle %q", p.Meta.Title)
		if w := p.Where(); w != "" {
			what = w + ": " + what
		}
	}
	return fmt.Sprintf("%s: render: no font can draw %q (%U); they print as boxes: name a font that has them in nonopress.toml (font = \"FILE.ttf\") or install one",
		what, e.Chars, []rune(e.Chars))
}

// warnMissing calls opt.Warn if some text of p (or, p nil, text) has a
// character no font draws.
func warnMissing(m *metrics, opt Options, p *puzzle.Puzzle, text string) {
	if opt.Warn == nil {
		return
	}
	if p != nil {
		text = puzzleText(p)
	}
	if chars := missingChars(m, text); chars != "" {
		opt.Warn(&MissingGlyphsError{Puzzle: p, Chars: chars})
	}
}

// puzzleText is every text of p that a sheet or booklet prints.
func puzzleText(p *puzzle.Puzzle) string {
	parts := []string{p.Meta.Title, p.Meta.Author, p.Meta.Copyright, p.Meta.License, p.Meta.Catalogue}
	for _, c := range p.Palette {
		parts = append(parts, c.Name)
	}
	return strings.Join(parts, " ")
}

// missingChars lists, once each, the characters of text that neither the
// Go fonts nor m's fonts have. Arabic is checked as it is drawn, in its
// presentation forms.
func missingChars(m *metrics, text string) string {
	var missing []rune
	seen := map[rune]bool{}
	for _, r := range visualText(printable(text)) {
		if seen[r] || r == ' ' || m.regular.has(r) {
			continue
		}
		seen[r] = true
		if m.fonts == nil || m.fonts.fontFor(r) == nil {
			missing = append(missing, r)
		}
	}
	return string(missing)
}
