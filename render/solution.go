package render

import (
	"fmt"
	"io"

	"github.com/nonopress/nonopress/puzzle"
)

// solutionPad is the white frame around a solution image, in mm.
const solutionPad = 1.0

// Solution writes the solution image (coloured cells, with thin grid) as
// minified SVG; sol is the goal or the solver's unique solution. Its cells
// have the size they have on the puzzle's sheet for opt.Paper, and with
// opt.MonoSafe each coloured cell of a multicolour puzzle carries its glyph.
func Solution(w io.Writer, p *puzzle.Puzzle, sol *puzzle.Image, opt Options) error {
	if p != nil && p.Kind == puzzle.Triddler {
		l, err := LayOut(p, opt)
		if err != nil {
			return err
		}
		return l.Solution(w, sol)
	}
	m, paper, _, err := prepare(p, opt)
	if err != nil {
		return err
	}
	if err := checkImage(p, sol); err != nil {
		return err
	}
	// The cells are the sheet's size; the sheet itself need not be drawn.
	_, cell := choosePage(m, p, paper, opt.sheetSpec())
	return writeSVG(w, solutionScene(p, sol, cell, solutionPad, true, opt.MonoSafe))
}

// Thumbnail writes a small solution image (for catalogues that allow
// spoilers): at most 30 mm on its longer side, 2 mm cells at most, no grid.
func Thumbnail(w io.Writer, p *puzzle.Puzzle, sol *puzzle.Image) error {
	if p != nil && p.Kind == puzzle.Triddler {
		return triThumbnail(w, p, sol) // triddler.go
	}
	if err := checkPuzzle(p); err != nil {
		return err
	}
	if err := checkImage(p, sol); err != nil {
		return err
	}
	return writeSVG(w, thumbnailScene(p, sol))
}

// BlankThumbnail writes a spoiler-safe thumbnail: an empty grid the size of
// Thumbnail's with the puzzle's size ("15×20") written on it. It depends on
// the size alone: BlankThumbnailOfSize(w, p.Width, p.Height) writes the
// same bytes, so that a site can share one file per size.
func BlankThumbnail(w io.Writer, p *puzzle.Puzzle) error {
	if p != nil && p.Kind == puzzle.Triddler {
		return triThumbnail(w, p, nil) // triddler.go
	}
	if err := checkPuzzle(p); err != nil {
		return err
	}
	return BlankThumbnailOfSize(w, p.Width, p.Height)
}

// BlankThumbnailOfSize writes the blank thumbnail of a width × height grid.
func BlankThumbnailOfSize(w io.Writer, width, height int) error {
	if width < 1 || height < 1 || width > puzzle.MaxSide || height > puzzle.MaxSide {
		return fmt.Errorf("render: thumbnail size %dx%d out of range", width, height)
	}
	m, err := newMetrics()
	if err != nil {
		return err
	}
	return writeSVG(w, blankThumbnailScene(m, width, height))
}
