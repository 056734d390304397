package formats

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/nonopress/nonopress/puzzle"
)

// readNin reads Jakub Wilk's .nin format: a line "width height", then one
// line of space-separated block lengths per row and then per column. Lines
// starting with '#' are comments. An empty line is written "0" or left blank;
// as in .non, blank lines are ignored when the other lines are enough and are
// empty lines otherwise.
func readNin(file string, data []byte) ([]*puzzle.Puzzle, []error) {
	p, err := parseNin(file, string(data))
	if err != nil {
		return nil, []error{err}
	}
	return []*puzzle.Puzzle{p}, nil
}

func parseNin(file string, text string) (*puzzle.Puzzle, error) {
	sc := newLineScanner(text, 1)
	var head numberedLine
	found := false
	for !found {
		l, ok := sc.next()
		if !ok {
			return nil, errAt(file, 0, "empty file: want a line \"width height\"")
		}
		found = !l.blank() && !strings.HasPrefix(strings.TrimSpace(l.text), "#")
		head = l
	}
	f := strings.Fields(head.text)
	if len(f) != 2 {
		e := errAt(file, head.n, "want \"width height\", got %q", head.text)
		e.Hint = cmp.Or(ninSizeHint(head.text), "write the width and the height, separated by a space, as in \"10 15\"")
		return nil, e
	}
	w, err := parseCount(f[0])
	if err != nil {
		e := errAt(file, head.n, "width: %w", err)
		e.Hint = cmp.Or(numberHint("", f[0]+" "+f[1]), ninSizeHint(head.text))
		return nil, e
	}
	h, err := parseCount(f[1])
	if err != nil {
		e := errAt(file, head.n, "height: %w", err)
		e.Hint = cmp.Or(numberHint(f[0]+" ", f[1]), ninSizeHint(head.text))
		return nil, e
	}
	if w < 1 || h < 1 {
		return nil, errAt(file, head.n, "size %dx%d: width and height must be at least 1", w, h)
	}
	// The clue lines, comments left out, up to one non-blank line more than
	// needed (text after the clues is then ignored).
	want := w + h
	var body, nonBlank []numberedLine
	var keeper blankRunKeeper
	for len(nonBlank) <= want {
		l, ok := sc.next()
		if !ok {
			break
		}
		if strings.HasPrefix(strings.TrimSpace(l.text), "#") {
			continue
		}
		if keeper.keep(l) {
			body = append(body, l)
		}
		if !l.blank() {
			nonBlank = append(nonBlank, l)
		}
	}
	var chosen []numberedLine
	var ignoredFrom int // line where text after the clues starts, if any
	switch {
	case len(nonBlank) == want:
		chosen = nonBlank
	case len(nonBlank) > want:
		// Real files (jwilk's data142.nin) have stray text after the clues:
		// the first lines are the puzzle.
		firstN := body[:min(want, len(body))]
		if allNonBlank(firstN) {
			chosen = firstN
		} else {
			chosen = nonBlank[:want]
		}
		ignoredFrom = nonBlank[want].n
	default:
		if len(body) >= want && allBlankLines(body[want:]) {
			chosen = body[:want]
		} else {
			return nil, ninTooFew(file, head.n, w, h, len(nonBlank), body)
		}
	}
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: w, Height: h, Palette: puzzle.DefaultPalette()}
	p.Origin.Line = head.n
	all := make([]puzzle.Line, want)
	for i, l := range chosen {
		line, err := ninClue(file, l)
		if err != nil {
			return nil, err
		}
		all[i] = line
	}
	p.Rows, p.Cols = all[:h], all[h:]
	if w != h && !ninFits(p.Rows, p.Cols) && ninFits(all[w:], all[:w]) {
		e := errAt(file, chosen[0].n, "the clues fit only with the first %d lines as the columns: .nin gives the %d rows first, then the %d columns", w, h, w)
		e.Hint = fmt.Sprintf("if the size is written height first, write it \"%d %d\" at line %d, and the first %d lines are the rows'; else move lines %d-%d, the columns' clues, after line %d",
			h, w, head.n, w, chosen[0].n, chosen[w-1].n, chosen[want-1].n)
		return nil, e
	}
	at := lineNumbers(chosen)
	p.Origin.Places = &puzzle.Places{Rows: at[:h], Cols: at[h:], RowsHeader: head.n, ColsHeader: head.n}
	if ignoredFrom > 0 {
		more := moreText(*sc)
		p.Warnings = append(p.Warnings, puzzle.Diagnostic{Line: ignoredFrom,
			Message: fmt.Sprintf("text after the %d clue lines ignored", want),
			Hint:    ninExtraHint(head.n, w, h, nonBlank, more)})
		// A clue line alone after the clues may be the last, pushed on by
		// a line too many among them.
		if spare, err := ninClue(file, nonBlank[want]); err == nil && !more {
			p.Origin.Places.Spare, p.Origin.Places.SpareLine = spare, ignoredFrom
		}
	}
	return p, nil
}

// ninClue reads the clue of a .nin clue line: block lengths separated by
// spaces, 0 for none.
func ninClue(file string, l numberedLine) (puzzle.Line, error) {
	var line puzzle.Line
	for _, f := range fieldsAt(l.text, unicode.IsSpace) {
		tok := f.text
		if !isDigits(tok) {
			return nil, ninBadBlock(file, l, f)
		}
		if len(tok) > 6 {
			return nil, errAt(file, l.n, "block length %s: %w (at most %d)", tok, puzzle.ErrTooLarge, puzzle.MaxSide)
		}
		n, _ := strconv.Atoi(tok)
		if n > puzzle.MaxSide {
			return nil, errAt(file, l.n, "block length %d: %w (at most %d)", n, puzzle.ErrTooLarge, puzzle.MaxSide)
		}
		if n == 0 {
			continue
		}
		if len(line) >= puzzle.MaxSide {
			return nil, errAt(file, l.n, "more than %d blocks in one clue", puzzle.MaxSide)
		}
		line = append(line, puzzle.Clue{Len: n, Color: 1})
	}
	return line, nil
}

// ninFits reports whether the row and column clues of a one-colour grid
// fit each other: they fill as many cells, and each fits its line.
func ninFits(rows, cols []puzzle.Line) bool {
	cells := func(ls []puzzle.Line, length int) (int, bool) {
		n := 0
		for _, l := range ls {
			if l.MinLength() > length {
				return 0, false
			}
			for _, c := range l {
				n += c.Len
			}
		}
		return n, true
	}
	r, rok := cells(rows, len(cols))
	c, cok := cells(cols, len(rows))
	return rok && cok && r == c
}

func allNonBlank(ls []numberedLine) bool {
	for _, l := range ls {
		if strings.TrimSpace(l.text) == "" {
			return false
		}
	}
	return true
}

// ninTooFew is the error of a .nin file (header at line head, w by h) with
// have clue lines, fewer than it needs; body holds them and the blank
// lines among them.
func ninTooFew(file string, head, w, h, have int, body []numberedLine) error {
	e := errAt(file, head, "%s, but %d rows and %d columns need %d", puzzle.Plural(have, "clue line"), h, w, w+h)
	var nonBlank []int
	for _, l := range body {
		if !l.blank() {
			nonBlank = append(nonBlank, l.n)
		}
	}
	where := ""
	if len(nonBlank) > h {
		where = fmt.Sprintf("; as they stand, the row clues are lines %d-%d and the column clues start at line %d", nonBlank[0], nonBlank[h-1], nonBlank[h])
	}
	missing := "the missing clue line"
	if w+h-have > 1 {
		missing = fmt.Sprintf("the %d missing clue lines", w+h-have)
	}
	e.Hint = fmt.Sprintf("add %s (0 for an empty row or column), or fix the size on line %d%s", missing, head, where)
	return e
}

// ninSizeHint writes a .nin size line given with another separator
// ("10x15", "10, 15") as it should be, or "".
func ninSizeHint(text string) string {
	w, h, ok := sizeNumbers(text, ",;xX*")
	if !ok {
		return ""
	}
	return fmt.Sprintf("write the width and the height, separated by a space: %q", w+" "+h)
}

// digitsJoined matches two numbers joined by a character that separates
// no numbers in a clue line: "2-1", "2.1", "2/1".
var digitsJoined = regexp.MustCompile(`\d[-./|]\d`)

// ninMarks are the marks a .nin clue line may have between its numbers
// for spaces.
const ninMarks = ",;-./|"

// ninBadBlock is the error of a word of a .nin clue line that is not a block
// length, with what it probably meant.
func ninBadBlock(file string, l numberedLine, f clueField) error {
	e := errAt(file, l.n, "%q is not a block length", f.text)
	e.Col = f.col
	switch g, ok := guessNumber(f.text); {
	case strings.ContainsAny(f.text, ",;") || digitsJoined.MatchString(f.text) && allNumbers(wordsBetween(l.text, ninMarks)):
		e.Hint = fmt.Sprintf("separate the numbers with spaces: %q", spacedOut(l.text, ninMarks))
	case ok && isDigits(g):
		e.Hint = fmt.Sprintf("did you mean %s?", g)
	default:
		e.Hint = "write the clue as block lengths, numbers separated by spaces"
	}
	return e
}

// ninExtraHint is the hint of the text after a .nin file's clues (w by h,
// the size at line head, its non-blank lines so far given; more when other
// text follows the first line after them): one line before it may be too
// many, and when it is the only one, two neighbouring lines that are the
// same are the likely copy.
func ninExtraHint(head, w, h int, lines []numberedLine, more bool) string {
	hint := fmt.Sprintf("line %d asks for %d rows and %d columns; if this is a clue, remove the line before it that is one too many", head, h, w)
	if a, b, ok := copiedLine(lines[:len(lines)-1]); ok && !more {
		hint += fmt.Sprintf("; lines %d and %d are the same: if one is a copy, remove it", a, b)
	}
	return hint
}

// moreText reports whether a non-blank line that is no comment is left in
// sc (a copy: the caller's position is kept).
func moreText(sc lineScanner) bool {
	_, ok := findLine(sc, func(l numberedLine) bool {
		t := strings.TrimSpace(l.text)
		return t != "" && !strings.HasPrefix(t, "#")
	})
	return ok
}
