package formats

import (
	"cmp"
	"errors"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nonopress/nonopress/puzzle"
)

// This file reads one .non puzzle: mikix's format (quoted strings, `color`
// keys, colour characters in clues and goal), Steve Simpson's original (`rows
// N`/`columns N`, `maxrule`, unquoted values, `0` rules) and Nonny's colour
// dialect (`color red FF0000 #`, clue lines such as `red 1 yellow 4`).

// nonColor is a colour declared by a `color` key.
type nonColor struct {
	char    rune
	name    string // Nonny's colour name, lower case; "" for mikix's `color a #rrggbb`
	display string // the name as written
	rgb     puzzle.RGB
}

// rawClue is one block of a clue line before colours are resolved: a bare
// number (char 0, name ""), a number with a colour character, or a number
// after a Nonny colour name.
type rawClue struct {
	len  int
	char rune
	name string
}

// nonParser holds what has been read of one .non puzzle.
type nonParser struct {
	file  string
	text  string       // the puzzle's text
	first int          // number of its first line
	sc    *lineScanner // the next line to read
	p     *puzzle.Puzzle

	width, height int
	widthLine     int // where width was given, 0 if it was not
	heightLine    int
	rows, cols    []numberedLine // nil until the block is read
	goal          string
	goalLine      int
	goalText      string // the goal's line as written
	maxRule       int
	maxRuleLine   int
	rowsHeader    int
	colsHeader    int
	licenseLine   int
	typos         []misspelt              // unknown keys that look like known ones
	stray         []lineRun               // runs of clue lines outside any block
	keyLines      int                     // non-blank lines read outside blocks so far
	notKeys       int                     // lines that are no key, clue or comment
	separators    int                     // warnings of a key written with ":" or "="
	sizeHeaders   []numberedLine          // Simpson's "rows N" and "columns N" lines
	afterQuotes   int                     // warnings of text after a value's closing quote
	metaSeen      map[string]numberedLine // the first value of each key of metaKeys, at its line
	givenAgain    int                     // warnings of a key of metaKeys given again, differently
	divider       numberedLine            // the last line that looks like a mistyped "====", if any

	colors     []nonColor
	colorsEnd  int             // the last color line, 0 if there is none
	colorNames map[string]bool // every Nonny colour name in the file
	background *puzzle.RGB
	colored    bool   // colours are declared or clues carry colour characters
	undeclared []rune // letters the clues or goal use as colours without a color line, in order
}

// nonSyntax is how a .non file writes a license and a goal.
var nonSyntax = puzzle.Syntax{License: "a line such as \"license CC-BY-4.0\"", Goal: "a goal line"}

// readNon reads the puzzle in text, whose first line is line first of file.
func readNon(file, text string, first int) (*puzzle.Puzzle, error) {
	np := &nonParser{file: file, text: text, first: first, sc: newLineScanner(text, first),
		p: &puzzle.Puzzle{Kind: puzzle.Grid, Origin: puzzle.Origin{Syntax: nonSyntax}}, colorNames: map[string]bool{}}
	np.p.Origin.Line = first
	for sc := newLineScanner(text, first); ; {
		l, ok := sc.next()
		if !ok {
			break
		}
		if !l.blank() {
			np.p.Origin.Line = l.n
			break
		}
	}
	np.collectColorNames()
	for {
		l, ok := np.sc.next()
		if !ok {
			break
		}
		if err := np.line(l); err != nil {
			return nil, np.failed(err)
		}
	}
	if err := np.finish(); err != nil {
		return nil, np.failed(err)
	}
	return np.p, nil
}

// failed returns err, the error that stops reading the puzzle, with the
// warnings given before it (ParseError.Warnings), misspelt keys among
// them, but for the one err is about.
func (np *nonParser) failed(err error) error {
	var pe *ParseError
	if !errors.As(err, &pe) {
		return err
	}
	warnings := slices.Clone(np.p.Warnings)
	for _, t := range np.typos {
		if t.line != pe.Line {
			warnings = append(warnings, t.warning(np.file))
		}
	}
	return withWarnings(np.file, err, warnings)
}

func (np *nonParser) errAt(line int, format string, args ...any) error {
	return errAt(np.file, line, format, args...)
}

func (np *nonParser) errAtCol(line, col int, format string, args ...any) *ParseError {
	e := errAt(np.file, line, format, args...)
	e.Col = col
	return e
}

// collectColorNames finds every Nonny colour name first, so that clue lines
// starting with one are recognised wherever the `color` key stands.
func (np *nonParser) collectColorNames() {
	for sc := newLineScanner(np.text, np.first); ; {
		l, ok := sc.next()
		if !ok {
			return
		}
		key, _, rest := separated(splitKey(l.text)) // "color: red #f00", as keySeparator reads it
		if strings.EqualFold(key, "color") || strings.EqualFold(key, "colour") {
			if f := strings.Fields(rest); len(f) >= 2 && len([]rune(f[0])) > 1 {
				np.colorNames[strings.ToLower(f[0])] = true
			}
		}
	}
}

// splitKey splits a line into its first word and the trimmed rest.
func splitKey(line string) (key, rest string) {
	line = strings.TrimSpace(line)
	i := strings.IndexFunc(line, unicode.IsSpace)
	if i < 0 {
		return line, ""
	}
	return line[:i], strings.TrimSpace(line[i:])
}

// line handles one line outside a clue block. Errors about a key's value
// point at the value's column.
func (np *nonParser) line(l numberedLine) error {
	key, rest := splitKey(l.text)
	if key == "" {
		return nil
	}
	key, rest = np.keySeparator(l, key, rest)
	np.keyLines++
	err := np.keyLine(l, key, rest)
	if rest == "" || err == nil {
		return err
	}
	end := strings.Index(l.text, key) + len(key)
	return withCol(err, runeCol(l.text, end+strings.Index(l.text[end:], rest)))
}

// withCol sets the column of a *ParseError that has none.
func withCol(err error, col int) error {
	if pe, ok := err.(*ParseError); ok && pe.Col == 0 && pe.Line > 0 {
		pe.Col = col
	}
	return err
}

// keyLine handles a line that starts with a key.
func (np *nonParser) keyLine(l numberedLine, key, rest string) error {
	lkey := strings.ToLower(strings.TrimSuffix(key, ":"))
	switch lkey {
	case "width", "height", "rows", "columns":
		if rest != "" {
			dim := "width"
			if lkey == "height" || lkey == "rows" {
				dim = "height"
			}
			if (lkey == "rows" || lkey == "columns") && len(np.sizeHeaders) < maxWarnings {
				np.sizeHeaders = append(np.sizeHeaders, l)
			}
			return np.dimension(l.n, dim, rest)
		}
		if lkey == "rows" || lkey == "columns" {
			return np.block(l.n, lkey)
		}
		return np.errAt(l.n, "%s has no value", lkey)
	case "maxrule":
		n, err := parseCount(rest)
		if err != nil {
			return np.errAt(l.n, "maxrule: %w", err)
		}
		if np.maxRuleLine != 0 {
			return np.errAt(l.n, "maxrule given twice, first on line %d", np.maxRuleLine)
		}
		np.maxRule, np.maxRuleLine = n, l.n
	case "color", "colour":
		return np.color(l.n, rest)
	case "goal":
		if np.goalLine != 0 {
			e := errAt(np.file, l.n, "goal given twice, first on line %d", np.goalLine)
			e.Hint = "a puzzle has one goal: remove the one that is wrong"
			if stripSpaces(unquote(rest)) == np.goal {
				e.Hint = "it is the same goal: remove this line"
			}
			return e
		}
		np.goal, np.goalLine, np.goalText = stripSpaces(unquote(rest)), l.n, l.text
	default:
		if !isWord(key) {
			np.notAKey(l, key) // ignored, as the format asks
			return nil
		}
		rest = np.closedValue(l, strings.ToLower(key), rest)
		np.givenTwice(l, key, decodeValue(rest))
		if !np.property(key, decodeValue(rest), l.n) {
			np.unknownKey(l, key)
			np.sizeKey(l, lkey, rest)
		}
	}
	return nil
}

// sizeKeys are the keys other formats give a puzzle's size with.
var sizeKeys = map[string]bool{"size": true, "dimensions": true, "dimension": true, "dim": true, "grid": true}

// sizeKey warns of a line that gives the size under a key of another
// format ("size 10x15"), which is kept as a property: the width and the
// height are still to give.
func (np *nonParser) sizeKey(l numberedLine, lkey, value string) {
	hint := sizeLinesHint(value)
	if hint == "" || !sizeKeys[lkey] {
		return
	}
	d := warnAt(np.file, l.n, 0, "%q gives no size in this format", strings.TrimSpace(l.text))
	d.Hint = hint
	np.p.Warnings = append(np.p.Warnings, d)
}

// unknownKey remembers key, the first word of line l and no key the parser
// reads, when it looks like a known one.
func (np *nonParser) unknownKey(l numberedLine, key string) {
	if known := suggestNonKey(key); known != "" {
		np.addTypo(l, key, known, "")
	}
}

// addTypo remembers key, the first word of line l, as a misspelling of
// known (fix: the line it probably stands for, or ""), up to maxWarnings of
// them.
func (np *nonParser) addTypo(l numberedLine, key, known, fix string) {
	if len(np.typos) < maxWarnings {
		np.typos = append(np.typos, misspelt{line: l.n, col: runeCol(l.text, strings.Index(l.text, key)), key: key, known: known, fix: fix})
	}
}

// runeCol returns the 1-based column (in characters) of byte offset i of
// text.
func runeCol(text string, i int) int {
	if i < 0 {
		return 0
	}
	return utf8.RuneCountInString(text[:i]) + 1
}

// missing returns the error to give when a needed key is missing: the
// misspelling of one of keys when there is one, else fallback.
func (np *nonParser) missing(fallback error, keys ...string) error {
	for _, t := range np.typos {
		for _, k := range keys {
			if t.known == k {
				return t.err(np.file)
			}
		}
	}
	return fallback
}

// property stores a metadata key and reports whether the key is one the
// model has a field for (else it is kept in Meta.Extra).
func (np *nonParser) property(key, value string, line int) bool {
	m := &np.p.Meta
	switch strings.ToLower(key) {
	case "title":
		m.Title = value
	case "by", "author":
		m.Author = value
	case "copyright":
		m.Copyright = value
	case "license", "licence":
		m.License, np.licenseLine = value, line
	case "catalogue", "catalog":
		m.Catalogue = value
	case "id":
		m.ID = value
	case "description":
		m.Description = value
	default:
		if len(m.Extra) < maxExtra {
			m.Extra = append(m.Extra, puzzle.Property{Key: key, Value: value})
		}
		return false
	}
	return true
}

// isWord reports whether s can be a property key: a letter, then letters,
// digits, '_' or '-'.
func isWord(s string) bool {
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '_' || r == '-')) {
			return false
		}
	}
	return s != ""
}

// unquote returns the text between double quotes, or the whole (trimmed)
// value when it is not quoted. Text after the closing quote is ignored.
func unquote(v string) string {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, `"`) {
		return v
	}
	v = v[1:]
	if i := strings.IndexByte(v, '"'); i >= 0 {
		return v[:i]
	}
	return v
}

// decodeValue unquotes a property value and decodes its HTML character
// references (named, decimal and hexadecimal).
func decodeValue(v string) string { return html.UnescapeString(unquote(v)) }

func stripSpaces(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// parseCount reads a non-negative integer no larger than puzzle.MaxSide.
func parseCount(s string) (int, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return 0, errors.New("missing number")
	}
	if !isDigits(f[0]) {
		return 0, fmt.Errorf("%q is not a number", f[0])
	}
	if len(f[0]) > 6 {
		return 0, fmt.Errorf("%s: %w (at most %d)", f[0], puzzle.ErrTooLarge, puzzle.MaxSide)
	}
	n, _ := strconv.Atoi(f[0])
	if n > puzzle.MaxSide {
		return 0, fmt.Errorf("%d: %w (at most %d)", n, puzzle.ErrTooLarge, puzzle.MaxSide)
	}
	return n, nil
}

// dimension reads `width N` or `height N` (or Simpson's `columns N`/`rows N`).
func (np *nonParser) dimension(line int, dim, value string) error {
	n, err := parseCount(value)
	if err != nil {
		e := errAt(np.file, line, "%s: %w", dim, err)
		e.Hint = cmp.Or(numberHint(dim+" ", value), sizeLinesHint(value))
		return e
	}
	if f := strings.Fields(value); len(f) > 1 && isDigits(f[1]) {
		other := "height"
		if dim == "height" {
			other = "width"
		}
		d := warnAt(np.file, line, 0, "%q after the %s is ignored", f[1], dim)
		d.Hint = fmt.Sprintf("if it is the %s, write it on a line of its own, \"%s %s\"; else remove it", other, other, f[1])
		np.p.Warnings = append(np.p.Warnings, d)
	} else if len(f) > 1 && (metaKeys[strings.ToLower(f[1])] != "" || structuralKeys[strings.ToLower(f[1])]) {
		// Two keys on a line: "width 5 height 5".
		rest := strings.Join(f[1:], " ")
		d := warnAt(np.file, line, 0, "%q after the %s is ignored", shortText(rest), dim)
		d.Hint = fmt.Sprintf("put %q on a line of its own: one key a line", shortText(rest))
		np.p.Warnings = append(np.p.Warnings, d)
	}
	if n < 1 {
		return np.errAt(line, "%s must be at least 1", dim)
	}
	target, at := &np.width, &np.widthLine
	if dim == "height" {
		target, at = &np.height, &np.heightLine
	}
	if np.rows != nil && np.cols != nil {
		e := errAt(np.file, line, "%s comes after the clues it counts", dim)
		e.Hint = np.nextPuzzleHint(line)
		return e
	}
	if *target != 0 && *target != n {
		return np.errAt(line, "%s given twice (%d, then %d)", dim, *target, n)
	}
	if (dim == "width" && np.cols != nil) || (dim == "height" && np.rows != nil) {
		return np.errAt(line, "%s comes after the clues it counts", dim)
	}
	*target, *at = n, line
	return nil
}

// color reads a `color` key: mikix's `color a #ff0000`, or Nonny's
// `color red FF0000 #` (name, value, optional character). The name
// "background" sets the background colour.
func (np *nonParser) color(line int, rest string) error {
	f := strings.Fields(rest)
	if len(f) < 2 {
		return np.errAt(line, "color needs a character or name and a value, as in \"color a #ff0000\"")
	}
	rgb, err := puzzle.ParseRGB(f[1])
	if err != nil {
		e := errAt(np.file, line, "color %s: %w", f[0], err)
		e.Hint = hexHint(f[1], `"color r #d62828"`)
		if rgb, ok := olsakNamedColors[strings.ToLower(f[1])]; ok {
			e.Hint = fmt.Sprintf("write %s in hexadecimal: \"color %s %s\"", f[1], f[0], rgb.Hex())
		}
		if _, swapped := puzzle.ParseRGB(f[0]); swapped == nil && len([]rune(f[1])) == 1 {
			e.Hint = fmt.Sprintf("write the character first: \"color %s %s\"", f[1], f[0])
		}
		return e
	}
	np.colorsEnd = line
	c := nonColor{rgb: rgb}
	if r := []rune(f[0]); len(r) == 1 && len(f) == 2 {
		c.char = r[0]
	} else {
		c.name, c.display = strings.ToLower(f[0]), f[0]
		if c.name == "background" {
			np.background = &rgb
			return nil
		}
		if len(f) >= 3 {
			c.char = []rune(f[2])[0]
		}
	}
	for i, old := range np.colors {
		if (c.name != "" && old.name == c.name) || (c.name == "" && old.name == "" && old.char == c.char) {
			np.colors[i].rgb = rgb // a redefinition replaces the value
			return nil
		}
	}
	if len(np.colors) >= maxColors-2 {
		return np.errAt(line, "too many colours (at most %d)", maxColors-2)
	}
	np.colors = append(np.colors, c)
	return nil
}

// isClueLine reports whether a line can belong to a clue block: blank, a
// number first, or a Nonny colour name first.
func (np *nonParser) isClueLine(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" || t[0] >= '0' && t[0] <= '9' {
		return true
	}
	words := strings.FieldsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ':' })
	return len(words) > 0 && np.colorNames[strings.ToLower(words[0])]
}

// block reads the clue lines after a `rows` or `columns` line. Exactly
// height (or width) lines are wanted. Simpson ignores blank lines and writes
// `0` for an empty line; mikix writes an empty line as a blank one. When the
// non-blank lines are as many as wanted, blank lines are ignored; when they
// are fewer, blank lines are empty lines, and the block is the first run of
// that many lines after which only blank lines follow.
func (np *nonParser) block(header int, which string) error {
	want, dim := np.height, "height"
	if which == "columns" {
		want, dim = np.width, "width"
	}
	if want == 0 {
		e := errAt(np.file, header, "%s block before %s is given", which, dim)
		e.Hint = fmt.Sprintf("add a line \"%s N\" before it", dim)
		if n := countClueLines(*np.sc, np); n > 0 {
			e.Hint = fmt.Sprintf("add a line \"%s %d\" before it: the block has %s", dim, n, puzzle.Plural(n, "clue line"))
		}
		return np.missing(e, dim, map[string]string{"width": "columns", "height": "rows"}[dim])
	}
	if (which == "rows" && np.rows != nil) || (which == "columns" && np.cols != nil) {
		first := np.rowsHeader
		if which == "columns" {
			first = np.colsHeader
		}
		return np.errAt(header, "second %s block (the first is at line %d)", which, first)
	}
	// Gather the lines that can belong to the block: clue lines and blank
	// ones, up to the first other line (left for the caller) or one clue
	// line more than wanted (the block cannot fit then).
	var candidates, nonBlank []numberedLine
	var keeper blankRunKeeper
	var stopLine numberedLine // the line after the block, if not the end
	for len(nonBlank) <= want {
		saved := *np.sc
		l, ok := np.sc.next()
		if !ok {
			break
		}
		if !np.isClueLine(l.text) {
			*np.sc = saved
			stopLine = l
			break
		}
		if keeper.keep(l) {
			candidates = append(candidates, l)
		}
		if !l.blank() {
			nonBlank = append(nonBlank, l)
		}
	}
	var chosen []numberedLine
	switch {
	case len(nonBlank) == want:
		chosen = nonBlank
	case len(nonBlank) > want:
		return np.tooManyClueLines(header, which, dim, want, nonBlank)
	default:
		// Blank lines may lead the block (the first one is then an empty
		// line) and must end it; the earliest window that fits is taken.
		leading, lastNonBlank := 0, -1
		for leading < len(candidates) && strings.TrimSpace(candidates[leading].text) == "" {
			leading++
		}
		for i, l := range candidates {
			if strings.TrimSpace(l.text) != "" {
				lastNonBlank = i
			}
		}
		for start := 0; start <= leading && start+want <= len(candidates); start++ {
			if lastNonBlank < start+want {
				chosen = candidates[start : start+want]
				break
			}
		}
		if chosen == nil {
			return np.shortBlock(header, which, dim, want, nonBlank, len(candidates), stopLine)
		}
	}
	if which == "rows" {
		np.rows, np.rowsHeader = chosen, header
	} else {
		np.cols, np.colsHeader = chosen, header
	}
	return nil
}

// endLine is the puzzle's last line that is not blank: what is missing for
// good is missed there, where it can be added and where a file cut short
// lost it. It reads the text again, so it is asked only when needed.
func (np *nonParser) endLine() int {
	return max(lastNonBlank(np.text, np.first), np.p.Origin.Line)
}

// endsWithout is the error of a puzzle that ends (endLine) without what it
// needs (a key, a block): "no width: the puzzle ends at this line without
// one".
func (np *nonParser) endsWithout(what, hint string) *ParseError {
	e := errAt(np.file, np.endLine(), "no %s: the puzzle ends at this line without one", what)
	e.Hint = hint
	return e
}

// finish checks that the puzzle is complete, builds its palette and
// resolves clues and goal.
func (np *nonParser) finish() error {
	if np.width == 0 {
		return np.missing(np.endsWithout("width", "add a line \"width N\", N the number of columns, or Simpson's \"columns N\""), "width", "columns")
	}
	if np.height == 0 {
		return np.missing(np.endsWithout("height", "add a line \"height N\", N the number of rows, or Simpson's \"rows N\""), "height", "rows")
	}
	np.p.Width, np.p.Height = np.width, np.height
	rowClues, err := np.parseBlock(np.rows)
	if err != nil {
		return err
	}
	colClues, err := np.parseBlock(np.cols)
	if err != nil {
		return err
	}
	pal, resolve, err := np.palette(rowClues, colClues)
	if err != nil {
		return err
	}
	np.p.Palette = pal
	np.warnUndeclared(rowClues, colClues)
	if np.goalLine != 0 {
		g, err := np.decodeGoal(resolve)
		if err != nil {
			return err
		}
		np.p.Goal = g
	}
	switch {
	case np.rows != nil && np.cols != nil:
	case np.p.Goal != nil:
		rows, cols := puzzle.CluesOf(np.p.Goal)
		if np.rows == nil {
			rowClues = nil
			np.p.Rows = rows
		}
		if np.cols == nil {
			colClues = nil
			np.p.Cols = cols
		}
	case np.rows == nil:
		return np.noBlock("rows")
	default:
		return np.noBlock("columns")
	}
	if rowClues != nil {
		np.p.Rows = resolveLines(rowClues, resolve)
	}
	if colClues != nil {
		np.p.Cols = resolveLines(colClues, resolve)
	}
	np.p.Origin.Places = &puzzle.Places{RowsHeader: np.rowsHeader, ColsHeader: np.colsHeader,
		Rows: lineNumbers(np.rows), Cols: lineNumbers(np.cols), Goal: np.goalLine, License: np.licenseLine,
		LastRowBlank: lastBlank(np.rows), LastColBlank: lastBlank(np.cols)}
	for _, t := range np.typos {
		np.p.Warnings = append(np.p.Warnings, t.warning(np.file))
	}
	np.strayWarnings()
	np.trailingDivider()
	return np.checkMaxRule()
}

// lastBlank reports whether the last of a block's lines is blank.
func lastBlank(ls []numberedLine) bool {
	return len(ls) > 0 && ls[len(ls)-1].blank()
}

// lineNumbers returns the number of each line.
func lineNumbers(ls []numberedLine) []int {
	if ls == nil {
		return nil
	}
	out := make([]int, len(ls))
	for i, l := range ls {
		out[i] = l.n
	}
	return out
}
