package build

import (
	"path"
	"strings"
)

// A quick build (BuildQuick) answers an author's edit in serve mode. What it
// must make is the edited puzzle's page and files and the pages that list
// the puzzle in its collection; what any edit changes besides (a title
// appears on the authors, licenses and tag pages, in catalogue.json, the
// sitemap and the feed; the collection's booklet holds the puzzle) is kept
// as published, and made by the full build that serve starts right after.
// On a site of thousands of puzzles those lists are most of the work after
// an edit.

// deferredPages are the site-wide outputs a quick build keeps, besides the
// booklets and everything under deferredDirs.
var deferredPages = map[string]bool{
	"catalogue.json":  true,
	"search-index.js": true,
	"sitemap.xml":     true,
	"atom.xml":        true,
}

// deferredDirs are the site-wide lists' folders: their index and a page of
// cards for each tag, author and license.
var deferredDirs = map[string]bool{"tags": true, "authors": true, "licenses": true}

// deferredPage reports whether a quick build keeps the published version of
// an output path: a booklet or a site-wide list.
func deferredPage(rel string) bool {
	return deferredPages[rel] || deferredDirs[strings.SplitN(rel, "/", 2)[0]] || path.Base(rel) == "booklet.pdf"
}

// keepPublished is for a quick build: it keeps rel as published, without
// making it, when rel is a file deferredPage names and the published site
// has it, and counts it in Summary.Deferred. A file the published site lacks
// (a new tag's page) is made as usual.
func (r *run) keepPublished(rel string) bool {
	if !r.quick || !deferredPage(rel) {
		return false
	}
	h, ok := r.out.Published(rel)
	if !ok || !r.out.Reuse(map[string]string{rel: h}) {
		return false
	}
	r.mu.Lock()
	r.deferred++
	r.mu.Unlock()
	return true
}
