package site

import (
	"encoding/json"
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

// The authors and licenses pages list the named groups case-insensitively
// and the puzzles without an author or license last; a page of several
// groups opens with links to them, with their counts.
func TestGroupsUnknownLastWithAnIndex(t *testing.T) {
	s, _ := testSite()
	s.Entries[0].Author, s.Entries[0].License = "", "CC0-1.0"
	extra := &Entry{ID: "3", Title: "Third", Page: "a/third/index.html", Author: "ann", License: ""}
	s.Entries = append(s.Entries, extra)
	s.Entries[1].Author = "Bob"
	for _, c := range []struct {
		page Page
		want []string
	}{
		{s.AuthorsPage(), []string{"ann", "Bob", "Unknown author"}},
		{s.LicensesPage(), []string{"CC0-1.0", "No license given"}},
	} {
		var names []string
		for _, g := range c.page.Data().Groups {
			names = append(names, g.Name)
		}
		if strings.Join(names, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: groups %q, want %q", c.page.Path, names, c.want)
		}
	}
	pt, err := LoadTemplates(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	d := s.AuthorsPage().Data()
	page, err := pt.AppendRender(nil, d.Kind, d)
	if err != nil {
		t.Fatal(err)
	}
	index, found := strings.CutPrefix(string(page)[max(0, strings.Index(string(page), `<nav class="np-group-index"`)):], `<nav class="np-group-index"`)
	if !found {
		t.Fatalf("the authors page has no index of its groups:\n%s", page)
	}
	index, _, _ = strings.Cut(index, "</nav>")
	for _, want := range []string{`<a href="#` + anchor("author", "ann") + `">ann</a> <span class="np-count">1</span>`,
		`<a href="#` + anchor("author", "") + `">Unknown author</a> <span class="np-count">1</span>`} {
		if !strings.Contains(index, want) {
			t.Errorf("the authors' index lacks %s:\n%s", want, index)
		}
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
