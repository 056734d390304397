package build

import (
	"html/template"

	"github.com/nonopress/nonopress/templates"
)

// siteView is what every page knows of the site.
type siteView struct{ Title, Language, BaseURL string }

// crumb is one step of a page's breadcrumbs.
type crumb struct{ Title, URL string }

// pageData is the data of every page template. URLs in it are relative to the
// page, so that the site works from any sub-path and from disk.
type pageData struct {
	Kind        string // home, collection, puzzle, authors, licenses, 404
	Title       string
	Description string // for <meta name="description"> and Open Graph: never empty
	Lede        string // a line under the title: a collection's description
	Root        string // the way up to the site root: "", "../", "../../"...
	Feed        string // the Atom feed, when the site has one
	Canonical   string // the page's public URL, when the site has a base URL
	Image       string // the Open Graph image's public URL, when the site has a base URL
	Prev, Next  *crumb // the puzzle before and after this one in its collection
	Site        siteView
	Crumbs      []crumb
	Note        template.HTML

	Collections []collectionView
	Cards       []cardView
	Recent      []cardView
	Pages       []pagerLink // a long list's pages; nil for one page
	Booklet     string
	Puzzle      *puzzleView
	Groups      []groupView
}

// collectionView is a link to a collection with its puzzle count and its
// note's first line.
type collectionView struct {
	Title, URL, Summary string
	Count               int
}

// pagerLink is one link of a list's pager.
type pagerLink struct {
	Label, URL string
	Current    bool
}

// cardView is a puzzle's card in a list.
type cardView struct {
	Title, URL, Thumb, Size, Author string // Size: "15×20", "triddler, 96 triangles"
	Width, Height, Colors, Cells    int
	Order, DifficultyRank           int
	Difficulty, Badge, BadgeText    string
	Grade                           string // the difficulty in words
	TagText                         string
	Swatches                        []string // the colours' hex codes
	SwatchNames                     string
}

// groupView is an author or a license with their puzzles.
type groupView struct {
	Name, Anchor string
	SPDX, Link   string // licenses: the SPDX identifier and its page
	Puzzles      []crumb
}

// legendView is one colour of a puzzle's legend.
type legendView struct{ Name, Hex string }

// download is a file offered on a puzzle page: a file of the site (URL), or
// one held in the link (Data, a data: URL, saved as File).
type download struct {
	Label, URL string
	Data       template.URL
	File       string
}

// puzzleView is a puzzle's own page.
type puzzleView struct {
	ID, Title, Author, AuthorAnchor, Copyright string
	Description                                string // the puzzle file's own description
	License, LicenseAnchor, SPDX, Catalogue    string
	Width, Height, Colors                      int
	Verdict, Difficulty, Badge, BadgeText      string
	Grade, VerdictText                         string
	Grades                                     []gradeView
	Date, DateText, Lastmod, LastmodText       string
	PlayReserve                                int      // px kept for the play grid while it is drawn
	Warnings                                   []string // only where the site shows them publicly (and in serve)
	Tags                                       []crumb  // each with its tag page
	Legend                                     []legendView
	Sheet                                      template.HTML // inline SVG
	Solution                                   string        // the solution image, "" if none
	Downloads                                  []download
	Play                                       templates.PlayData
	Triddler                                   *templates.TriddlerPlay // a triddler's, instead of Play
	Paper                                      string                  // CSS page size
}
