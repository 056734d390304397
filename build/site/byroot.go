package site

import (
	"html/template"
	"strings"
	"sync"
)

// A page's Root ("", "../", "../../"...) is in a dozen links of every page,
// each an action that html/template runs through three escapers by
// reflection: a third of the time a puzzle page takes to render. The
// site's title and language are in a few more. Root has as many values as
// the site has folder depths, the title and language one per build, and
// each escapes to itself in every place the embedded templates put it
// (links, attributes, text: dots and slashes, or text without a character
// any escaper changes). So pages of a kind made by the embedded templates
// are rendered by a set of them with these values written in as text,
// parsed once per Root (and title) and kept: the same pages, without those
// actions. A title or language that an escaper would change is left an
// action.

// maxRootDepth bounds the depths kept a set of their own: deeper pages
// (there are few) use the kind's set.
const maxRootDepth = 16

// pagesBeforeSet is how many pages of a kind and Root are rendered by the
// kind's set before they get one of their own (some 70 KB, parsed in a
// millisecond): the site's one-off pages (home, search, authors...) never do.
const pagesBeforeSet = 16

// rootSets keeps the template sets made with values written in, by kind
// and values, and counts the pages rendered before a set is made: after of
// them (pagesBeforeSet; tests lower it).
type rootSets struct {
	mu    sync.Mutex
	sets  map[writtenIn]*template.Template
	pages map[writtenIn]int
	after int
}

// writtenIn is a kind and the values written into its templates: the
// Root, and the site's title and language where they are plain text
// (plain; else the field's action stays).
type writtenIn struct {
	kind, root, title, language string
	plainTitle, plainLanguage   bool
}

// templateFor returns the template set that renders a page: its kind's
// own, or, where the embedded templates make the kind, its Root is a plain
// way up and pages of the kind with the same values have been many, theirs
// with the values written in.
func (pt *Templates) templateFor(kind string, data *PageData) *template.Template {
	bodies := pt.embedded[kind]
	if bodies == nil || !isWayUp(data.Root) {
		return pt.byKind[kind]
	}
	k := writtenIn{kind: kind, root: data.Root}
	if plain(data.Site.Title) {
		k.title, k.plainTitle = data.Site.Title, true
	}
	if plain(data.Site.Language) {
		k.language, k.plainLanguage = data.Site.Language, true
	}
	pt.byRoot.mu.Lock()
	defer pt.byRoot.mu.Unlock()
	if t := pt.byRoot.sets[k]; t != nil {
		return t
	}
	if pt.byRoot.pages == nil {
		pt.byRoot.pages = map[writtenIn]int{}
	}
	if pt.byRoot.pages[k]++; pt.byRoot.pages[k] <= pt.byRoot.after {
		return pt.byKind[kind]
	}
	t, err := parsePage(kind, k.write(bodies), pageFiles(kind))
	if err != nil { // the embedded templates parse: not expected
		return pt.byKind[kind]
	}
	if pt.byRoot.sets == nil {
		pt.byRoot.sets = map[writtenIn]*template.Template{}
	}
	pt.byRoot.sets[k] = t
	return t
}

// write returns the template texts with k's values written in.
func (k writtenIn) write(bodies []string) []string {
	pairs := []string{"{{.Root}}", k.root, "{{$.Root}}", k.root}
	if k.plainTitle {
		pairs = append(pairs, "{{.Site.Title}}", k.title, "{{$.Site.Title}}", k.title)
	}
	if k.plainLanguage {
		pairs = append(pairs, "{{.Site.Language}}", k.language)
	}
	r := strings.NewReplacer(pairs...)
	written := make([]string, len(bodies))
	for i, body := range bodies {
		written[i] = r.Replace(body)
	}
	return written
}

// isWayUp reports whether root is "../" repeated, at most maxRootDepth
// times: text that every escaper of the templates leaves as it is.
func isWayUp(root string) bool {
	n := len(root) / len("../")
	return n <= maxRootDepth && root == strings.Repeat("../", n)
}

// plain reports whether s is text that html/template's escapers for HTML
// text, RCDATA and quoted attributes leave as it is, and that cannot end
// or start a template action: no control character and none of "&'+<>{}.
func plain(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == 0xfffd || strings.ContainsRune("\"&'+<>{}", r) {
			return false
		}
	}
	return true
}
