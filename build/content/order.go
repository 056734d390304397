package content

import (
	"os"
	"path"
	"sort"
	"strings"
	"unicode"

	"github.com/nonopress/nonopress/nav"
)

// Link is a page of the site, from the site root, with the title its links
// show.
type Link struct{ Title, Page string }

// fileNote reads what a puzzle file's note says of its place before the file
// is read: its title, weight and draft status. A note that cannot be read or
// parsed says nothing here; processing the file reports it.
func fileNote(f *PuzzleFile) FrontMatter {
	if f.NotePath == "" {
		return FrontMatter{}
	}
	data, err := os.ReadFile(f.NotePath)
	if err != nil {
		return FrontMatter{}
	}
	n, err := ParseNote(f.NotePath, data)
	if err != nil {
		return FrontMatter{}
	}
	return n.Front
}

// orderFiles puts a collection's puzzle files in display order: by weight,
// then by name in natural order ("2" before "10").
func orderFiles(files []*PuzzleFile) {
	sort.SliceStable(files, func(i, j int) bool {
		a, b := files[i], files[j]
		if a.Weight != b.Weight {
			return a.Weight < b.Weight
		}
		return nav.NaturalLess(path.Base(a.Rel), path.Base(b.Rel))
	})
}

// linkNeighbours gives each file of a collection, in display order, the page
// of the file before and after it: its puzzle's page, or the page listing a
// file of several puzzles (both are slug/index.html).
func linkNeighbours(files []*PuzzleFile) {
	for i, f := range files {
		p, n := nav.Neighbours(i, len(files))
		f.Prev, f.Next = Link{}, Link{}
		if p >= 0 {
			f.Prev = files[p].link()
		}
		if n >= 0 {
			f.Next = files[n].link()
		}
	}
}

// Relink gives the files their neighbours again (in each collection's
// display order), once the builder has read their own titles.
func Relink(files []*PuzzleFile) {
	done := map[*Collection]bool{}
	for _, f := range files {
		if !done[f.Coll] {
			done[f.Coll] = true
			linkNeighbours(f.Coll.Files)
		}
	}
}

// link is the file's page as a neighbour links to it, named as the page is:
// by its note's title, else the title the file gives (OwnTitle), else its
// file name.
func (f *PuzzleFile) link() Link {
	title := strings.TrimSpace(f.Title)
	if title == "" {
		title = strings.TrimSpace(f.OwnTitle)
	}
	if title == "" {
		title = displayName(f.Name)
	}
	return Link{Title: title, Page: f.Coll.URL + f.Slug + "/index.html"}
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
