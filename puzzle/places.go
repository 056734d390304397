package puzzle

// Places says where a puzzle's parts stand in its file, so that a problem
// with a clue, the goal or a key is reported at its own line rather than at
// the puzzle's first. Lines count from 1; 0, or a slice too short, means
// unknown (a puzzle made in memory, a format without lines).
type Places struct {
	Rows, Cols             []int // the line of each row's and column's clue
	RowsHeader, ColsHeader int   // the line of the rows and columns blocks' headers
	Goal                   int   // the line of the goal
	// LastRowBlank and LastColBlank say that the rows' (or columns')
	// last clue was read from a blank line, as an empty row: a .non block
	// one clue line short takes the blank line after it so.
	LastRowBlank, LastColBlank bool
	// Spare is the clue of a line after the clues the size asks for,
	// which the reader ignored (a .nin file's one clue line too many, the
	// last line of text), and SpareLine its line: a line too many among the
	// clues may have pushed the last one there. SpareLine is 0 when none.
	Spare     Line
	SpareLine int
	License   int // the line of the license key
	// LicenseFile is the note that gives the license, when not the
	// puzzle's own file (its front matter): the note's reader checks that
	// license, once for all the puzzles it credits.
	LicenseFile string
	// Triddler is the line of each triddler clue, by side, when the reader
	// records them.
	Triddler map[string][]int
	// TriddlerHeaders is the line of each triddler side's header (an XML
	// <clues>, a .g ':' line), when the reader records them.
	TriddlerHeaders map[string]int
}

// TriddlerLine returns the line of clue i of a triddler's side, or the
// puzzle's own line when it is not known.
func (p *Puzzle) TriddlerLine(side string, i int) int {
	return p.placeOr(p.places().Triddler[side], i, 0)
}

// TriddlerSideLine returns the line of a triddler side's header, else of
// its first clue, else the puzzle's own line.
func (p *Puzzle) TriddlerSideLine(side string) int {
	if at := p.places().TriddlerHeaders[side]; at > 0 {
		return at
	}
	return p.TriddlerLine(side, 0)
}

// RowLine returns the line of row i's clue, or the puzzle's own line when
// it is not known.
func (p *Puzzle) RowLine(i int) int { return p.placeOr(p.places().Rows, i, p.places().RowsHeader) }

// ColLine returns the line of column i's clue, or the puzzle's own line when
// it is not known.
func (p *Puzzle) ColLine(i int) int { return p.placeOr(p.places().Cols, i, p.places().ColsHeader) }

// GoalLine returns the line of the goal, or the puzzle's own line.
func (p *Puzzle) GoalLine() int { return p.orStart(p.places().Goal) }

// LicenseLine returns the line of the license key, or the puzzle's own line.
func (p *Puzzle) LicenseLine() int { return p.orStart(p.places().License) }

// LicenseFromNote reports whether a note gave the puzzle its license
// (Places.LicenseFile), so that the puzzle's own file has none to check.
func (p *Puzzle) LicenseFromNote() bool { return p.places().LicenseFile != "" }

// HeaderLine returns the line of the rows (row true) or columns block's
// header, or the puzzle's own line.
func (p *Puzzle) HeaderLine(row bool) int {
	if row {
		return p.orStart(p.places().RowsHeader)
	}
	return p.orStart(p.places().ColsHeader)
}

// places returns Origin.Places, or an empty Places when it is nil.
func (p *Puzzle) places() *Places {
	if p.Origin.Places == nil {
		return &Places{}
	}
	return p.Origin.Places
}

func (p *Puzzle) placeOr(lines []int, i, header int) int {
	if i >= 0 && i < len(lines) && lines[i] > 0 {
		return lines[i]
	}
	return p.orStart(header)
}

func (p *Puzzle) orStart(line int) int {
	if line > 0 {
		return line
	}
	return p.Origin.Line
}
