package content

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"html/template"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// NoteDocs parses the bodies of notes for one build, once each, and keeps
// no parse longer than it is needed (a parse takes some 40 times the
// note's bytes). A collection's note is read for its headings (Anchors),
// its links (LinkCheck) and its page: ReadCollections parses it, renders
// it for its page (Page) and keeps what the others read (Doc), by the hash
// of its body. A puzzle's note is read for its links and its pages while
// its file is published: Parse hands out a parse for that time.
type NoteDocs struct {
	md    goldmark.Markdown
	mu    sync.Mutex
	kept  map[bodySum]*NoteDoc         // by the hash of the body
	pages map[*Collection]renderedNote // made by ReadCollections
}

// renderedNote is a note rendered for a page, or why it could not be.
type renderedNote struct {
	html template.HTML
	err  error
}

// NewNoteDocs returns the parses of one build's notes, each parsed as md
// renders it.
func NewNoteDocs(md goldmark.Markdown) *NoteDocs {
	return &NoteDocs{md: md, kept: map[bodySum]*NoteDoc{}, pages: map[*Collection]renderedNote{}}
}

// NoteDoc is a note's body parsed: what the link check reads of it, and
// the parse itself while a page may still be rendered from it.
type NoteDoc struct {
	once  sync.Once
	md    goldmark.Markdown
	body  []byte
	blank bool
	ids   []string // its headings' ids, in order
	refs  []noteRef
	html  []int // offsets of its raw HTML elements
	// mu keeps one Render at a time: each sets the destinations of the
	// links and images (dests, as written) for its page.
	mu    sync.Mutex
	doc   ast.Node // nil once let go
	dests []rebased
}

// rebased is a link or image of a parsed note and its destination as
// written.
type rebased struct {
	node ast.Node
	dest []byte
}

// ReadCollections parses the note of each collection of the tree under
// root once for each body: it renders the note for each collection's page
// with links (Page), keeps what the link check and Anchors read (Doc), and
// lets each parse go once the last page of its body is rendered. It
// renders the note of a collection the site drops in the end (no file in
// it or below publishes a puzzle) too: which those are is known only once
// the files are published, and rendering then would keep every parse
// until then (some 40 times its note's bytes) or parse it again. A folder
// without puzzle files is no collection (Scan), so only a folder whose
// every file fails or is left out pays a render for nothing. remade, when
// not nil, says which collections' pages are made (a serve patch remakes
// only the edited files' collections): the others' notes are parsed for
// the link check and Anchors alone, not rendered.
func (d *NoteDocs) ReadCollections(root *Collection, links Links, remade func(*Collection) bool) {
	// Each body is hashed once, here: its hash finds its parse and counts
	// the pages still to render from it.
	type note struct {
		c   *Collection
		sum bodySum
	}
	var read, others []note
	left := map[bodySum]int{} // pages of each body still to render
	Walk(root, func(c *Collection) {
		if c.NotePath == "" || c.NoteErr != nil {
			return
		}
		n := note{c, sumOf(c.Note.Body)}
		if remade != nil && !remade(c) {
			others = append(others, n)
			return
		}
		read = append(read, n)
		left[n.sum]++
	})
	for _, n := range others {
		if doc := d.doc(n.sum, n.c.Note.Body); left[n.sum] == 0 {
			doc.letGo() // no page renders this body
		}
	}
	for _, n := range read {
		c := n.c
		doc := d.doc(n.sum, c.Note.Body)
		html, err := doc.Render(c.NotePath, c.Note.BodyLine, pageRebaser(links, c))
		d.mu.Lock()
		d.pages[c] = renderedNote{html, err}
		d.mu.Unlock()
		if left[n.sum] == 1 {
			doc.letGo()
		} else {
			left[n.sum]--
		}
	}
}

// pageRebaser rewrites the links of collection c's note for its page.
func pageRebaser(links Links, c *Collection) func(string) string {
	return links.Rebaser(c.Dir, c.URL)
}

// Page returns the note of collection c rendered for its page: as
// ReadCollections rendered it, or else rendered now with links.
func (d *NoteDocs) Page(c *Collection, links Links) (template.HTML, error) {
	d.mu.Lock()
	p, ok := d.pages[c]
	d.mu.Unlock()
	if ok {
		return p.html, p.err
	}
	return d.Parse(c.Note.Body).Render(c.NotePath, c.Note.BodyLine, pageRebaser(links, c))
}

// Doc returns what the link check reads of a note's body (it cannot be
// rendered), parsing it on first use and keeping it for the build.
func (d *NoteDocs) Doc(body []byte) *NoteDoc {
	doc := d.doc(sumOf(body), body)
	doc.letGo()
	return doc
}

// bodySum is the hash of a note's body, which NoteDocs keeps its parse by.
type bodySum = [sha256.Size]byte

// sumOf hashes a note's body.
func sumOf(body []byte) bodySum { return sha256.Sum256(body) }

// doc is Doc with the parse, unless let go before, given the body's hash,
// sum.
func (d *NoteDocs) doc(sum bodySum, body []byte) *NoteDoc {
	d.mu.Lock()
	doc := d.kept[sum]
	if doc == nil {
		doc = &NoteDoc{md: d.md, body: body}
		d.kept[sum] = doc
	}
	d.mu.Unlock()
	doc.once.Do(doc.parse) // outside the lock: other notes parse meanwhile
	return doc
}

// Parse parses a note's body for the caller alone, who lets it go.
func (d *NoteDocs) Parse(body []byte) *NoteDoc {
	doc := &NoteDoc{md: d.md, body: body}
	doc.once.Do(doc.parse)
	return doc
}

// parse parses the body and collects its headings' ids, links and raw
// HTML; a body of nothing but white space is blank, with nothing to parse.
func (n *NoteDoc) parse() {
	if len(bytes.TrimSpace(n.body)) == 0 {
		n.blank = true
		return
	}
	n.doc = n.md.Parser().Parse(text.NewReader(n.body), noteContext())
	n.ids = headingIDsOf(n.doc)
	n.refs, n.dests, n.html = noteParts(n.doc, n.body)
}

// letGo lets the parse go, keeping what the link check reads.
func (n *NoteDoc) letGo() {
	n.mu.Lock()
	n.doc, n.dests = nil, nil
	n.mu.Unlock()
}

// errLetGo is Render's error for a parse let go: a mistake of the program.
var errLetGo = errors.New("note rendered after its parse was let go")

// Render converts the parsed body of the note at path, whose body starts
// at line bodyLine, to HTML for a page. rebase, if not nil, rewrites the
// destination of every Markdown link and image (see Links.Rebaser).
func (n *NoteDoc) Render(path string, bodyLine int, rebase func(string) string) (template.HTML, error) {
	if n.blank {
		return "", nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.doc == nil {
		return "", fmt.Errorf("%s: %w", path, errLetGo)
	}
	for _, r := range n.dests {
		dest := r.dest
		if rebase != nil {
			dest = []byte(rebase(string(r.dest)))
		}
		switch l := r.node.(type) {
		case *ast.Link:
			l.Destination = dest
		case *ast.Image:
			l.Destination = dest
		}
	}
	var b bytes.Buffer
	if err := n.md.Renderer().Render(&b, n.body, n.doc); err != nil {
		return "", fmt.Errorf("%s:%d: %v", path, bodyLine, err)
	}
	return template.HTML(b.String()), nil // goldmark escapes text; raw HTML only if allowed
}
