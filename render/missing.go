package render

import (
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// MissingGlyphsError is a warning: text of a puzzle (or of a booklet's
// cover, Puzzle nil) has characters that neither the Go fonts, nor the
// site's font, nor any installed font can draw. They print as boxes.
type MissingGlyphsError struct {
	Puzzle *puzzle.Puzzle
	Chars  string // each character once, in order of appearance
}

// missingHint says how to give the characters a font.
const missingHint = `name a font that has them in nonopress.toml (font = "FILE.ttf") or install one`

func (e *MissingGlyphsError) Error() string {
	what := "the booklet's cover"
	if p := e.Puzzle; p != nil {
		what = fmt.Sprintf("puzzle %q", p.Meta.Title)
		if w := p.Where(); w != "" {
			what = w + ": " + what
		}
	}
	return fmt.Sprintf("%s: render: %s: %s", what, e.message(), missingHint)
}

// message says which characters print as boxes.
func (e *MissingGlyphsError) message() string {
	points := make([]string, 0, len(e.Chars))
	for _, r := range e.Chars {
		points = append(points, fmt.Sprintf("%U", r))
	}
	return fmt.Sprintf("no font can draw %q (%s); they print as boxes", e.Chars, strings.Join(points, " "))
}

// Diagnostic is the warning at the puzzle's file and line, for a build or
// check to print with its others; for a booklet's cover it has no file,
// which the caller gives (the booklet's path).
func (e *MissingGlyphsError) Diagnostic() diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Warning, Message: "the cover: " + e.message(), Hint: missingHint}
	if p := e.Puzzle; p != nil {
		d.File, d.Line = p.Origin.File, p.Origin.Line
		d.Message = fmt.Sprintf("puzzle %q: %s", p.Meta.Title, e.message())
	}
	return d
}

// MissingGlyphs returns the warning that some text a sheet of p prints has
// characters no font draws (neither the Go fonts nor opt.Fonts'), nil if
// every character has a font. LayOut finds the same (Layout.Missing).
func MissingGlyphs(p *puzzle.Puzzle, opt Options) *MissingGlyphsError {
	m, err := newMetrics()
	if err != nil || p == nil {
		return nil
	}
	return missingIn(m.withFonts(opt.fonts()), p, "")
}

// missingIn returns the warning that some text of p (or, p nil, text) has
// characters no font of m draws, nil if none.
func missingIn(m *metrics, p *puzzle.Puzzle, text string) *MissingGlyphsError {
	if p != nil {
		text = puzzleText(p)
	}
	if chars := missingChars(m, text); chars != "" {
		return &MissingGlyphsError{Puzzle: p, Chars: chars}
	}
	return nil
}

// warnMissing calls opt.Warn if some text of p (or, p nil, text) has a
// character no font draws, and returns that warning.
func warnMissing(m *metrics, opt Options, p *puzzle.Puzzle, text string) *MissingGlyphsError {
	missing := missingIn(m, p, text)
	if missing != nil && opt.Warn != nil {
		opt.Warn(missing)
	}
	return missing
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
