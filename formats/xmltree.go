package formats

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// maxXMLDepth bounds element nesting; pbn files need five levels.
const maxXMLDepth = 64

// maxXMLNodes bounds the elements held at once, and maxXMLCounts the
// counts. A <count> is kept compactly in its <line> as soon as it ends, and
// a puzzle is dropped once read, so only one puzzle is ever held: the
// largest grid has 2048 lines and 2M counts.
const (
	maxXMLNodes  = 1 << 18
	maxXMLCounts = 2*puzzle.MaxSide*puzzle.MaxSide + 1<<16
)

// xmlNode is an element of a small document tree: enough of XML for pbn
// files, built leniently (see parseXMLTree).
type xmlNode struct {
	name    string // local name, lower case
	attrs   []xml.Attr
	content []xmlItem
	line    int
	counts  []xmlCount // a <line>'s <count>s
	// badCount is the text of the first count of a <line> that is not a
	// number from 0 to puzzle.MaxSide (empty for an empty count), at line
	// badCountLine, 0 if there is none.
	badCount     string
	badCountLine int
	// tooManyCounts is set when a <line> has more counts than a line can
	// hold; only the first puzzle.MaxSide+1 are kept.
	tooManyCounts bool
	// numbers is a <line>'s own text when it is numbers ("2 1", written
	// without <count>s), up to maxNumbersText bytes; "" otherwise.
	numbers string
	// closes is, for an element without attributes that starts while one of
	// its name is open, the line of that one: it was probably meant as its
	// end tag, written without the '/'. 0 otherwise.
	closes int
	// misspelt is the name as written when it was read as another ("lnie"
	// for "line"), so that its end tag, misspelt alike, closes it.
	misspelt string
}

// maxNumbersText bounds the text of a <line> kept as its numbers.
const maxNumbersText = 200

// numberSeps are the marks that separate numbers written as text, with
// spaces.
const numberSeps = ",;"

// xmlCount is a <count> kept compactly: 32 bytes.
type xmlCount struct {
	n        int32
	line     int32
	color    string
	hasColor bool
}

// xmlItem is a piece of an element's content: text or a child element.
type xmlItem struct {
	text string
	node *xmlNode
}

// attr returns the value of the attribute called name (any case; a
// "colour" for a "color", which parseXMLTree warns of).
func (n *xmlNode) attr(name string) (string, bool) {
	for _, a := range n.attrs {
		if strings.EqualFold(a.Name.Local, name) {
			return a.Value, true
		}
	}
	if alt := strings.Replace(name, "color", "colour", 1); alt != name {
		return n.attr(alt)
	}
	return "", false
}

// children returns the child elements, in order.
func (n *xmlNode) children() []*xmlNode {
	var out []*xmlNode
	for _, it := range n.content {
		if it.node != nil {
			out = append(out, it.node)
		}
	}
	return out
}

// text returns the text of the element and its descendants, in order.
func (n *xmlNode) text() string {
	var b strings.Builder
	var walk func(*xmlNode)
	walk = func(n *xmlNode) {
		for _, it := range n.content {
			if it.node != nil {
				walk(it.node)
			} else {
				b.WriteString(it.text)
			}
		}
	}
	walk(n)
	return b.String()
}

// parseXMLTree reads data into a tree under a nameless root, calling
// onPuzzle with each <puzzle> element (and the elements around it) when it
// ends; the puzzle is then dropped from the tree.
//
// The decoder knows HTML's named entities and leaves unknown ones
// (including any the DOCTYPE defines, which are never expanded) as text;
// nothing is fetched. End tags are matched here rather than by encoding/xml,
// which gives up at the first mismatch: an end tag closes the innermost open
// element of its name (and the unclosed ones inside it, like HTML's <br>),
// and one matching no open element closes the innermost element with a
// warning, which is what the pbn specification's own example needs (its
// rows end with </clue>).
//
// An element left open is closed where the file shows it must have ended
// (see unclosed), with a warning; an element whose name is a misspelling of
// one its parent may hold is given to onTypo.
func parseXMLTree(file string, data []byte, onPuzzle func(n *xmlNode, around []*xmlNode), onTypo func(misspelt)) ([]puzzle.Diagnostic, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		// Read has already made the bytes UTF-8 (transcoding Latin-1).
		return in, nil
	}
	root := &xmlNode{}
	stack := []*xmlNode{root}
	type place struct {
		name string
		line int
	}
	first := place{} // the first element of the file, where a lost root would start
	// The first element that belongs in a puzzle met outside any, the
	// line of the set it stands in (0 if none), and the puzzles started.
	loose, looseSet, puzzles := place{}, 0, 0
	live := 0   // elements held
	counts := 0 // counts held
	names := map[string]string{}
	var warnings []puzzle.Diagnostic
	warn := func(d puzzle.Diagnostic) {
		if len(warnings) < maxWarnings {
			warnings = append(warnings, d)
		}
	}
	// pop closes the elements above depth i.
	pop := func(i int) error {
		for len(stack) > i {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			parent := stack[len(stack)-1]
			switch {
			case n.name == "count" && parent.name == "line":
				parent.content = parent.content[:len(parent.content)-1] // n is its last item
				live -= countNodes(n)
				if addCount(parent, n, names) {
					if counts++; counts > maxXMLCounts {
						return errAt(file, n.line, "more than %d counts in one puzzle: %w", maxXMLCounts, puzzle.ErrTooLarge)
					}
				}
			case n.name == "line":
				live -= countNodes(n) - 1
				n.content = nil // the counts are kept; any other content is not needed
			case n.name == "puzzle":
				onPuzzle(n, stack[1:])
				parent.content = parent.content[:len(parent.content)-1]
				live -= countNodes(n)
				counts -= countCounts(n)
			}
		}
		return nil
	}
	for {
		tok, err := d.RawToken()
		line, _ := d.InputPos()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return warnings, xmlSyntaxError(file, se, stack, data)
			}
			e := errAt(file, line, "%w", err)
			if strings.Contains(err.Error(), "unsupported version") {
				e.Hint = `write the declaration as <?xml version="1.0"?>`
			}
			return warnings, e
		}
		top := stack[len(stack)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			closes, written := 0, ""
			if i, d := unclosedBefore(stack, name, line, len(t.Attr) > 0); i > 0 {
				if stack[i].name == name && len(t.Attr) == 0 {
					closes = stack[i].line
				}
				warn(d)
				if err := pop(i); err != nil {
					return warnings, err
				}
				top = stack[len(stack)-1]
			}
			if m, ok := misspeltElement(top.name, name, line); ok {
				if top.name == "clues" || top.name == "line" {
					// A clue line or count misspelt is read as meant:
					// left out, it would change the clues unseen.
					m.read, written, name = true, name, strings.Trim(m.known, "<>")
				}
				onTypo(m)
			}
			for _, a := range t.Attr {
				if m, ok := misspeltAttr(name, a.Name.Local, line); ok {
					onTypo(m)
				}
			}
			if len(stack) > maxXMLDepth {
				return warnings, errAt(file, line, "elements nested more than %d deep", maxXMLDepth)
			}
			if live++; live > maxXMLNodes {
				return warnings, errAt(file, line, "more than %d elements at once: %w", maxXMLNodes, puzzle.ErrTooLarge)
			}
			n := &xmlNode{name: name, attrs: t.Attr, line: line, closes: closes, misspelt: written}
			if len(stack) == 1 && first.name == "" {
				first = place{name, line}
			}
			// (an unknown element around it, such as a misspelt <puzle>,
			// is reported as such)
			if loose.name == "" && puzzleOnly[name] && !slices.ContainsFunc(stack[1:], func(o *xmlNode) bool { return o.name == "puzzle" || !pbnElements[o.name] }) {
				loose = place{name, line}
				if top.name == "puzzleset" {
					looseSet = top.line
				}
			}
			if name == "puzzle" {
				puzzles++
			}
			top.content = append(top.content, xmlItem{node: n})
			stack = append(stack, n)
		case xml.EndElement:
			name := strings.ToLower(t.Name.Local)
			i := len(stack) - 1
			for i > 0 && stack[i].name != name && stack[i].misspelt != name {
				i--
			}
			switch {
			case i > 0:
				if i < len(stack)-1 && pbnElements[top.name] {
					warn(puzzle.Diagnostic{Line: top.line, Message: fmt.Sprintf("<%s> is never closed: </%s> at line %d closes it", top.name, t.Name.Local, line),
						Hint: fmt.Sprintf("add </%s> where it ends", top.name)})
				}
				if err := pop(i); err != nil {
					return warnings, err
				}
			case len(stack) > 1 && (pbnElements[name] || pbnLeaves[name]) && (pbnElements[top.name] || pbnLeaves[top.name]):
				// The end of an element that is not open, inside one
				// that is not a misspelling of it: a copy, or the end
				// of one whose start tag was lost. Closing another
				// element with it would shift all that follows.
				warn(puzzle.Diagnostic{Line: line, Message: fmt.Sprintf("</%s> closes no open <%s>: ignored", t.Name.Local, name),
					Hint: fmt.Sprintf("remove it, or add the <%s> it ends", name)})
			case len(stack) > 1:
				hint := fmt.Sprintf("write </%s>", top.name)
				if !pbnElements[top.name] && !pbnLeaves[top.name] {
					hint = fmt.Sprintf("the start tag at line %d is likely misspelt: write <%s> there", top.line, name)
				}
				warn(puzzle.Diagnostic{Line: line,
					Message: fmt.Sprintf("</%s> taken as the end of the <%s> of line %d", t.Name.Local, top.name, top.line), Hint: hint})
				if err := pop(len(stack) - 1); err != nil {
					return warnings, err
				}
			default:
				e := errAt(file, line, "</%s> closes no element", t.Name.Local)
				e.Hint = fmt.Sprintf("remove it, or add the <%s> it ends", name)
				if first.name != "" && first.name != name {
					e.Hint = fmt.Sprintf("remove it, or add the <%s> it ends before line %d, where <%s> starts", name, first.line, first.name)
				}
				return warnings, e
			}
		case xml.CharData:
			// A <line>'s own text is never read: not keeping it bounds
			// what a line of a million counts can hold. Numbers there are
			// kept, shortened, for the error of a line written without
			// <count>s.
			if len(stack) > 1 && top.name != "line" {
				top.content = append(top.content, xmlItem{text: string(t)})
			} else if len(stack) > 1 && top.numbers == "" {
				if text := bytes.TrimSpace(t); len(text) > 0 && len(text) <= maxNumbersText && allNumbers(wordsBetween(string(text), numberSeps)) {
					top.numbers = string(text)
				}
			}
		}
	}
	if len(stack) > 1 {
		return warnings, endsInside(file, stack[len(stack)-1], lastLine(data))
	}
	if puzzles == 0 && loose.name != "" {
		e := errAt(file, loose.line, "no <puzzle> element: this <%s> stands in none", loose.name)
		e.Hint = "add <puzzle> before the puzzle's content, and </puzzle> after it"
		if looseSet != 0 {
			e.Hint = fmt.Sprintf("add <puzzle> after the <puzzleset> of line %d, before the puzzle's content, and </puzzle> after it", looseSet)
		}
		return warnings, e
	}
	return warnings, nil
}

// addCount keeps a <count> in its <line> and reports whether it was kept:
// a line keeps at most puzzle.MaxSide+1 counts, and only the first bad one
// is remembered for the error message.
func addCount(ln, c *xmlNode, names map[string]string) bool {
	if len(ln.counts) > puzzle.MaxSide {
		ln.tooManyCounts = true
		return false
	}
	text := strings.TrimSpace(c.text())
	n, err := strconv.Atoi(text)
	if !isDigits(text) || len(text) > 6 || err != nil || n > puzzle.MaxSide {
		if ln.badCountLine == 0 {
			ln.badCount, ln.badCountLine = text, c.line
			if len(text) > 20 {
				ln.badCount = text[:20] + "..."
			}
		}
		return false
	}
	color, has := c.attr("color")
	if interned, ok := names[color]; ok {
		color = interned
	} else if len(names) < maxColors {
		names[color] = color
	}
	ln.counts = append(ln.counts, xmlCount{n: int32(n), line: int32(c.line), color: color, hasColor: has})
	return true
}

// countNodes counts an element and those inside it.
func countNodes(n *xmlNode) int {
	c := 1
	for _, it := range n.content {
		if it.node != nil {
			c += countNodes(it.node)
		}
	}
	return c
}

// latin1Declared reports whether an XML declaration names ISO-8859-1 (or
// Windows-1252, its superset in practice) as the encoding.
func latin1Declared(data []byte) bool {
	head := data
	if len(head) > 200 {
		head = head[:200]
	}
	end := bytes.Index(head, []byte("?>"))
	if !bytes.HasPrefix(bytes.TrimSpace(head), []byte("<?xml")) || end < 0 {
		return false
	}
	decl := strings.ToLower(string(head[:end]))
	for _, enc := range []string{"iso-8859-1", "iso8859-1", "latin1", "latin-1", "windows-1252", "cp1252"} {
		if strings.Contains(decl, `"`+enc+`"`) || strings.Contains(decl, `'`+enc+`'`) {
			return true
		}
	}
	return false
}

// latin1ToUTF8 transcodes ISO-8859-1 bytes.
func latin1ToUTF8(data []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(data) + len(data)/8)
	for _, c := range data {
		b.WriteRune(rune(c))
	}
	return b.Bytes()
}

// countCounts counts the counts kept in the lines of an element.
func countCounts(n *xmlNode) int {
	c := len(n.counts)
	for _, it := range n.content {
		if it.node != nil {
			c += countCounts(it.node)
		}
	}
	return c
}

// pbnChildren are the elements each element of a pbn file may hold, for the
// hint of a misspelt one ("" is the document).
var pbnChildren = map[string][]string{
	"":          {"puzzleset", "puzzle"},
	"puzzleset": {"puzzle", "puzzleset", "title", "author", "authorid", "copyright", "source", "description", "note", "id", "license"},
	"puzzle":    append([]string{"authorid", "note"}, xmlElements...),
	"clues":     {"line"},
	"line":      {"count"},
	"solution":  {"image", "note"},
}

// puzzleOnly are the elements that belong in a <puzzle> only: those that
// pbnChildren puts under a <puzzle> (as its children or theirs) and nowhere
// outside one.
var puzzleOnly = func() map[string]bool {
	inside, outside := pbnDescendants("puzzle"), pbnDescendants("")
	only := map[string]bool{}
	for name := range inside {
		if !outside[name] {
			only[name] = true
		}
	}
	return only
}()

// pbnDescendants are the elements pbnChildren lets stand under one called
// parent, at any depth, but not under a <puzzle> in it.
func pbnDescendants(parent string) map[string]bool {
	found := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, c := range pbnChildren[p] {
			if c != "puzzle" && !found[c] {
				found[c] = true
				walk(c)
			}
		}
	}
	walk(parent)
	return found
}

// pbnLeaves are the elements of a pbn file that hold only text.
var pbnLeaves = map[string]bool{"title": true, "author": true, "authorid": true, "copyright": true, "source": true,
	"id": true, "description": true, "note": true, "license": true, "color": true, "count": true, "image": true, "property": true}

// pbnElements are the elements of a pbn file: none of them holds another of
// its name, or any of them if it is a leaf.
var pbnElements = map[string]bool{"puzzleset": true, "puzzle": true, "clues": true, "line": true, "solution": true}

func init() {
	for name := range pbnLeaves {
		pbnElements[name] = true
	}
}

// unclosedBefore looks at the open elements (stack, the document first)
// when an element called name starts at line (attrs: with attributes): a
// pbn element of that name still open, or a text-only one on top, cannot
// hold it, so it was left open. It returns the depth to close the stack to
// (0 for none) and the warning to give.
func unclosedBefore(stack []*xmlNode, name string, line int, attrs bool) (int, puzzle.Diagnostic) {
	if !pbnElements[name] {
		return 0, puzzle.Diagnostic{}
	}
	top := stack[len(stack)-1]
	if len(stack) > 1 && pbnLeaves[top.name] {
		return len(stack) - 1, unclosedWarning(top, name, line, attrs)
	}
	for i := len(stack) - 1; i > 0; i-- {
		if stack[i].name == name {
			return i, unclosedWarning(stack[i], name, line, attrs)
		}
	}
	return 0, puzzle.Diagnostic{}
}

// unclosedWarning is the warning of element open, left open where an
// element called next starts at line. When open holds nothing, the two
// tags are one element's: its start tag doubled, or (next without
// attributes) its end tag written without the '/'.
func unclosedWarning(open *xmlNode, next string, line int, attrs bool) puzzle.Diagnostic {
	hint := fmt.Sprintf("add </%s> where it ends", open.name)
	if open.name == next && open.closes == 0 && holdsNothing(open) {
		hint = fmt.Sprintf("it holds nothing before the <%s> of line %d: if its start tag is one too many, remove it", next, line)
		if !attrs {
			hint = fmt.Sprintf("it holds nothing before the <%s> of line %d: if that is its end tag, write </%s>; if a start tag is one too many, remove it", next, line, next)
		}
	}
	return puzzle.Diagnostic{Line: open.line,
		Message: fmt.Sprintf("<%s> is never closed: taken as ending where <%s> starts, at line %d", open.name, next, line),
		Hint:    hint}
}

// pbnAttrs are the attributes of the pbn elements that have some.
var pbnAttrs = map[string][]string{
	"puzzle":   {"type", "defaultcolor", "backgroundcolor"},
	"clues":    {"type"},
	"count":    {"color"},
	"color":    {"name", "char"},
	"solution": {"type", "id"},
	"property": {"name"},
}

// misspeltAttr reports an attribute of a pbn element that is a misspelling
// of one it has; "colour" for "color" is read as meant (see attr), and
// reported all the same.
func misspeltAttr(elem, attr string, line int) (misspelt, bool) {
	known, ok := pbnAttrs[elem]
	attr = strings.ToLower(attr)
	if !ok || slices.Contains(known, attr) {
		return misspelt{}, false
	}
	if k := strings.Replace(attr, "colour", "color", 1); k != attr && slices.Contains(known, k) {
		return misspelt{line: line, key: attr + "=", known: k + "=", read: true}, true
	}
	if k := suggestKey(attr, known); k != "" {
		return misspelt{line: line, key: attr + "=", known: k + "="}, true
	}
	return misspelt{}, false
}

// misspeltElement reports an element called name, inside one called parent,
// that is not one parent may hold but a misspelling of one.
func misspeltElement(parent, name string, line int) (misspelt, bool) {
	known, ok := pbnChildren[parent]
	if !ok || slices.Contains(known, name) {
		return misspelt{}, false
	}
	if k := suggestKey(name, known); k != "" {
		return misspelt{line: line, key: "<" + name + ">", known: "<" + k + ">"}, true
	}
	return misspelt{}, false
}

// xmlSyntaxError is the error of what encoding/xml could not read, said as
// the author can fix it: a file that ends inside an element names the
// element, a "<" that starts no tag says how to write one in text.
func xmlSyntaxError(file string, se *xml.SyntaxError, stack []*xmlNode, data []byte) error {
	last := lastLine(data)
	switch {
	case strings.HasPrefix(se.Msg, "unescaped < inside quoted string"):
		if e := unclosedQuote(file, data, se.Line); e != nil {
			return e
		}
	case strings.HasPrefix(se.Msg, "invalid XML name") || strings.HasPrefix(se.Msg, "expected attribute name"):
		if e := quoteRunsOn(file, data, se.Line); e != nil {
			return e
		}
	case se.Msg == "unexpected EOF" && len(stack) > 1:
		return endsInside(file, stack[len(stack)-1], last)
	case se.Msg == "unexpected EOF":
		e := errAt(file, min(se.Line, last), "the file ends inside a tag")
		e.Hint = "the file is cut short: restore its end"
		return e
	case strings.HasPrefix(se.Msg, "expected element name after <"):
		e := errAt(file, se.Line, "a \"<\" that starts no tag")
		e.Hint = "write &lt; for a < in text"
		return e
	}
	return errAt(file, se.Line, "%s", se.Msg)
}

// attrOpen matches an attribute up to the quote that opens its value.
var attrOpen = regexp.MustCompile(`([A-Za-z_][-\w.:]*)\s*=\s*(["'])`)

// unclosedQuote is the error of an attribute value whose quote is not
// closed on its line, the last such line up to line (where encoding/xml
// meets the next tag's "<" inside the value): its value written with
// matching quotes, when it ends with the other quote. It returns nil when
// no line has one.
func unclosedQuote(file string, data []byte, line int) *ParseError {
	lines := strings.Split(string(data), "\n")
	for n := min(line, len(lines)); n >= 1; n-- {
		text := lines[n-1]
		for _, m := range attrOpen.FindAllStringSubmatchIndex(text, -1) {
			name, quote, rest := text[m[2]:m[3]], text[m[4]:m[5]], text[m[5]:]
			if strings.Contains(rest, quote) {
				continue
			}
			e := errAt(file, n, "the value of %s opens with %s and is not closed on its line", name, quote)
			e.Hint = fmt.Sprintf("close it with %s", quote)
			other := map[string]string{`"`: "'", "'": `"`}[quote]
			if value, _, ok := strings.Cut(rest, other); ok && !strings.ContainsAny(value, "<>") {
				e.Hint = fmt.Sprintf("write %s=\"%s\": it ends with %s", name, value, other)
			} else if value, _, ok := strings.Cut(rest, ">"); ok {
				e.Hint = fmt.Sprintf("write %s=\"%s\"", name, strings.TrimRight(value, "/ "))
			}
			return e
		}
	}
	return nil
}

// attrRunsOn matches an attribute whose value runs on into the next
// attribute's name: name="white char=", its closing quote left out.
var attrRunsOn = regexp.MustCompile(`([A-Za-z_][-\w.:]*)\s*=\s*(["'])([^"'<>]*?)\s+([A-Za-z_][-\w.:]*)\s*=\s*["']`)

// quoteRunsOn is the error of line's attribute value that takes in the
// next attribute's name, its closing quote left out, or nil when the line
// has none.
func quoteRunsOn(file string, data []byte, line int) *ParseError {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return nil
	}
	m := attrRunsOn.FindStringSubmatch(lines[line-1])
	if m == nil {
		return nil
	}
	e := errAt(file, line, "the value of %s runs on into %s=: its closing quote is left out", m[1], m[4])
	e.Hint = fmt.Sprintf("write %s=%s%s%s, closed before %s", m[1], m[2], m[3], m[2], m[4])
	return e
}

// lastLine returns the number of the last line of data, a final line break
// starting none.
func lastLine(data []byte) int {
	return bytes.Count(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) + 1
}

// firstElement returns the first element in n, or nil.
func firstElement(n *xmlNode) *xmlNode {
	for _, it := range n.content {
		if it.node != nil {
			return it.node
		}
	}
	return nil
}

// holdsNothing reports whether n has no child element, count or text (yet).
func holdsNothing(n *xmlNode) bool {
	return firstElement(n) == nil && len(n.counts) == 0 && n.badCount == "" && strings.TrimSpace(n.text()) == ""
}

// endsInside is the error of a file that ends, at its line end, inside an
// element: reported where it ends, where the end tag or what was cut off
// is missing.
func endsInside(file string, open *xmlNode, end int) *ParseError {
	e := errAt(file, end, "the file ends inside the <%s> of line %d, which is never closed", open.name, open.line)
	if end == open.line {
		e = errAt(file, end, "<%s> is never closed: the file ends inside it", open.name)
	}
	e.Hint = fmt.Sprintf("add </%s> where it ends, or look for what was cut off", open.name)
	return e
}
