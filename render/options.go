package render

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nonopress/nonopress/puzzle"
)

// Paper is a paper size name.
type Paper string

// The paper sizes render knows. A3 is chosen automatically for sheets too big
// for A4, A5 or Letter; it may also be asked for.
const (
	A4     Paper = "a4"
	Letter Paper = "letter"
	A3     Paper = "a3"
	A5     Paper = "a5"
)

// Papers lists the paper names ParsePaper accepts, for usage messages.
const Papers = "a3, a4, a5 or letter"

// ParsePaper reads a paper name (any case, "" for A4), so that the print
// command's -paper flag and a site's paper setting accept the same names.
func ParsePaper(s string) (Paper, error) {
	size, err := paperSize(Paper(s))
	if err != nil {
		return "", err
	}
	return size.Name, nil
}

// Options tune the printed products. Their JSON encoding holds everything
// that shapes the output (Fonts as its font file), so that a cache may key
// on it.
type Options struct {
	// Paper is the paper size; "" means A4.
	Paper Paper
	// MonoSafe adds a glyph per colour (circle, square, triangle...) to clue
	// boxes, solution cells and the legend, for black-and-white printers and
	// colour-blind readers.
	MonoSafe bool
	// Date is the creation date written into PDFs, as the caller knows it
	// from the content (front matter, file history). The zero value writes
	// no date at all.
	Date time.Time
	// Difficulty is the puzzle's difficulty for a sheet's title block: a
	// solver grade ("line", "probe", "search", said as "easy", "medium",
	// "hard") or words of the caller's; "" leaves it out. Booklets take each
	// puzzle's from its BookletEntry.
	Difficulty string
	// NameLine adds a line for the solver's name and the date under a
	// sheet's title.
	NameLine bool
	// NoAnswerKey leaves the answer key out of a booklet, and its line out
	// of the contents: copies to hand out (a sheet leaves its answer out
	// when given no solution).
	NoAnswerKey bool `json:",omitempty"`
	// Fonts finds fonts for text the Go fonts cannot draw (NewFonts, with
	// the site's font file); nil looks among the system's fonts afresh on
	// each call.
	Fonts *Fonts
	// Scratch, if set, lends its memory to the call; it must not be in use
	// by another call at the same time (see Scratch). It changes no output.
	Scratch *Scratch `json:"-"`
	// Warn, if set, is called with a *MissingGlyphsError for each puzzle
	// (or booklet cover) with text that no font can draw.
	Warn func(error) `json:"-"`
}

// fonts returns o.Fonts, or fonts of the system's for one call.
func (o Options) fonts() *Fonts {
	if o.Fonts != nil {
		return o.Fonts
	}
	return NewFonts("")
}

// sheetSpec is what the options say about a sheet of its own.
func (o Options) sheetSpec() sheetSpec {
	return sheetSpec{monoSafe: o.MonoSafe, difficulty: o.Difficulty, nameLine: o.NameLine}
}

// pageSize is a sheet of paper in millimetres, portrait.
type pageSize struct {
	Name          Paper
	Width, Height float64
}

// landscape returns the page turned on its side.
func (s pageSize) landscape() pageSize { return pageSize{s.Name, s.Height, s.Width} }

// paperSize returns the portrait size of a named paper (any case).
func paperSize(p Paper) (pageSize, error) {
	switch Paper(strings.ToLower(strings.TrimSpace(string(p)))) {
	case A4, "":
		return pageSize{A4, 210, 297}, nil
	case Letter:
		return pageSize{Letter, 215.9, 279.4}, nil
	case A3:
		return pageSize{A3, 297, 420}, nil
	case A5:
		return pageSize{A5, 148, 210}, nil
	}
	return pageSize{}, fmt.Errorf("render: unknown paper %q (want %s)", string(p), Papers)
}

// checkPuzzle refuses what render cannot draw, with the puzzle's file and line.
func checkPuzzle(p *puzzle.Puzzle) error {
	if p == nil {
		return errors.New("render: nil puzzle")
	}
	fail := func(format string, a ...any) error { return puzzleError(p, format, a...) }
	if p.Kind == puzzle.Triddler {
		// Only what draws triddlers (triddler.go) may be given one.
		return fail("a triddler has no %s", "rows and columns")
	}
	if p.Width < 1 || p.Height < 1 || p.Width > puzzle.MaxSide || p.Height > puzzle.MaxSide {
		return fail("size %dx%d out of range", p.Width, p.Height)
	}
	if len(p.Rows) != p.Height || len(p.Cols) != p.Width {
		return fail("%d row and %d column clues for a %dx%d puzzle", len(p.Rows), len(p.Cols), p.Width, p.Height)
	}
	for _, lines := range [][]puzzle.Line{p.Rows, p.Cols} {
		for _, l := range lines {
			for _, c := range l {
				if c.Color < 1 || c.Color >= len(p.Palette) {
					return fail("clue colour %d is not in the palette", c.Color)
				}
			}
		}
	}
	return nil
}

// checkImage refuses a solution image that does not fit the puzzle.
func checkImage(p *puzzle.Puzzle, sol *puzzle.Image) error {
	return checkImageOfSize(p, sol, p.Width, p.Height)
}

// checkImageOfSize refuses a solution image that is not w × h or uses a
// colour outside p's palette.
func checkImageOfSize(p *puzzle.Puzzle, sol *puzzle.Image, w, h int) error {
	if sol == nil {
		return puzzleError(p, "no solution image")
	}
	if sol.Width != w || sol.Height != h || len(sol.Cells) != sol.Width*sol.Height {
		return puzzleError(p, "solution is %dx%d but the puzzle's image is %dx%d", sol.Width, sol.Height, w, h)
	}
	for _, c := range sol.Cells {
		if int(c) >= max(len(p.Palette), 1) {
			return puzzleError(p, "solution uses colour %d, not in the palette", c)
		}
	}
	return nil
}

// puzzleError formats an error about p, led by its file and line when known:
// "path:line: render: message".
func puzzleError(p *puzzle.Puzzle, format string, a ...any) error {
	msg := fmt.Sprintf(format, a...)
	if w := p.Where(); w != "" {
		return fmt.Errorf("%s: render: %s", w, msg)
	}
	return fmt.Errorf("render: %s", msg)
}
