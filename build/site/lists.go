package site

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/build/content"
)

// The site-wide lists (tags, authors, licenses) each have an index page of
// their groups and a page per group with its puzzles' cards, PerPage a page
// as a collection's: an author of thousands of puzzles gets page/2/... where
// one page listing every puzzle would grow with the archive.

// listGroup is the puzzles of one group of a list (a tag, an author, a
// license): those whose names share a page (as "Easy" and "easy"), named
// as first met in path order.
type listGroup struct {
	name    string
	page    string // its first page, from the site root
	entries []*Entry
}

// listKind is what tells one site-wide list's pages from another's.
type listKind struct {
	kind, title, dir string
	// pageOf is the first page of the group of a name, from the site root.
	pageOf func(name string) string
	// names are the names an entry is listed under.
	names func(e *Entry) []string
	// A group's pages are titled prefix and its name ("Tag: easy"), or
	// unnamed for the group of no name (its label in the index too), which
	// is listed last; its puzzles are "nonogram puzzles" and named with the
	// name ("tagged %s"), or none. A list with no unnamed has no such group.
	prefix, unnamed, named, none string
	// decorate adds what a kind's group pages show besides their cards.
	decorate func(d *PageData, g *listGroup)
}

// label is a group's name in the list's index: its name, or unnamed.
func (k listKind) label(g *listGroup) string { return FirstNonEmpty(g.name, k.unnamed) }

// heading is the title of a group's pages: its label, after prefix when
// it has a name ("Tag: easy").
func (k listKind) heading(g *listGroup) string {
	if g.name == "" {
		return k.unnamed
	}
	return k.prefix + g.name
}

// about says what a group's n puzzles are ("12 nonogram puzzles tagged easy").
func (k listKind) about(n int, g *listGroup) string {
	if g.name == "" {
		return fmt.Sprintf("%d nonogram puzzles %s", n, k.none)
	}
	return fmt.Sprintf("%d nonogram puzzles "+k.named, n, g.name)
}

var (
	tagList = listKind{kind: "tags", title: "Tags", dir: "tags/", pageOf: tagPage,
		names:  func(e *Entry) []string { return e.Tags },
		prefix: "Tag: ", named: "tagged %s",
	}
	authorList = listKind{kind: "authors", title: "Authors", dir: "authors/", pageOf: authorPage,
		names:   func(e *Entry) []string { return []string{e.Author} },
		unnamed: "Unknown author", named: "by %s", none: "whose author is not given",
	}
	licenseList = listKind{kind: "licenses", title: "Licenses", dir: "licenses/", pageOf: licensePage,
		names:   func(e *Entry) []string { return []string{e.License} },
		unnamed: "No license given", named: "published under %s", none: "published with no license given",
		decorate: func(d *PageData, g *listGroup) {
			if link := spdxURL(g.name); link != "" {
				d.SPDX = &Crumb{Title: spdxID(g.name), URL: link}
			}
		},
	}
)

// groups gathers the puzzles by the pages of their names, in the list's
// order: by name case-insensitively, the group of no name last.
func (s *Site) groups(k listKind) []*listGroup {
	last := "" // the page of the group of no name, if the list has one
	if k.unnamed != "" {
		last = k.pageOf("")
	}
	byPage := map[string]*listGroup{}
	for _, e := range s.Entries {
		for _, name := range k.names(e) {
			page := k.pageOf(name)
			g, ok := byPage[page]
			if !ok {
				g = &listGroup{name: name, page: page}
				byPage[page] = g
			}
			if len(g.entries) == 0 || g.entries[len(g.entries)-1] != e {
				g.entries = append(g.entries, e)
			}
		}
	}
	out := slices.Collect(maps.Values(byPage))
	slices.SortFunc(out, func(a, b *listGroup) int {
		if (a.page == last) != (b.page == last) {
			if a.page == last {
				return 1
			}
			return -1
		}
		if c := strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name)); c != 0 {
			return c
		}
		return strings.Compare(a.page, b.page)
	})
	return out
}

// listPages returns the pages of a site-wide list: each group's pages of
// cards, and last the list's index, k.dir+"index.html", linking to each
// group with its count and span (and an anchor of its own, at which
// earlier sites linked to the group's section of the index).
func (s *Site) listPages(k listKind, anchorOf func(name string) string) []Page {
	index := s.pageData(k.kind, k.title, k.dir)
	index.Description = fmt.Sprintf("The %s of the nonogram puzzles of %s.", strings.ToLower(k.title), s.Title)
	index.Crumbs = []Crumb{{Title: s.Title, URL: "../index.html"}}
	var out []Page
	for _, g := range s.groups(k) {
		out = append(out, s.groupPages(k, g)...)
		var sp span
		for _, e := range g.entries {
			sp.add(e)
		}
		v := CollectionView{Title: k.label(g), URL: content.RelURL(k.dir, g.page), Count: len(g.entries), Span: sp.Parts()}
		// The group of no name keeps the id earlier sites linked to; a
		// named group whose id would be the same (an author "Item", a
		// license "none") goes without.
		if anchorOf != nil && (g.name == "" || anchorOf(g.name) != anchorOf("")) {
			v.ID = anchorOf(g.name)
		}
		index.Collections = append(index.Collections, v)
	}
	return append(out, Page{Kind: k.kind, Path: k.dir + "index.html", InSitemap: true, Data: func() *PageData { return index }})
}

// groupPages returns a group's pages of cards, PerPage each: the first at
// g.page, the others page/2/, page/3/... beside it.
func (s *Site) groupPages(k listKind, g *listGroup) []Page {
	title, about := k.heading(g), k.about(len(g.entries), g)
	return s.pagedCards("collection", strings.TrimSuffix(g.page, "index.html"), true, g.entries, func(dir string, number, pages int) *PageData {
		d := s.pageData("collection", title, dir)
		d.Description, d.Scope = about+".", g.name
		d.Crumbs = []Crumb{{Title: s.Title, URL: content.RelURL(dir, "index.html")}, {Title: k.title, URL: content.RelURL(dir, k.dir+"index.html")}}
		if number > 1 {
			laterPage(d, title, number, pages)
			d.Crumbs = append(d.Crumbs, Crumb{Title: title, URL: content.RelURL(dir, g.page)})
		}
		if k.decorate != nil {
			k.decorate(d, g)
		}
		return d
	})
}

// AuthorsPages returns a page of cards per author (the puzzles whose author
// is not given last), and last authors/index.html listing the authors.
func (s *Site) AuthorsPages() []Page {
	return s.listPages(authorList, func(name string) string { return anchor("author", name) })
}

// LicensesPages returns a page of cards per license (the puzzles with no
// license last), and last licenses/index.html listing the licenses.
func (s *Site) LicensesPages() []Page { return s.listPages(licenseList, licenseAnchor) }

// TagPages returns a page of cards per tag of the puzzles' notes, and last
// tags/index.html listing the tags.
func (s *Site) TagPages() []Page { return s.listPages(tagList, nil) }
