package site

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"sort"

	"github.com/nonopress/nonopress/searchindex"
)

// Catalogue is catalogue.json: every published puzzle's entry (the fields
// with a JSON name), in path order, as minified JSON. URLs are relative to
// the site root.
func (s *Site) Catalogue() ([]byte, error) {
	list := s.Entries
	if list == nil {
		list = []*Entry{}
	}
	data, err := json.Marshal(list)
	if err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	return data, nil
}

// sitemap is sitemap.xml (sitemaps.org protocol).
type sitemap struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	Lastmod string `xml:"lastmod,omitempty"`
}

// Sitemap is sitemap.xml, listing pages (paths from the site root); the
// site must have a base URL.
func (s *Site) Sitemap(pages []string) ([]byte, error) {
	pages = append([]string(nil), pages...)
	sort.Strings(pages)
	lastmod := make(map[string]string, len(s.Entries))
	for _, e := range s.Entries {
		lastmod[e.Page] = e.Lastmod
	}
	sm := sitemap{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, p := range pages {
		sm.URLs = append(sm.URLs, sitemapURL{Loc: s.PageURL(p), Lastmod: lastmod[p]})
	}
	return xmlDocument("sitemap.xml", sm)
}

// atomFeed is atom.xml (RFC 4287).
type atomFeed struct {
	XMLName xml.Name    `xml:"feed"`
	NS      string      `xml:"xmlns,attr"`
	Title   string      `xml:"title"`
	ID      string      `xml:"id"`
	Updated string      `xml:"updated"`
	Link    []atomLink  `xml:"link"`
	Author  atomAuthor  `xml:"author"` // stands in for entries without one
	Entries []atomEntry `xml:"entry"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr,omitempty"`
}

type atomEntry struct {
	Title     string      `xml:"title"`
	ID        string      `xml:"id"`
	Published string      `xml:"published,omitempty"`
	Updated   string      `xml:"updated"`
	Link      atomLink    `xml:"link"`
	Author    *atomAuthor `xml:"author,omitempty"`
	Summary   string      `xml:"summary"`
}

type atomAuthor struct {
	Name string `xml:"name"`
}

// undated is the Atom date of a feed with no dated puzzle: a feed needs
// one, and the build must not read the clock. Puzzles without a date are
// left out of the feed.
const undated = "1970-01-01T00:00:00Z"

// Feed is atom.xml, the recently added puzzles (those with a date); the
// site must have a base URL.
func (s *Site) Feed() ([]byte, error) {
	base := s.Settings.BaseURL
	feed := atomFeed{NS: "http://www.w3.org/2005/Atom", Title: s.Title, ID: base + "/", Updated: undated,
		Author: atomAuthor{Name: s.Title},
		Link:   []atomLink{{Href: base + "/"}, {Href: base + "/atom.xml", Rel: "self"}}}
	for _, e := range s.Recent() {
		date := FirstNonEmpty(e.Lastmod, e.Date)
		if date > feed.Updated {
			feed.Updated = date
		}
		ae := atomEntry{Title: e.Title, ID: s.PageURL(e.Page), Published: e.Date, Updated: date, Link: atomLink{Href: s.PageURL(e.Page)},
			Summary: puzzleDescription(e)}
		if e.Author != "" {
			ae.Author = &atomAuthor{Name: e.Author}
		}
		feed.Entries = append(feed.Entries, ae)
	}
	return xmlDocument("atom.xml", feed)
}

// xmlDocument encodes v as the XML document name.
func xmlDocument(name string, v any) ([]byte, error) {
	data, err := xml.MarshalIndent(v, "", " ")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return append([]byte(xml.Header), data...), nil
}

// SearchIndex is the site-wide search index of every published puzzle, in
// path order (package searchindex), as a script.
func (s *Site) SearchIndex() ([]byte, error) {
	list := make([]searchindex.Puzzle, len(s.Entries))
	for i, e := range s.Entries {
		list[i] = searchindex.Puzzle{Title: e.Title, Author: e.Author, License: e.License, Tags: e.Tags,
			Width: e.Width, Height: e.Height, Triangles: e.Cells, Colors: e.Colors, Difficulty: e.Difficulty, Page: e.Page, ID: e.ID}
	}
	return searchindex.Script(list)
}
