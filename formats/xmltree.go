package formats

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// maxXMLDepth bounds element nesting; pbn files need five levels.
const maxXMLDepth = 64

// xmlNode is an element of a small document tree: enough of XML for pbn
// files, built leniently (see parseXMLTree).
type xmlNode struct {
	name    string // local name, lower case
	attrs   []xml.Attr
	content []xmlItem
	line    int
}

// xmlItem is a piece of an element's content: text or a child element.
type xmlItem struct {
	text string
	node *xmlNode
}

// attr returns the value of the attribute called name (any case).
func (n *xmlNode) attr(name string) (string, bool) {
	for _, a := range n.attrs {
		if strings.EqualFold(a.Name.Local, name) {
			return a.Value, true
		}
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

// parseXMLTree reads data into a tree under a nameless root. The decoder
// knows HTML's named entities and leaves unknown ones (including any the
// DOCTYPE defines, which are never expanded) as text; nothing is fetched.
// End tags are matched here rather than by encoding/xml, which gives up at
// the first mismatch: an end tag closes the innermost open element of its
// name (and the unclosed ones inside it, like HTML's <br>), and one matching
// no open element closes the innermost element with a warning, which is
// what the pbn specification's own example needs (its rows end with
// </clue>).
func parseXMLTree(file string, data []byte) (*xmlNode, []puzzle.Diagnostic, error) {
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
	var warnings []puzzle.Diagnostic
	for {
		tok, err := d.RawToken()
		line, _ := d.InputPos()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, nil, errAt(file, se.Line, "%s", se.Msg)
			}
			return nil, nil, errAt(file, line, "%w", err)
		}
		top := stack[len(stack)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) > maxXMLDepth {
				return nil, nil, errAt(file, line, "elements nested more than %d deep", maxXMLDepth)
			}
			n := &xmlNode{name: strings.ToLower(t.Name.Local), attrs: t.Attr, line: line}
			top.content = append(top.content, xmlItem{node: n})
			stack = append(stack, n)
		case xml.EndElement:
			name := strings.ToLower(t.Name.Local)
			i := len(stack) - 1
			for i > 0 && stack[i].name != name {
				i--
			}
			switch {
			case i > 0:
				stack = stack[:i]
			case len(stack) > 1:
				warnings = append(warnings, puzzle.Diagnostic{Line: line,
					Message: fmt.Sprintf("</%s> taken as the end of <%s> (line %d)", t.Name.Local, top.name, top.line)})
				stack = stack[:len(stack)-1]
			default:
				return nil, nil, errAt(file, line, "</%s> closes no element", t.Name.Local)
			}
		case xml.CharData:
			if len(stack) > 1 {
				top.content = append(top.content, xmlItem{text: string(t)})
			}
		}
	}
	if len(stack) > 1 {
		open := stack[len(stack)-1]
		return nil, nil, errAt(file, open.line, "<%s> is never closed (file ends first)", open.name)
	}
	return root, warnings, nil
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
