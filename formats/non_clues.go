package formats

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// This file turns the clue lines and goal of a .non puzzle into blocks and
// cells of its palette.

// parseClueLine splits a clue line into blocks. Numbers are separated by
// commas or spaces; a number may carry a colour character ("3b"); Nonny's
// colour names ("red 1 1 yellow 4", "red: 1, 1") colour the numbers after
// them. Anything else after a number ends the line and is ignored, as the
// format says, with a warning at its column.
func (np *nonParser) parseClueLine(l numberedLine) ([]rawClue, error) {
	var out []rawClue
	name := ""
	for _, tok := range clueFields(l.text) {
		f := tok.text
		if f[0] >= '0' && f[0] <= '9' {
			i := 0
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
			}
			if i > 6 {
				return nil, np.errAtCol(l.n, tok.col, "block length %s: %w (at most %d)", f[:i], puzzle.ErrTooLarge, puzzle.MaxSide)
			}
			n, _ := strconv.Atoi(f[:i])
			if n > puzzle.MaxSide {
				return nil, np.errAtCol(l.n, tok.col, "block length %d: %w (at most %d)", n, puzzle.ErrTooLarge, puzzle.MaxSide)
			}
			c := rawClue{len: n, name: name}
			rest := []rune(f[i:])
			if len(rest) > 0 && np.isColorChar(rest[0]) {
				c.char, c.name = rest[0], ""
				rest = rest[1:]
			}
			if n > 0 {
				if len(out) >= puzzle.MaxSide {
					return nil, np.errAtCol(l.n, tok.col, "more than %d blocks in one line", puzzle.MaxSide)
				}
				out = append(out, c)
			}
			if len(rest) > 0 {
				np.ignoredAfterNumber(l, tok.col+utf8.RuneCountInString(f)-len(rest), string(rest))
			}
			continue
		}
		if word := strings.ToLower(f); np.colorNames[word] || (len(np.colorNames) > 0 && (word == "black" || word == "default")) {
			name = word
			continue
		}
		if len(np.colorNames) > 0 && isWord(f) {
			return nil, np.unknownColorName(l, tok)
		}
		np.ignored(l, tok.col)
		break
	}
	return out, nil
}

// unknownColorName is the error of a word of clue line l that is no
// colour name of a file that names its colours.
func (np *nonParser) unknownColorName(l numberedLine, tok clueField) *ParseError {
	err := np.errAtCol(l.n, tok.col, "unknown colour name %q", tok.text)
	if known := suggestColor(strings.ToLower(tok.text), slices.Sorted(maps.Keys(np.colorNames))); known != "" {
		err.Hint = fmt.Sprintf("did you mean %q?", known)
	}
	return err
}

// ignored warns that the rest of clue line l, from column col, is ignored.
func (np *nonParser) ignored(l numberedLine, col int) {
	rest := strings.TrimSpace(string([]rune(l.text)[col-1:]))
	hint := np.colorBlockHint(rest)
	if fixed, ok := np.spacedLetter(l.text, col); ok {
		hint = fmt.Sprintf("did you mean %q? A colour's letter follows its number without a space", fixed)
	}
	if len(rest) > 20 {
		rest = string([]rune(rest)[:20]) + "…"
	}
	np.p.Warnings = append(np.p.Warnings, diag.Diagnostic{File: np.file, Line: l.n, Col: col, Severity: diag.Warning,
		Message: fmt.Sprintf("%q in a clue line is not a number: ignored with the rest of the line", rest),
		Hint:    hint})
}

// spacedLetter returns clue line text with the space taken out between a
// number and the colour letter at column col, the start of the ignored
// rest ("1r,2 y,1r" gives "1r,2y,1r"), and false when that is not what
// the line holds.
func (np *nonParser) spacedLetter(text string, col int) (string, bool) {
	runes := []rune(text)
	at := col - 1
	if at < 1 || at >= len(runes) || !np.isColorChar(runes[at]) || at+1 < len(runes) && runes[at+1] != ',' && !unicode.IsSpace(runes[at+1]) {
		return "", false
	}
	start := at
	for start > 0 && unicode.IsSpace(runes[start-1]) {
		start--
	}
	if start == at || start == 0 || !unicode.IsDigit(runes[start-1]) {
		return "", false
	}
	return strings.TrimSpace(string(runes[:start]) + string(runes[at:])), true
}

// colorBlockHint is the hint of the ignored rest of a clue line: when it
// starts with the name of a colour the file declares by its letter ("red
// 1" beside `color r #ff0000`), how to write that colour's block, "1r";
// else how to write clues.
func (np *nonParser) colorBlockHint(rest string) string {
	const plain = "write clues as numbers separated by spaces or commas"
	blocks, chars, _ := np.namedBlocks(clueFields(rest))
	switch {
	case len(chars) == 0:
		return plain
	case len(blocks) == 0:
		return fmt.Sprintf("%s: \"3%c\" is a block of 3", letterBlockHow(chars), chars[0])
	}
	return writeLetterBlocks(blocks, chars)
}

// writeLetterBlocks is the hint to write blocks, of the colours of the
// letters chars, and how such a block is written.
func writeLetterBlocks(blocks []string, chars []rune) string {
	return fmt.Sprintf("write %q: %s", strings.Join(blocks, " "), letterBlockHow(chars))
}

// letterBlockHow says how a block of the colours of the letters chars is
// written.
func letterBlockHow(chars []rune) string {
	lines := make([]string, len(chars))
	for i, c := range chars {
		lines[i] = fmt.Sprintf("\"color %c\"", c)
	}
	return "a colour's block is its number followed by the letter of the colour's color line, " + strings.Join(lines, ", ")
}

// namedBlocks reads fields, the words of a clue line that starts with the
// name of a colour the file declares by its letter, as Nonny's colour
// names that colour the numbers after them ("red 3 blue 1"), up to the
// first word that is neither such a name nor a number. It returns the
// blocks written with the letters ("3r", "1b"), the letters named, and how
// many fields it read; no letters when the first field names none.
func (np *nonParser) namedBlocks(fields []clueField) (blocks []string, chars []rune, read int) {
	var char rune
	for _, f := range fields {
		if isClueNumber(f.text) && char != 0 {
			n := strings.TrimRightFunc(f.text, func(r rune) bool { return r < '0' || r > '9' })
			blocks = append(blocks, n+string(char))
			read++
			continue
		}
		if !isWord(f.text) {
			break
		}
		c := np.letterOf(strings.ToLower(f.text))
		if c == 0 {
			break
		}
		if char = c; !slices.Contains(chars, c) {
			chars = append(chars, c)
		}
		read++
	}
	return blocks, chars, read
}

// letterOf returns the letter of the colour a clue line names by word (in
// lower case): a colour declared by its letter whose colour is word ("red"
// for #ff0000), else, when word is a colour's name, one whose letter is
// word's first ("yellow" for color y #f4b41a, a gold); 0 for none.
func (np *nonParser) letterOf(word string) rune {
	for _, c := range np.colors {
		if c.name == "" && puzzle.NearestColorName(c.rgb) == word {
			return c.char
		}
	}
	if !puzzle.IsColorName(word) {
		return 0
	}
	first, _ := utf8.DecodeRuneInString(word)
	for _, c := range np.colors {
		if c.name == "" && c.char == first {
			return c.char
		}
	}
	return 0
}

// ignoredAfterNumber warns that characters after a number of clue line l,
// at column col, are ignored.
func (np *nonParser) ignoredAfterNumber(l numberedLine, col int, chars string) {
	hint := "remove it: a number may be followed only by a colour character"
	if sep := []rune(chars)[0]; len(chars) > 1 && strings.ContainsRune(";./|-", sep) && strings.ContainsAny(chars, "0123456789") {
		hint = fmt.Sprintf("\"%c\" does not separate numbers: write %q", sep, strings.ReplaceAll(strings.TrimSpace(l.text), string(sep), ","))
	}
	np.p.Warnings = append(np.p.Warnings, diag.Diagnostic{File: np.file, Line: l.n, Col: col, Severity: diag.Warning,
		Message: fmt.Sprintf("%q after a number in a clue line is ignored", chars),
		Hint:    hint})
}

// clueField is a word of a clue line with its 1-based column.
type clueField struct {
	text string
	col  int
}

// clueFields splits a clue line at spaces, commas and colons.
func clueFields(text string) []clueField {
	return fieldsAt(text, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ':' })
}

// fieldsAt splits text at the runes sep reports, keeping each word's
// column.
func fieldsAt(text string, isSep func(rune) bool) []clueField {
	var out []clueField
	start, startCol, col := -1, 0, 0
	for i, r := range text {
		col++
		sep := isSep(r)
		switch {
		case sep && start >= 0:
			out = append(out, clueField{text: text[start:i], col: startCol})
			start = -1
		case !sep && start < 0:
			start, startCol = i, col
		}
	}
	if start >= 0 {
		out = append(out, clueField{text: text[start:], col: startCol})
	}
	return out
}

// isColorChar reports whether r after a number designates a colour: a
// letter, or a character some `color` key declares.
func (np *nonParser) isColorChar(r rune) bool {
	if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
		return true
	}
	for _, c := range np.colors {
		if c.char == r && c.name == "" {
			return true
		}
	}
	return false
}

// parseBlock parses the lines of a block (nil for a block not given).
func (np *nonParser) parseBlock(ls []numberedLine) ([][]rawClue, error) {
	if ls == nil {
		return nil, nil
	}
	out := make([][]rawClue, len(ls))
	for i, l := range ls {
		c, err := np.parseClueLine(l)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// warnUndeclared warns, in a puzzle that declares colours, of each colour
// letter its clues or goal use without a `color` line (np.undeclared, from
// palette), at the first line that uses it (rowClues and colClues are the
// blocks' clues as parsed): the spec lets a reader pick a colour for it,
// but beside declared ones it is most likely a typo.
func (np *nonParser) warnUndeclared(rowClues, colClues [][]rawClue) {
	if len(np.colors) == 0 {
		return
	}
	for _, char := range np.undeclared {
		line, col := np.firstUse(char, rowClues, colClues)
		np.warnUndeclaredAt(line, col, char)
	}
}

// firstUse returns the line of the first clue that uses colour character
// char, and the column of its first number with that letter ("1g"), or
// else the goal's line.
func (np *nonParser) firstUse(char rune, rowClues, colClues [][]rawClue) (line, col int) {
	uses := func(c rawClue) bool { return c.char == char }
	for _, b := range []struct {
		clues [][]rawClue
		lines []numberedLine
	}{{rowClues, np.rows}, {colClues, np.cols}} {
		for i, clue := range b.clues {
			if i < len(b.lines) && slices.ContainsFunc(clue, uses) {
				return b.lines[i].n, letterCol(b.lines[i].text, char)
			}
		}
	}
	return np.goalLine, 0
}

// letterCol returns the column of the first number of a clue line that
// carries colour letter char ("3b"), or 0.
func letterCol(text string, char rune) int {
	start := -1
	for i, r := range text {
		switch {
		case r >= '0' && r <= '9':
			if start < 0 {
				start = i
			}
		case r == char && start >= 0:
			return runeCol(text, start)
		default:
			start = -1
		}
	}
	return 0
}

func (np *nonParser) warnUndeclaredAt(line, col int, char rune) {
	np.p.Warnings = append(np.p.Warnings, puzzle.Diagnostic{Line: line, Col: col,
		Message: fmt.Sprintf("colour %q has no color line, unlike the others: nonopress picks a colour for it", char),
		Hint:    np.declareHint(char)})
}

// declareHint says where to declare colour char: after the last color line
// (where one was lost, most likely), or when only a background was declared,
// anywhere before the clues.
func (np *nonParser) declareHint(char rune) string {
	if np.colorsEnd == 0 {
		return fmt.Sprintf("declare it, as in: color %c #rrggbb; or use a declared colour", char)
	}
	hint := fmt.Sprintf("add a line \"color %c #rrggbb\" after line %d, with the other color lines; or use a declared colour", char, np.colorsEnd)
	if other := otherCase(char); other != char && slices.ContainsFunc(np.colors, func(c nonColor) bool { return c.char == other }) {
		hint = fmt.Sprintf("did you mean '%c'? The case of a colour's letter matters; else %s", other, hint)
	}
	return hint
}

// checkMaxRule warns about rules longer than Simpson's obsolete maxrule,
// each with the maxrule the longest would need.
func (np *nonParser) checkMaxRule() error {
	if np.maxRuleLine == 0 {
		return nil
	}
	var over []numberedLine // the lines of the rules too long
	var counts []int
	longest := 0
	for _, b := range []struct {
		clues []puzzle.Line
		lines []numberedLine
	}{{np.p.Rows, np.rows}, {np.p.Cols, np.cols}} {
		for i, l := range b.clues {
			if len(l) > np.maxRule && i < len(b.lines) {
				over, counts, longest = append(over, b.lines[i]), append(counts, len(l)), max(longest, len(l))
			}
		}
	}
	for i, l := range over {
		np.p.Warnings = append(np.p.Warnings, puzzle.Diagnostic{Line: l.n,
			Message: fmt.Sprintf("rule has %d numbers but maxrule (line %d) is %d", counts[i], np.maxRuleLine, np.maxRule),
			Hint:    fmt.Sprintf("set maxrule %d at line %d, or remove that line: maxrule is obsolete", longest, np.maxRuleLine)})
	}
	return nil
}

// colorResolver maps a raw clue's colour to a palette index.
type colorResolver struct {
	byChar       map[rune]int // mikix characters, declared or not
	byName       map[string]int
	defaultColor int // bare numbers and '1' in the goal; 0 if never needed
}

func (r *colorResolver) index(c rawClue) int {
	switch {
	case c.char != 0:
		return r.byChar[c.char]
	case c.name != "" && c.name != "black" && c.name != "default":
		return r.byName[c.name]
	}
	return r.defaultColor
}

func resolveLines(raw [][]rawClue, r *colorResolver) []puzzle.Line {
	out := make([]puzzle.Line, len(raw))
	for i, cs := range raw {
		if len(cs) == 0 {
			continue // an empty line stays nil
		}
		l := make(puzzle.Line, len(cs))
		for j, c := range cs {
			l[j] = puzzle.Clue{Len: c.len, Color: r.index(c)}
		}
		out[i] = l
	}
	return out
}

// palette builds the puzzle's palette: the background, the declared colours
// in file order, black for bare numbers when anything uses it (or when
// nothing else is declared), then the colour characters used without a
// `color` key, in character order, with colours from autoColors.
func (np *nonParser) palette(blocks ...[][]rawClue) ([]puzzle.Color, *colorResolver, error) {
	def := puzzle.DefaultPalette()
	pal := []puzzle.Color{def[0]}
	if np.background != nil && *np.background != pal[0].RGB {
		pal[0].RGB, pal[0].Name = *np.background, "background"
	}
	r := &colorResolver{byChar: map[rune]int{}, byName: map[string]int{}}
	usesDefault, undeclared := false, map[rune]bool{}
	colorChars := false
	for _, b := range blocks {
		for _, line := range b {
			for _, c := range line {
				switch {
				case c.char != 0:
					colorChars = true
					undeclared[c.char] = true
				case c.name == "" || c.name == "black" || c.name == "default":
					usesDefault = true
				}
			}
		}
	}
	colored := colorChars || len(np.colors) > 0
	np.colored = colored
	for _, g := range np.goal {
		switch {
		case g == '0':
		case g == '1' || !colored:
			usesDefault = true
		default:
			undeclared[g] = true
		}
	}
	for i := range np.colors {
		c := &np.colors[i]
		idx := len(pal)
		if c.char == 0 { // Nonny's `color navy 000080`: a character for goals and writers
			c.char = freeChar(c.name, np.colors)
		}
		pal = append(pal, puzzle.Color{Char: c.char, Name: c.display, RGB: c.rgb})
		if c.name != "" {
			r.byName[c.name] = idx
			if c.name == "black" {
				r.defaultColor = idx
			}
		}
		if c.char != 0 {
			if _, dup := r.byChar[c.char]; !dup {
				r.byChar[c.char] = idx
			}
			delete(undeclared, c.char)
		}
	}
	chars := make([]rune, 0, len(undeclared))
	for c := range undeclared {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			chars = append(chars, c) // other goal characters: reported by decodeGoal
		}
	}
	sort.Slice(chars, func(i, j int) bool { return chars[i] < chars[j] })
	np.undeclared = chars
	if r.defaultColor == 0 && (usesDefault || len(pal) == 1 && len(chars) == 0) {
		black := def[1]
		if _, clash := r.byChar[black.Char]; clash || undeclared[black.Char] {
			black.Char = '1'
		}
		r.defaultColor = len(pal)
		pal = append(pal, black)
	}
	if _, ok := r.byChar['1']; !ok && r.defaultColor != 0 {
		r.byChar['1'] = r.defaultColor
	}
	for _, c := range chars {
		r.byChar[c] = len(pal)
		pal = append(pal, puzzle.Color{Char: c, RGB: autoColor(c, rgbUsed(pal))})
	}
	if err := checkPaletteSize(pal); err != nil {
		return nil, nil, np.errAt(np.p.Origin.Line, "%w", err)
	}
	return pal, r, nil
}

// decodeGoal reads the goal string: '0' is blank, '1' the default colour,
// a colour character its colour; in a puzzle without colours anything but
// '0' is filled.
func (np *nonParser) decodeGoal(r *colorResolver) (*puzzle.Image, error) {
	cells := []rune(np.goal)
	if !np.colored {
		np.warnGoalChars()
	}
	if len(cells) != np.width*np.height {
		e := errAt(np.file, np.goalLine, "goal has %s, but the puzzle is %dx%d: %d cells", puzzle.Plural(len(cells), "cell"), np.width, np.height, np.width*np.height)
		e.Hint = fmt.Sprintf("write the goal as one line of %d characters, one per cell, the rows one after another", np.width*np.height)
		for _, r := range np.stray {
			if r.first == np.goalLine+1 {
				e.Hint = fmt.Sprintf("write the goal on one line: line %d seems to go on with it", r.first)
			}
		}
		return nil, e
	}
	colored := np.colored
	g := puzzle.NewImage(np.width, np.height)
	for i, c := range cells {
		switch idx, ok := r.byChar[c]; {
		case c == '0':
		case ok:
			g.Cells[i] = uint8(idx)
		case !colored:
			g.Cells[i] = uint8(r.defaultColor)
		default:
			e := np.errAtCol(np.goalLine, np.goalCellCol(i), "goal cell %d (row %d, column %d): unknown colour character %q", i+1, i/np.width+1, i%np.width+1, c)
			e.Hint = fmt.Sprintf("declare it with a color line, as in: color %c #rrggbb; or use a declared colour's character", c)
			if strings.ContainsRune(goalEmpties, c) {
				e.Hint = "write 0 for an empty cell"
			}
			return nil, e
		}
	}
	return g, nil
}

// goalEmpties are the characters a picture drawn as text most often has
// for an empty cell, where a goal has '0'.
const goalEmpties = ".-_"

// warnGoalChars warns of a goal without colours written as a picture
// drawn as text ("#..##.###"), at its first character of goalEmpties: the
// goal reads it as a filled cell, as any character but '0', and so most
// likely contradicts the clues. The hint writes the goal in 0 and 1.
func (np *nonParser) warnGoalChars() {
	at := strings.IndexAny(np.goal, goalEmpties)
	if at < 0 {
		return
	}
	c, _ := utf8.DecodeRuneInString(np.goal[at:])
	col := np.goalCellCol(utf8.RuneCountInString(np.goal[:at]))
	fix := strings.Map(func(r rune) rune {
		if r == '0' || strings.ContainsRune(goalEmpties, r) {
			return '0'
		}
		return '1'
	}, np.goal)
	d := warnAt(np.file, np.goalLine, col, "goal reads %q as a filled cell: only 0 is an empty one", c)
	d.Hint = fmt.Sprintf("write the goal with 0 for an empty cell and 1 for a filled one: goal %q", fix)
	np.p.Warnings = append(np.p.Warnings, d)
}

// goalCellCol returns the column of the goal's line where its cell i
// (from 0) is written, spaces and quotes skipped as the goal skips them,
// and the ":" or "=" of "goal: ..." or "goal = ..." (keySeparator), which
// the goal does not hold; 0 when it cannot tell.
func (np *nonParser) goalCellCol(i int) int {
	key := strings.Index(strings.ToLower(np.goalText), "goal")
	if key < 0 {
		return 0
	}
	start := key + len("goal")
	if v := strings.TrimLeftFunc(np.goalText[start:], unicode.IsSpace); v != "" && strings.ContainsRune(":=", rune(v[0])) {
		start = len(np.goalText) - len(v) + 1
	}
	for j, r := range np.goalText[start:] {
		if unicode.IsSpace(r) || r == '"' {
			continue
		}
		if i == 0 {
			return runeCol(np.goalText, start+j)
		}
		i--
	}
	return 0
}

// freeChar picks a character for a named colour declared without one: the
// first letter of its name that no declared colour uses, else the first
// such letter of the alphabet.
func freeChar(name string, colors []nonColor) rune {
	used := func(r rune) bool {
		for _, c := range colors {
			if c.char == r {
				return true
			}
		}
		return false
	}
	for _, r := range name + "abcdefghijklmnopqrstuvwxyz" {
		if r >= 'a' && r <= 'z' && !used(r) {
			return r
		}
	}
	return '?'
}
