package build

import (
	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
)

// glyphWarnings is the warning, at the puzzle's file, that its sheet has
// characters no font draws, which print as boxes (render's
// MissingGlyphsError, naming the puzzle and the characters); none when
// every character has a font. It is found with the puzzle's other
// diagnostics, so that a warm build that reuses the sheet warns as the
// build that drew it did.
func (r *run) glyphWarnings(f *content.PuzzleFile, p *puzzle.Puzzle) diag.List {
	missing := render.MissingGlyphs(p, r.renderOptions())
	if missing == nil {
		return nil
	}
	d := missing.Diagnostic()
	d.File = f.Abs
	return diag.List{d}
}
