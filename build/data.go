package build

import (
	"github.com/nonopress/nonopress/build/site"
)

// searchIndexPath is the site-wide search index, from the site root, which
// static/search.js loads on first use (package searchindex).
const searchIndexPath = "search-index.js"

// writeData writes the site's data files: catalogue.json and the search
// index, and with a base URL the sitemap, the Atom feed and the Open Graph
// image. A quick build keeps those published (keepPublished).
func (r *run) writeData() error {
	files := []struct {
		path  string
		exact bool // already compact: written as they are
		make  func() ([]byte, error)
		url   bool // only when the site has a base URL
	}{
		{"catalogue.json", true, r.pub.Catalogue, false},
		{searchIndexPath, true, r.pub.SearchIndex, false},
		{"sitemap.xml", false, func() ([]byte, error) { return r.pub.Sitemap(r.pages) }, true},
		{"atom.xml", false, r.pub.Feed, true},
		{site.OGImagePath, true, site.OGImage, true},
	}
	for _, f := range files {
		if (f.url && r.site.BaseURL == "") || r.keepPublished(f.path) {
			continue
		}
		data, err := f.make()
		if err != nil {
			return err
		}
		if f.exact {
			_, err = r.out.PutExact(f.path, data)
		} else {
			_, err = r.out.Put(f.path, data)
		}
		if err != nil && f.path == site.OGImagePath {
			return &SiteError{Page: f.path, From: "nonopress's own preview image", Err: err}
		} else if err != nil {
			return &SiteError{Page: f.path, From: fromEveryPuzzle, Err: err}
		}
	}
	return nil
}
