package content

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Anchors maps the content paths of the collections' notes, and of their
// folders, which lead to the same page, to the ids of the note's headings
// in order: what a link's fragment may name (LinkCheck). Puzzles' notes
// are not read before their files are, so links into them are not
// judged by fragment.
type Anchors map[string][]string

// NewAnchors collects the heading ids of the notes of a scanned tree, from
// their parses in docs.
func NewAnchors(docs *NoteDocs, root *Collection) Anchors {
	a := Anchors{}
	Walk(root, func(c *Collection) {
		if c.NotePath == "" || c.NoteErr != nil {
			return
		}
		ids := docs.Doc(c.Note.Body).ids
		for _, p := range pagePaths(c) {
			a[p] = ids
		}
	})
	return a
}

// headingIDsOf returns the ids of a parsed note's headings, in order.
func headingIDsOf(doc ast.Node) []string {
	var ids []string
	ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := node.(*ast.Heading); ok && entering {
			if id, ok := h.AttributeString("id"); ok {
				if b, ok := id.([]byte); ok {
					ids = append(ids, string(b))
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return ids
}

// AnchorLink is a link of a note with a fragment, to a page of the site
// (Path, a content path as Anchors has it) whose headings it may name:
// its warning (LinkCheck.Note) depends on Anchors only through such links.
type AnchorLink struct{ Path, Fragment string }

// AnchorLinks returns the links with a fragment of a note in content folder
// noteDir, whose body doc is, to pages the site publishes, in order.
func (c LinkCheck) AnchorLinks(noteDir string, doc *NoteDoc) []AnchorLink {
	var out []AnchorLink
	for _, ref := range doc.refs {
		key, relative := linkPath(noteDir, ref.dest)
		if _, published := c.Links[key]; relative && published && strings.Contains(ref.dest, "#") {
			out = append(out, AnchorLink{key, fragment(ref.dest)})
		}
	}
	return out
}

// State returns what a's headings say of links (AnchorLinks), the only
// part of a that the warnings of their note depend on: for each link,
// whether its page has a note's headings, whether its fragment finds one,
// and when it does not, the hint of its warning (the headings it names).
// A heading no link names plays no part.
func (a Anchors) State(links []AnchorLink) string {
	var b strings.Builder
	for _, l := range links {
		ids, ok := a[l.Path]
		found, hint := headingHint(l.Fragment, ids)
		switch {
		case !ok:
			b.WriteString("-\x00")
		case found:
			b.WriteString("+\x00")
		default:
			b.WriteString("?" + hint + "\x00")
		}
	}
	return b.String()
}
