package build

import (
	"github.com/nonopress/nonopress/searchindex"
)

// searchIndexPath is the site-wide search index, from the site root, which
// static/search.js loads on first use (package searchindex).
const searchIndexPath = "search-index.js"

// writeSearch writes the search page and the search index of every
// published puzzle, in path order.
func (r *run) writeSearch() error {
	err := r.putTemplated("search", "search/index.html", true, func() *pageData {
		d := r.pageData("search", "Search", "search/")
		d.Description = "Search the nonogram puzzles of " + r.title + " by title, author, tag, size, colours, difficulty or license."
		d.Crumbs = []crumb{{Title: r.title, URL: "../index.html"}}
		return d
	})
	if err != nil || r.keepPublished(searchIndexPath) {
		return err
	}
	list := make([]searchindex.Puzzle, len(r.entries))
	for i, e := range r.entries {
		list[i] = searchindex.Puzzle{Title: e.Title, Author: e.Author, License: e.License, Tags: e.Tags,
			Width: e.Width, Height: e.Height, Colors: e.Colors, Difficulty: e.Difficulty, Page: e.Page}
	}
	data, err := searchindex.Script(list)
	if err != nil {
		return err
	}
	_, err = r.out.PutExact(searchIndexPath, data) // already compact
	return err
}

// writeOGImage writes the Open Graph image when the site has a base URL
// (previews need its absolute URL).
func (r *run) writeOGImage() error {
	if r.site.BaseURL == "" {
		return nil
	}
	data, err := ogImage()
	if err != nil {
		return err
	}
	_, err = r.out.PutExact(ogImagePath, data)
	return err
}
