package build

import (
	"os"
	"path"
	"sort"
	"strings"
	"unicode"

	"github.com/nonopress/nonopress/nav"
)

// link is a page of the site, from the site root, with the title its links
// show.
type link struct{ Title, Page string }

// fileNote reads what a puzzle file's note says of its place before the file
// is read: its title, weight and draft status. A note that cannot be read or
// parsed says nothing here; processing the file reports it.
func fileNote(f *sourceFile) frontMatter {
	if f.notePath == "" {
		return frontMatter{}
	}
	data, err := os.ReadFile(f.notePath)
	if err != nil {
		return frontMatter{}
	}
	n, err := parseNote(f.notePath, data)
	if err != nil {
		return frontMatter{}
	}
	return n.front
}

// orderFiles puts a collection's puzzle files in display order: by weight,
// then by name in natural order ("2" before "10").
func orderFiles(files []*sourceFile) {
	sort.SliceStable(files, func(i, j int) bool {
		a, b := files[i], files[j]
		if a.weight != b.weight {
			return a.weight < b.weight
		}
		return nav.NaturalLess(path.Base(a.rel), path.Base(b.rel))
	})
}

// linkNeighbours gives each file of a collection, in display order, the page
// of the file before and after it: its puzzle's page, or the page listing a
// file of several puzzles (both are slug/index.html).
func linkNeighbours(files []*sourceFile) {
	for i, f := range files {
		p, n := nav.Neighbours(i, len(files))
		f.prev, f.next = link{}, link{}
		if p >= 0 {
			f.prev = files[p].link()
		}
		if n >= 0 {
			f.next = files[n].link()
		}
	}
}

// link is the file's page as a neighbour links to it.
func (f *sourceFile) link() link {
	return link{Title: firstNonEmpty(f.title, displayName(baseName(path.Base(f.rel)))), Page: f.coll.url + f.slug + "/index.html"}
}

// displayName turns a file's base name into a title: "cat_and-mouse" gives
// "Cat and mouse".
func displayName(base string) string {
	s := strings.Join(strings.FieldsFunc(base, func(r rune) bool { return r == '_' || r == '-' }), " ")
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}
