package site

import (
	"fmt"
	"html/template"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/puzzle"
)

// Page is a list page of the site to write: its template kind, its path
// from the site root, whether the sitemap lists it, and how its data is
// made (only when the page must be made).
type Page struct {
	Kind, Path string
	InSitemap  bool
	Data       func() *PageData
}

// Bundle is the page of a file of several puzzles: its note and cards.
type Bundle struct {
	Coll               *content.Collection
	Dir                string // output folder: the file's slug in its collection's
	Title, Description string
	Note               template.HTML
	Entries            []*Entry
}

// CollectionPages returns a collection's pages, PerPage cards each: the
// first is c.URL+"index.html", the others page/2/, page/3/... The root
// collection's first page is the home page.
func (s *Site) CollectionPages(c *content.Collection) ([]Page, error) {
	kind := "collection"
	if c.Parent == nil {
		kind = "home"
	}
	note, err := s.Notes.Page(c, s.Links)
	if err != nil {
		return nil, err
	}
	list := s.List(c)
	return s.pagedCards(kind, c.URL, !c.Wrapper, list.Entries, func(dir string, number, pages int) *PageData {
		d := s.collectionHead(c, kind, dir, number, pages)
		if number == 1 {
			d.Note = note
			d.Collections = s.collectionViews(c.Children, dir)
			if c.Parent == nil {
				d.Recent = cards(s.Recent(), dir, 0, "recent")
				d.Shortcuts = s.Shortcuts(dir)
			}
		}
		if c.Wrapper {
			s.forward(d, dir, c.Landing())
		}
		if list.Booklet {
			d.Booklet = content.RelURL(dir, c.URL+"booklet.pdf")
		}
		return d
	}), nil
}

// forward makes a wrapper's page, which no card or breadcrumb links to but
// an address from before or a note may, forward to the collection to which
// cards lead instead (its one card stays, for a browser that does not follow).
func (s *Site) forward(d *PageData, dir string, to *content.Collection) {
	d.Redirect = content.RelURL(dir, to.URL+"index.html")
	if d.Canonical != "" {
		d.Canonical = s.PageURL(to.URL + "index.html")
	}
}

// collectionHead starts the data of page number of a collection's pages:
// titles, descriptions and breadcrumbs.
func (s *Site) collectionHead(c *content.Collection, kind, dir string, number, pages int) *PageData {
	title := c.Heading(s.Title)
	d := s.pageData(kind, title, dir)
	if c.Parent == nil {
		d.Title = ""
		// Without a description of its own, the home page says what the
		// site holds.
		holds := puzzle.Plural(s.List(c).Total, "nonogram puzzle") + " to play in the browser, print or download."
		if s.List(c).Total == 0 {
			holds = "No puzzles here yet." // a new site: its author sees this first
		}
		d.Lede = FirstNonEmpty(s.Settings.Description, c.Note.Front.Description, holds)
	} else {
		d.Lede = c.Note.Front.Description
		d.Description = FirstNonEmpty(Summary(c), fmt.Sprintf("%d nonogram puzzles in %s: play them online, print them or download them.", s.List(c).Total, title))
	}
	if c.Parent != nil || number > 1 {
		d.Crumbs = crumbsOf(c, dir, s.Title, number > 1)
	}
	if number > 1 {
		laterPage(d, title, number, pages)
		d.Lede = ""
	}
	return d
}

// collectionViews lists sub-collections as links from a page, each with its
// note's description or first line: a wrapper's link leads past it, to its
// Landing, titled by the chain.
func (s *Site) collectionViews(cs []*content.Collection, from string) []CollectionView {
	var out []CollectionView
	for _, c := range cs {
		to := c.Landing()
		l := s.List(c)
		out = append(out, CollectionView{Title: to.Heading(s.Title), URL: content.RelURL(from, to.URL+"index.html"), Count: l.Total,
			Span: l.span.Parts(), Summary: Summary(to)})
	}
	return out
}

// NotFoundPage is the page servers show for a missing address. Its links
// are relative to the site root (absolute when a base URL is set, since the
// page is shown at any depth).
func (s *Site) NotFoundPage() Page {
	return Page{Kind: "404", Path: "404.html", Data: func() *PageData {
		d := s.pageData("404", "Page not found", "")
		d.Description = "There is no page at this address on " + s.Title + "."
		if s.Settings.BaseURL != "" {
			d.Root = s.Settings.BaseURL + "/"
			d.Feed = d.Root + "atom.xml"
			d.Canonical = ""
		}
		return d
	}}
}

// SearchPage is the search page (the index is SearchIndex).
func (s *Site) SearchPage() Page {
	return Page{Kind: "search", Path: "search/index.html", InSitemap: true, Data: func() *PageData {
		d := s.pageData("search", "Search", "search/")
		d.Description = "Search the nonogram puzzles of " + s.Title + " by title, author, tag, size, colours, difficulty or license."
		d.Crumbs = []Crumb{{Title: s.Title, URL: "../index.html"}}
		d.Grades = grade.All()
		return d
	}}
}

// BundlePages are the pages of a file of several puzzles: its note and its
// puzzles' cards, PerPage a page as a collection's (a bundle may hold
// thousands), the first at b.Dir.
func (s *Site) BundlePages(b *Bundle) []Page {
	about := FirstNonEmpty(b.Description, fmt.Sprintf("%d nonogram puzzles in %s: play them online, print them or download them.", len(b.Entries), b.Title))
	return s.pagedCards("collection", b.Dir, true, b.Entries, func(dir string, number, pages int) *PageData {
		d := s.pageData("collection", b.Title, dir)
		d.Description = about
		d.Crumbs = crumbsOf(b.Coll, dir, s.Title, true)
		if number == 1 {
			d.Lede, d.Note = b.Description, b.Note
		} else {
			laterPage(d, b.Title, number, pages)
			d.Crumbs = append(d.Crumbs, Crumb{Title: b.Title, URL: content.RelURL(dir, b.Dir+"index.html")})
		}
		return d
	})
}
