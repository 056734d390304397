package formats

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/nonopress/nonopress/puzzle"
)

// This file reads Jan Wolter's XML format for paint-by-number puzzles
// (webpbn.com, pbn-0.1.dtd): a <puzzleset> of <puzzle>s with colours, clues
// and solution images.

// setDefaults are the metadata a <puzzleset> gives its puzzles.
type setDefaults struct {
	title, author, copyright, source string
}

// readXML reads every <puzzle> of the file.
func readXML(file string, data []byte) ([]*puzzle.Puzzle, []error) {
	if err := checkXMLAttrs(file, data); err != nil {
		return nil, []error{err}
	}
	var ps, titledBySet []*puzzle.Puzzle
	var errs []error
	var typos []misspelt // misspelt elements not yet given to a puzzle
	var failed []int     // the lines of the <puzzle>s that could not be read
	// ownTypos takes the misspelt elements of the puzzle starting at line.
	ownTypos := func(line int) []misspelt {
		i := len(typos)
		for i > 0 && typos[i-1].line >= line {
			i--
		}
		own := typos[i:]
		typos = typos[:i:i]
		return own
	}
	warnings, err := parseXMLTree(file, data, func(n *xmlNode, around []*xmlNode) {
		own := ownTypos(n.line)
		if len(ps)+len(errs) >= maxPuzzlesPerFile {
			if len(errs) == 0 || !strings.Contains(errs[len(errs)-1].Error(), "puzzles in one file") {
				errs = append(errs, errAt(file, n.line, "more than %d puzzles in one file: the rest is not read", maxPuzzlesPerFile))
			}
			return
		}
		var defs setDefaults
		for _, a := range around {
			if a.name == "puzzleset" {
				defs = setDefaultsOf(a, defs)
			}
		}
		p, err := readXMLPuzzle(file, n, defs)
		if err != nil {
			failed = append(failed, n.line)
			// A misspelt element most likely explains the error.
			for _, t := range own {
				errs = append(errs, t.err(file))
			}
			errs = append(errs, err)
			return
		}
		for _, t := range own {
			p.Warnings = append(p.Warnings, t.warning(file))
		}
		p.Origin.Index = len(ps) + len(errs)
		if defs != (setDefaults{}) {
			p.Origin.Set = &puzzle.Meta{Title: defs.title, Author: defs.author, Copyright: defs.copyright, Catalogue: defs.source}
			if setDefaultsOf(n, setDefaults{}).title == "" {
				titledBySet = append(titledBySet, p)
			}
		}
		ps = append(ps, p)
	}, func(t misspelt) {
		// A misspelling repeated is told once, with the count: a file of
		// a million <count colour=...> holds one.
		for i := range typos {
			if typos[i].key == t.key && typos[i].known == t.known {
				typos[i].more++
				return
			}
		}
		if len(typos) < maxWarnings {
			typos = append(typos, t)
		}
	})
	warnings = append(warnings, entityWarnings(data)...)
	// Misspelt elements outside every puzzle: a misspelt <puzzle> loses
	// its puzzle.
	for _, t := range typos {
		if t.known == "<puzzle>" {
			errs = append(errs, t.err(file))
		} else {
			warnings = append(warnings, t.warning(file))
		}
	}
	// A set's title names each of its puzzles only when it holds one: with
	// several it names the set (Origin.Set), not every puzzle in it.
	if len(ps) > 1 {
		for _, p := range titledBySet {
			p.Meta.Title = ""
		}
	}
	if err != nil {
		// The puzzles before the error (a truncated file, say) are good.
		errs = append(errs, err)
	}
	if len(ps) == 0 && len(errs) == 0 {
		errs = append(errs, errAt(file, 0, "no <puzzle> element"))
	}
	for _, w := range warnings {
		if inFailedPuzzle(w.Line, ps, failed) || len(ps) == 0 {
			// What the reader made of the file explains why no puzzle
			// came of it: said as an error, with it.
			errs = append(errs, &ParseError{File: file, Line: w.Line, Col: w.Col, Err: errors.New(w.Message), Hint: w.Hint})
			continue
		}
		for i := len(ps) - 1; i >= 0; i-- {
			if ps[i].Origin.Line <= w.Line || i == 0 {
				ps[i].Warnings = append(ps[i].Warnings, w)
				break
			}
		}
	}
	return ps, errs
}

// setDefaultsOf reads the title, author, copyright and source of a
// <puzzleset> (or <puzzle>), over those of the sets around it.
func setDefaultsOf(set *xmlNode, outer setDefaults) setDefaults {
	d := outer
	for _, c := range set.children() {
		v := strings.TrimSpace(c.text())
		switch c.name {
		case "title":
			d.title = v
		case "author":
			d.author = v
		case "copyright":
			d.copyright = v
		case "source":
			d.source = v
		}
	}
	return d
}

// xmlColor is a colour a puzzle defines, or one of the two predefined ones.
type xmlColor struct {
	name string
	char rune
	rgb  puzzle.RGB
}

// xmlPalette resolves colour names and characters to palette indices,
// adding colours to the palette as they are first used.
type xmlPalette struct {
	defined []xmlColor // the puzzle's <color>s, then the predefined black and white
	pal     []puzzle.Color
	index   map[string]int // colour name → palette index, once in the palette
}

// closestName returns the defined colour name that name is most likely a
// misspelling of (suggestColor), or "".
func (xp *xmlPalette) closestName(name string) string {
	names := make([]string, len(xp.defined))
	for i, c := range xp.defined {
		names[i] = c.name
	}
	return suggestColor(name, names)
}

// nameOfChar returns the name of the colour the puzzle defines with char
// s (a count's color= written with the colour's char, as a goal writes
// it), or "".
func (xp *xmlPalette) nameOfChar(s string) string {
	for _, c := range xp.defined {
		if string(c.char) == s && c.name != "" {
			return c.name
		}
	}
	return ""
}

func (xp *xmlPalette) byName(name string) (int, bool) {
	if i, ok := xp.index[name]; ok {
		return i, true
	}
	for _, c := range xp.defined {
		if c.name == name {
			return xp.add(c), true
		}
	}
	for _, c := range xp.defined { // a name in another case: "Black" for "black"
		if strings.EqualFold(c.name, name) {
			return xp.byName(c.name)
		}
	}
	return 0, false
}

func (xp *xmlPalette) byChar(ch rune) (int, bool) {
	for _, c := range xp.defined {
		if c.char == ch {
			return xp.byName(c.name)
		}
	}
	return 0, false
}

// charInOtherCase returns the defined colour whose char is ch in the
// other case ('X' for 'x'), if one is.
func (xp *xmlPalette) charInOtherCase(ch rune) (xmlColor, bool) {
	if other := otherCase(ch); other != ch {
		for _, c := range xp.defined {
			if c.char == other {
				return c, true
			}
		}
	}
	return xmlColor{}, false
}

func (xp *xmlPalette) add(c xmlColor) int {
	xp.index[c.name] = len(xp.pal)
	xp.pal = append(xp.pal, puzzle.Color{Char: c.char, Name: c.name, RGB: c.rgb})
	return len(xp.pal) - 1
}

// xmlPuzzleReader holds what is known while reading one <puzzle>.
type xmlPuzzleReader struct {
	file string
	p    *puzzle.Puzzle
	xp   *xmlPalette
	def  string // name of the colour of counts without color=
	// defLine is the line of the <puzzle> that names def.
	defLine int
	// licenseLine is the line of <license>, 0 if none.
	licenseLine int
	// colorsEnd is the line of the puzzle's last <color>, 0 if none.
	colorsEnd int
}

// xmlSyntax is how a <puzzle> writes a license and a goal.
var xmlSyntax = puzzle.Syntax{License: "an element such as <license>CC-BY-4.0</license>", Goal: "a <solution> element", Headers: "the types of the <clues>"}

func readXMLPuzzle(file string, n *xmlNode, defs setDefaults) (*puzzle.Puzzle, error) {
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Origin: puzzle.Origin{Line: n.line, Syntax: xmlSyntax}}
	switch t, _ := n.attr("type"); strings.ToLower(strings.TrimSpace(t)) {
	case "", "grid":
	case "triddler":
		p.Kind = puzzle.Triddler
	default:
		return nil, withSuggestion(errAt(file, n.line, "puzzle type %q is not supported: want grid or triddler", t), t, []string{"grid", "triddler"})
	}
	r := &xmlPuzzleReader{file: file, p: p}
	r.readMeta(n, defs)
	if err := r.readColors(n); err != nil {
		return nil, err
	}
	clues, err := r.readClues(n)
	if err != nil {
		return nil, err
	}
	if p.Kind == puzzle.Triddler {
		return r.finishTriddler(n, clues)
	}
	return r.finishGrid(n, clues)
}

// xmlElements are the elements of a <puzzle> this package reads, for the
// hint of a misspelt one.
var xmlElements = []string{"title", "author", "copyright", "source", "id", "description", "license", "color", "clues", "solution", "property"}

// readMeta reads the metadata elements; unknown elements holding only text
// (webpbn's <authorid>, <note>) and <property name="..."> become Meta.Extra.
func (r *xmlPuzzleReader) readMeta(n *xmlNode, defs setDefaults) {
	m := &r.p.Meta
	// A puzzle's own title, author, copyright and source are read as a
	// set's are, over the sets' defaults.
	own := setDefaultsOf(n, defs)
	m.Title, m.Author, m.Copyright, m.Catalogue = own.title, own.author, own.copyright, own.source
	for _, c := range n.children() {
		v := strings.TrimSpace(c.text())
		switch c.name {
		case "title", "author", "copyright", "source", "color", "clues", "solution":
		case "id":
			m.ID = v
		case "description":
			m.Description = v
		case "license":
			m.License, r.licenseLine = v, c.line
		case "property":
			if k, ok := c.attr("name"); ok && k != "" && len(m.Extra) < maxExtra {
				m.Extra = append(m.Extra, puzzle.Property{Key: k, Value: v})
			}
		default:
			if len(c.children()) == 0 && len(m.Extra) < maxExtra {
				m.Extra = append(m.Extra, puzzle.Property{Key: c.name, Value: v})
			}
		}
	}
}

// readColors reads the <color> definitions and the puzzle's background and
// default colours; the palette starts with the background.
func (r *xmlPuzzleReader) readColors(n *xmlNode) error {
	xp := &xmlPalette{index: map[string]int{}}
	var charLines []int // the line of each of xp.defined
	for _, c := range n.children() {
		if c.name != "color" {
			continue
		}
		name, _ := c.attr("name")
		if name == "" {
			return withoutAttr(r.file, c, `a name, as in <color name="red" char="r">d62828</color>`)
		}
		value := strings.TrimSpace(c.text())
		if strings.ContainsAny(value, `/\`) {
			return errAt(r.file, c.line, "colour %q: two-colour (triangle) cells are %w", name, ErrUnsupported)
		}
		rgb, err := puzzle.ParseRGB(value)
		if err != nil {
			e := errAt(r.file, c.line, "colour %q: %w", name, err)
			e.Hint = hexHint(value, `<color name="red" char="r">d62828</color>`)
			return e
		}
		r.colorsEnd = c.line
		var ch rune
		if s, ok := c.attr("char"); ok && s != "" {
			ch = []rune(s)[0]
		}
		def := xmlColor{name: name, char: ch, rgb: rgb}
		for i, d := range xp.defined {
			if ch != 0 && d.char == ch && d.name != name {
				e := errAt(r.file, c.line, "colour %q has the char %q of colour %q, on line %d", name, string(ch), d.name, charLines[i])
				e.Hint = "give each colour a char of its own: the goal image tells colours by it"
				return e
			}
		}
		replaced := false
		for i := range xp.defined {
			if xp.defined[i].name == name {
				xp.defined[i], replaced = def, true
			}
		}
		if !replaced {
			if len(xp.defined) >= maxColors {
				return errAt(r.file, c.line, "too many colours (at most %d)", maxColors-1)
			}
			xp.defined = append(xp.defined, def)
			charLines = append(charLines, c.line)
		}
	}
	for _, pre := range []xmlColor{{"black", 'X', puzzle.RGB{}}, {"white", '.', puzzle.RGB{R: 255, G: 255, B: 255}}} {
		known := false
		for _, d := range xp.defined {
			known = known || d.name == pre.name
		}
		if !known {
			xp.defined = append(xp.defined, pre)
		}
	}
	bg, _ := n.attr("backgroundcolor")
	if bg == "" {
		bg = "white"
	}
	if _, ok := xp.byName(bg); !ok {
		return errAt(r.file, n.line, "background colour %q is not defined", bg)
	}
	// Every colour the puzzle defines is in its palette, in file order; the
	// predefined ones join it only when used.
	for _, c := range n.children() {
		if name, _ := c.attr("name"); c.name == "color" {
			xp.byName(name)
		}
	}
	r.def, _ = n.attr("defaultcolor")
	if r.def == "" {
		r.def = "black"
	}
	r.defLine = n.line
	r.xp = xp
	return nil
}

// clueSet is one <clues> element read.
type clueSet struct {
	lines []puzzle.Line
	line  int
	at    []int // the line of each <line>
}

// readClues reads every <clues> element, by type.
func (r *xmlPuzzleReader) readClues(n *xmlNode) (map[string]clueSet, error) {
	sets := map[string]clueSet{}
	for _, c := range n.children() {
		if c.name != "clues" {
			continue
		}
		t, _ := c.attr("type")
		t = strings.ToLower(strings.TrimSpace(t))
		if t == "" {
			return nil, withoutAttr(r.file, c, `a type, as in <clues type="rows">`)
		}
		if first, dup := sets[t]; dup {
			e := errAt(r.file, c.line, "second <clues type=%q>", t)
			e.Hint = fmt.Sprintf("the first is at line %d: remove one of them, or give this one the type of the lines it holds", first.line)
			return nil, e
		}
		var lines []puzzle.Line
		var at []int
		for _, ln := range c.children() {
			if ln.name == "count" {
				e := errAt(r.file, ln.line, "<count> outside a <line>: its clue is lost")
				e.Hint = "put the <count>s of each clue in a <line> of their own, as in <line><count>2</count><count>1</count></line>"
				return nil, e
			}
			if ln.name != "line" {
				continue
			}
			if len(lines) >= puzzle.MaxSide {
				return nil, errAt(r.file, ln.line, "more than %d <line>s in <clues type=%q>: %w", puzzle.MaxSide, t, puzzle.ErrTooLarge)
			}
			l, err := r.readLine(ln)
			if err != nil {
				return nil, err
			}
			lines, at = append(lines, l), append(at, ln.line)
		}
		sets[t] = clueSet{lines: lines, line: c.line, at: at}
	}
	return sets, nil
}

// withoutAttr is the error of an element that lacks the attribute it needs
// (what it needs, as the hint says). An element with no attribute at all,
// started while one of its name was open, is most likely that one's end tag
// written without its '/': the hint says so.
func withoutAttr(file string, n *xmlNode, needs string) *ParseError {
	e := errAt(file, n.line, "<%s> without %s", n.name, strings.SplitN(needs, ",", 2)[0])
	e.Hint = "give it " + needs
	if n.closes != 0 {
		e.Hint = fmt.Sprintf("is it the end of the <%s> of line %d, written without its '/'? Write </%s>", n.name, n.closes, n.name)
	}
	return e
}

// readLine reads the <count>s of a <line>.
func (r *xmlPuzzleReader) readLine(ln *xmlNode) (puzzle.Line, error) {
	if ln.badCountLine != 0 {
		if ln.badCount == "" {
			e := errAt(r.file, ln.badCountLine, "empty <count>")
			e.Hint = "write the block's length, as in <count>3</count>, or remove the <count>"
			return nil, e
		}
		if isDigits(ln.badCount) || strings.HasSuffix(ln.badCount, "...") && isDigits(strings.TrimSuffix(ln.badCount, "...")) {
			return nil, errAt(r.file, ln.badCountLine, "count %s: %w (at most %d)", ln.badCount, puzzle.ErrTooLarge, puzzle.MaxSide)
		}
		e := errAt(r.file, ln.badCountLine, "count %q is not a number", ln.badCount)
		e.Hint = "write the block's length in digits, as in <count>3</count>"
		if g, ok := guessNumber(ln.badCount); ok && isDigits(g) {
			e.Hint = fmt.Sprintf("did you mean <count>%s</count>? A length is written in digits", g)
		}
		return nil, e
	}
	if ln.tooManyCounts {
		return nil, errAt(r.file, ln.line, "more than %d counts in one <line>: %w", puzzle.MaxSide, puzzle.ErrTooLarge)
	}
	if ln.numbers != "" && len(ln.counts) == 0 && strings.Trim(ln.numbers, "0 \t\n\r,;") != "" {
		// Numbers, not 0 alone (an empty line so written), as text.
		e := errAt(r.file, ln.line, "<line> holds the numbers %q as text, not as <count>s", ln.numbers)
		var counts strings.Builder
		for _, n := range wordsBetween(ln.numbers, numberSeps) {
			counts.WriteString("<count>" + n + "</count>")
		}
		e.Hint = fmt.Sprintf("write each block as a <count>: <line>%s</line>", counts.String())
		return nil, e
	}
	var l puzzle.Line
	for _, cn := range ln.counts {
		v := int(cn.n) // 0 is webpbn's blot: a hidden length (see blot.go)
		name, own := cn.color, cn.hasColor && cn.color != ""
		if !own {
			name = r.def
		}
		idx, ok := r.xp.byName(name)
		if !ok {
			var err *ParseError
			if own {
				err = errAt(r.file, int(cn.line), "count colour %q is not defined", name)
				err.Hint = fmt.Sprintf("define it in the puzzle, as in <color name=%q char=\"...\">rrggbb</color>", name)
				if r.colorsEnd != 0 {
					err.Hint = fmt.Sprintf("define it after line %d, with the other colours, as in <color name=%q char=\"...\">rrggbb</color>", r.colorsEnd, name)
				}
			} else {
				// The count has no colour of its own: the default is wrong.
				err = errAt(r.file, r.defLine, "defaultcolor %q is not defined, and the count at line %d has no colour of its own", name, cn.line)
			}
			switch named, known := r.xp.nameOfChar(name), r.xp.closestName(name); {
			case named != "" && own:
				err.Hint = fmt.Sprintf("%q is the char of %s: a count names its colour, as in <count color=%q>", name, named, named)
			case named != "":
				err.Hint = fmt.Sprintf("%q is the char of %s: defaultcolor names a colour, as in defaultcolor=%q", name, named, named)
			case known != "":
				err.Hint = fmt.Sprintf("did you mean %q?", known)
			}
			return nil, err
		}
		if idx == puzzle.Background {
			e := errAt(r.file, int(cn.line), "count of the background colour %q", name)
			e.Hint = "give it the colour meant, or remove it: a count is a block to fill, and the background is what is left empty"
			return nil, e
		}
		if len(r.xp.pal) > maxColors {
			return nil, errAt(r.file, int(cn.line), "too many colours (at most %d)", maxColors-1)
		}
		if len(l) >= puzzle.MaxSide {
			return nil, errAt(r.file, int(cn.line), "more than %d counts in one <line>", puzzle.MaxSide)
		}
		l = append(l, puzzle.Clue{Len: v, Color: idx, Blot: v == 0})
	}
	return l, nil
}

// firstOdd returns the type of sets that known refuses, of several the one
// said first in the file (not the first met in map order).
func firstOdd(sets map[string]clueSet, known func(string) bool) (string, bool) {
	var odd []string
	for t := range sets {
		if !known(t) {
			odd = append(odd, t)
		}
	}
	if len(odd) == 0 {
		return "", false
	}
	return slices.MinFunc(odd, func(a, b string) int { return cmp.Or(cmp.Compare(sets[a].line, sets[b].line), cmp.Compare(a, b)) }), true
}

// strayLines gives e the hint of <line>s that stand in the puzzle, in no
// <clues>: the start tag of the clues of that type was probably lost.
func strayLines(e *ParseError, puzzle *xmlNode, clueType string) *ParseError {
	for _, c := range puzzle.children() {
		if c.name == "line" {
			e.Hint = fmt.Sprintf(`the <line>s from line %d are in no <clues>: add <clues type="%s"> before them`, c.line, clueType)
			break
		}
	}
	return e
}

// finishGrid checks a grid's clues and reads its goal image.
func (r *xmlPuzzleReader) finishGrid(n *xmlNode, sets map[string]clueSet) (*puzzle.Puzzle, error) {
	p := r.p
	rows, hasRows := sets["rows"]
	cols, hasCols := sets["columns"]
	if t, ok := firstOdd(sets, func(t string) bool { return t == "rows" || t == "columns" }); ok {
		e := errAt(r.file, sets[t].line, "<clues type=%q> in a grid puzzle: want rows or columns", t)
		if slices.Contains(puzzle.TriddlerSides, t) {
			e.Hint = fmt.Sprintf(`for a triddler, write <puzzle type="triddler"> at line %d`, n.line)
		}
		return nil, withSuggestion(e, t, []string{"rows", "columns"})
	}
	switch {
	case hasRows && !hasCols:
		return nil, strayLines(errAt(r.file, rows.line, `<clues type="rows"> but no <clues type="columns">: a grid needs both`), n, "columns")
	case hasCols && !hasRows:
		return nil, strayLines(errAt(r.file, cols.line, `<clues type="columns"> but no <clues type="rows">: a grid needs both`), n, "rows")
	}
	goal, goalLine, err := r.readGoal(n)
	if err != nil {
		return nil, err
	}
	switch {
	case hasRows:
		p.Rows, p.Cols = rows.lines, cols.lines
		p.Width, p.Height = len(cols.lines), len(rows.lines)
		p.Origin.SizeFromClues = true
		if p.Width == 0 || p.Height == 0 {
			return nil, errAt(r.file, n.line, "%d rows and %d columns of clues: want at least one of each", p.Height, p.Width)
		}
		if goal != nil && (goal.Width != p.Width || goal.Height != p.Height) {
			e := errAt(r.file, goalLine, "goal image is %dx%d but the clues are for %dx%d", goal.Width, goal.Height, p.Width, p.Height)
			e.Hint = goalSizeHint(goal, rows, cols)
			return nil, e
		}
		p.Origin.Places = &puzzle.Places{Rows: rows.at, Cols: cols.at, RowsHeader: rows.line, ColsHeader: cols.line, Goal: goalLine, License: r.licenseLine}
	case goal != nil:
		p.Width, p.Height = goal.Width, goal.Height
		p.Rows, p.Cols = puzzle.CluesOf(goal)
		p.Origin.Places = &puzzle.Places{Goal: goalLine, License: r.licenseLine}
	default:
		e := errAt(r.file, n.line, "puzzle has neither clues nor a goal image")
		e.Hint = cmp.Or(emptyPuzzleHint(n), `give it <clues type="rows"> and <clues type="columns">, or a goal image in <solution type="goal">`)
		return nil, strayLines(e, n, "rows")
	}
	p.Goal = goal
	p.Palette = r.xp.pal
	if err := checkPaletteSize(p.Palette); err != nil {
		return nil, errAt(r.file, n.line, "%w", err)
	}
	return p, nil
}

// finishTriddler keeps a triddler's six clue sets. Its solution images are
// not read: nonopress does not draw triddlers.
func (r *xmlPuzzleReader) finishTriddler(n *xmlNode, sets map[string]clueSet) (*puzzle.Puzzle, error) {
	p := r.p
	p.TriddlerClues = map[string][]puzzle.Line{}
	if t, ok := firstOdd(sets, func(t string) bool { return slices.Contains(puzzle.TriddlerSides, t) }); ok {
		return nil, withSuggestion(errAt(r.file, sets[t].line, "<clues type=%q> in a triddler: want %s", t, strings.Join(puzzle.TriddlerSides, ", ")), t, slices.Sorted(slices.Values(puzzle.TriddlerSides)))
	}
	p.Origin.Places = &puzzle.Places{Triddler: map[string][]int{}, TriddlerHeaders: map[string]int{}, License: r.licenseLine}
	for _, side := range puzzle.TriddlerSides {
		s, ok := sets[side]
		if !ok {
			e := errAt(r.file, n.line, "triddler has no <clues type=%q>", side)
			if len(sets) == 0 {
				e = errAt(r.file, n.line, "triddler has no clues: want <clues> of types %s", strings.Join(puzzle.TriddlerSides, ", "))
				e.Hint = emptyPuzzleHint(n)
			}
			return nil, strayLines(e, n, side)
		}
		p.TriddlerClues[side] = s.lines
		p.Origin.Places.Triddler[side] = s.at // each <line>'s own line, for its problems
		p.Origin.Places.TriddlerHeaders[side] = s.line
	}
	for _, c := range n.children() {
		if c.name == "solution" {
			p.Warnings = append(p.Warnings, puzzle.Diagnostic{Line: c.line, Message: "triddler solution image ignored"})
			break
		}
	}
	p.Palette = r.xp.pal
	if err := checkPaletteSize(p.Palette); err != nil {
		// The solution ignored is said with the error, as a warning.
		return nil, withWarnings(r.file, errAt(r.file, n.line, "%w", err), p.Warnings)
	}
	return p, nil
}

// emptyPuzzleHint is the hint for a <puzzle> without clues: the end tag of
// an earlier one written without its '/', or a start tag one too many when
// it holds no element; "" when neither.
func emptyPuzzleHint(n *xmlNode) string {
	switch {
	case n.closes != 0:
		return fmt.Sprintf("is it the end of the <puzzle> of line %d, written without its '/'? Write </puzzle>", n.closes)
	case firstElement(n) == nil:
		return "the <puzzle> holds nothing: remove its start tag if it is one too many"
	}
	return ""
}

// readGoal reads the puzzle's goal: the first <solution type="goal"> (the
// default type), else the first type="solution". Saved solutions are not
// read. It returns nil when there is none.
func (r *xmlPuzzleReader) readGoal(n *xmlNode) (*puzzle.Image, int, error) {
	var goal, solution *xmlNode
	for _, c := range n.children() {
		if c.name != "solution" {
			continue
		}
		t, _ := c.attr("type")
		switch strings.ToLower(strings.TrimSpace(t)) {
		case "", "goal":
			if goal == nil {
				goal = c
			}
		case "solution":
			if solution == nil {
				solution = c
			}
		}
	}
	if goal == nil {
		goal = solution
	}
	if goal == nil {
		return nil, 0, nil
	}
	images := goal.children()
	for i, c := range images {
		if c.name == "image" {
			if strings.TrimSpace(c.text()) == "" {
				e := errAt(r.file, c.line, "goal image: the <image> is empty")
				e.Hint = "write the picture between <image> and </image>, a row per line, as in |.XX.|"
				if next := slices.IndexFunc(images[i+1:], func(n *xmlNode) bool { return n.name == "image" }); next >= 0 {
					e.Hint = fmt.Sprintf("another <image> starts at line %d: if this start tag is one too many, remove it", images[i+1+next].line)
				}
				return nil, 0, e
			}
			g, err := r.readImage(c.text())
			if err != nil {
				e := errAt(r.file, c.line, "goal image: %w", err)
				var ie *imageError
				if errors.As(err, &ie) {
					e.Line, e.Hint = c.line+ie.lines, ie.hint
				}
				return nil, 0, e
			}
			return g, c.line, nil
		}
	}
	return nil, 0, nil
}

// readImage reads a grid image: rows between '|' characters, white space
// ignored, one colour character per cell.
func (r *xmlPuzzleReader) readImage(text string) (img *puzzle.Image, err error) {
	var rows [][]uint8
	var rowLines []int // newlines before each row
	var row []uint8
	inRow := false
	lines := 0 // newlines before the character read
	defer func() {
		if _, ok := err.(*imageError); err != nil && !ok {
			err = &imageError{lines: lines, err: err}
		}
	}()
	for _, ch := range text {
		switch {
		case ch == '\n':
			lines++
		case unicode.IsSpace(ch):
		case ch == '|':
			if inRow {
				if len(row) == 0 {
					return nil, fmt.Errorf("row %d is empty", len(rows)+1)
				}
				rows = append(rows, row)
				row = nil
			} else if len(rows) >= puzzle.MaxSide {
				return nil, fmt.Errorf("more than %d rows: %w", puzzle.MaxSide, puzzle.ErrTooLarge)
			} else {
				rowLines = append(rowLines, lines)
			}
			inRow = !inRow
		case !inRow:
			return nil, &imageError{lines: lines, err: fmt.Errorf("%q outside a |row|", ch), hint: barsHint(text, lines)}
		case ch == '?' || ch == '[':
			return nil, fmt.Errorf("%q (an undecided cell) is only allowed in saved solutions", ch)
		default:
			if len(row) >= puzzle.MaxSide {
				return nil, fmt.Errorf("a row of more than %d cells: %w", puzzle.MaxSide, puzzle.ErrTooLarge)
			}
			idx, ok := r.xp.byChar(ch)
			if !ok {
				e := &imageError{lines: lines, err: fmt.Errorf("unknown colour character %q at row %d, column %d", ch, len(rows)+1, len(row)+1),
					hint: fmt.Sprintf("define it, as in <color name=\"...\" char=\"%c\">rrggbb</color>, or use a defined colour's character", ch)}
				if c, ok := r.xp.charInOtherCase(ch); ok {
					e.hint = fmt.Sprintf("did you mean %q, the char of %s? Characters differ by case", c.char, c.name)
				}
				return nil, e
			}
			if len(r.xp.pal) > maxColors {
				return nil, errors.New("too many colours")
			}
			row = append(row, uint8(idx))
		}
	}
	if inRow {
		return nil, errors.New("last row has no closing '|'")
	}
	if len(rows) == 0 {
		return nil, errors.New("no rows")
	}
	if err := unevenRow(rows, rowLines); err != nil {
		return nil, err
	}
	g := puzzle.NewImage(len(rows[0]), len(rows))
	for y, rw := range rows {
		copy(g.Cells[y*g.Width:], rw)
	}
	return g, nil
}

// barsHint is the hint of an image whose line (after that many newlines
// of text) has a cell outside a |row|: the line written with its bars when
// it has none ("X." as "|X.|"), else how rows are written.
func barsHint(text string, line int) string {
	row := strings.TrimSpace(strings.Split(text, "\n")[line])
	if strings.Contains(row, "|") || len([]rune(row)) > 40 {
		return "write each row of cells between two bars, one row a line, as in |X..X|"
	}
	return fmt.Sprintf("write each row of cells between two bars, one row a line: |%s|", row)
}

// goalSizeHint says which <clues> do not count the goal image's size, how
// many <line>s they have, and the first of them that differs from the
// image's: where to remove those added or add those lost. When the rows'
// clues are the image's columns' and the columns' its rows', it says to swap
// the two types.
func goalSizeHint(goal *puzzle.Image, rows, cols clueSet) string {
	if are, ok := puzzle.SwappedClues(rows.lines, cols.lines, goal); ok {
		return fmt.Sprintf("the rows' clues %s the image's columns', and the columns' its rows': if the types of the <clues> at lines %d and %d are swapped, swap them back", are, rows.line, cols.line)
	}
	goalRows, goalCols := puzzle.CluesOf(goal)
	var wrong []string
	for _, c := range []struct {
		set  clueSet
		want []puzzle.Line
		what string
	}{{cols, goalCols, "columns"}, {rows, goalRows, "rows"}} {
		if len(c.set.lines) == len(c.want) {
			continue
		}
		s := fmt.Sprintf("<clues type=%q> at line %d has %s for the image's %d %s",
			c.what, c.set.line, puzzle.Plural(len(c.set.lines), "<line>"), len(c.want), c.what)
		diff := len(c.set.lines) - len(c.want)
		for i, l := range c.set.lines {
			if i >= len(c.want) || !l.Fits(c.want[i]) { // a blot fits any length
				s += fmt.Sprintf(", and the first that differs from the image is at line %d", c.set.at[i])
				// A <line> added or lost there (or a copy of the one before it).
				switch {
				case diff == 1:
					s += ", likely the one too many: remove it"
				case diff == -1:
					s += ": add the <line> missing before it"
				case diff > 1:
					s += fmt.Sprintf(": remove the %d <line>s too many, from there on", diff)
				default:
					s += fmt.Sprintf(": add the %d <line>s missing, from there on", -diff)
				}
				break
			}
			if i == len(c.set.lines)-1 && diff < 0 {
				missing := "the <line>"
				if diff < -1 {
					missing = fmt.Sprintf("the %d <line>s", -diff)
				}
				s += fmt.Sprintf(", all as the image gives them: add %s missing after line %d", missing, c.set.at[i])
			}
		}
		wrong = append(wrong, s)
	}
	return strings.Join(wrong, "; ")
}

// unevenRow returns the error of the first row of an image (its rows read
// after lines[i] newlines) whose length is not that of most rows, or nil
// when all are as long.
func unevenRow(rows [][]uint8, lines []int) error {
	count := map[int]int{}
	most := len(rows[0])
	for _, r := range rows {
		if count[len(r)]++; count[len(r)] > count[most] {
			most = len(r)
		}
	}
	for i, r := range rows {
		if len(r) == most {
			continue
		}
		others := "the other rows have"
		if count[most] < len(rows)-1 {
			others = "most rows have"
		}
		fix := "add the missing cell"
		switch d := len(r) - most; {
		case d < -1:
			fix = fmt.Sprintf("add the %d missing cells", -d)
		case d == 1:
			fix = "remove the cell too many"
		case d > 1:
			fix = fmt.Sprintf("remove the %d cells too many", d)
		}
		return &imageError{lines: lines[i], err: fmt.Errorf("row %d has %d cells but %s %d", i+1, len(r), others, most),
			hint: fix}
	}
	return nil
}

// imageError is an error of a goal image at a line of its text (lines
// newlines after the <image> tag's line), with a hint.
type imageError struct {
	lines int
	err   error
	hint  string
}

func (e *imageError) Error() string { return e.err.Error() }
func (e *imageError) Unwrap() error { return e.err }

// inFailedPuzzle reports whether line is in a <puzzle> that could not be
// read: the last one started at or before it is one of failed (ps are the
// puzzles read).
func inFailedPuzzle(line int, ps []*puzzle.Puzzle, failed []int) bool {
	last, lastFailed := 0, false
	for _, f := range failed {
		if f <= line && f > last {
			last, lastFailed = f, true
		}
	}
	for _, p := range ps {
		if p.Origin.Line <= line && p.Origin.Line > last {
			last, lastFailed = p.Origin.Line, false
		}
	}
	return lastFailed
}
