package site

import (
	"html/template"
	"strings"

	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/templates"
)

// The views are the data of the page templates. They see only exported
// fields, and a page is a function of its template and its view alone: the
// build keeps list pages by a key of their view as JSON.

// SiteView is what every page knows of the site.
type SiteView struct{ Title, Language, BaseURL string }

// Crumb is one step of a page's breadcrumbs, or any titled link.
type Crumb struct{ Title, URL string }

// PageData is the data of every page template. URLs in it are relative to the
// page, so that the site works from any sub-path and from disk.
type PageData struct {
	Kind        string // home, collection, puzzle, authors, licenses, 404
	Title       string
	Description string // for <meta name="description"> and Open Graph: never empty
	Lede        string // a line under the title: a collection's description
	Root        string // the way up to the site root: "", "../", "../../"...
	Feed        string // the Atom feed, when the site has one
	Canonical   string // the page's public URL, when the site has a base URL
	Redirect    string // where a wrapper folder's page forwards to (content.Collection.Landing)
	Image       string // the Open Graph image's public URL, when the site has a base URL
	Prev, Next  *Crumb // the puzzle before and after this one in its collection
	Site        SiteView
	Crumbs      []Crumb
	Note        template.HTML

	Collections []CollectionView
	Cards       CardViews
	Recent      CardViews
	Pages       []PagerLink // a long list's pages; nil for one page
	PageOf      string      // where this page is in a long list: "Puzzles 101–151 of 151 · page 2 of 2"
	Shortcuts   []Shortcut  // the home page's ready-made searches
	Booklet     string
	Scope       string // the search words that find a list's puzzles (an author's name), for its filter's link to the search
	SPDX        *Crumb // a license's page: its SPDX identifier and the page of SPDX's list
	Puzzle      *PuzzleView
	Grades      []grade.Words // the search page's: the difficulty grades, easiest first
}

// CollectionView is a link to a collection (or a tag, an author, a license)
// with its puzzle count, what sizes and grades they span ("5×5 to 10×10",
// "easy to medium") and its note's first line; ID is the HTML id of its
// entry, when it has one.
type CollectionView struct {
	Title, URL, Summary, ID string
	Count                   int
	Span                    []string
}

// PagerLink is one link of a list's pager.
type PagerLink struct {
	Label, URL string
	Name       string // what a screen reader names a page's link ("Page 2" for "2"), "" for the label itself
	Current    bool
}

// CardView is a puzzle's card in a list: its entry, and what the card shows
// of it as seen from the list's page.
type CardView struct {
	*Entry
	URL, Thumb, Size      string // Size: "15×20", "triddler, 96 triangles"
	Cells                 int    // the cells to sort by (a grid's width × height)
	Order, DifficultyRank int
	Badge, BadgeText      string
	Grade                 string // the difficulty in words
	TagText               string
	Swatches              []string // the colours' hex codes
	SwatchNames           string
	MetaID                string // the id of what the card says under its title, which describes its link
}

// Swatch is one colour of a puzzle's legend.
type Swatch struct{ Name, Hex string }

// Download is a file offered on a puzzle page: a file of the site (URL), or
// one held in the link (Data, a data: URL, saved as File).
type Download struct {
	Label, URL string
	Data       template.URL
	File       string
}

// PuzzleView is a puzzle's own page: its entry, and what the page shows of
// it beyond.
type PuzzleView struct {
	*Entry
	AuthorPage, LicensePage, SPDX        string // the pages from the site root, SPDX's page
	Description                          string // the puzzle file's own description
	Badge, BadgeText, Grade, VerdictText string
	Grades                               []grade.Words
	DateText, Lastmod, LastmodText       string   // Lastmod: "" when it is the date
	PlayReserve                          int      // px kept for the play grid while it is drawn
	Warnings                             []string // only where the site shows them publicly (and in serve)
	Tags                                 []Crumb  // each with its tag page
	Legend                               []Swatch
	Sheet                                template.HTML // inline SVG
	SheetImage                           string        // the sheet as an image instead (large puzzles), "" if inline
	SheetWidth, SheetHeight              int           // the image's proportions
	Solution                             string        // the solution image, "" if none
	Downloads                            []Download
	Play                                 templates.PlayData
	Triddler                             *templates.TriddlerPlay // a triddler's, instead of Play
	Paper                                string                  // CSS page size
}

// TitleHTML is the collection's title with a line-break opportunity after
// each underscore (wordBreaks).
func (v CollectionView) TitleHTML() template.HTML { return wordBreaks(v.Title) }

// wordBreaks escapes a name for HTML and lets a narrow card break it after
// each underscore and dot (<wbr>): folder and file names such as
// 01_quick_and_easy are one word to a browser, which would otherwise break
// them at any letter (site.css) or not at all.
func wordBreaks(name string) template.HTML {
	var b strings.Builder
	for _, r := range name {
		b.WriteString(template.HTMLEscapeString(string(r)))
		if r == '_' || r == '.' {
			b.WriteString("<wbr>")
		}
	}
	return template.HTML(b.String())
}
