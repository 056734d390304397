package formats

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// This file reads Mirek Olšák's .g format, as written by his solver, Nonny
// and number-loom:
//
//	#t                       (a triddler; optional)
//	#d                       (the palette follows)
//	   0:   #FFFFFF   white  (input char ':' output char, colour, comment)
//	   a:a  #000000   black
//	: rows                   (each ':' line starts a group of clue lines)
//	1a 2a
//	: columns
//	...
//
// Lines before the first '#' or ':' line are comments. A grid has two groups
// (rows, columns), a triddler six (topleft, bottomleft, bottom, bottomright,
// topright, top); groups beyond those are comments. Inside a group every
// line is a clue line, a blank one being an empty line. A number without a
// colour character has the colour declared with input char '1' (black by
// default: beside a declared black, a colour apart named "black (no
// letter)", with a warning); input char '0' is the background.

// olsakNamedColors are the colour names the format allows instead of #rrggbb.
var olsakNamedColors = map[string]puzzle.RGB{
	"white":  {R: 255, G: 255, B: 255},
	"black":  {},
	"red":    {R: 255},
	"green":  {G: 255},
	"blue":   {B: 255},
	"pink":   {R: 255, G: 128, B: 128},
	"yellow": {R: 255, G: 255},
}

// olsakTriddlerGroups maps the six groups of a triddler file to the sides of
// webpbn's XML, with whether Olšák lists that side's lines in the opposite
// order and writes each line's blocks in the opposite order. This follows
// number-loom's reading of the format (checked there against solved files).
var olsakTriddlerGroups = []struct {
	side                string
	linesRev, blocksRev bool
}{
	{"topleft", false, false},
	{"bottomleft", false, false},
	{"bottom", false, true},
	{"bottomright", false, true},
	{"topright", true, false},
	{"top", true, false},
}

func readOlsak(file string, data []byte) ([]*puzzle.Puzzle, []error) {
	p, err := parseOlsak(file, string(data))
	if err != nil {
		return nil, []error{err}
	}
	return []*puzzle.Puzzle{p}, nil
}

// olsakToken is one block of a clue line before colours are resolved.
type olsakToken struct {
	len  int
	char rune // input char; '1' for a bare number
}

func parseOlsak(file string, text string) (*puzzle.Puzzle, error) {
	const (
		preamble = iota
		palette
		groups
	)
	stage := preamble
	triddler := false
	type olsakColor struct {
		in, out rune
		rgb     puzzle.RGB
		name    string
	}
	var colors []olsakColor
	var groupLines [][][]olsakToken
	var groupStarts []int
	var groupNos [][]int // the file line of each clue line, by group
	firstLine := 0
	earlyPalette := 0 // a line before "#d" that reads as a palette line
	paletteAt := 0    // the "#d" line
	ignoredFrom := 0  // the first group beyond the puzzle's that holds clue lines
	for sc := newLineScanner(text, 1); ; {
		l, ok := sc.next()
		if !ok {
			break
		}
		n, text := l.n, l.text
		t := strings.TrimSpace(text)
		switch {
		case stage != groups && strings.HasPrefix(t, "#"):
			if firstLine == 0 {
				firstLine = n
			}
			switch d := strings.ToLower(strings.TrimPrefix(t, "#")); {
			case strings.HasPrefix(d, "t"):
				triddler = true
			case strings.HasPrefix(d, "d"):
				stage, earlyPalette, paletteAt = palette, 0, n
			default:
				e := errAt(file, n, "unknown directive %q", t)
				e.Hint = "write #d before the palette, or #t to start a triddler"
				return nil, e
			}
		case strings.HasPrefix(text, ":"):
			if firstLine == 0 {
				firstLine = n
			}
			stage = groups
			groupLines = append(groupLines, nil)
			groupStarts = append(groupStarts, n)
			groupNos = append(groupNos, nil)
		case stage == preamble:
			if _, _, _, ok := splitOlsakColor(t); ok && earlyPalette == 0 {
				earlyPalette = n
			}
		case stage == palette:
			if t == "" {
				continue
			}
			in, out, spec, ok := splitOlsakColor(t)
			if !ok {
				e := errAt(file, n, "palette line %q: want \"c:c #rrggbb name\"", t)
				e.Hint = "write it as in \"a:X #000000 black\": the input character, ':', the output character, the colour, a name"
				if t[0] >= '0' && t[0] <= '9' {
					e.Hint = fmt.Sprintf("this looks like a clue line: if the ':' line that starts its group is missing, add it before line %d", n)
				}
				if w := strings.ToLower(strings.TrimSpace(t)); w == "rows" || w == "columns" {
					e.Hint = fmt.Sprintf("did you mean \": %s\"? A group of clues starts with a line ':'", strings.TrimSpace(t))
				}
				return nil, e
			}
			if strings.ContainsAny(spec, `/\`) {
				return nil, errAt(file, n, "colour %q: triangle cells are %w", spec, ErrUnsupported)
			}
			rgb, err := puzzle.ParseRGB(spec)
			if err != nil {
				named, ok := olsakNamedColors[strings.ToLower(spec)]
				if !ok {
					e := errAt(file, n, "colour %q: want #rrggbb or one of white, black, red, green, blue, pink, yellow", spec)
					e.Hint = hexHint(spec, "#d62828")
					return nil, e
				}
				rgb = named
			}
			if len(colors) >= maxColors {
				return nil, errAt(file, n, "too many colours (at most %d)", maxColors-1)
			}
			name := ""
			if f := strings.Fields(t); len(f) >= 3 {
				name = f[2]
			}
			colors = append(colors, olsakColor{in: in, out: out, rgb: rgb, name: name})
		default: // a clue line
			g := len(groupLines) - 1
			if (triddler && g >= 6) || (!triddler && g >= 2) {
				if t != "" && ignoredFrom == 0 {
					ignoredFrom = groupStarts[g]
				}
				groupNos[g] = append(groupNos[g], n) // counted, for a lost "#t"
				continue                             // groups beyond the puzzle's are comments
			}
			if len(groupLines[g]) >= puzzle.MaxSide {
				return nil, errAt(file, n, "more than %d lines in one group: %w", puzzle.MaxSide, puzzle.ErrTooLarge)
			}
			toks, err := parseOlsakLine(file, n, t)
			if err != nil {
				return nil, err
			}
			groupLines[g] = append(groupLines[g], toks)
			groupNos[g] = append(groupNos[g], n)
		}
	}
	want := 2
	if triddler {
		want = 6
	}
	if len(groupLines) < want {
		e := olsakFewGroups(file, triddler, groupStarts)
		if len(groupLines) == 1 && !triddler {
			if k, ok := olsakSplit(groupLines[0]); ok {
				e.Hint = fmt.Sprintf("the rows seem to end before line %d, where the columns' clues start: add a line \": columns\" before it", groupNos[0][k])
			}
		}
		if len(groupLines) == 5 && triddler {
			if g, k, ok := olsakTriddlerSplit(groupLines); ok {
				e.Hint = fmt.Sprintf("the group of line %d seems to hold two groups' lines, the second from line %d: add a ':' line before it, \": %s\" if the groups are in order",
					groupStarts[g], groupNos[g][k], olsakTriddlerGroups[g+1].side)
			}
		}
		return nil, e
	}
	if !triddler && len(groupLines) == 6 && !olsakGridFits(groupLines[0], groupLines[1]) && olsakTriddlerOutline(groupCounts(groupNos)) {
		e := errAt(file, firstLine, "6 groups of clues, as a triddler has, and the first two do not fit each other as a grid's rows and columns")
		e.Hint = "for a triddler, start the file with a line \"#t\""
		return nil, e
	}
	var warnings []puzzle.Diagnostic // the groups beyond the puzzle's
	switch {
	case ignoredFrom != 0 && !triddler:
		w := puzzle.Diagnostic{Line: ignoredFrom, Message: fmt.Sprintf("%s after the second ignored: a grid has two, rows and columns",
			puzzle.Plural(len(groupLines)-want, "group")+" of clues")}
		if len(groupLines) == 6 {
			w.Hint = "for a triddler, which has six, start the file with a line \"#t\""
		}
		warnings = append(warnings, w)
	case ignoredFrom != 0:
		warnings = append(warnings, puzzle.Diagnostic{Line: ignoredFrom, Message: fmt.Sprintf("%s after the sixth ignored: a triddler has six",
			puzzle.Plural(len(groupLines)-want, "group")+" of clues")})
	}
	groupLines = groupLines[:want]

	// The palette: background ('0'), then the declared colours in order, then
	// black for bare numbers when '1' is not declared.
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Warnings: warnings}
	p.Origin.Line = firstLine
	// failed returns err, which stops the reading, with the warnings of
	// the blocks read before it; those of the groups ignored, which an
	// error about the groups explains better, are left out.
	failed := func(err error) error { return withWarnings(file, err, p.Warnings[len(warnings):]) }
	def := puzzle.DefaultPalette()
	pal := []puzzle.Color{def[0]}
	index := map[rune]int{}
	for _, c := range colors {
		if c.in == '0' {
			pal[0] = puzzle.Color{Char: c.out, Name: c.name, RGB: c.rgb}
			index['0'] = 0
			continue
		}
		if _, dup := index[c.in]; dup {
			continue
		}
		index[c.in] = len(pal)
		pal = append(pal, puzzle.Color{Char: c.out, Name: c.name, RGB: c.rgb})
	}
	resolve := func(tok olsakToken, line int) (int, error) {
		if i, ok := index[tok.char]; ok && i != 0 {
			return i, nil
		}
		if tok.char == '1' {
			index['1'] = len(pal)
			c, w, clash := olsakBareColor(def[1], pal, tok, line, paletteAt)
			if clash {
				p.Warnings = append(p.Warnings, w)
			}
			pal = append(pal, c)
			return len(pal) - 1, nil
		}
		e := errAt(file, line, "colour %q is not in the palette", tok.char)
		switch {
		case paletteAt != 0:
			e.Hint = fmt.Sprintf("declare it in the palette that starts at line %d, as in \"   %c:%c  #000000   black\"", paletteAt, tok.char, tok.char)
		case earlyPalette == 0:
			e.Hint = fmt.Sprintf("declare it in a palette: a line \"#d\", then lines such as \"   %c:%c  #000000   black\"", tok.char, tok.char)
		}
		if earlyPalette != 0 {
			e.Hint = fmt.Sprintf("line %d looks like a palette line, but the palette starts after a line \"#d\": add one before line %d", earlyPalette, earlyPalette)
		}
		if other := otherCase(tok.char); other != tok.char && index[other] != 0 {
			e.Hint = fmt.Sprintf("did you mean \"%d%c\"? The palette declares '%c', and a colour letter's case matters; or %s", tok.len, other, other, e.Hint)
		}
		return 0, e
	}
	out := make([][]puzzle.Line, want)
	for g, group := range groupLines {
		out[g] = make([]puzzle.Line, len(group))
		for i, toks := range group {
			var l puzzle.Line
			for _, tok := range toks {
				idx, err := resolve(tok, groupNos[g][i])
				if err != nil {
					return nil, failed(err)
				}
				l = append(l, puzzle.Clue{Len: tok.len, Color: idx})
			}
			out[g][i] = l
		}
	}
	if err := checkPaletteSize(pal); err != nil {
		return nil, failed(errAt(file, 0, "%w", err))
	}
	p.Palette = pal
	if !triddler {
		p.Rows, p.Cols = out[0], out[1]
		p.Width, p.Height = len(p.Cols), len(p.Rows)
		p.Origin.SizeFromClues = true
		p.Origin.Places = &puzzle.Places{Rows: groupNos[0], Cols: groupNos[1], RowsHeader: groupStarts[0], ColsHeader: groupStarts[1]}
		for g, name := range []string{"rows", "columns"} {
			if len(out[g]) == 0 {
				return nil, failed(olsakEmptyGroup(file, name, g, groupStarts))
			}
		}
		return p, nil
	}
	p.Kind = puzzle.Triddler
	for g := range olsakTriddlerGroups {
		if len(out[g]) == 0 && g+1 < len(groupStarts) {
			// A side may be empty, but a ':' line doubled is likelier.
			e := olsakEmptyGroup(file, olsakTriddlerGroups[g].side, g, groupStarts)
			p.Warnings = append(p.Warnings, puzzle.Diagnostic{Line: e.Line, Message: e.Err.Error(), Hint: e.Hint})
		}
	}
	p.TriddlerClues = map[string][]puzzle.Line{}
	p.Origin.Places = &puzzle.Places{Triddler: map[string][]int{}, TriddlerHeaders: map[string]int{}}
	for g, grp := range olsakTriddlerGroups {
		if g < len(groupStarts) {
			p.Origin.Places.TriddlerHeaders[grp.side] = groupStarts[g]
		}
		lines, nos := out[g], groupNos[g]
		if grp.linesRev {
			lines, nos = reversed(lines), reversed(nos)
		}
		p.Origin.Places.Triddler[grp.side] = nos
		if grp.blocksRev {
			for i, l := range lines {
				lines[i] = reversed(l)
			}
		}
		p.TriddlerClues[grp.side] = lines
	}
	return p, nil
}

// olsakBareColor returns the colour of bare numbers, black, when the palette
// pal does not declare colour '1'. When a declared colour is black too (the
// usual palette of a black-and-white .g file, whose blocks carry a letter), a
// bare number is likelier a letter forgotten than a colour apart: the colour
// is named "black (no letter)", so that no message or legend shows two
// colours both called black, takes a character of its own, and clash is set,
// with the warning to give at tok's line.
func olsakBareColor(black puzzle.Color, pal []puzzle.Color, tok olsakToken, line, paletteAt int) (c puzzle.Color, w puzzle.Diagnostic, clash bool) {
	c = black
	twin := slices.IndexFunc(pal[1:], func(d puzzle.Color) bool { return d.RGB == c.RGB || d.DisplayName() == c.Name })
	if twin < 0 {
		return c, w, false
	}
	twin++
	c.Name = "black (no letter)"
	for _, r := range "X#*" + "abcdefghijklmnopqrstuvwxyz" {
		if !slices.ContainsFunc(pal, func(d puzzle.Color) bool { return d.Char == r }) {
			c.Char = r
			break
		}
	}
	w = puzzle.Diagnostic{Line: line, Message: fmt.Sprintf(
		"block %d has no colour letter, and the palette declares no colour '1': nonopress makes it a colour apart, %q, besides %s",
		tok.len, c.Name, pal[twin].DisplayName())}
	w.Hint = "write the letter of the colour meant after the number"
	if paletteAt != 0 {
		w.Hint += fmt.Sprintf(", or declare colour '1' in the palette at line %d", paletteAt)
	}
	return c, w, true
}

func reversed[T any](s []T) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

// splitOlsakColor splits a palette line "a:b  #rrggbb  comment".
func splitOlsakColor(t string) (in, out rune, spec string, ok bool) {
	r := []rune(t)
	if len(r) < 4 || r[1] != ':' {
		return 0, 0, "", false
	}
	f := strings.Fields(string(r[3:]))
	if len(f) == 0 {
		return 0, 0, "", false
	}
	out = r[2]
	if out == ' ' || out == '\t' {
		out = r[0]
	}
	return r[0], out, f[0], true
}

// olsakBlock is one block of a clue line, a number and its colour
// character; olsakRunTogether is blocks written without the spaces between
// them ("2a1b").
var (
	olsakBlock       = regexp.MustCompile(`\d+[^\d\s,;]`)
	olsakRunTogether = regexp.MustCompile(`^(?:\d+[^\d\s,;]){2,}$`)
)

// parseOlsakLine reads the blocks of a clue line: "3a 1b 2" (a bare number
// has colour '1').
func parseOlsakLine(file string, n int, t string) ([]olsakToken, error) {
	var toks []olsakToken
	for _, f := range strings.Fields(t) {
		i := 0
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
		if i == 0 {
			e := errAt(file, n, "%q is not a block: want a number, then a colour character", f)
			if g, ok := guessNumber(f); ok && isClueNumber(g) {
				e.Hint = fmt.Sprintf("did you mean %q?", g)
			}
			return nil, e
		}
		if i > 6 {
			return nil, errAt(file, n, "block length %s: %w (at most %d)", f[:i], puzzle.ErrTooLarge, puzzle.MaxSide)
		}
		v, _ := strconv.Atoi(f[:i])
		if v > puzzle.MaxSide {
			return nil, errAt(file, n, "block length %d: %w (at most %d)", v, puzzle.ErrTooLarge, puzzle.MaxSide)
		}
		ch := '1'
		if rest := []rune(f[i:]); len(rest) == 1 {
			ch = rest[0]
		} else if len(rest) > 1 {
			e := errAt(file, n, "%q: one colour character expected after the number", f)
			if strings.ContainsAny(f, ",;") {
				e.Hint = fmt.Sprintf("separate the blocks with spaces: %q", spacedOut(t, ",;"))
			} else if olsakRunTogether.MatchString(f) {
				e.Hint = fmt.Sprintf("did you mean %q? Blocks are separated by spaces", strings.TrimSpace(olsakBlock.ReplaceAllString(f, "$0 ")))
			}
			return nil, e
		}
		if v == 0 {
			continue
		}
		if len(toks) >= puzzle.MaxSide {
			return nil, errAt(file, n, "more than %d blocks in one clue", puzzle.MaxSide)
		}
		toks = append(toks, olsakToken{len: v, char: ch})
	}
	return toks, nil
}

// olsakFewGroups is the error of a .g file with fewer groups of clues than
// its kind needs; starts holds the line of each group's ':' line.
func olsakFewGroups(file string, triddler bool, starts []int) *ParseError {
	kind, want, names := "grid", 2, "rows, then columns"
	if triddler {
		kind, want, names = "triddler", 6, "topleft, bottomleft, bottom, bottomright, topright, top"
	}
	if len(starts) == 0 {
		e := errAt(file, 0, "no clues: no line starts with ':'")
		e.Hint = fmt.Sprintf("a %s has %d groups of clue lines (%s), each after a line starting with ':', as in \": rows\"", kind, want, names)
		return e
	}
	e := errAt(file, starts[len(starts)-1], "only %s of clues, but a %s has %d: %s", puzzle.Plural(len(starts), "group"), kind, want, names)
	e.Hint = "start each group with a line starting with ':', as in \": columns\""
	return e
}

// olsakSplit returns where a grid's one group of clue lines, rows and
// columns run together, splits into rows and columns that fit each other
// (olsakGridFits). ok is false unless exactly one split does.
func olsakSplit(lines [][]olsakToken) (k int, ok bool) {
	found := 0
	for split := 1; split < len(lines); split++ {
		if olsakGridFits(lines[:split], lines[split:]) {
			k, found = split, found+1
		}
	}
	return k, found == 1
}

// olsakGridFits reports whether rows and cols fit each other: every colour
// filling as many cells in both, every row's blocks fitting in as many cells
// as there are columns and every column's in as many as there are rows.
func olsakGridFits(rows, cols [][]olsakToken) bool {
	need := func(l []olsakToken) int {
		n := 0
		for i, t := range l {
			n += t.len
			if i > 0 && l[i-1].char == t.char {
				n++
			}
		}
		return n
	}
	sums := func(ls [][]olsakToken) map[rune]int {
		m := map[rune]int{}
		for _, l := range ls {
			for _, t := range l {
				if t.len > 0 {
					m[t.char] += t.len
				}
			}
		}
		return m
	}
	fits := func(ls [][]olsakToken, length int) bool {
		for _, l := range ls {
			if need(l) > length {
				return false
			}
		}
		return true
	}
	return maps.Equal(sums(rows), sums(cols)) && fits(rows, len(cols)) && fits(cols, len(rows))
}

// olsakTriddlerOutline reports whether a triddler whose six groups hold
// counts lines each, in the file's order, has an outline.
func olsakTriddlerOutline(counts []int) bool {
	if slices.Max(counts) > puzzle.MaxSide {
		return false // a group beyond the puzzle's may be a long comment
	}
	lines := map[string]int{}
	for g, grp := range olsakTriddlerGroups {
		lines[grp.side] = counts[g]
	}
	return puzzle.HasTriddlerOutline(lines)
}

// maxTriddlerSplitLines bounds the clue lines of a triddler whose lost ':'
// line olsakTriddlerSplit looks for: one outline tried per line.
const maxTriddlerSplitLines = 240

func sumInts(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// groupCounts returns the number of lines of each group.
func groupCounts[T any](groups [][]T) []int {
	counts := make([]int, len(groups))
	for i, l := range groups {
		counts[i] = len(l)
	}
	return counts
}

// olsakTriddlerSplit looks at a triddler's five groups of clue lines (one
// ':' line lost, its lines run into the group before): it returns the group
// g whose lines split in two at its k-th line to give six groups of an
// outline. ok is false unless exactly one split does.
func olsakTriddlerSplit(lines [][][]olsakToken) (g, k int, ok bool) {
	counts := groupCounts(lines)
	if total := sumInts(counts); total > maxTriddlerSplitLines {
		return 0, 0, false // an outline tried for each split would take long
	}
	found := 0
	for i, n := range counts {
		for split := 1; split < n; split++ {
			six := slices.Concat(counts[:i], []int{split, n - split}, counts[i+1:])
			if olsakTriddlerOutline(six) {
				g, k, found = i, split, found+1
			}
		}
	}
	return g, k, found == 1
}

// olsakEmptyGroup is the error of a grid's group of clues (g: 0 rows, 1
// columns) that holds no clue line.
func olsakEmptyGroup(file, name string, g int, starts []int) *ParseError {
	e := errAt(file, starts[g], "no %s: the group of this line holds no clue line", name)
	if g+1 < len(starts) {
		e.Hint = fmt.Sprintf("the next group starts at line %d: if this ':' line is one too many, remove it", starts[g+1])
	} else {
		e.Hint = fmt.Sprintf("write the %s clues after it, one a line", strings.TrimSuffix(name, "s"))
	}
	return e
}
