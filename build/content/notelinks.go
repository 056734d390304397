package content

import (
	"bytes"
	"fmt"
	"maps"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/spell"
	"github.com/yuin/goldmark/ast"
)

// LinkCheck checks what the readers of notes would miss on the site.
type LinkCheck struct {
	Links   Links     // what the site publishes
	Anchors Anchors   // the heading ids of the collections' notes
	Docs    *NoteDocs // the notes parsed as the site renders them
	RawHTML bool      // raw HTML is let through (unsafe_html)
	// Partial is set when Links are those of a folder that may be part of
	// a larger site: a link climbing out of it is not judged.
	Partial bool
	// LeftOut are the collections left out for a mistake in their note
	// (Collection.Broken): a link to what they hold leads nowhere until the
	// note is fixed, which its hint says instead of blaming the path.
	LeftOut []*Collection
}

// noteRef is a link or image of a note: "link to" or "image", its
// destination as written and its offset in the body.
type noteRef struct {
	what, dest string
	off        int
}

// Note returns the warnings of a note in content folder noteDir: each
// relative link or image that leads to nothing the site publishes (a typo,
// a file of a kind that is not published, a path out of the content tree),
// at its line with the closest published path as hint; each image of what
// is no picture; each link to a heading of the note itself or of a
// collection's note that has no such heading; and, unless RawHTML, the raw
// HTML elements the page leaves out (a comment is meant to be). What it
// reads of the note, Docs keeps (NoteDocs.Doc).
func (c LinkCheck) Note(notePath, noteDir string, n Note) diag.List {
	return c.Parsed(notePath, noteDir, n, c.Docs.Doc(n.Body))
}

// Parsed is Note of a note whose body doc is.
func (c LinkCheck) Parsed(notePath, noteDir string, n Note, doc *NoteDoc) diag.List {
	if doc.blank {
		return nil
	}
	refs, html := doc.refs, doc.html
	lineAt := func(off int) int {
		return n.BodyLine + bytes.Count(n.Body[:max(0, min(off, len(n.Body)))], []byte("\n"))
	}
	j := judge{LinkCheck: c, noteDir: noteDir, own: doc.ids}
	var found diag.List
	for _, ref := range refs {
		if msg, hint := j.ref(ref, len(found) < maxHinted); msg != "" {
			found = append(found, diag.Diagnostic{File: notePath, Line: lineAt(ref.off), Severity: diag.Warning, Message: msg, Hint: hint})
		}
	}
	if len(html) > 0 && !c.RawHTML {
		msg := "raw HTML left out of the page"
		if len(html) > 1 {
			msg = fmt.Sprintf("raw HTML left out of the page (%d places)", len(html))
		}
		found = append(found, diag.Diagnostic{File: notePath, Line: lineAt(slices.Min(html)), Severity: diag.Warning,
			Message: msg, Hint: "write it in Markdown, or set unsafe_html = true in nonopress.toml"})
	}
	slices.SortStableFunc(found, func(a, b diag.Diagnostic) int { return a.Line - b.Line })
	return found
}

// noteParts returns the links and images of a parsed note (of body), in
// order, as the link check reads them (refs) and as a page rebases them
// (dests), and the offsets of its raw HTML elements.
func noteParts(doc ast.Node, body []byte) (refs []noteRef, dests []rebased, html []int) {
	ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch x := node.(type) {
		case *ast.Link:
			refs = append(refs, noteRef{"link to", string(x.Destination), node.Pos()})
			dests = append(dests, rebased{x, x.Destination})
		case *ast.Image:
			refs = append(refs, noteRef{"image", string(x.Destination), node.Pos()})
			dests = append(dests, rebased{x, x.Destination})
		case *ast.RawHTML:
			if at := x.Segments; at.Len() > 0 && isElement(body[at.At(0).Start:]) {
				html = append(html, at.At(0).Start)
			}
		case *ast.HTMLBlock:
			if at := x.Lines(); at.Len() > 0 && isElement(body[at.At(0).Start:]) {
				html = append(html, at.At(0).Start)
			}
		}
		return ast.WalkContinue, nil
	})
	return refs, dests, html
}

// judge judges the links of one note in content folder noteDir.
type judge struct {
	LinkCheck
	noteDir string
	own     []string // the note's heading ids
	keys    []string // the published paths, sorted when a hint needs them
}

// ref returns the message and hint of a link or image of the note, or ""
// when it is fine; hinted says a path meant may be searched for.
func (j *judge) ref(ref noteRef, hinted bool) (msg, hint string) {
	key, relative := linkPath(j.noteDir, ref.dest)
	out, published := j.Links[key]
	switch {
	case strings.HasPrefix(ref.dest, "#"):
		return missingHeading(ref, j.own)
	case !relative:
		return "", ""
	case published && ref.what == "image" && !pictureExts[strings.ToLower(path.Ext(out))]:
		to := "a page"
		if !strings.HasSuffix(out, "index.html") {
			to = path.Base(out)
		}
		return fmt.Sprintf("image %s is no picture: it leads to %s", ref.dest, to),
			"show a picture file (.png, .jpg, .svg...), or make it a link: [text](" + ref.dest + ")"
	case published:
		if ids, ok := j.Anchors[key]; ok {
			return missingHeading(ref, ids)
		}
		return "", ""
	case key == ".." || strings.HasPrefix(key, "../"):
		if j.Partial {
			return "", ""
		}
		return fmt.Sprintf("%s %s leads nowhere", ref.what, ref.dest), "it climbs out of the content folder: give a full URL"
	}
	msg = fmt.Sprintf("%s %s leads nowhere", ref.what, ref.dest)
	if c := j.leftOutWith(key); c != nil {
		return msg, fmt.Sprintf("%s is left out of the site until the mistake in its note %s is fixed", c.Dir+"/", path.Join(c.Dir, filepath.Base(c.NotePath)))
	}
	if j.keys == nil {
		j.keys = slices.Sorted(maps.Keys(j.Links)) // a tie goes the same way each time
	}
	if sheetOf := puzzleOfSheet(j.keys, key); sheetOf != "" {
		return msg, sheetHint(j.Links, sheetOf)
	}
	if hint := j.pageHint(ref, key); hint != "" {
		return msg, hint
	}
	if hinted {
		if near := nearest(j.keys, j.noteDir, ref.dest, key); near != "" {
			return msg, fmt.Sprintf("did you mean %s?", near)
		}
		if moved := movedTo(j.keys, j.noteDir, ref.dest, key); moved != "" {
			return msg, fmt.Sprintf("did you mean %s? the only %s is there", moved, path.Base(key))
		}
	}
	return msg, nowhereHint(ref, key)
}

// leftOutWith is the collection left out for its note's mistake that holds
// content path key (or is it), or nil; the root's mistake leaves out only
// its note.
func (c LinkCheck) leftOutWith(key string) *Collection {
	for _, coll := range c.LeftOut {
		if coll.Parent != nil && (key == coll.Dir || strings.HasPrefix(key, coll.Dir+"/")) {
			return coll
		}
	}
	return nil
}

// pictureExts are the extensions of the files a browser shows as an image.
var pictureExts = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".avif": true, ".svg": true}

// missingHeading is the message and hint of a link whose fragment names
// none of ids, the heading ids of the note it leads to, or "" when it names
// one, or an id the page itself or the browser knows (#top, #main, the
// page's np- ids, footnotes' fn: ids).
func missingHeading(ref noteRef, ids []string) (msg, hint string) {
	frag := fragment(ref.dest)
	found, hint := headingHint(frag, ids)
	if found {
		return "", ""
	}
	return fmt.Sprintf("%s %s leads to no heading of its note", ref.what, ref.dest), hint
}

// fragment is the fragment of a link's destination, unescaped.
func fragment(dest string) string {
	_, frag, _ := strings.Cut(dest, "#")
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	return frag
}

// headingHint reports whether a link's fragment frag finds its heading
// among ids (see missingHeading), and when it does not, the hint of its
// warning.
func headingHint(frag string, ids []string) (found bool, hint string) {
	if frag == "" || frag == "top" || slices.Contains(pageIDs, frag) || slices.Contains(ids, frag) ||
		strings.HasPrefix(frag, "np-") || strings.HasPrefix(frag, "fn") {
		return true, ""
	}
	if near := spell.Closest(frag, ids, func(string) int { return 3 }); near != "" {
		return false, fmt.Sprintf("did you mean #%s?", near)
	} else if len(ids) > 0 {
		shown := ids[:min(len(ids), 5)]
		list := "#" + shown[len(shown)-1]
		if len(shown) > 1 {
			list = "#" + strings.Join(shown[:len(shown)-1], ", #") + " or " + list
		}
		return false, "link one of its headings: " + list
	}
	return false, "it has no headings: remove #" + frag
}

// isElement reports whether raw HTML starting with b opens an element a
// reader would miss: not a closing tag (its element is counted once), a
// comment (an author's note to self), a processing instruction, a
// declaration or CDATA, which show nothing.
func isElement(b []byte) bool {
	b = bytes.TrimLeft(b, " \t")
	return !bytes.HasPrefix(b, []byte("<!")) && !bytes.HasPrefix(b, []byte("<?")) && !bytes.HasPrefix(b, []byte("</"))
}

// linkPath is the content path a note's link in noteDir leads to, and
// whether it is a path of the content tree at all: relative, with no scheme
// or host. Links within the page ("#top"), absolute paths and URLs are not;
// a path climbing out of the tree ("../x", key ".." or "../...") is, and
// leads to nothing Links has.
func linkPath(noteDir, dest string) (string, bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") {
		return "", false
	}
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" {
		return "", false
	}
	key := path.Clean(path.Join(noteDir, u.Path))
	if key == "." {
		key = ""
	}
	return key, true
}

// relAsWritten is the way from a note in noteDir to the content path key,
// written as dest goes: climbing as many folders as it does when key is
// below the folder it climbs to ("../animals/cat.non" from animals/ for
// "../animls/cat.non"), else the shortest way.
func relAsWritten(noteDir, dest, key string) string {
	climbs := 0
	for rest := dest; strings.HasPrefix(rest, "../"); rest = rest[3:] {
		climbs++
	}
	base := noteDir
	for i := 0; i < climbs && base != ""; i++ {
		base = path.Dir(base)
		if base == "." {
			base = ""
		}
	}
	if climbs > 0 && (base == "" || strings.HasPrefix(key, base+"/")) {
		return strings.Repeat("../", climbs) + strings.TrimPrefix(key, base+"/")
	}
	dir := ""
	if noteDir != "" {
		dir = noteDir + "/"
	}
	if rel := RelURL(dir, key); rel != "" {
		return rel
	}
	return "./"
}
