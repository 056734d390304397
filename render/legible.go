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

// LargerPaper returns the warning that p's page is printed on paper larger
// than opt.Paper (A4 from A5, else A3), its cells being under minCell on
// opt.Paper however turned, at p's file and line, with how to print that
// page; nil when the page is opt.Paper's (turned or not). In a booklet
// (booklet true) the page is measured as the booklet draws it, headed
// "Puzzle N"; else as p's sheet. A club printing a booklet on Letter found
// two pages of it A3 only at the printer.
func LargerPaper(p *puzzle.Puzzle, opt Options, booklet bool) *diag.Diagnostic {
	if p == nil {
		return nil
	}
	m, paper, err := measure(p, opt)
	if err != nil {
		return nil
	}
	spec := opt.sheetSpec()
	if booklet {
		spec = entrySpec(BookletEntry{Puzzle: p}, 0, opt.MonoSafe)
		spec.pageNum = "1" // numbered, as every page of a booklet
	}
	var page pageSize
	cell, unit, least := 0.0, "cells", minCell
	if p.Kind == puzzle.Triddler {
		g, err := p.TriddlerGeometry()
		if err != nil {
			return nil
		}
		page, cell = chooseTriPage(m, p, g, paper, spec)
		unit, least = "triangles' sides", triMinSide
	} else {
		page, cell = choosePage(m, p, paper, spec)
	}
	if page.Name == paper.Name {
		return nil
	}
	// A printer fitting the page to the paper scales it by the lesser of
	// the ratios of their short and their long sides.
	scale := min(min(paper.Width, paper.Height)/min(page.Width, page.Height),
		max(paper.Width, paper.Height)/max(page.Width, page.Height))
	what := "its sheet"
	if booklet {
		what = "its page"
	}
	msg := fmt.Sprintf("%s is %s, larger than the %s printed on: on %s its %s would be under %.1f mm",
		what, paperName(page.Name), paperName(paper.Name), paperName(paper.Name), unit, least)
	if t := p.Meta.Title; t != "" {
		msg = fmt.Sprintf("puzzle %q: %s", t, msg)
	}
	return &diag.Diagnostic{File: p.Origin.File, Line: p.Origin.Line, Severity: diag.Warning, Message: msg,
		Hint: fmt.Sprintf("print that page on %s, or let the printer fit it to %s: its %s then %.1f mm",
			paperName(page.Name), paperName(paper.Name), unit, cell*scale)}
}

// paperName is how a reader writes a paper's name: "A3", "Letter".
func paperName(p Paper) string {
	if p == Letter {
		return "Letter"
	}
	return strings.ToUpper(string(p))
}
