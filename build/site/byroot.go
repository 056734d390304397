package site

import (
	"html/template"
	"strings"
	"sync"
)

// A page's Root ("", "../", "../../"...) is in a dozen links of every page,
// each an action that html/template runs through three escapers by
// reflection: a third of the time a puzzle page takes to render. Root has
// as many values as the site has folder depths, and escapes to itself in
// every place the embedded templates put it (URLs and attributes: dots and
// slashes). So a page of a kind made by the embedded templates is rendered
// by a set of them with its Root written in as text, parsed once per Root
// and kept: the same page, without those actions.

// maxRootDepth bounds the depths kept a set of their own: deeper pages
// (there are few) use the kind's set.
const maxRootDepth = 16

// pagesBeforeSet is how many pages of a kind and Root are rendered by the
// kind's set before they get one of their own (some 70 KB, parsed in a
// millisecond): the site's one-off pages (home, search, authors...) never do.
const pagesBeforeSet = 16

// rootSets keeps the template sets made for one Root, by kind and Root,
// and counts the pages rendered before a set is made: after of them
// (pagesBeforeSet; tests lower it).
type rootSets struct {
	mu    sync.Mutex
	sets  map[[2]string]*template.Template
	pages map[[2]string]int
	after int
}

// templateFor returns the template set that renders a page of the kind
// with the given Root: the kind's own, or, where the embedded templates
// make the kind, root is a plain way up and pages of the kind and root
// have been many, theirs with root written in.
func (pt *Templates) templateFor(kind, root string) *template.Template {
	bodies := pt.embedded[kind]
	if bodies == nil || !isWayUp(root) {
		return pt.byKind[kind]
	}
	k := [2]string{kind, root}
	pt.byRoot.mu.Lock()
	defer pt.byRoot.mu.Unlock()
	if t := pt.byRoot.sets[k]; t != nil {
		return t
	}
	if pt.byRoot.pages == nil {
		pt.byRoot.pages = map[[2]string]int{}
	}
	if pt.byRoot.pages[k]++; pt.byRoot.pages[k] <= pt.byRoot.after {
		return pt.byKind[kind]
	}
	withRoot := strings.NewReplacer("{{.Root}}", root, "{{$.Root}}", root)
	written := make([]string, len(bodies))
	for i, body := range bodies {
		written[i] = withRoot.Replace(body)
	}
	t, err := parsePage(kind, written, pageFiles(kind))
	if err != nil { // the embedded templates parse: not expected
		return pt.byKind[kind]
	}
	if pt.byRoot.sets == nil {
		pt.byRoot.sets = map[[2]string]*template.Template{}
	}
	pt.byRoot.sets[k] = t
	return t
}

// isWayUp reports whether root is "../" repeated, at most maxRootDepth
// times: text that every escaper of the templates leaves as it is.
func isWayUp(root string) bool {
	n := len(root) / len("../")
	return n <= maxRootDepth && root == strings.Repeat("../", n)
}
