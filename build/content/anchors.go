package content

import "github.com/yuin/goldmark/ast"

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
