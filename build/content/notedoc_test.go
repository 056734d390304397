package content

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// parseCounter is a Markdown parser that counts its parses.
type parseCounter struct {
	parser.Parser
	n int
}

func (p *parseCounter) Parse(r text.Reader, opts ...parser.ParseOption) ast.Node {
	p.n++
	return p.Parser.Parse(r, opts...)
}

// countingMarkdown returns a Markdown whose parser counts its parses.
func countingMarkdown() (goldmark.Markdown, *parseCounter) {
	md := NewMarkdown(false)
	count := &parseCounter{Parser: md.Parser()}
	md.SetParser(count)
	return md, count
}

// TestReadCollectionsSharesABody: two collections whose notes have the
// same body share one parse, yet each page gets the note with its own
// links; what is kept serves the link check, and is no longer rendered.
func TestReadCollectionsSharesABody(t *testing.T) {
	md, count := countingMarkdown()
	body := []byte("## Owls\n\nSee [the owl](owl.non#top).\n")
	root := &Collection{URL: ""}
	// d's owl is published as a page: its link differs from the others',
	// and a page rendered after d's is rebased from the note as written.
	href := map[string]string{"a": `href="owl.non#top"`, "d": `href="owl/index.html#top"`, "b/c": `href="owl.non#top"`}
	for _, dir := range []string{"a", "d", "b/c"} {
		root.Children = append(root.Children, &Collection{Dir: dir, URL: "site/" + dir + "/", NotePath: dir + "/README.md",
			Note: Note{Body: body, BodyLine: 1}, Parent: root})
	}
	links := Links{"a/owl.non": "site/a/owl.non", "b/c/owl.non": "site/b/c/owl.non", "d/owl.non": "site/d/owl/index.html"}
	docs := NewNoteDocs(md)
	docs.ReadCollections(root, links, nil)
	for _, c := range root.Children {
		html, err := docs.Page(c, links)
		if err != nil || !strings.Contains(string(html), href[c.Dir]) || !strings.Contains(string(html), `<h2 id="owls">`) {
			t.Errorf("%s: %v, want %s\n%s", c.Dir, err, href[c.Dir], html)
		}
	}
	if ids := NewAnchors(docs, root)["b/c/README.md"]; len(ids) != 1 || ids[0] != "owls" {
		t.Errorf("anchors %q, want owls", ids)
	}
	if w := (LinkCheck{Links: links, Docs: docs}).Note("a/README.md", "a", root.Children[0].Note); len(w) != 0 {
		t.Errorf("warnings %v", w)
	}
	if count.n != 1 {
		t.Errorf("%d parses of one body, want 1", count.n)
	}
	if _, err := docs.Doc(body).Render("a/README.md", 1, nil); err == nil {
		t.Error("a parse let go was rendered")
	}
}

// TestReadCollectionsRendersOnlyRemade: given which collections' pages are
// remade (a serve patch), ReadCollections renders only their notes; the
// others are parsed once for the link check and Anchors all the same, and
// a body one of them shares with a remade collection is still rendered
// for it.
func TestReadCollectionsRendersOnlyRemade(t *testing.T) {
	md, count := countingMarkdown()
	shared := []byte("## Owls\n")
	root := &Collection{URL: ""}
	for _, dir := range []string{"a", "b", "c"} {
		body := shared
		if dir == "c" {
			body = []byte("## Cats\n")
		}
		root.Children = append(root.Children, &Collection{Dir: dir, URL: dir + "/", NotePath: dir + "/README.md",
			Note: Note{Body: body, BodyLine: 1}, Parent: root})
	}
	docs := NewNoteDocs(md)
	docs.ReadCollections(root, Links{}, func(c *Collection) bool { return c.Dir == "b" })
	for _, c := range root.Children {
		_, rendered := docs.pages[c]
		if rendered != (c.Dir == "b") {
			t.Errorf("%s: rendered %v, want %v", c.Dir, rendered, c.Dir == "b")
		}
	}
	for _, c := range root.Children {
		if c.Dir != "b" {
			continue
		}
		if html, err := docs.Page(c, Links{}); err != nil || !strings.Contains(string(html), `id="owls"`) {
			t.Errorf("b's page: %v %s", err, html)
		}
	}
	if ids := NewAnchors(docs, root)["c/README.md"]; len(ids) != 1 || ids[0] != "cats" {
		t.Errorf("anchors of a collection not remade: %q, want cats", ids)
	}
	if count.n != 2 {
		t.Errorf("%d parses of two bodies, want 2", count.n)
	}
}

// TestBlankNoteIsNotParsed: a note whose body is nothing but white space
// renders as nothing, for the caller (Parse) as for the build (Doc, and
// Page after ReadCollections let it go), with no parse and no link
// checked.
func TestBlankNoteIsNotParsed(t *testing.T) {
	md, count := countingMarkdown()
	docs := NewNoteDocs(md)
	body := []byte(" \n\n\t\n")
	root := &Collection{URL: ""}
	c := &Collection{Dir: "a", URL: "a/", NotePath: "a/README.md", Note: Note{Body: body, BodyLine: 3}, Parent: root}
	root.Children = append(root.Children, c)
	docs.ReadCollections(root, Links{}, nil)
	page, err := docs.Page(c, Links{})
	if page != "" || err != nil {
		t.Errorf("Page = %q, %v; want nothing", page, err)
	}
	for name, doc := range map[string]*NoteDoc{"Parse": docs.Parse(body), "Doc": docs.Doc(body)} {
		if html, err := doc.Render("a/README.md", 3, nil); html != "" || err != nil {
			t.Errorf("%s: Render = %q, %v; want nothing", name, html, err)
		}
	}
	if w := (LinkCheck{Docs: docs}).Note("a/README.md", "a", c.Note); len(w) != 0 {
		t.Errorf("warnings %v", w)
	}
	if count.n != 0 {
		t.Errorf("%d parses of a blank body, want none", count.n)
	}
}
