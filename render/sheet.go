package render

import (
	"io"

	"github.com/nonopress/nonopress/puzzle"
)

// Sheet writes the printable puzzle sheet (blank grid + clues + attribution)
// as minified SVG, one page of opt.Paper (turned, or A3, for big puzzles) with
// its width and height in millimetres.
func Sheet(w io.Writer, p *puzzle.Puzzle, opt Options) error {
	m, paper, err := prepare(p, opt)
	if err != nil {
		return err
	}
	l := layoutSheet(m, p, paper, sheetSpec{monoSafe: opt.MonoSafe})
	// A white page, so that the sheet stays legible on a dark web page.
	page := rect{W: l.scene.Width, H: l.scene.Height, Fill: white}
	l.scene.Items = append([]item{page}, l.scene.Items...)
	return writeSVG(w, l.scene)
}

// prepare checks the puzzle and options and makes the text metrics.
func prepare(p *puzzle.Puzzle, opt Options) (*metrics, pageSize, error) {
	if err := checkPuzzle(p); err != nil {
		return nil, pageSize{}, err
	}
	paper, err := paperSize(opt.Paper)
	if err != nil {
		return nil, pageSize{}, err
	}
	m, err := newMetrics()
	if err != nil {
		return nil, pageSize{}, err
	}
	return m, paper, nil
}
