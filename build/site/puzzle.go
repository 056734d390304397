package site

import (
	"bytes"
	"html/template"
	"path"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/templates"
	"github.com/nonopress/nonopress/validate"
)

// FilePages is what the pages of one file's puzzles share.
type FilePages struct {
	Note        template.HTML // the file's note
	Description string        // its front matter's, else the puzzle's own
	Bundle      *Bundle       // the page listing the file's puzzles; nil for a file of one
	// Prev and Next are the puzzles of the same file before and after the
	// one being published, nil at the file's ends.
	Prev, Next *Entry
}

// assetDownloads are a puzzle's own files offered for download, in order.
var assetDownloads = []Download{
	{Label: "Printable sheet (SVG)", URL: "sheet.svg"},
	{Label: "Solution (SVG)", URL: "solution.svg"},
	{Label: "Printable sheet (PDF, with the answer on page 2)", URL: "sheet.pdf"},
}

// SaveAs is the name a download of the puzzle titled title is saved under:
// the title's slug, then suffix ("the-cross" and ".xml", or "-sheet.pdf").
func SaveAs(title, suffix string) string { return content.Slugify(title) + suffix }

// PuzzlePage is the data of a puzzle's page: e is its entry with its files
// (assets: their names in its folder), convs its conversions, and landscape
// whether its sheet is wider than high. The sheet is a slot (SheetSlot).
func (s *Site) PuzzlePage(e *Entry, p *puzzle.Puzzle, rep *validate.Report, f *FilePages, convs []Download, assets map[string]string, landscape bool) *PageData {
	view := s.puzzleView(e, p, rep)
	view.Downloads = append(view.Downloads, Download{Label: "Original file (" + path.Base(e.Source) + ")", URL: content.RelURL(e.Dir, e.Source)})
	view.Downloads = append(view.Downloads, convs...)
	for _, d := range assetDownloads {
		if _, ok := assets[d.URL]; ok {
			// Saved as the-heart-sheet.pdf, not sheet.pdf, as the
			// conversions are under the title: a reader who saves the
			// sheets of several puzzles keeps them all, told apart.
			d.File = SaveAs(e.Title, "-"+d.URL)
			view.Downloads = append(view.Downloads, d)
		}
	}
	switch {
	case e.HasSheet() && templates.LargeGrid(e.Width, e.Height):
		// A large puzzle's sheet is tens of kilobytes of SVG: an image,
		// loaded when scrolled to, keeps its page light.
		view.SheetImage = "sheet.svg"
		view.SheetWidth, view.SheetHeight = sheetAspect(s.Settings.Paper, landscape)
	case e.HasSheet():
		view.Sheet = SheetSlot
	}
	if e.HasSheet() && landscape {
		view.Paper += " landscape"
	}
	if e.Solution != "" {
		view.Solution = "solution.svg"
	}
	data := s.pageData("puzzle", e.Title, e.Dir)
	data.Crumbs = crumbsOf(e.coll, e.Dir, s.Title, true)
	if f.Bundle != nil {
		data.Crumbs = append(data.Crumbs, Crumb{Title: f.Bundle.Title, URL: content.RelURL(e.Dir, f.Bundle.Dir+"index.html")})
	}
	data.Note = f.Note
	data.Description = FirstNonEmpty(f.Description, puzzleDescription(e))
	data.Puzzle = view
	data.Prev, data.Next = puzzleNeighbours(e, f.Prev, f.Next)
	return data
}

// puzzleNeighbours are the links to the puzzles before and after e, as seen
// from its page: its published siblings in its file (prev, next), and at
// the file's ends the files before and after it in its collection.
func puzzleNeighbours(e, prev, next *Entry) (*Crumb, *Crumb) {
	at := func(sibling *Entry, l content.Link) *Crumb {
		if sibling != nil {
			return &Crumb{Title: sibling.Title, URL: content.RelURL(e.Dir, sibling.Page)}
		}
		if l.Page == "" {
			return nil
		}
		return &Crumb{Title: l.Title, URL: content.RelURL(e.Dir, l.Page)}
	}
	return at(prev, e.file.Prev), at(next, e.file.Next)
}

// puzzleView starts a puzzle page's view: its metadata, tags and legend.
// Its warnings are shown only where the site shows them publicly; else they
// are for the author, in the build log (which serve prints too) and check.
func (s *Site) puzzleView(e *Entry, p *puzzle.Puzzle, rep *validate.Report) *PuzzleView {
	view := &PuzzleView{
		Entry: e, AuthorPage: authorPage(e.Author), LicensePage: licensePage(e.License), SPDX: spdxURL(e.License),
		Badge: badge(e.Verdict), BadgeText: badgeText(e.Verdict),
		Grade: gradeName(e.Difficulty), VerdictText: verdictText(e.Verdict), Grades: grade.All(),
		DateText: dateText(e.Date), Paper: cssPaper(s.Settings.Paper), PlayReserve: playReserve(p),
		Play: templates.NewPlayData(p, e.ID, e.Title, playOptions(rep)...), Description: strings.TrimSpace(p.Meta.Description),
		Triddler: templates.NewTriddlerPlay(p, e.ID, e.Title, playOptions(rep)...), Legend: e.Swatches,
	}
	if e.Lastmod != e.Date {
		view.Lastmod, view.LastmodText = e.Lastmod, dateText(e.Lastmod)
	}
	if s.Settings.PublicWarnings {
		view.Warnings = e.Warnings
	}
	for _, tag := range e.Tags {
		view.Tags = append(view.Tags, Crumb{Title: tag, URL: content.RelURL(e.Dir, tagPage(tag))})
	}
	return view
}

// sheetAspect is the width and height attributes of a sheet's image: its
// paper's proportions (ISO sizes are 1:√2, letter 8.5:11), so that the page
// keeps the image's room before it loads.
func sheetAspect(paper string, landscape bool) (w, h int) {
	w, h = 1000, 1414
	if paper == "letter" {
		w, h = 850, 1100
	}
	if landscape {
		return h, w
	}
	return w, h
}

// cssPaper is the CSS @page size of a paper name.
func cssPaper(paper string) string {
	if paper == "letter" {
		return "letter"
	}
	return strings.ToUpper(paper) // A3, A4, A5
}

// A puzzle page inlines its sheet, an SVG that render has minified already.
// Minifying the page with the sheet in it would minify the sheet a second
// time (the HTML minifier hands inline SVG to the SVG minifier), which is
// most of the cost of minifying a page. So the template is given a slot, an
// empty element that minifies to itself, and the sheet goes into the slot
// once the page is minified (FillSlot).
//
// SheetSlot is the stand-in for the inline sheet. html/template escapes
// every text of the page's data, so the slot can only come from the
// template's own use of the sheet, or from a note's raw HTML when a site
// allows it; the puzzle template puts the sheet after the note, so the last
// slot is filled.
const SheetSlot = "<np-sheet-slot></np-sheet-slot>"

// FillSlot puts the sheet into the last slot of a page.
func FillSlot(page []byte, sheet string) ([]byte, bool) {
	full, ok := AppendFilled(make([]byte, 0, len(page)+len(sheet)), page, sheet)
	if !ok {
		return page, false
	}
	return full, true
}

// AppendFilled appends the page with the sheet in its last slot to dst, as
// FillSlot makes it; without a slot it appends nothing and reports false.
func AppendFilled(dst, page []byte, sheet string) ([]byte, bool) {
	i := lastIndex(page, []byte(SheetSlot))
	if i < 0 {
		return dst, false
	}
	dst = append(dst, page[:i]...)
	dst = append(dst, sheet...)
	return append(dst, page[i+len(SheetSlot):]...), true
}

// lastIndex is bytes.LastIndex, found by searching forward: bytes.Index
// finds a slot in a page many times faster than bytes.LastIndex does.
func lastIndex(page, sep []byte) int {
	last := bytes.Index(page, sep)
	for last >= 0 {
		next := bytes.Index(page[last+1:], sep)
		if next < 0 {
			break
		}
		last += 1 + next
	}
	return last
}

// A download's data: link is most of a puzzle page's bytes (the .non and
// PBN XML files in base64), and html/template escaping it and the minifier
// reading it are much of the cost of making the page. So where the page is
// made by the embedded templates, which put a download's Data only in its
// link's href, the template is given a slot for each: a relative URL that
// escapes and minifies to itself. The minified data: URL (which the build
// makes as the minifier would have, output.Minifier.DataURI) goes into the
// slot once the page is minified (AppendDataFilled).

// DataSlot is the stand-in for the i-th data: link of a page.
func DataSlot(i int) template.URL { return template.URL("np-data-" + strconv.Itoa(i) + "-slot") }

// AppendDataFilled appends page to dst with the i-th data slot replaced by
// links[i], each already as the minifier writes a link's value. It reports
// false, having appended nothing, unless each slot is found once, in
// order, as a double-quoted href, and each link can stand between double
// quotes as it is (the minifier would have quoted it otherwise).
func AppendDataFilled(dst, page []byte, links [][]byte) ([]byte, bool) {
	at := slotsAt(page, len(links))
	for i, link := range links {
		end := at[i] + len(DataSlot(i))
		found := at[i] >= 0 && (i == 0 || at[i] > at[i-1]) &&
			bytes.HasSuffix(page[:at[i]], []byte(`href="`)) && bytes.HasPrefix(page[end:], []byte(`"`))
		if !found || bytes.IndexByte(link, '"') >= 0 {
			return dst, false
		}
	}
	from := 0
	for i, link := range links {
		dst = append(dst, page[from:at[i]]...)
		dst = append(dst, link...)
		from = at[i] + len(DataSlot(i))
	}
	return append(dst, page[from:]...), true
}

// slotsAt finds the first n data slots in one pass over the page: where
// each is, or -1 where a slot is missing or found more than once.
func slotsAt(page []byte, n int) []int {
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	seen := make([]int, n)
	prefix := []byte("np-data-")
	for from := 0; ; {
		j := bytes.Index(page[from:], prefix)
		if j < 0 {
			break
		}
		j += from
		from = j + 1
		rest := page[j+len(prefix):]
		digits := 0
		for digits < len(rest) && digits < 6 && '0' <= rest[digits] && rest[digits] <= '9' {
			digits++
		}
		k, err := strconv.Atoi(string(rest[:digits]))
		if err != nil || k >= n || !bytes.Equal(page[j:min(len(page), j+len(DataSlot(k)))], []byte(DataSlot(k))) {
			continue
		}
		at[k] = j
		seen[k]++
	}
	for i := range at {
		if seen[i] != 1 {
			at[i] = -1
		}
	}
	return at
}
