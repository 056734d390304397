package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/nav"
)

// Summary is a collection's one-line summary: its note's description, else
// the first line of its note.
func Summary(c *content.Collection) string {
	return FirstNonEmpty(c.Note.Front.Description, nav.FirstLine(c.Note.Body))
}

// cardOf returns a puzzle's card as seen from a page in folder from, the
// pos-th of its list (the list's default order, to which sorting returns).
func cardOf(e *Entry, from string, pos int) CardView {
	c := CardView{
		Entry: e, URL: content.RelURL(from, e.Page), Cells: e.CellCount(), Size: e.cardSize(),
		Order: pos, DifficultyRank: difficultyRank(e.Difficulty),
		Badge: badge(e.Verdict), BadgeText: badgeText(e.Verdict), Grade: gradeName(e.Difficulty),
		TagText: strings.Join(e.Tags, " "), SwatchNames: swatchNames(e.Swatches),
	}
	for _, sw := range e.Swatches {
		c.Swatches = append(c.Swatches, sw.Hex)
	}
	if e.Thumb != "" {
		c.Thumb = content.RelURL(from, e.Thumb)
	}
	return c
}

// CardViews are a list's cards, as the "cards" partial shows them.
type CardViews []CardView

// FilterGrade is the grade word the filter of the cards offers as an
// example of what it finds ("title, size, author, easy…"): the easiest of
// package grade's table, as the search page takes its grade words.
func (CardViews) FilterGrade() string { return grade.All()[0].Word }

// cards returns the cards of entries as seen from a page in folder from,
// the first at position first of its list; list names the list among
// those of its page ("puzzles", "recent"), for the ids of its cards' parts.
func cards(es []*Entry, from string, first int, list string) CardViews {
	var out CardViews
	for i, e := range es {
		c := cardOf(e, from, first+i)
		c.MetaID = "np-" + list + "-" + strconv.Itoa(first+i)
		out = append(out, c)
	}
	return out
}

// pagedCards returns the pages of a list of entries whose first page is in
// folder first: PerPage cards each, the others in page/2/, page/3/...
// beside it. head starts each page's data, given its folder, its number
// and the number of pages; pagedCards adds the cards, the pager and where
// the page is in the list.
func (s *Site) pagedCards(kind, first string, inSitemap bool, es []*Entry, head func(dir string, number, pages int) *PageData) []Page {
	pages := nav.Paginate(len(es), s.Settings.PerPage)
	out := make([]Page, 0, len(pages))
	for _, pg := range pages {
		dir := nav.PageDir(first, pg.Number)
		out = append(out, Page{Kind: kind, Path: dir + "index.html", InSitemap: inSitemap, Data: func() *PageData {
			d := head(dir, pg.Number, len(pages))
			d.Cards = cards(es[pg.Start:pg.End], dir, pg.Start, "puzzles")
			d.Pages = pagerLinks(first, dir, pg.Number, len(pages))
			d.PageOf = pageOf(pg, len(pages), len(es))
			return d
		}})
	}
	return out
}

// pagerLinks are the links of the pager on page cur of a list whose first
// page is in folder first, as seen from folder from.
func pagerLinks(first, from string, cur, total int) []PagerLink {
	var out []PagerLink
	for _, l := range nav.Pager(cur, total) {
		pl := PagerLink{Label: l.Label, Current: l.Current}
		if l.Number > 0 && !l.Current {
			pl.URL = content.RelURL(from, nav.PageDir(first, l.Number)+"index.html")
			if l.Label == strconv.Itoa(l.Number) {
				pl.Name = "Page " + l.Label
			}
		}
		out = append(out, pl)
	}
	return out
}

// laterPage titles page number, past the first, of the pages of a list
// titled title ("Ann – page 2"), and ends its description with where it
// is (", page 2 of 3.").
func laterPage(d *PageData, title string, number, pages int) {
	d.Title = fmt.Sprintf("%s – page %d", title, number)
	d.Description = fmt.Sprintf("%s, page %d of %d.", strings.TrimSuffix(d.Description, "."), number, pages)
}

// pageOf says where page pg of pages is in a list of n puzzles, for a
// visitor who cannot see the pager at the foot of the page; "" when the
// list has one page.
func pageOf(pg nav.Page, pages, n int) string {
	if pages <= 1 {
		return ""
	}
	if pg.End == pg.Start+1 { // the last page's one puzzle: not "Puzzles 5–5"
		return fmt.Sprintf("Puzzle %d of %d · page %d of %d", pg.End, n, pg.Number, pages)
	}
	return fmt.Sprintf("Puzzles %d–%d of %d · page %d of %d", pg.Start+1, pg.End, n, pg.Number, pages)
}

// difficultyRank orders difficulties for sorting cards: easiest first (from
// 1), then puzzles whose difficulty is not known.
func difficultyRank(d string) int {
	if r := grade.Rank(d); r > 0 {
		return r
	}
	return len(grade.All()) + 1
}
