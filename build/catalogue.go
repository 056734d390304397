package build

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/url"
	"sort"
	"strings"
)

// writeCatalogue writes catalogue.json: every published puzzle's entry (the
// fields with a JSON name), in path order. URLs are relative to the site
// root.
func (r *run) writeCatalogue() error {
	if r.keepPublished("catalogue.json") {
		return nil
	}
	list := r.entries
	if list == nil {
		list = []*entry{}
	}
	data, err := json.Marshal(list)
	if err != nil {
		return fmt.Errorf("catalogue: %w", err)
	}
	_, err = r.out.PutExact("catalogue.json", data) // json.Marshal's is minified JSON
	return err
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

// pageURL is the public URL of a page: its folder, "index.html" left out,
// percent-encoded as sitemaps and feeds want.
func (r *run) pageURL(page string) string {
	page = strings.TrimSuffix(page, "index.html")
	return r.site.BaseURL + "/" + (&url.URL{Path: page}).EscapedPath()
}

// writeSitemap writes sitemap.xml when the site has a base URL.
func (r *run) writeSitemap() error {
	if r.site.BaseURL == "" || r.keepPublished("sitemap.xml") {
		return nil
	}
	pages := append([]string(nil), r.pages...)
	sort.Strings(pages)
	lastmod := make(map[string]string, len(r.entries))
	for _, e := range r.entries {
		lastmod[e.Page] = e.Lastmod
	}
	sm := sitemap{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, p := range pages {
		sm.URLs = append(sm.URLs, sitemapURL{Loc: r.pageURL(p), Lastmod: lastmod[p]})
	}
	return r.putXML("sitemap.xml", sm)
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

// writeFeed writes atom.xml, the recently added puzzles (those with a date),
// when the site has a base URL.
func (r *run) writeFeed() error {
	if r.site.BaseURL == "" || r.keepPublished("atom.xml") {
		return nil
	}
	feed := atomFeed{NS: "http://www.w3.org/2005/Atom", Title: r.title, ID: r.site.BaseURL + "/", Updated: undated,
		Author: atomAuthor{Name: r.title},
		Link:   []atomLink{{Href: r.site.BaseURL + "/"}, {Href: r.site.BaseURL + "/atom.xml", Rel: "self"}}}
	for _, e := range r.recent() {
		date := firstNonEmpty(e.Lastmod, e.Date)
		if date > feed.Updated {
			feed.Updated = date
		}
		ae := atomEntry{Title: e.Title, ID: r.pageURL(e.Page), Published: e.Date, Updated: date, Link: atomLink{Href: r.pageURL(e.Page)},
			Summary: puzzleDescription(e)}
		if e.Author != "" {
			ae.Author = &atomAuthor{Name: e.Author}
		}
		feed.Entries = append(feed.Entries, ae)
	}
	return r.putXML("atom.xml", feed)
}

// putXML writes v as an XML document.
func (r *run) putXML(name string, v any) error {
	data, err := xml.MarshalIndent(v, "", " ")
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	_, err = r.out.Put(name, append([]byte(xml.Header), data...))
	return err
}
