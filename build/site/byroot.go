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

// rootSets keeps the template sets made for one Root, by kind and Root.
type rootSets struct {
	mu   sync.Mutex
	sets map[[2]string]*template.Template
}

// templateFor returns the template set that renders a page of the kind
// with the given Root: the kind's own, or, where the embedded templates
// make the kind and root is a plain way up, theirs with root written in.
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
