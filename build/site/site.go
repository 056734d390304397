package site

import (
	"net/url"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/build/content"
)

// Site is a site's puzzles and tree once every puzzle file is published:
// what its list pages, catalogue, sitemap and feed are made from.
type Site struct {
	Title       string // nonopress.toml's, else the root note's, else "Nonograms"
	Description string // nonopress.toml's, else the root note's description or first line
	Settings    content.Settings
	Root        *content.Collection
	Entries     []*Entry          // every published puzzle, in path order
	Notes       *content.NoteDocs // the notes parsed, for this build only
	Links       content.Links     // the notes' links, rebased per page
	Anchors     content.Anchors
	// lists holds what each collection shows, made by Arrange.
	lists map[*content.Collection]*Listing
}

// LinkCheck checks the notes of the site for links that lead nowhere, and
// raw HTML its pages leave out.
func (s *Site) LinkCheck() content.LinkCheck {
	check := content.LinkCheck{Links: s.Links, Anchors: s.Anchors, Docs: s.Notes, RawHTML: s.Settings.UnsafeHTML}
	if s.Root != nil {
		check.LeftOut = s.Root.Broken
	}
	return check
}

// Listing is what a collection's page shows once its puzzles are published.
type Listing struct {
	Entries []*Entry // its published puzzles, in display order
	Total   int      // published puzzles here and below
	Booklet bool     // a booklet of its puzzles is written
	span    span     // the sizes and grades of its puzzles here and below
}

// List returns a collection's listing (empty before Arrange).
func (s *Site) List(c *content.Collection) *Listing {
	if l := s.lists[c]; l != nil {
		return l
	}
	return &Listing{}
}

// Arrange places published puzzles in their collections, in display order,
// counts each collection's puzzles with those below it and what sizes and
// grades they span, drops from the
// tree the collections that publish none, and marks the collections with a
// printable puzzle as having a booklet.
func (s *Site) Arrange() {
	s.lists = map[*content.Collection]*Listing{}
	for _, e := range s.Entries {
		l := s.lists[e.coll]
		if l == nil {
			l = &Listing{}
			s.lists[e.coll] = l
		}
		l.Entries = append(l.Entries, e)
		l.Booklet = l.Booklet || e.HasSheet()
	}
	var count func(c *content.Collection) int
	count = func(c *content.Collection) int {
		l := s.lists[c]
		if l == nil {
			l = &Listing{}
			s.lists[c] = l
		}
		sortEntries(l.Entries)
		content.SortCollections(c.Children)
		kept := c.Children[:0]
		n := len(l.Entries)
		l.span = span{}
		for _, e := range l.Entries {
			l.span.add(e)
		}
		for _, sub := range c.Children {
			if k := count(sub); k > 0 {
				n += k
				kept = append(kept, sub)
				l.span.join(s.lists[sub].span)
			}
		}
		c.Children = kept
		l.Total = n
		return n
	}
	count(s.Root)
}

// sortEntries orders a collection's puzzles: by weight (front matter), then in
// path order.
func sortEntries(es []*Entry) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Weight != es[j].Weight {
			return es[i].Weight < es[j].Weight
		}
		return es[i].order < es[j].order
	})
}

// Recent returns the puzzles for "recently added": those with a date (front
// matter, else git with git_info), newest first, ties in path order. Puzzles
// without a date are left out. The clock and file times play no part.
func (s *Site) Recent() []*Entry {
	var es []*Entry
	for _, e := range s.Entries {
		if e.Date != "" {
			es = append(es, e)
		}
	}
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Date != es[j].Date {
			return es[i].Date > es[j].Date
		}
		return es[i].order < es[j].order
	})
	return es[:min(len(es), s.Settings.Recent)]
}

// PageURL is the public URL of a page: its folder, "index.html" left out,
// percent-encoded as sitemaps and feeds want.
func (s *Site) PageURL(page string) string {
	page = strings.TrimSuffix(page, "index.html")
	return s.Settings.BaseURL + "/" + (&url.URL{Path: page}).EscapedPath()
}

// pageData starts the data of a page in folder dir.
func (s *Site) pageData(kind, title, dir string) *PageData {
	root := content.RootOf(dir)
	d := &PageData{Kind: kind, Title: title, Root: root, Description: s.Description,
		Site: SiteView{Title: s.Title, Language: s.Settings.Language, BaseURL: s.Settings.BaseURL}}
	if s.Settings.BaseURL != "" {
		d.Feed = root + "atom.xml"
		d.Canonical = s.PageURL(dir + "index.html")
		d.Image = s.Settings.BaseURL + "/" + OGImagePath
	}
	return d
}

// crumbsOf returns the breadcrumbs of a page in collection c, from the home
// page down to c itself when withSelf. A chain of wrappers shares one crumb
// with the collection it leads to.
func crumbsOf(c *content.Collection, from, siteTitle string, withSelf bool) []Crumb {
	var chain []*content.Collection
	for x := c; x != nil; x = x.Parent {
		chain = append(chain, x)
	}
	var out []Crumb
	for i := len(chain) - 1; i >= 0; i-- {
		x := chain[i]
		if x.Wrapper && i > 0 {
			continue // one crumb with the collection below it (Heading)
		}
		if x == c && !withSelf {
			break
		}
		out = append(out, Crumb{Title: x.Heading(siteTitle), URL: content.RelURL(from, x.URL+"index.html")})
	}
	return out
}

// tagPage is the path of a tag's page from the site root.
func tagPage(tag string) string { return "tags/" + content.Slugify(tag) + "/index.html" }

// authorPage is the path of an author's page from the site root; the
// puzzles whose author is not given have theirs at authors/-unknown/, a
// name no author's slug takes (a slug never starts with a dash), so that an
// author named "Unknown" has a page of their own.
func authorPage(author string) string { return groupPage("authors/", author, "unknown") }

// licensePage is the path of a license's page from the site root; the
// puzzles with no license given have theirs at licenses/-none/, apart from
// a license named "none".
func licensePage(license string) string { return groupPage("licenses/", license, "none") }

// groupPage is the path of the page of a group's name in dir: its slug, or
// "-"+unnamed for the group of no name.
func groupPage(dir, name, unnamed string) string {
	if name == "" {
		return dir + "-" + unnamed + "/index.html"
	}
	return dir + content.Slugify(name) + "/index.html"
}

// anchor makes an HTML id from a name.
func anchor(prefix, name string) string { return prefix + "-" + content.Slugify(name) }

// licenseAnchor is the id of a license's entry on the licenses page.
func licenseAnchor(license string) string {
	if license == "" {
		return "license-none"
	}
	return anchor("license", license)
}
