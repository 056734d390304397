package render

import (
	"github.com/nonopress/nonopress/puzzle"
)

// This file lets booklets mix triddlers with grids: each helper does for
// either kind what the booklet did for grids alone.

// bookletCheck refuses a booklet entry render cannot draw.
func bookletCheck(p *puzzle.Puzzle, sol *puzzle.Image) error {
	if p == nil || p.Kind != puzzle.Triddler {
		err := checkPuzzle(p)
		if err == nil && sol != nil {
			err = checkImage(p, sol)
		}
		return err
	}
	g, err := p.TriddlerGeometry()
	if err != nil {
		return err
	}
	for _, l := range g.Clues {
		for _, c := range l {
			if c.Color < 1 || c.Color >= len(p.Palette) {
				return puzzleError(p, "clue colour %d is not in the palette", c.Color)
			}
		}
	}
	if sol != nil {
		return checkTriImage(p, g, sol)
	}
	return nil
}

// triCellEquivalent converts a triangle side to the square cell of about
// the same area (side² · √3/4), so that booklets size both kinds alike.
const triCellEquivalent = 0.66

// bookletFit is the cell side (for a triddler, its square equivalent) with
// which p's sheet fits region.
func bookletFit(m *metrics, p *puzzle.Puzzle, region pageSize, spec sheetSpec) float64 {
	if p.Kind != puzzle.Triddler {
		return fitCell(m, p, region, spec)
	}
	g, err := p.TriddlerGeometry()
	if err != nil {
		return 0
	}
	return triFit(m, p, g, region, spec) * triCellEquivalent
}

// triFit is the largest triangle side with which the triddler's sheet fits
// page, at most a triangle as large as spec's largest cell (maxCell on a
// sheet, bookletMaxCell in a booklet), so that a small triddler alone on
// its page fills it as a small grid does.
func triFit(m *metrics, p *puzzle.Puzzle, g *puzzle.TriGeometry, page pageSize, spec sheetSpec) float64 {
	b := triBounds(g)
	fixed := fixedHeight(m, p, page, spec)
	return min(spec.largestCell()/triCellEquivalent, (page.Width-2*margin)/(b.x1-b.x0), (page.Height-2*margin-fixed-gap)/(b.y1-b.y0))
}

// bookletSheet draws p's sheet to fit region.
func bookletSheet(m *metrics, p *puzzle.Puzzle, region pageSize, spec sheetSpec) *scene {
	if p.Kind != puzzle.Triddler {
		return drawSheet(m, p, region, fitCell(m, p, region, spec), spec).scene
	}
	g, _ := p.TriddlerGeometry() // bookletCheck found it
	return drawTriSheet(m, p, g, region, triFit(m, p, g, region, spec), spec).scene
}

// bookletSheetDrop is how far bookletSheet lowers p's puzzle in region
// (bookletDrop).
func bookletSheetDrop(m *metrics, p *puzzle.Puzzle, region pageSize, spec sheetSpec) float64 {
	if p.Kind != puzzle.Triddler {
		return bookletDrop(m, p, region, spec, gridHeight(p, fitCell(m, p, region, spec)))
	}
	g, _ := p.TriddlerGeometry()
	return bookletDrop(m, p, region, spec, triBounds(g).height(triFit(m, p, g, region, spec)))
}

// bookletPage draws p's sheet on a page of its own, turned or A3 if it must.
func bookletPage(m *metrics, p *puzzle.Puzzle, paper pageSize, spec sheetSpec) *scene {
	if p.Kind != puzzle.Triddler {
		return layoutSheet(m, p, paper, spec).scene
	}
	g, _ := p.TriddlerGeometry()
	page, side := chooseTriPage(m, p, g, paper, spec)
	return drawTriSheet(m, p, g, page, side, spec).scene
}

// answerExtent is the width and height of p's answer in the answer key:
// cells (for a triddler, their square equivalent) at most sz.cell, the
// longer side at most sz.maxSide.
func answerExtent(p *puzzle.Puzzle, sz answerSize) (w, h float64) {
	if p.Kind != puzzle.Triddler {
		cell := min(sz.cell, sz.maxSide/float64(max(p.Width, p.Height)))
		return float64(p.Width) * cell, float64(p.Height) * cell
	}
	g, _ := p.TriddlerGeometry() // bookletCheck found it
	side := answerSide(g, sz)
	return float64(g.Width+1) / 2 * side, float64(g.Height) * triRowH * side
}

// answerSide is a triddler's triangle side in the answer key.
func answerSide(g *puzzle.TriGeometry, sz answerSize) float64 {
	across := max(float64(g.Width+1)/2, float64(g.Height)*triRowH)
	return min(sz.cell/triCellEquivalent, sz.maxSide/across)
}

// answerScene is p's solution as answerExtent sizes it.
func answerScene(p *puzzle.Puzzle, sol *puzzle.Image, sz answerSize, monoSafe bool) *scene {
	if p.Kind != puzzle.Triddler {
		cell := min(sz.cell, sz.maxSide/float64(max(p.Width, p.Height)))
		return solutionScene(p, sol, cell, 0, cell >= 1.2, monoSafe)
	}
	g, _ := p.TriddlerGeometry()
	side := answerSide(g, sz)
	return triSolutionScene(p, g, sol, side, 0, side >= 1.8)
}
