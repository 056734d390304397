package site

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/puzzle"
)

// testSite is a root with two sub-collections, of which only "a" publishes
// puzzles: two, the second lighter, the first printable.
func testSite() (*Site, *content.Collection) {
	root := &content.Collection{}
	a := &content.Collection{Dir: "a", URL: "a/", Name: "a", Parent: root}
	empty := &content.Collection{Dir: "empty", URL: "empty/", Name: "empty", Parent: root}
	root.Children = []*content.Collection{a, empty}
	heavy := &Entry{ID: "1", Title: "Heavy", Weight: 2, Page: "a/heavy/index.html", Source: "a/heavy.non", Sheet: "a/heavy/sheet.svg"}
	light := &Entry{ID: "2", Title: "Light", Weight: 1, Page: "a/light/index.html", Source: "a/light.non"}
	heavy.Place(a, nil, 1)
	light.Place(a, nil, 2)
	s := &Site{Title: "T", Root: root, Entries: []*Entry{heavy, light}, Settings: content.Settings{PerPage: 10},
		Notes: content.NewNoteDocs(content.NewMarkdown(false))}
	s.Arrange()
	return s, a
}

// Arrange lists a collection's puzzles by weight, counts them up the tree,
// drops collections without puzzles and knows which have a booklet.
func TestArrange(t *testing.T) {
	s, a := testSite()
	l := s.List(a)
	if len(l.Entries) != 2 || l.Entries[0].Title != "Light" || !l.Booklet || l.Total != 2 {
		t.Errorf("listing of a: %d entries (first %q), booklet %v, total %d; want Light first of 2, a booklet, 2",
			len(l.Entries), l.Entries[0].Title, l.Booklet, l.Total)
	}
	if len(s.Root.Children) != 1 || s.Root.Children[0] != a || s.List(s.Root).Total != 2 {
		t.Errorf("root keeps %d collections and counts %d puzzles; want a alone, 2", len(s.Root.Children), s.List(s.Root).Total)
	}
}

// The catalogue is the entries' JSON fields in path order, and a card wraps
// its entry: what its list page's key is made of covers what it shows.
func TestCatalogueAndCards(t *testing.T) {
	s, a := testSite()
	data, err := s.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	var cat []map[string]any
	if err := json.Unmarshal(data, &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat) != 2 || cat[0]["title"] != "Heavy" || cat[0]["sheet"] != "a/heavy/sheet.svg" || cat[1]["sheet"] != nil || cat[0]["weight"] != nil {
		t.Errorf("catalogue = %s", data)
	}
	pages, err := s.CollectionPages(a)
	if err != nil || len(pages) != 1 {
		t.Fatalf("%d pages of a (%v), want 1", len(pages), err)
	}
	d := pages[0].Data()
	if len(d.Cards) != 2 || d.Cards[0].Entry != s.List(a).Entries[0] || d.Cards[0].URL != "light/index.html" || d.Booklet != "booklet.pdf" {
		t.Errorf("cards %+v, booklet %q", d.Cards, d.Booklet)
	}
	key, _ := json.Marshal(d)
	if !strings.Contains(string(key), `"title":"Light"`) {
		t.Errorf("a list page's JSON (its cache key) lacks its cards' entries: %s", key)
	}
}

// The authors, licenses and tags indexes list the named groups
// case-insensitively and the puzzles without an author or license last,
// each linking to its group's page of cards, at an id of its own where the
// old index's section was.
func TestGroupsUnknownLastWithAnIndex(t *testing.T) {
	s, _ := testSite()
	s.Entries[0].Author, s.Entries[0].License = "", "CC0-1.0"
	extra := &Entry{ID: "3", Title: "Third", Page: "a/third/index.html", Author: "ann", License: ""}
	s.Entries = append(s.Entries, extra)
	s.Entries[1].Author = "Bob"
	s.Entries[1].Tags, extra.Tags = []string{"birds"}, []string{"Easy", "birds"}
	for _, c := range []struct {
		pages      []Page
		want, urls []string
	}{
		{s.AuthorsPages(), []string{"ann", "Bob", "Unknown author"}, []string{"ann/index.html", "bob/index.html", "-unknown/index.html"}},
		{s.LicensesPages(), []string{"CC0-1.0", "No license given"}, []string{"cc0-1-0/index.html", "-none/index.html"}},
		// A tag is listed by its name, its page titled "Tag: birds".
		{s.TagPages(), []string{"birds", "Easy"}, []string{"birds/index.html", "easy/index.html"}},
	} {
		index := c.pages[len(c.pages)-1]
		var names, urls []string
		for _, g := range index.Data().Collections {
			names, urls = append(names, g.Title), append(urls, g.URL)
		}
		if strings.Join(names, "|") != strings.Join(c.want, "|") || strings.Join(urls, "|") != strings.Join(c.urls, "|") {
			t.Errorf("%s: groups %q at %q, want %q at %q", index.Path, names, urls, c.want, c.urls)
		}
		if len(c.pages) != len(c.want)+1 {
			t.Errorf("%s: %d pages, want a page for each group and the index", index.Path, len(c.pages))
		}
	}
	pt, err := LoadTemplates(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pages := s.AuthorsPages()
	d := pages[len(pages)-1].Data()
	page, err := pt.AppendRender(nil, d.Kind, d)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<li class="np-coll" id="` + anchor("author", "ann") + `"><a class="np-coll-title" href="ann/index.html">ann</a>`,
		`<a class="np-coll-title" href="-unknown/index.html">Unknown author</a>`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the authors' index lacks %s:\n%s", want, page)
		}
	}
}

// An author named "Unknown" or "Item" and a license named "none" have pages
// of their own, apart from the puzzles with no author or license given,
// whose index entries keep the ids earlier sites linked to (author-item,
// license-none) and no other entry has.
func TestUnnamedGroupsAreApartFromAnyName(t *testing.T) {
	s, _ := testSite()
	s.Entries[0].Author, s.Entries[0].License = "Unknown", "none"
	s.Entries[1].Author, s.Entries[1].License = "", ""
	s.Entries = append(s.Entries, &Entry{ID: "3", Title: "Third", Page: "a/third/index.html", Author: "Item", License: "CC0-1.0"})
	for _, c := range []struct {
		pages         []Page
		want, urls    []string
		unnamedAnchor string
	}{
		{s.AuthorsPages(), []string{"Item:1", "Unknown:1", "Unknown author:1"}, []string{"item/index.html", "unknown/index.html", "-unknown/index.html"}, "author-item"},
		{s.LicensesPages(), []string{"CC0-1.0:1", "none:1", "No license given:1"}, []string{"cc0-1-0/index.html", "none/index.html", "-none/index.html"}, "license-none"},
	} {
		index := c.pages[len(c.pages)-1]
		var names, urls []string
		ids := map[string]string{}
		for _, g := range index.Data().Collections {
			names, urls = append(names, fmt.Sprintf("%s:%d", g.Title, g.Count)), append(urls, g.URL)
			if g.ID != "" && ids[g.ID] != "" {
				t.Errorf("%s: %s and %s both have the id %s", index.Path, ids[g.ID], g.Title, g.ID)
			}
			ids[g.ID] = g.Title
		}
		if strings.Join(names, "|") != strings.Join(c.want, "|") || strings.Join(urls, "|") != strings.Join(c.urls, "|") {
			t.Errorf("%s: groups %q at %q, want %q at %q", index.Path, names, urls, c.want, c.urls)
		}
		if last := strings.TrimSuffix(c.want[len(c.want)-1], ":1"); ids[c.unnamedAnchor] != last {
			t.Errorf("%s: #%s lands on %q, want %q", index.Path, c.unnamedAnchor, ids[c.unnamedAnchor], last)
		}
		if len(c.pages) != len(c.want)+1 {
			t.Errorf("%s: %d pages, want a page for each group and the index", index.Path, len(c.pages))
		}
	}
}

// An author's or a license's puzzles are listed on pages of their own,
// PerPage cards each, as a collection's: no page of the site-wide lists
// grows with the archive (the index of authors listed every puzzle, 564 KB
// at 5,000 puzzles).
func TestAuthorAndLicensePagesArePaged(t *testing.T) {
	s, _ := testSite()
	s.Settings.PerPage = 2
	s.Entries = nil
	for i := range 5 {
		e := &Entry{ID: fmt.Sprint(i), Title: fmt.Sprintf("P%d", i), Page: fmt.Sprintf("a/p%d/index.html", i), Author: "Ann Example", License: "cc-by-4.0"}
		s.Entries = append(s.Entries, e)
	}
	for _, c := range []struct {
		pages              []Page
		first, title, desc string
	}{
		{s.AuthorsPages(), "authors/ann-example/", "Ann Example – page 2", "5 nonogram puzzles by Ann Example, page 2 of 3."},
		{s.LicensesPages(), "licenses/cc-by-4-0/", "cc-by-4.0 – page 2", "5 nonogram puzzles published under cc-by-4.0, page 2 of 3."},
	} {
		var paths []string
		for _, pg := range c.pages {
			paths = append(paths, pg.Path)
			if n := len(pg.Data().Cards); n > 2 {
				t.Errorf("%s has %d cards, more than per_page", pg.Path, n)
			}
		}
		want := []string{c.first + "index.html", c.first + "page/2/index.html", c.first + "page/3/index.html", strings.SplitAfter(c.first, "/")[0] + "index.html"}
		if strings.Join(paths, " ") != strings.Join(want, " ") {
			t.Errorf("pages %q, want %q", paths, want)
		}
		d := c.pages[1].Data()
		if d.PageOf != "Puzzles 3–4 of 5 · page 2 of 3" || d.Cards[0].URL != "../../../../a/p2/index.html" || d.Crumbs[1].URL != "../../../index.html" {
			t.Errorf("%s: %q, first card at %s, crumbs %+v", c.pages[1].Path, d.PageOf, d.Cards[0].URL, d.Crumbs)
		}
		if d.Title != c.title || d.Description != c.desc {
			t.Errorf("%s is titled %q, described %q; want %q, %q", c.pages[1].Path, d.Title, d.Description, c.title, c.desc)
		}
		if index := c.pages[len(c.pages)-1].Data(); len(index.Cards) != 0 || len(index.Collections) != 1 || index.Collections[0].Count != 5 {
			t.Errorf("%s lists %d puzzles and %+v, want one group of 5 and no puzzle", c.pages[len(c.pages)-1].Path, len(index.Cards), index.Collections)
		}
	}
	if d := s.LicensesPages()[0].Data(); d.SPDX == nil || d.SPDX.Title != "CC-BY-4.0" || d.SPDX.URL != "https://spdx.org/licenses/CC-BY-4.0.html" {
		t.Errorf("a license's page names its SPDX identifier as %+v", d.SPDX)
	}
}

// TestWordBreaks checks that a card's title may break after underscores and
// dots and is escaped.
func TestWordBreaks(t *testing.T) {
	for in, want := range map[string]string{
		"01_quick_and_easy": "01_<wbr>quick_<wbr>and_<wbr>easy",
		"v1.2 <b>":          "v1.<wbr>2 &lt;b&gt;",
		"Cup":               "Cup",
	} {
		if got := string(wordBreaks(in)); got != want {
			t.Errorf("wordBreaks(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEntryAuthorWithoutAddress checks that a puzzle's entry (its pages,
// cards, the authors page, search and the catalogue) names its author
// without the e-mail address its file gives.
func TestEntryAuthorWithoutAddress(t *testing.T) {
	p := &puzzle.Puzzle{Width: 1, Height: 1, Palette: puzzle.DefaultPalette(), Meta: puzzle.Meta{Author: "Jakub Wilk <jwilk@jwilk.net>"}}
	if got := NewEntry(p, content.FrontMatter{}, "x").Author; got != "Jakub Wilk" {
		t.Errorf("entry author %q, want Jakub Wilk", got)
	}
}

// TestEntryCopyrightWithoutAddress checks that a puzzle's page shows its
// copyright without the e-mail address its file gives, as its author.
func TestEntryCopyrightWithoutAddress(t *testing.T) {
	p := &puzzle.Puzzle{Width: 1, Height: 1, Palette: puzzle.DefaultPalette(),
		Meta: puzzle.Meta{Copyright: "© 2010 Frederico Vera <dktcoding@gmail.com>"}}
	if got := NewEntry(p, content.FrontMatter{}, "x").Copyright; got != "© 2010 Frederico Vera" {
		t.Errorf("entry copyright %q, want © 2010 Frederico Vera", got)
	}
}

// The home page's cards, those of "Recently added" and those of the root's
// own puzzles, each have ids of their own for their links'
// aria-describedby, though the same puzzle is on both lists.
func TestHomeCardIDsAreApart(t *testing.T) {
	root := &content.Collection{}
	var es []*Entry
	for i, title := range []string{"One", "Two"} {
		e := &Entry{ID: title, Title: title, Page: strings.ToLower(title) + "/index.html", Source: strings.ToLower(title) + ".non", Date: "2026-01-0" + fmt.Sprint(i+1)}
		e.Place(root, nil, i+1)
		es = append(es, e)
	}
	s := &Site{Title: "T", Root: root, Entries: es, Settings: content.Settings{PerPage: 10, Recent: 5},
		Notes: content.NewNoteDocs(content.NewMarkdown(false))}
	s.Arrange()
	pages, err := s.CollectionPages(root)
	if err != nil || len(pages) != 1 {
		t.Fatalf("%d pages of the root (%v), want 1", len(pages), err)
	}
	d := pages[0].Data()
	seen := map[string]bool{}
	for _, c := range append(append(CardViews{}, d.Recent...), d.Cards...) {
		if c.MetaID == "" || seen[c.MetaID] || seen[c.MetaID+"-tags"] {
			t.Errorf("card %q: id %q empty or taken", c.Entry.Title, c.MetaID)
		}
		seen[c.MetaID], seen[c.MetaID+"-tags"] = true, true
	}
	if len(d.Recent) != 2 || len(d.Cards) != 2 {
		t.Errorf("home: %d recent cards and %d cards, want 2 and 2", len(d.Recent), len(d.Cards))
	}
}
