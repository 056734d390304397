package build

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestSitemapAndFeed(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{BaseURL: "https://example.org/puzzles/"})
	sm := s.read("sitemap.xml")
	for _, want := range []string{"<loc>https://example.org/puzzles/</loc>", "<loc>https://example.org/puzzles/animals/cross/</loc>"} {
		if !strings.Contains(sm, want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	feed := s.read("atom.xml")
	for _, want := range []string{`<feed xmlns="http://www.w3.org/2005/Atom">`, "<title>The Cross</title>",
		"<updated>2024-05-01T00:00:00Z</updated>", "https://example.org/puzzles/animals/cross/"} {
		if !strings.Contains(feed, want) {
			t.Errorf("feed lacks %s", want)
		}
	}
	if !strings.Contains(s.read("animals/cross/index.html"), `<link rel="canonical" href="https://example.org/puzzles/animals/cross/">`) {
		t.Errorf("puzzle page lacks its canonical URL")
	}
	if !strings.Contains(s.read("index.html"), `href="atom.xml"`) {
		t.Errorf("home does not link the feed")
	}
	if !strings.Contains(s.read("404.html"), `href="https://example.org/puzzles/index.html"`) {
		t.Errorf("404 page links not absolute")
	}
}

func TestTemplateOverride(t *testing.T) {
	s := newSite(t, smallSite+`-- templates/404.html --
{{define "main"}}<p>Lost in the grid.</p>{{end}}
-- templates/static/site.css --
body { color: rebeccapurple }
-- templates/static/extra.txt --
hello
`)
	s.mustBuild(Config{})
	if !strings.Contains(s.read("404.html"), "Lost in the grid.") {
		t.Errorf("404 template not overridden")
	}
	if !strings.Contains(s.read("static/site.css"), "rebeccapurple") || s.read("static/extra.txt") != "hello\n" {
		t.Errorf("static assets not overridden")
	}
	writeTree(t, s.src, "-- templates/404.html --\n{{define \"main\"}}{{.Nope}}{{end}}\n")
	if _, err := s.build(Config{}); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("broken template: err = %v", err)
	}
	writeTree(t, s.src, "-- templates/404.html --\n{{define \"main\"}}{{if}}{{end}}\n")
	if _, err := New(Config{Src: s.src, Out: s.out}); err == nil || !strings.Contains(err.Error(), filepath.Join("templates", "404.html")) {
		t.Errorf("unparsable template: err = %v", err)
	}
}

func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct{ toml, want string }{
		{"title = \"x\"\ncolour = \"red\"\n", `nonopress.toml:2: unknown key "colour"`},
		{"paper = \"a2\"\n", `nonopress.toml:1: paper "a2"`},
		{"title = \"x\"\nfont = \"fonts/missing.ttf\"\n", `nonopress.toml:2: font "fonts/missing.ttf": no such file`},
		{"\n\nsolver_budget = \"soon\"\n", `nonopress.toml:3: solver_budget "soon"`},
		{"title = \n", "nonopress.toml:1:"},
		{"base_url = \"example.org\"\n", "base_url"},
		// A misspelt key gets the one meant; a value of the wrong type is
		// said by its key, never by a Go field's name.
		{"titel = \"x\"\n", `nonopress.toml:1: unknown key "titel" (did you mean "title"?)`},
		{"title = \"x\"\nper_page = \"ten\"\n", `nonopress.toml:2: per_page: a string is not a number (write a number without quotes, as in per_page = 2)`},
		{"title = 5\n", `nonopress.toml:1: title: an integer is not one text`},
		// TOML's syntax errors, said as the mistake behind them with the fix.
		{"title = \"x\"\npaper = a4\n", `nonopress.toml:2: paper: text in TOML needs quotes (write paper = "a4")`},
		{"strict = yes\n", `nonopress.toml:1: strict: "yes" is not true or false (write strict = true or strict = false)`},
		{"title: My puzzles\n", `nonopress.toml:1: "title: My puzzles" is written as YAML: TOML writes key = value (write title = "My puzzles")`},
	} {
		s := newSite(t, "-- nonopress.toml --\n"+tc.toml)
		_, err := New(Config{Src: s.src, Out: s.out})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want %q", tc.toml, err, tc.want)
		}
	}
	s := newSite(t, "-- nonopress.toml --\nsolver_budget = \"2s\"\npaper = \"Letter\"\nunsafe_html = true\n")
	b, err := New(Config{Src: s.src, Out: s.out})
	if err != nil {
		t.Fatal(err)
	}
	if b.site.Budget.Seconds() != 2 || b.site.Paper != "letter" || !b.site.UnsafeHTML || b.site.Title != "" {
		t.Errorf("site config = %+v", b.site)
	}
}

func TestNoteErrorsNameFileAndLine(t *testing.T) {
	s := newSite(t, smallSite+"-- shapes/README.md --\n---\ntitle: [unclosed\n---\ntext\n")
	_, err := s.build(Config{})
	want := filepath.Join(s.src, "shapes", "README.md") + ":2:"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %s", err, want)
	}
}

func TestDraftsAndRawHTML(t *testing.T) {
	s := newSite(t, smallSite+`-- animals/corner.md --
+++
draft = true
+++
-- shapes/README.md --
Shapes <b class="raw">bold</b>.
`)
	writeTree(t, s.src, "-- hidden/README.md --\n---\ndraft: true\n---\n-- hidden/deep/dot.non --\n"+archiveFile(smallSite, "animals/corner.non"))
	s.mustBuild(Config{})
	if s.exists("animals/corner/index.html") {
		t.Errorf("draft puzzle published")
	}
	if s.exists("hidden") || strings.Contains(s.read("index.html"), "hidden/index.html") {
		t.Errorf("draft collection published")
	}
	if strings.Contains(s.read("shapes/index.html"), `<b class="raw">`) {
		t.Errorf("raw HTML let through without unsafe_html")
	}
	writeTree(t, s.src, "-- nonopress.toml --\nunsafe_html = true\n")
	s.mustBuild(Config{})
	if !strings.Contains(s.read("shapes/index.html"), `<b class="raw">`) {
		t.Errorf("raw HTML dropped with unsafe_html")
	}
}

// TestHomeSaysWhatTheSiteHolds: without a description, the home page says
// how many puzzles the site holds, and a new site with none says so
// rather than "0 nonogram puzzles to play".
func TestHomeSaysWhatTheSiteHolds(t *testing.T) {
	s := newSite(t, "-- README.md --\n# Ours\n")
	s.mustBuild(Config{})
	if home := s.read("index.html"); !strings.Contains(home, "No puzzles here yet.") || strings.Contains(home, "0 nonogram puzzles") {
		t.Errorf("an empty site's home page does not say it is empty")
	}
	writeTree(t, s.src, "-- a.non --\nlicense CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
	s.mustBuild(Config{})
	if home := s.read("index.html"); !strings.Contains(home, "1 nonogram puzzle to play in the browser, print or download.") {
		t.Errorf("the home page does not count its one puzzle")
	}
}
