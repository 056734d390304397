package render

import (
	"io"

	"github.com/nonopress/nonopress/puzzle"
)

// Sheet writes the printable puzzle sheet (blank grid + clues + attribution)
// as minified SVG, one page of opt.Paper (turned, or A3, for big puzzles) with
// its width and height in millimetres.
func Sheet(w io.Writer, p *puzzle.Puzzle, opt Options) error {
	l, err := LayOut(p, opt)
	if err != nil {
		return err
	}
	return l.Sheet(w)
}

// A Layout is one puzzle's sheet laid out once, to be written as the SVG
// sheet, the solution image and the sheet PDF. The three then cannot
// disagree on the page or the cell size, and a site, which writes all three,
// lays the sheet out once instead of three times. A Layout is read-only:
// its methods may run concurrently.
type Layout struct {
	p     *puzzle.Puzzle
	opt   Options
	m     *metrics
	sheet *sheetLayout
	tri   *triLayout // a triddler's, instead of sheet (triddler.go)
	// missing is the warning that some of p's text has characters no
	// font draws; nil when all have one.
	missing *MissingGlyphsError
	draw    drawState // the sheet's grid drawn for PDF, once (drawn.go)
}

// Missing returns the warning that some text of the sheet has characters
// no font draws, naming the puzzle and the characters (its Diagnostic
// places it at the puzzle's file and line), or nil when every character
// has a font. Options.Warn, if set, was given it too.
func (l *Layout) Missing() *MissingGlyphsError { return l.missing }

// LayOut checks p and opt and lays out p's sheet.
func LayOut(p *puzzle.Puzzle, opt Options) (*Layout, error) {
	if p != nil && p.Kind == puzzle.Triddler {
		return layOutTriddler(p, opt)
	}
	m, paper, missing, err := prepare(p, opt)
	if err != nil {
		return nil, err
	}
	opt.Fonts = m.fonts // the PDF draws with the fonts the layout measured with
	return &Layout{p: p, opt: opt, m: m, sheet: layoutSheet(m, p, paper, opt.sheetSpec()), missing: missing}, nil
}

// Sheet writes the sheet as Sheet (the function) does.
func (l *Layout) Sheet(w io.Writer) error {
	// A white page, so that the sheet stays legible on a dark web page.
	s := *l.sheetScene()
	page := rect{W: s.Width, H: s.Height, Fill: white}
	s.Items = append([]item{page}, s.Items...)
	return writeSVG(w, &s)
}

// Solution writes sol as Solution (the function) does.
func (l *Layout) Solution(w io.Writer, sol *puzzle.Image) error {
	if l.tri != nil {
		return l.triSolution(w, sol)
	}
	if err := checkImage(l.p, sol); err != nil {
		return err
	}
	return writeSVG(w, solutionScene(l.p, sol, l.sheet.cell, solutionPad, true, l.opt.MonoSafe))
}

// PDF writes the sheet PDF as SheetPDF does.
func (l *Layout) PDF(w io.Writer, sol *puzzle.Image) error {
	opt := l.opt
	if opt.Scratch == nil {
		opt.Scratch = new(Scratch) // one compressor for the drawn grid and the pages
	}
	title, pages, err := l.pdfPages(sol, opt.Scratch)
	if err != nil {
		return err
	}
	return writePDFPages(w, title, l.p.Meta.AuthorName(), pages, opt)
}

// prepare checks the puzzle and options and makes the text metrics
// (measure); it warns (opt.Warn) of, and returns, the characters of p no
// font draws.
func prepare(p *puzzle.Puzzle, opt Options) (*metrics, pageSize, *MissingGlyphsError, error) {
	m, paper, err := measure(p, opt)
	if err != nil {
		return nil, pageSize{}, nil, err
	}
	return m, paper, warnMissing(m, opt, p, ""), nil
}

// measure checks the puzzle and options and returns the text metrics with
// opt's fonts and the paper.
func measure(p *puzzle.Puzzle, opt Options) (*metrics, pageSize, error) {
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
	return m.withFonts(opt.fonts()), paper, nil
}
