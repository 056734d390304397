package formats

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"html"
	"image/color"
	"image/gif"
	"image/png"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/internal/pixeltest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/validate"
)

// This file measures how well the readers' messages read: single-typo
// mutants of valid files in every format (the spec examples, copies of demo
// files in testdata/seeds, files the writers make, pictures), each
// classified by what Read makes of it and what check then says (validate
// runs on what reads, the solver's budget far beyond what these small
// puzzles need). A message reads well when it names the file and the line
// the mutation is on (or the one the mistake really is on, such as the head
// of a clue block left a line short) and says what to do: an edit the
// author can make, as saysWhatToDo tells ("write", "add", "remove" opening
// a clause, "did you mean"; a hint that only explains is not enough). The
// share of mutants whose message reads well must not fall below
// mutantFloor (a ratchet: raise it as the readers improve), and
// testdata/mutants.txt (-update rewrites it) lists the figure and every
// poor mutant's message for a reviewer to read.
//
//	go test ./formats -run TestMutants -v        # prints the figure

// mutantFloor is the least share of mutants whose message reads well.
const mutantFloor = 0.999

// mutant is one mutated file.
type mutant struct {
	file string // the seed's name, which Read is given
	op   string // the kind of mutation
	line int    // the line mutated (0 in a picture, which has none)
	// lines are the lines a message may name: the mutated one and the ones
	// the mistake is also on. Empty for a picture, whose messages have none.
	lines []int
	// mayRead says the mutant may be another valid puzzle (an extra number,
	// blocks swapped), so reading it without a word is no fault.
	mayRead bool
	before  string // the line before the mutation, for the summary
	after   string // the line after it
	data    []byte
}

// Verdicts of a mutant, in the order the summary lists them.
const (
	vGood      = "good: names the line and says what to do"
	vWarned    = "good: read, with a warning at the line"
	vSame      = "good: read as the same puzzle"
	vOther     = "neutral: read as another valid puzzle"
	vSilent    = "poor: read as another puzzle without a word"
	vNoFix     = "poor: names the line but not what to do"
	vWrongLine = "poor: names a wrong line"
	vNoLine    = "poor: names no line"
	vWrongFile = "poor: names another file"
	vPanic     = "panic"
)

var verdictOrder = []string{vGood, vWarned, vSame, vOther, vSilent, vNoFix, vWrongLine, vNoLine, vWrongFile, vPanic}

// A diagnostic says what to do when its message or hint holds an action a
// stranger can carry out on the file, in one of two forms:
//
//   - a clause that starts with an imperative verb of editing ("write the
//     clues as numbers", "add a line \"rows\"", "remove it", "set width 5
//     at line 4", "if one is a copy, remove it"); a clause starts the text
//     or follows "(", or ":", ";", ",", ".", "?" and a space, an "or",
//     "and" or "then" allowed before the verb. "look at", "check" and
//     "compare" count only when the clause names a line: they say where;
//   - "did you mean X?", which offers the text to write.
//
// Words that only describe a mistake do not count, however they are put:
// "one colour character expected", "want #rrggbb", "must be a number", or
// a question such as "is a line missing?" that leaves the author to work
// out the edit.
var (
	actionVerb = regexp.MustCompile(`(?i)(?:^|\(|[:;,.?]\s)\s*(?:(?:or|and|then)\s+)?` +
		`(?:write|add|remove|delete|set|use|give|put|change|move|split|join|replace|shorten|start|separate|declare|define|restore|save|fix|close|swap|rename|spell)\b`)
	actionWhere = regexp.MustCompile(`(?i)(?:^|\(|[:;,.?]\s)\s*(?:(?:or|and|then)\s+)?(?:look at|check|compare)\b[^:;?]*\blines? \d`)
	didYouMean  = regexp.MustCompile(`(?i)\bdid you mean \S[^?]*\?`)
)

// saysWhatToDo reports whether text holds an action (see above).
func saysWhatToDo(text string) bool {
	return actionVerb.MatchString(text) || actionWhere.MatchString(text) || didYouMean.MatchString(text)
}

// mutantSeed is a valid file the mutants are made from.
type mutantSeed struct {
	name string
	data []byte
}

// mutantSeeds gathers the seed files: the examples of the format specs in
// ../shared/specs (read where they are), files of testdata (demo files
// copied, so that editing the demo leaves the figure alone), and files the
// writers make of them (.nin, .g, pictures).
func mutantSeeds(t *testing.T) []mutantSeed {
	t.Helper()
	specs := corpustest.Specs(t)
	read := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	nonSpec := read(filepath.Join(specs, "non-format.md"))
	_, example, _ := strings.Cut(nonSpec, "## Example\n")
	example, _, _ = strings.Cut(example, "\n## ")
	simpson := read(filepath.Join(specs, "simpson-format.txt"))
	_, simpsonExample, _ := strings.Cut(simpson, "should produce a file like:\n")
	simpsonExample, _, _ = strings.Cut(simpsonExample, "Make sure")
	pbn := read(filepath.Join(specs, "pbn-xml-0.1.html"))
	_, pbnExample, _ := strings.Cut(pbn, "<pre>\n")
	pbnExample, _, _ = strings.Cut(pbnExample, "</pre>")
	seeds := []mutantSeed{
		{"spec-example.non", []byte(dedent(example))},
		{"simpson.non", []byte(strings.TrimSpace(simpsonExample) + "\n")},
		{"colour.non", []byte(read("testdata/colour.non"))},
		{"house.non", []byte(read("testdata/seeds/house.non"))},
		{"minis.nonpack", []byte(read("testdata/seeds/minis.nonpack"))},
		{"spec-example.xml", []byte(html.UnescapeString(pbnExample))},
		{"inkpot.xml", []byte(read("testdata/seeds/inkpot.xml"))},
		{"snowflake.xml", []byte(read("testdata/seeds/snowflake.xml"))},
	}
	first := func(s mutantSeed) *puzzle.Puzzle {
		ps, err := Read(s.name, s.data)
		if err != nil || len(ps) == 0 {
			t.Fatalf("seed %s does not read: %v", s.name, err)
		}
		return ps[0]
	}
	spec, colour, snowflake := first(seeds[0]), first(seeds[2]), first(seeds[7])
	seeds = append(seeds,
		mutantSeed{"spec-example.nin", ninText(spec)},
		mutantSeed{"spec-example.g", olsakBytes(t, spec)},
		mutantSeed{"colour.g", olsakBytes(t, colour)},
		mutantSeed{"snowflake.g", olsakBytes(t, snowflake)},
	)
	pic := pictureBytes(t, spec)
	seeds = append(seeds, mutantSeed{"spec-example.png", pic}, mutantSeed{"spec-example.gif", gifBytes(t, pic)})
	for _, s := range seeds {
		first(s)
	}
	return seeds
}

// dedent removes the four spaces of a Markdown code block and the text around it.
func dedent(block string) string {
	var b strings.Builder
	for _, l := range strings.Split(block, "\n") {
		if rest, ok := strings.CutPrefix(l, "    "); ok {
			b.WriteString(rest + "\n")
		} else if strings.TrimSpace(l) == "" {
			b.WriteString("\n")
		}
	}
	return strings.TrimSpace(b.String()) + "\n"
}

// ninText writes a grid as .nin: "width height", then rows and columns.
func ninText(p *puzzle.Puzzle) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d\n", p.Width, p.Height)
	for _, l := range append(slices.Clone(p.Rows), p.Cols...) {
		parts := make([]string, len(l))
		for i, c := range l {
			parts[i] = fmt.Sprint(c.Len)
		}
		if len(parts) == 0 {
			parts = []string{"0"}
		}
		b.WriteString(strings.Join(parts, " ") + "\n")
	}
	return []byte(b.String())
}

func olsakBytes(t *testing.T, p *puzzle.Puzzle) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteOlsak(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pictureBytes draws p's goal as a PNG.
func pictureBytes(t *testing.T, p *puzzle.Puzzle) []byte {
	t.Helper()
	colors := map[rune]color.NRGBA{}
	for _, c := range p.Palette {
		colors[c.Char] = color.NRGBA{c.RGB.R, c.RGB.G, c.RGB.B, 255}
	}
	var rows []string
	for y := range p.Goal.Height {
		var b strings.Builder
		for x := range p.Goal.Width {
			b.WriteRune(p.Palette[p.Goal.At(x, y)].Char)
		}
		rows = append(rows, b.String())
	}
	return pixeltest.PNG(t, colors, rows...)
}

func gifBytes(t *testing.T, pngData []byte) []byte {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := gif.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// mutants makes the mutants of one seed.
func mutants(s mutantSeed) []mutant {
	if IsImage(s.name) {
		return pictureMutants(s)
	}
	format, _ := formatOf(s.name)
	lines := strings.Split(string(s.data), "\n")
	var out []mutant
	add := func(op string, i int, newLines []string, accept []int, mayRead bool) {
		before := lines[i-1]
		after := ""
		if i-1 < len(newLines) {
			after = newLines[i-1]
		}
		out = append(out, mutant{file: s.name, op: op, line: i, lines: accept, mayRead: mayRead,
			before: before, after: after, data: []byte(strings.Join(newLines, "\n"))})
	}
	replaced := func(i int, text string) []string {
		c := slices.Clone(lines)
		c[i-1] = text
		return c
	}
	for i := 1; i <= len(lines); i++ {
		l := lines[i-1]
		if strings.TrimSpace(l) == "" {
			continue
		}
		head := blockHead(format, lines, i)
		// A letter typed for a digit: O for 0, l for 1.
		if j := strings.IndexAny(l, "01"); j >= 0 {
			r := map[byte]string{'0': "O", '1': "l"}[l[j]]
			add("letter for digit", i, replaced(i, l[:j]+r+l[j+1:]), []int{i}, false)
		}
		// A line deleted: the mistake is where it was, or at its block's
		// head; a size left out is missed where a block needs it.
		del := slices.Delete(slices.Clone(lines), i-1, i)
		out = append(out, mutant{file: s.name, op: "line deleted", line: i, lines: append(uniq(i-1, i, head), sizeUsers(format, lines, i)...),
			before: l, after: "(deleted)", data: []byte(strings.Join(del, "\n"))})
		// A line doubled.
		dup := slices.Insert(slices.Clone(lines), i, l)
		out = append(out, mutant{file: s.name, op: "line doubled", line: i, lines: uniq(i, i+1, head),
			before: l, after: l + " (twice)", data: []byte(strings.Join(dup, "\n"))})
		// A key, element or attribute misspelt.
		if m, ok := misspeltWord(format, l); ok {
			add("misspelt word", i, replaced(i, m), []int{i}, false)
		}
		// A separator dropped.
		if m, ok := droppedSeparator(format, l); ok {
			add("separator dropped", i, replaced(i, m), []int{i}, false)
		}
		// An extra number on a clue line.
		if m, ok := extraNumber(format, lines, i); ok {
			add("extra number", i, replaced(i, m), []int{i}, true)
		}
	}
	// The file cut short in the middle of a line, every third line.
	for i := 2; i <= len(lines); i += 3 {
		l := lines[i-1]
		cut := append(slices.Clone(lines[:i-1]), l[:len(l)/2])
		out = append(out, mutant{file: s.name, op: "cut short", line: i, lines: uniq(i, i-1, blockHead(format, lines, i)),
			before: l, after: l[:len(l)/2] + " (end of file)", data: []byte(strings.Join(cut, "\n"))})
	}
	out = append(out, swappedBlocks(s.name, format, lines)...)
	return out
}

// uniq returns the positive lines given, without repeats, in order.
func uniq(lines ...int) []int {
	var out []int
	for _, l := range lines {
		if l > 0 && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

var (
	nonClueLine   = regexp.MustCompile(`^\s*\d+[a-zA-Z]?(\s*,\s*\d+[a-zA-Z]?)*\s*$`)
	olsakHead     = regexp.MustCompile(`^\s*(:|#)`)
	xmlName       = regexp.MustCompile(`</?([a-zA-Z]{3,})`)
	xmlAttr       = regexp.MustCompile(`\s([a-zA-Z]{3,})=`)
	nonKey        = regexp.MustCompile(`^\s*([a-zA-Z]{3,})`)
	digitsSpaced  = regexp.MustCompile(`(\d[a-zA-Z]?) (\d)`)
	xmlClosingTag = regexp.MustCompile(`</[a-zA-Z]+>`)
)

// blockHead returns the line of the head of the block line i is in: a .non
// "rows" or "columns", a .g ':' line, an XML <clues>, a .nin size line; 0
// when there is none.
func blockHead(format string, lines []string, i int) int {
	for j := i; j >= 1; j-- {
		l := strings.TrimSpace(lines[j-1])
		switch format {
		case formatNon, formatNonpack:
			if f := strings.Fields(l); len(f) > 0 && (f[0] == "rows" || f[0] == "columns") {
				return j
			}
			if l == "====" {
				return 0
			}
		case formatOlsak:
			if olsakHead.MatchString(l) {
				return j
			}
		case formatXML:
			if strings.HasPrefix(l, "<clues") || strings.HasPrefix(l, "<solution") || strings.HasPrefix(l, "<image") {
				return j
			}
			if strings.HasPrefix(l, "</clues") && j < i {
				return 0
			}
		case formatNin:
			if j == 1 {
				return 1
			}
		}
	}
	return 0
}

// sizeUsers returns, when line i gives a .non puzzle's width or height, the
// heads of that puzzle's clue blocks, which need it, numbered as they are
// once line i is deleted.
func sizeUsers(format string, lines []string, i int) []int {
	if format != formatNon && format != formatNonpack {
		return nil
	}
	if f := strings.Fields(lines[i-1]); len(f) == 0 || f[0] != "width" && f[0] != "height" {
		return nil
	}
	var out []int
	for _, step := range []int{-1, 1} {
		for j := i + step; j >= 1 && j <= len(lines) && strings.TrimSpace(lines[j-1]) != "===="; j += step {
			if f := strings.Fields(lines[j-1]); len(f) > 0 && (f[0] == "rows" || f[0] == "columns") {
				out = append(out, j-max(step, 0)) // the lines after i moved up
			}
		}
	}
	return out
}

// misspeltWord swaps two letters of the line's key, element or attribute name.
func misspeltWord(format string, l string) (string, bool) {
	var loc []int
	switch format {
	case formatXML:
		if m := xmlAttr.FindStringSubmatchIndex(l); m != nil && !strings.HasPrefix(strings.TrimSpace(l), "<?") {
			loc = m[2:4]
		} else if m := xmlName.FindStringSubmatchIndex(l); m != nil {
			loc = m[2:4]
		}
	case formatNon, formatNonpack:
		if m := nonKey.FindStringSubmatchIndex(l); m != nil {
			loc = m[2:4]
		}
	case formatOlsak:
		if strings.HasPrefix(strings.TrimSpace(l), ":") {
			if m := nonKey.FindStringSubmatchIndex(strings.TrimPrefix(strings.TrimSpace(l), ":")); m != nil {
				off := strings.Index(l, ":") + 1
				loc = []int{m[2] + off, m[3] + off}
			}
		}
	}
	if loc == nil {
		return "", false
	}
	w := []byte(l[loc[0]:loc[1]])
	w[1], w[2] = w[2], w[1]
	if w[1] == w[2] {
		return "", false
	}
	return l[:loc[0]] + string(w) + l[loc[1]:], true
}

// droppedSeparator drops the comma or space between two numbers, or in XML
// the slash of a closing tag.
func droppedSeparator(format string, l string) (string, bool) {
	switch format {
	case formatNon, formatNonpack:
		if nonClueLine.MatchString(l) {
			if j := strings.IndexByte(l, ','); j >= 0 {
				return l[:j] + l[j+1:], true
			}
		}
	case formatNin, formatOlsak:
		if m := digitsSpaced.FindStringSubmatchIndex(l); m != nil {
			return l[:m[3]] + l[m[4]:], true
		}
	case formatXML:
		if m := xmlClosingTag.FindStringIndex(l); m != nil {
			return l[:m[0]+1] + l[m[0]+2:], true
		}
	}
	return "", false
}

// extraNumber adds a block of 1 to the end of a clue line.
func extraNumber(format string, lines []string, i int) (string, bool) {
	l := lines[i-1]
	switch format {
	case formatNon, formatNonpack:
		if nonClueLine.MatchString(l) && blockHead(format, lines, i) > 0 {
			return strings.TrimRight(l, " \t\r") + ",1", true
		}
	case formatNin:
		if i > 1 && !strings.HasPrefix(l, "#") {
			return strings.TrimRight(l, " \t\r") + " 1", true
		}
	case formatOlsak:
		if h := blockHead(format, lines, i); h > 0 && h < i && strings.HasPrefix(strings.TrimSpace(lines[h-1]), ":") {
			return strings.TrimRight(l, " \t\r") + " 1", true
		}
	case formatXML:
		if j := strings.LastIndex(l, "</line>"); j >= 0 {
			return l[:j] + "<count>1</count>" + l[j:], true
		}
	}
	return "", false
}

// swappedBlocks exchanges the rows and the columns: the .non headers, the
// XML clue types, the two .g groups, the .nin halves.
func swappedBlocks(file, format string, lines []string) []mutant {
	var out []mutant
	swap := func(a, b int, c []string) {
		out = append(out, mutant{file: file, op: "blocks swapped", line: a, lines: []int{a, b}, mayRead: true,
			before: lines[a-1], after: c[a-1], data: []byte(strings.Join(c, "\n"))})
	}
	find := func(from int, match func(string) bool) int {
		for j := from; j <= len(lines); j++ {
			if match(lines[j-1]) {
				return j
			}
		}
		return 0
	}
	switch format {
	case formatNon, formatNonpack:
		for from := 1; ; {
			r := find(from, func(l string) bool { return strings.TrimSpace(l) == "rows" })
			c := find(from, func(l string) bool { return strings.TrimSpace(l) == "columns" })
			if r == 0 || c == 0 {
				return out
			}
			x := slices.Clone(lines)
			x[r-1], x[c-1] = lines[c-1], lines[r-1]
			swap(min(r, c), max(r, c), x)
			from = max(r, c) + 1
		}
	case formatXML:
		r := find(1, func(l string) bool { return strings.Contains(l, `<clues type="rows"`) })
		c := find(1, func(l string) bool { return strings.Contains(l, `<clues type="columns"`) })
		if r > 0 && c > 0 {
			x := slices.Clone(lines)
			x[r-1] = strings.Replace(lines[r-1], `"rows"`, `"columns"`, 1)
			x[c-1] = strings.Replace(lines[c-1], `"columns"`, `"rows"`, 1)
			swap(min(r, c), max(r, c), x)
		}
	case formatOlsak:
		var heads []int
		for j := 1; j <= len(lines); j++ {
			if strings.HasPrefix(strings.TrimSpace(lines[j-1]), ":") {
				heads = append(heads, j)
			}
		}
		if len(heads) == 2 {
			a, b := heads[0], heads[1]
			end := len(lines)
			if lines[end-1] == "" {
				end--
			}
			x := slices.Concat(lines[:a-1], lines[b-1:end], lines[a-1:b-1], lines[end:])
			swap(a, b, x)
		}
	case formatNin:
		var w, h int
		fmt.Sscan(lines[0], &w, &h)
		if 1+h+w <= len(lines) {
			x := slices.Concat(lines[:1], lines[1+h:1+h+w], lines[1:1+h], lines[1+h+w:])
			swap(2, 2+w, x)
		}
	}
	return out
}

// pictureMutants cuts a picture short and flips bytes of it.
func pictureMutants(s mutantSeed) []mutant {
	var out []mutant
	n := len(s.data)
	for k := 1; k < 8; k++ {
		out = append(out, mutant{file: s.name, op: "cut short", before: fmt.Sprintf("%d bytes", n),
			after: fmt.Sprintf("%d bytes", n*k/8), data: s.data[:n*k/8]})
	}
	rng := rand.New(rand.NewSource(1))
	for range 12 {
		at := rng.Intn(n)
		c := slices.Clone(s.data)
		c[at] ^= 0xff
		out = append(out, mutant{file: s.name, op: "byte flipped", mayRead: true, before: fmt.Sprintf("byte %d", at),
			after: fmt.Sprintf("%#02x", c[at]), data: c})
	}
	return out
}

// judge reads a mutant and checks what it reads as check does (the solver
// given a budget these small puzzles never come near), and returns its
// verdict and the first error (or the warning or warnings it stands on).
func judge(m mutant, want []*puzzle.Puzzle) (verdict, msg string) {
	ps, err := func() (ps []*puzzle.Puzzle, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return Read(m.file, m.data)
	}()
	if err != nil && (strings.Contains(err.Error(), "internal error reading this file") || strings.HasPrefix(err.Error(), "panic: ")) {
		return vPanic, err.Error()
	}
	var errs, warnings diag.List
	if err != nil {
		errs = Diagnostics(m.file, err)
	}
	for _, p := range ps {
		r := validate.Check(context.Background(), p, validate.Options{Timeout: mutantSolveTime})
		errs = append(errs, r.Errors...)
		warnings = append(warnings, r.Warnings...)
	}
	if len(errs) == 0 {
		warned := ""
		for _, w := range warnings {
			if w.File == m.file && namesLine(w, m.lines) {
				if saysFix(w) {
					return vWarned, w.String()
				}
				warned = cmp.Or(warned, w.String())
			}
		}
		if warned != "" {
			return vNoFix, warned
		}
		if samePuzzles(ps, want) {
			return vSame, ""
		}
		if m.mayRead {
			return vOther, ""
		}
		var ws []string
		for _, w := range warnings {
			ws = append(ws, w.String())
		}
		return vSilent, strings.Join(ws, "\n")
	}
	d := errs[0]
	msg = d.String()
	switch {
	case d.File != m.file:
		return vWrongFile, msg
	case len(m.lines) > 0 && d.Line == 0 && !namesLine(d, m.lines):
		return vNoLine, msg
	case len(m.lines) > 0 && !namesLine(d, m.lines):
		return vWrongLine, msg
	case !saysFix(d):
		return vNoFix, msg
	}
	return vGood, msg
}

// saysFix reports whether a diagnostic says what to do: its message or its
// hint holds an action (saysWhatToDo). A hint of its own is not enough.
func saysFix(d diag.Diagnostic) bool { return saysWhatToDo(d.Message) || saysWhatToDo(d.Hint) }

// mutantSolveTime is the solver's budget for a mutant: the seeds are small.
const mutantSolveTime = 10 * time.Second

var lineRef = regexp.MustCompile(`\blines? (\d+)`)

// namesLine reports whether d is at one of lines, or its message or hint
// names one ("line 12").
func namesLine(d diag.Diagnostic, lines []int) bool {
	if slices.Contains(lines, d.Line) {
		return true
	}
	for _, m := range lineRef.FindAllStringSubmatch(d.Message+" "+d.Hint, -1) {
		if n, _ := strconv.Atoi(m[1]); slices.Contains(lines, n) {
			return true
		}
	}
	return false
}

// samePuzzles reports whether got are the puzzles of want: the same clues,
// size and goal (metadata aside; a goal left out is no change of puzzle).
func samePuzzles(got, want []*puzzle.Puzzle) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].ID() != want[i].ID() || got[i].Goal != nil && !slices.Equal(goalRGB(got[i]), goalRGB(want[i])) {
			return false
		}
	}
	return true
}

// TestMutants reads the mutants of every seed: none may panic, and the share
// whose message reads well must reach mutantFloor. -v prints the figure;
// -update rewrites testdata/mutants.txt.
func TestMutants(t *testing.T) {
	seeds := mutantSeeds(t)
	count := map[string]int{}
	byFormat := map[string][2]int{} // good, judged
	var poor strings.Builder
	total, judged, good := 0, 0, 0
	for _, s := range seeds {
		want, _ := Read(s.name, s.data)
		for _, m := range mutants(s) {
			v, msg := judge(m, want)
			total++
			count[v]++
			if v == vPanic {
				t.Errorf("%s: %s at line %d panics: %s", m.file, m.op, m.line, msg)
			}
			if v == vOther {
				continue
			}
			format := filepath.Ext(m.file)
			f := byFormat[format]
			judged++
			f[1]++
			if strings.HasPrefix(v, "good") {
				good++
				f[0]++
			} else {
				fmt.Fprintf(&poor, "%s:%d %s: %q -> %q\n  %s\n", m.file, m.line, m.op, m.before, m.after, v)
				if msg != "" {
					fmt.Fprintf(&poor, "  %s\n", strings.ReplaceAll(msg, "\n", "\n  "))
				}
			}
			byFormat[format] = f
		}
	}
	share := float64(good) / float64(judged)
	var out strings.Builder
	out.WriteString("# The mutants of TestMutants (formats/mutation_test.go): go test ./formats -run TestMutants -update rewrites this file.\n")
	fmt.Fprintf(&out, "%d mutants, %d judged (those read as another valid puzzle aside): %d read well, %.1f%%\n", total, judged, good, 100*share)
	for _, v := range verdictOrder {
		fmt.Fprintf(&out, "%5d %s\n", count[v], v)
	}
	var formats []string
	for f := range byFormat {
		formats = append(formats, f)
	}
	sort.Strings(formats)
	for _, f := range formats {
		fmt.Fprintf(&out, "%s: %d of %d read well\n", f, byFormat[f][0], byFormat[f][1])
	}
	out.WriteString("\npoor mutants:\n")
	out.WriteString(poor.String())
	t.Logf("%d mutants, %d judged: %d read well, %.1f%% (floor %.1f%%)", total, judged, good, 100*share, 100*mutantFloor)
	const golden = "testdata/mutants.txt"
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if data, err := os.ReadFile(golden); err != nil || string(data) != out.String() {
		t.Errorf("%s is out of date (go test ./formats -run TestMutants -update, then read the diff)", golden)
	}
	if share < mutantFloor {
		t.Errorf("%.1f%% of the mutants read well, below the floor of %.1f%%: read the poor ones in %s", 100*share, 100*mutantFloor, golden)
	}
}

// TestSaysWhatToDo pins the rule of saysWhatToDo on messages and hints the
// readers and check give, or gave.
func TestSaysWhatToDo(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{`write the block's length, as in <count>3</count>, or remove the <count>`, true},
		{`did you mean "columns"?`, true},
		{`did you mean <count>1</count>? A length is written in digits`, true},
		{`shorten the clue or change the size`, true},
		{`is it the end of the <color> of line 11, written without its '/'? Write </color>`, true},
		{`if the file was cut short, restore its end`, true},
		{`set width 3 at line 1, or add the column clue that is missing`, true},
		{`the first is at line 4: remove one of them`, true},
		{`look at column 3 (line 17) first: without it, solving line by line meets no contradiction`, true},
		{`compare with the column clues from line 12`, true},
		{`"1a1a": one colour character expected after the number`, false},
		{`colour "#FF": want #rrggbb or one of white, black, red, green, blue, pink, yellow`, false},
		{`unexpected token; expected a number`, false},
		{`the value must be a number`, false},
		{`the clue of row 3 is on line 5`, false},
		{`other programs read only <line>`, false},
		{`the row clues from line 8 on match the goal's from row 2 on: is the clue line of row 1 missing before line 8?`, false},
		{`are the headers of the rows and columns blocks swapped (lines 4 and 9)?`, false},
		{`look at the picture first`, false},
		{`the puzzle uses a colour set by the palette`, false},
		{`a goal is one line of one character per cell, the rows one after another`, false},
	} {
		if got := saysWhatToDo(tc.text); got != tc.want {
			t.Errorf("saysWhatToDo(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
