package formats

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nonopress/nonopress/puzzle"
)

// This file says why a .non clue block does not fit its dimension: a clue
// line with a typo that ends it early, a header written twice, a block
// holding the next block's clues because that block's header is missing, a
// line copied, and the counts with both fixes.

// tooManyClueLines is the error of a clues block (which: "rows" or
// "columns", at line header) with more clue lines than its dimension (dim,
// want) counts; lines are its non-blank lines read so far, the last one the
// first too many. It counts the block's clue lines, reading on from there.
func (np *nonParser) tooManyClueLines(header int, which, dim string, want int, lines []numberedLine) error {
	extra := lines[want].n
	count := want + 1
	ahead := *np.sc // to look for the other block's header
	for {
		l, ok := np.sc.next()
		if !ok || !np.isClueLine(l.text) {
			break
		}
		if !l.blank() {
			count++
			if len(lines) <= puzzle.MaxSide {
				lines = append(lines, l)
			}
		}
	}
	fix := "remove " + theClues(count-want, which, "too many")
	other, otherDim, otherWant := "columns", "width", np.width
	if which == "columns" {
		other, otherDim, otherWant = "rows", "height", np.height
	}
	_, hasOther := findKey(ahead, other)
	if (other == "rows" && np.rows == nil || other == "columns" && np.cols == nil) && count == want+otherWant && !hasOther {
		// The extra lines are as many as the other block needs: its
		// header is missing.
		e := np.clueLinesMismatch(header, which, dim, want, count, "")
		e.Hint = fmt.Sprintf("the %d clue lines too many are the %s clues, as the %s is %d: add a line %q before line %d, where they start",
			count-want, strings.TrimSuffix(other, "s"), otherDim, otherWant, other, extra)
		return e
	}
	differs, hasGoal := np.goalDiff(which, lines, ahead)
	switch a, b, copied := copiedLine(lines); {
	case copied && count == want+1:
		fix += fmt.Sprintf(": lines %d and %d are the same, is one a copy?", a, b)
	case differs > 0:
		fix += fmt.Sprintf("; the first clue line that differs from the goal is line %d", differs)
	case hasGoal: // all agree with the goal
		fix += fmt.Sprintf(", from line %d on: the first %d agree with the goal", extra, want)
	default:
		fix += fmt.Sprintf("; the first clue line past the %s is line %d", dim, extra)
	}
	return np.clueLinesMismatch(header, which, dim, want, count, fix)
}

// copiedLine returns the numbers of the only two neighbouring clue lines
// that are the same, if exactly one such pair exists: a line copied by
// mistake is the likely one too many.
func copiedLine(lines []numberedLine) (a, b int, ok bool) {
	pairs := 0
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i].text) == strings.TrimSpace(lines[i-1].text) {
			a, b = lines[i-1].n, lines[i].n
			pairs++
		}
	}
	return a, b, pairs == 1
}

// findKey returns the first line left in sc (a copy) that starts with key.
func findKey(sc lineScanner, key string) (numberedLine, bool) {
	return findLine(sc, func(l numberedLine) bool {
		k, _ := splitKey(l.text)
		return strings.EqualFold(k, key)
	})
}

// tooFewClueLines is the error of a clues block (which, at line header) of
// have clue lines, no blank one among them, where its dimension (dim)
// counts want; stop is the line after the block (n 0 at the file's end).
func (np *nonParser) tooFewClueLines(header int, which, dim string, want int, lines []numberedLine, stop numberedLine) error {
	have := len(lines)
	line := strings.TrimSuffix(which, "s")
	fix := fmt.Sprintf("add %s (0 for an empty %s)", theClues(want-have, which, "missing"), line)
	key, _ := splitKey(stop.text)
	isHeader := strings.ToLower(key) == "rows" || strings.ToLower(key) == "columns" || suggestNonKey(key) == "rows" || suggestNonKey(key) == "columns"
	if n, last := np.cluesAfter(*np.sc); stop.n != 0 && n == want-have && !isHeader {
		// A line written inside the block, the clue lines missing after
		// it: the block is whole without it.
		what := strings.ToLower(key) + " line"
		if !isWord(key) {
			what = fmt.Sprintf("line %q", shortText(stop.text))
		}
		e := np.errAtCol(stop.n, 1, "%s inside the %s block of line %d, between its clue lines: %d before it, %d after", what, which, header, have, n)
		e.Hint = fmt.Sprintf("move it before line %d, or after line %d", header, last)
		return e
	}
	switch differs, hasGoal := np.goalDiff(which, lines, *np.sc); {
	case differs > 0 && want-have == 1:
		fix += fmt.Sprintf(", likely before line %d, the first that differs from the goal", differs)
	case differs > 0:
		fix += fmt.Sprintf("; the first clue line that differs from the goal is line %d", differs)
	case hasGoal: // all agree with the goal
		fix += fmt.Sprintf(" after line %d: those before agree with the goal", lines[have-1].n)
	case stop.n == 0:
		fix += "; the block ends at the end of the puzzle"
	case strings.Contains(stop.text, `"`):
		fix += fmt.Sprintf("; the block ends before line %d", stop.n)
	default:
		fix += fmt.Sprintf("; the block ends before line %d, %q", stop.n, shortText(stop.text))
	}
	return np.clueLinesMismatch(header, which, dim, want, have, fix)
}

// cluesAfter counts the clue lines that follow the line sc (a copy) is
// at, up to the next line that is none, and returns the last one's
// number; blank lines are not counted.
func (np *nonParser) cluesAfter(sc lineScanner) (n, last int) {
	sc.next()
	for {
		l, ok := sc.next()
		if !ok || !np.isClueLine(l.text) {
			return n, last
		}
		if !l.blank() {
			n, last = n+1, l.n
		}
	}
}

// shortBlock is the error of a clues block (which, at line header) that
// ends, at stop (n 0 at the puzzle's end), before it has the want lines its
// dimension (dim) counts: have non-blank ones, lines with the blank ones. A
// stop line that is a clue line with a typo is blamed first; then an empty
// block, a block too short even with its blank lines, and last a block
// whose blank lines are too many to be its empty lines.
func (np *nonParser) shortBlock(header int, which, dim string, want int, nonBlank []numberedLine, lines int, stop numberedLine) error {
	line := strings.TrimSuffix(which, "s")
	have := len(nonBlank)
	if stop.n != 0 {
		if err := np.mistypedClueLine(header, which, want, have, stop); err != nil {
			return err
		}
	}
	switch {
	case have == 0 && stop.n != 0 && strings.EqualFold(strings.TrimSpace(stop.text), which):
		e := np.errAtCol(stop.n, 1, "%q again: the %s block of line %d has no clue lines", which, which, header)
		e.Hint = fmt.Sprintf("remove one of the two %q lines", which)
		return e
	case have == 0:
		e := errAt(np.file, header, "%s block has no clue lines", which)
		e.Hint = fmt.Sprintf("write the %s after line %d, one a line, 0 for an empty %s", puzzle.Plural(want, line+" clue"), header, line)
		if stop.n != 0 {
			e.Hint += fmt.Sprintf("; line %d, %q, is not one", stop.n, shortText(stop.text))
		}
		return e
	case lines < want:
		return np.tooFewClueLines(header, which, dim, want, nonBlank, stop)
	}
	e := errAt(np.file, header, "%s block has %s and %s among them, but %s is %d", which,
		puzzle.Plural(have, "clue line"), puzzle.Plural(lines-have, "blank line"), dim, want)
	e.Hint = fmt.Sprintf("write 0 for each empty %s and remove the other blank lines, or set %s %d", line, dim, have)
	return e
}

// mistypedClueLine returns the error of the line that ended a clues block
// too early (which, at line header, has have of its want clue lines) when
// it is a clue line with a typo: a sign before a number, or letters that
// look like digits ("l" for 1, "O" for 0). It returns nil for other lines.
func (np *nonParser) mistypedClueLine(header int, which string, want, have int, stop numberedLine) error {
	fields := clueFields(stop.text)
	if len(fields) == 0 {
		return nil
	}
	if err := np.badSeparator(header, which, want, have, stop); err != nil {
		return err
	}
	if err := np.leadingSeparator(header, which, want, have, stop, fields); err != nil {
		return err
	}
	if err := np.bracketed(header, which, want, have, stop); err != nil {
		return err
	}
	if len(np.colorNames) > 0 && isWord(fields[0].text) && !np.isKey(fields[0].text) && np.cluesAfterName(fields[1:]) {
		// A clue line of a file that names its colours, starting with a
		// name it does not define.
		return np.unknownColorName(stop, fields[0])
	}
	if blocks, chars, read := np.namedBlocks(fields); len(blocks) > 0 && read == len(fields) && !np.isKey(fields[0].text) {
		// Nonny's colour names in a file that declares its colours by
		// letter.
		e := np.errAtCol(stop.n, 1, "%q is not a number, so the %s block of line %d stops before this line, with %d of its %d clues",
			fields[0].text, which, header, have, want)
		e.Hint = writeLetterBlocks(blocks, chars)
		return e
	}
	guess := make([]string, len(fields))
	bad := -1
	for i, f := range fields {
		guess[i] = f.text
		if isClueNumber(f.text) || np.colorNames[strings.ToLower(f.text)] {
			continue
		}
		g, ok := guessNumber(f.text)
		if !ok || !isClueNumber(g) {
			return nil
		}
		guess[i] = g
		if bad < 0 {
			bad = i
		}
	}
	if bad < 0 {
		return nil
	}
	e := np.errAtCol(stop.n, fields[bad].col, "%q is not a number, so the %s block of line %d stops before this line, with %d of its %d clues",
		fields[bad].text, which, header, have, want)
	sep := " "
	if strings.Contains(stop.text, ",") {
		sep = ","
	}
	e.Hint = fmt.Sprintf("did you mean %q?", strings.Join(guess, sep))
	return e
}

// badSeparator returns the error of a stop line (see mistypedClueLine)
// whose words are clues once a wrong separator (';', '/', '|') is taken
// for a space, or nil.
func (np *nonParser) badSeparator(header int, which string, want, have int, stop numberedLine) error {
	i := strings.IndexAny(stop.text, ";/|")
	if i < 0 {
		return nil
	}
	words, ok := np.clueWords(fieldsAt(stop.text, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(",:;/|", r) }))
	if !ok {
		return nil
	}
	e := np.errAtCol(stop.n, runeCol(stop.text, i), "%q does not separate clues, so the %s block of line %d stops before this line, with %d of its %d clues",
		stop.text[i:i+1], which, header, have, want)
	e.Hint = fmt.Sprintf("write %q", strings.Join(words, " "))
	return e
}

// leadingSeparator returns the error of a stop line (see
// mistypedClueLine) that is a clue line but for a comma before its first
// number (",4"), or nil.
func (np *nonParser) leadingSeparator(header int, which string, want, have int, stop numberedLine, fields []clueField) error {
	words, ok := np.clueWords(fields)
	if !ok || !strings.HasPrefix(strings.TrimSpace(stop.text), ",") {
		return nil
	}
	e := np.errAtCol(stop.n, runeCol(stop.text, strings.Index(stop.text, ",")), "a clue line starts with a number, not \",\", so the %s block of line %d stops before this line, with %d of its %d clues",
		which, header, have, want)
	e.Hint = fmt.Sprintf("write %q", strings.Join(words, ","))
	return e
}

// bracketed returns the error of a stop line (see mistypedClueLine) that
// is a clue line written in brackets ("(1 1)", "[3]"), or nil.
func (np *nonParser) bracketed(header int, which string, want, have int, stop numberedLine) error {
	t := strings.TrimSpace(stop.text)
	if t == "" || !strings.ContainsRune("([{", rune(t[0])) {
		return nil
	}
	inner := strings.Map(func(r rune) rune {
		if strings.ContainsRune("()[]{}", r) {
			return ' '
		}
		return r
	}, t)
	words, ok := np.clueWords(clueFields(inner))
	if !ok || len(words) == 0 {
		return nil
	}
	sep := " "
	if strings.Contains(inner, ",") {
		sep = ","
	}
	e := np.errAtCol(stop.n, runeCol(stop.text, strings.Index(stop.text, t[:1])), "a clue line is numbers alone, without brackets, so the %s block of line %d stops before this line, with %d of its %d clues",
		which, header, have, want)
	e.Hint = fmt.Sprintf("write %q, and the other clue lines so", strings.Join(words, sep))
	return e
}

// clueWords returns the words of fields when each is a clue number or a
// colour name of the file, and false when one is not.
func (np *nonParser) clueWords(fields []clueField) ([]string, bool) {
	words := make([]string, len(fields))
	for j, f := range fields {
		if !isClueNumber(f.text) && !np.colorNames[strings.ToLower(f.text)] {
			return nil, false
		}
		words[j] = f.text
	}
	return words, true
}

// cluesAfterName reports whether the words after a clue line's first are
// numbers and colour names, at least one of them a number.
func (np *nonParser) cluesAfterName(fields []clueField) bool {
	numbers := 0
	for _, f := range fields {
		switch {
		case isClueNumber(f.text):
			numbers++
		case !np.colorNames[strings.ToLower(f.text)]:
			return false
		}
	}
	return numbers > 0
}

// isKey reports whether word is a key of the format.
func (np *nonParser) isKey(word string) bool {
	w := strings.ToLower(strings.TrimSuffix(word, ":"))
	return structuralKeys[w] || slices.Contains(nonKeys, w) || (&nonParser{p: &puzzle.Puzzle{}}).property(w, "", 0)
}

// isClueNumber reports whether a word of a clue line is a number, with at
// most one colour character after it.
func isClueNumber(word string) bool {
	i := 0
	for i < len(word) && word[i] >= '0' && word[i] <= '9' {
		i++
	}
	return i > 0 && utf8.RuneCountInString(word[i:]) <= 1
}

// theClues names n clues of a block (which: "rows" or "columns") in the
// state given: "the row clue that is missing", "the 2 row clues that are
// missing".
func theClues(n int, which, state string) string {
	line := strings.TrimSuffix(which, "s")
	if n == 1 {
		return fmt.Sprintf("the %s clue that is %s", line, state)
	}
	return fmt.Sprintf("the %d %s clues that are %s", n, line, state)
}

// clueLinesMismatch is the error of a clues block (which, at line header)
// of count clue lines where its dimension (dim) counts want: its hint
// offers both fixes, the dimension to set (at its line) or fix, the lines
// to add or remove and where.
func (np *nonParser) clueLinesMismatch(header int, which, dim string, want, count int, fix string) *ParseError {
	e := errAt(np.file, header, "%s block has %s, but %s is %d", which, puzzle.Plural(count, "clue line"), dim, want)
	at := np.widthLine
	if dim == "height" {
		at = np.heightLine
	}
	setAt := ""
	if at != 0 {
		setAt = fmt.Sprintf(" at line %d", at)
	}
	e.Hint = fmt.Sprintf("set %s %d%s, or %s", dim, count, setAt, fix)
	if swapped := np.swappedHeaders(header, which, count); swapped != "" {
		e.Hint = swapped
	}
	return e
}

// swappedHeaders returns, for a puzzle that is not square whose block
// which (at line header) has count clue lines, as many as the other
// dimension counts, and whose other block has as many as this one's
// dimension, the hint that the two headers seem swapped; else "".
func (np *nonParser) swappedHeaders(header int, which string, count int) string {
	other, wantHere, wantThere := "rows", np.width, np.height
	if which == "rows" {
		other, wantHere, wantThere = "columns", np.height, np.width
	}
	if np.width == np.height || count != wantThere {
		return ""
	}
	for sc := newLineScanner(np.text, np.first); ; {
		l, ok := sc.next()
		if !ok {
			return ""
		}
		if k, rest := splitKey(l.text); strings.EqualFold(k, other) && rest == "" && l.n != header { // "rows 4" is a size
			if countClueLines(*sc, np) != wantHere {
				return ""
			}
			return fmt.Sprintf("this block has a clue line for each %s, and the %s block (line %d) one for each %s: if the headers at lines %d and %d are swapped, swap them back",
				strings.TrimSuffix(other, "s"), other, l.n, strings.TrimSuffix(which, "s"), header, l.n)
		}
	}
}

// shortText is a line's text, trimmed and cut to be quoted in a message.
func shortText(text string) string {
	t := strings.TrimSpace(text)
	if r := []rune(t); len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return t
}

// countClueLines counts the non-blank clue lines of the block sc is at the
// start of (sc is a copy: the parser's position is kept).
func countClueLines(sc lineScanner, np *nonParser) int {
	n := 0
	for {
		l, ok := sc.next()
		if !ok || !np.isClueLine(l.text) || n > puzzle.MaxSide {
			return n
		}
		if !l.blank() {
			n++
		}
	}
}

// goalDiff compares the clue lines of a block (which: "rows" or "columns")
// that does not fit its dimension with the clues of the puzzle's goal, read
// before the block or found ahead in sc (a copy): it returns the line of the
// first that differs (where one was added or lost), 0 when each of them
// agrees with the goal as far as the goal goes. ok is false without a goal
// of the right size (differs 0 then too).
func (np *nonParser) goalDiff(which string, lines []numberedLine, sc lineScanner) (differs int, ok bool) {
	goal := []rune(np.goal)
	if np.goalLine == 0 {
		goal = []rune(goalAhead(sc))
	}
	if np.width == 0 || np.height == 0 || len(goal) != np.width*np.height {
		return 0, false
	}
	want := goalRuns(goal, np.width, np.height, which == "rows")
	for i, l := range lines[:min(len(lines), len(want))] {
		if !slices.Equal(clueLens(l.text), want[i]) {
			return l.n, true
		}
	}
	return 0, true
}

// goalAhead returns the goal of the lines left in sc, or "".
func goalAhead(sc lineScanner) string {
	l, ok := findKey(sc, "goal")
	if !ok {
		return ""
	}
	_, rest := splitKey(l.text)
	return stripSpaces(unquote(rest))
}

// goalRuns returns the block lengths of each row (or column) of a goal of
// w by h cells: runs of one character other than '0'.
func goalRuns(goal []rune, w, h int, rows bool) [][]int {
	n, length := w, h
	at := func(line, i int) rune { return goal[i*w+line] }
	if rows {
		n, length = h, w
		at = func(line, i int) rune { return goal[line*w+i] }
	}
	out := make([][]int, n)
	for line := range n {
		var runs []int
		for i := 0; i < length; i++ {
			c := at(line, i)
			if c == '0' {
				continue
			}
			j := i
			for j < length && at(line, j) == c {
				j++
			}
			runs = append(runs, j-i)
			i = j - 1
		}
		out[line] = runs
	}
	return out
}

// clueLens returns the lengths of a clue line's blocks, 0s left out.
func clueLens(text string) []int {
	var out []int
	for _, f := range clueFields(text) {
		n := 0
		for _, r := range f.text {
			if r < '0' || r > '9' || n > puzzle.MaxSide {
				break
			}
			n = n*10 + int(r-'0')
		}
		if n > 0 {
			out = append(out, n)
		}
	}
	return out
}
