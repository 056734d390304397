package formats

import (
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// numberedLine is a line of the file with its 1-based number.
type numberedLine struct {
	n    int
	text string
}

func (l numberedLine) blank() bool { return strings.TrimSpace(l.text) == "" }

// lineScanner yields the lines of a text one at a time, without their "\n"
// or "\r\n", so that readers never hold more lines than they need. A final
// newline does not start an extra line. Copying the scanner saves its
// position.
type lineScanner struct {
	text string
	pos  int
	n    int // number of the next line
}

func newLineScanner(text string, first int) *lineScanner {
	return &lineScanner{text: text, n: first}
}

// next returns the next line, or false at the end of the text.
func (s *lineScanner) next() (numberedLine, bool) {
	if s.pos >= len(s.text) {
		return numberedLine{}, false
	}
	rest := s.text[s.pos:]
	line := rest
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		line = rest[:i]
		s.pos += i + 1
	} else {
		s.pos = len(s.text)
	}
	// A byte order mark inside the text (files joined together) is not
	// part of the line.
	l := numberedLine{n: s.n, text: strings.TrimPrefix(strings.TrimSuffix(line, "\r"), "\ufeff")}
	s.n++
	return l, true
}

// findLine returns the first line left in sc that match reports (sc is a
// copy: the caller's position is kept).
func findLine(sc lineScanner, match func(numberedLine) bool) (numberedLine, bool) {
	for {
		l, ok := sc.next()
		if !ok || match(l) {
			return l, ok
		}
	}
}

// maxBlankRun is the longest run of blank lines a reader keeps: a clue block
// has at most puzzle.MaxSide lines, so longer runs read the same.
const maxBlankRun = puzzle.MaxSide + 1

// blankRunKeeper drops blank lines beyond maxBlankRun in a row.
type blankRunKeeper struct{ run int }

// keep reports whether l should be stored.
func (k *blankRunKeeper) keep(l numberedLine) bool {
	if !l.blank() {
		k.run = 0
		return true
	}
	k.run++
	return k.run <= maxBlankRun
}

func allBlankLines(ls []numberedLine) bool {
	for _, l := range ls {
		if !l.blank() {
			return false
		}
	}
	return true
}

// lastNonBlank returns the number of the last line of text that is not
// blank, text starting at line first; 0 when all are blank.
func lastNonBlank(text string, first int) int {
	last := 0
	for sc := newLineScanner(text, first); ; {
		l, ok := sc.next()
		if !ok {
			return last
		}
		if !l.blank() {
			last = l.n
		}
	}
}
