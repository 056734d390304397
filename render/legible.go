package render

import (
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// LegibleCell is the smallest cell side, in mm, on which a grid can still
// be solved on paper with a fine pen. A sheet lays out any grid, turning the
// page and going up to A3 before its cells come below minCell; a grid too
// large for even that (a 512×512 picture) prints as a texture.
const LegibleCell = 2.0

// TooSmallToPrint returns the warning that p's sheet has cells smaller than
// LegibleCell even on the largest page it may take, at p's file and line;
// nil when the sheet can be solved on paper (and for triddlers, whose
// sheets place triangles at a size of their own).
func TooSmallToPrint(p *puzzle.Puzzle, opt Options) *diag.Diagnostic {
	if p == nil || p.Kind == puzzle.Triddler {
		return nil
	}
	m, paper, err := measure(p, opt)
	if err != nil {
		return nil
	}
	page, cell := choosePage(m, p, paper, opt.sheetSpec())
	if cell >= LegibleCell {
		return nil
	}
	msg := fmt.Sprintf("too large to solve on paper: its printed grid's cells are %.1f mm wide, even on %s (a pen needs %.0f mm)",
		cell, paperName(page.Name), LegibleCell)
	if t := p.Meta.Title; t != "" {
		msg = fmt.Sprintf("puzzle %q: %s", t, msg)
	}
	return &diag.Diagnostic{File: p.Origin.File, Line: p.Origin.Line, Severity: diag.Warning, Message: msg,
		Hint: "split the picture into smaller puzzles; players can still solve it on the site"}
}

// paperName is how a reader writes a paper's name: "A3", "Letter".
func paperName(p Paper) string {
	if p == Letter {
		return "Letter"
	}
	return strings.ToUpper(string(p))
}
