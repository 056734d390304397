package site

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/nav"
)

// groupBy gathers puzzles under a key, keys sorted case-insensitively and
// the empty key (no author, no license given) last.
func (s *Site) groupBy(key func(*Entry) string, from string) (map[string][]GroupItem, []string) {
	groups := map[string][]GroupItem{}
	for _, e := range s.Entries {
		k := key(e)
		about := e.cardSize()
		if g := gradeWord(e.Difficulty); g != "" {
			about += " · " + g
		}
		groups[k] = append(groups[k], GroupItem{Title: e.Title, URL: content.RelURL(from, e.Page), About: about})
	}
	keys := slices.Sorted(maps.Keys(groups))
	sort.SliceStable(keys, func(i, j int) bool {
		if (keys[i] == "") != (keys[j] == "") {
			return keys[j] == ""
		}
		a, b := strings.ToLower(keys[i]), strings.ToLower(keys[j])
		if a != b {
			return a < b
		}
		return keys[i] < keys[j]
	})
	return groups, keys
}

// AuthorsPage is the page of authors and their puzzles.
func (s *Site) AuthorsPage() Page {
	return Page{Kind: "authors", Path: "authors/index.html", InSitemap: true, Data: func() *PageData {
		d := s.pageData("authors", "Authors", "authors/")
		d.Description = "The authors of the nonogram puzzles of " + s.Title + ", and their puzzles."
		d.Crumbs = []Crumb{{Title: s.Title, URL: "../index.html"}}
		groups, keys := s.groupBy(func(e *Entry) string { return e.Author }, "authors/")
		for _, k := range keys {
			name := k
			if name == "" {
				name = "Unknown author"
			}
			d.Groups = append(d.Groups, GroupView{Name: name, Anchor: anchor("author", k), Puzzles: groups[k]})
		}
		return d
	}}
}

// LicensesPage is the page of licenses and their puzzles, puzzles with no
// license last (groupBy's order).
func (s *Site) LicensesPage() Page {
	return Page{Kind: "licenses", Path: "licenses/index.html", InSitemap: true, Data: func() *PageData {
		d := s.pageData("licenses", "Licenses", "licenses/")
		d.Description = "The licenses the nonogram puzzles of " + s.Title + " are published under, and their puzzles."
		d.Crumbs = []Crumb{{Title: s.Title, URL: "../index.html"}}
		groups, keys := s.groupBy(func(e *Entry) string { return e.License }, "licenses/")
		for _, k := range keys {
			g := GroupView{Name: k, Anchor: licenseAnchor(k), Puzzles: groups[k]}
			if k == "" {
				g.Name = "No license given"
			} else if link := spdxURL(k); link != "" {
				g.SPDX, g.Link = spdxID(k), link
			}
			d.Groups = append(d.Groups, g)
		}
		return d
	}}
}

// tagGroup is a tag's puzzles, named as first met.
type tagGroup struct {
	name    string
	entries []*Entry
}

// tagGroups gathers the puzzles by the page of their tags. Tags whose slugs
// are equal ("Easy", "easy") share a page, named as first met in path order.
func (s *Site) tagGroups() map[string]*tagGroup {
	groups := map[string]*tagGroup{}
	for _, e := range s.Entries {
		for _, tag := range e.Tags {
			page := tagPage(tag)
			g, ok := groups[page]
			if !ok {
				g = &tagGroup{name: tag}
				groups[page] = g
			}
			if len(g.entries) == 0 || g.entries[len(g.entries)-1] != e {
				g.entries = append(g.entries, e)
			}
		}
	}
	return groups
}

// TagPages returns a page per tag of the puzzles' notes, with their cards,
// and last tags/index.html listing the tags.
func (s *Site) TagPages() []Page {
	groups := s.tagGroups()
	list := s.pageData("tags", "Tags", "tags/")
	list.Description = "The tags of the nonogram puzzles of " + s.Title + "."
	var out []Page
	for _, page := range slices.Sorted(maps.Keys(groups)) {
		g := groups[page]
		dir := strings.TrimSuffix(page, "index.html")
		pages := nav.Paginate(len(g.entries), s.Settings.PerPage)
		for _, pg := range pages {
			pdir := nav.PageDir(dir, pg.Number)
			out = append(out, Page{Kind: "collection", Path: pdir + "index.html", InSitemap: true, Data: func() *PageData {
				d := s.pageData("collection", "Tag: "+g.name, pdir)
				d.Description = fmt.Sprintf("%d nonogram puzzles tagged %s.", len(g.entries), g.name)
				d.Crumbs = []Crumb{{Title: s.Title, URL: content.RelURL(pdir, "index.html")}, {Title: "Tags", URL: content.RelURL(pdir, "tags/index.html")}}
				if pg.Number > 1 {
					d.Title = fmt.Sprintf("Tag: %s – page %d", g.name, pg.Number)
					d.Description = fmt.Sprintf("%d nonogram puzzles tagged %s, page %d of %d.", len(g.entries), g.name, pg.Number, len(pages))
					d.Crumbs = append(d.Crumbs, Crumb{Title: g.name, URL: content.RelURL(pdir, page)})
				}
				d.Cards = cards(g.entries[pg.Start:pg.End], pdir, pg.Start)
				d.Pages = pagerLinks(dir, pdir, pg.Number, len(pages))
				d.PageOf = pageOf(pg, len(pages), len(g.entries))
				return d
			}})
		}
		var sp span
		for _, e := range g.entries {
			sp.add(e)
		}
		list.Collections = append(list.Collections, CollectionView{Title: g.name, URL: content.RelURL("tags/", page), Count: len(g.entries), Span: sp.Parts()})
	}
	list.Crumbs = []Crumb{{Title: s.Title, URL: "../index.html"}}
	return append(out, Page{Kind: "tags", Path: "tags/index.html", InSitemap: true, Data: func() *PageData { return list }})
}
