package build

import (
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/templates"

	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const hostileTitle = `<script>alert(1)</script>`

func TestHostileTitleIsEscaped(t *testing.T) {
	s := newSite(t, `-- evil.non --
title "`+hostileTitle+`"
by "</script><img src=x onerror=alert(2)>"
license "<b>CC0</b>"
catalogue "\"><svg onload=alert(3)>"
width 1
height 1

rows
1

columns
1
-- evil.md --
Note with <script>alert(4)</script> inside.
`)
	s.mustBuild(Config{})
	// Text in quoted attribute values is inert (the minifier may unescape "<"
	// there, which is valid HTML); everywhere else, markup must be escaped.
	attrValue := regexp.MustCompile(`="[^"]*"`)
	for _, p := range []string{"index.html", "evil/index.html", "authors/index.html", "licenses/index.html"} {
		html := attrValue.ReplaceAllString(s.read(p), `=""`)
		for _, bad := range []string{"<script>alert", "<img src=x", "<svg onload", "<b>CC0", "alert(4)</script>"} {
			if strings.Contains(html, bad) {
				t.Errorf("%s contains %q unescaped", p, bad)
			}
		}
	}
	page := s.read("evil/index.html")
	// The play data: JSON whose strings cannot close the script element.
	m := regexp.MustCompile(`(?s)<script type="application/json" id="np-puzzle">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no play data in the puzzle page")
	}
	var play templates.PlayData
	if err := json.Unmarshal([]byte(m[1]), &play); err != nil {
		t.Fatalf("play data is not JSON: %v\n%s", err, m[1])
	}
	if play.Title != hostileTitle || play.Width != 1 || len(play.Rows) != 1 || play.Rows[0][0] != [2]int{1, 1} ||
		len(play.Palette) != 2 || play.Palette[1].RGB != "#000000" {
		t.Errorf("play data = %+v", play)
	}
	// The inline sheet SVG carries the title as escaped text.
	start := strings.Index(page, `class="np-sheet"`)
	if start < 0 {
		t.Fatal("no inline sheet in the puzzle page")
	}
	sheet, _, _ := strings.Cut(page[start:], "</section>")
	if strings.Contains(sheet, "<script") || !strings.Contains(sheet, "&lt;script") {
		t.Errorf("inline sheet SVG does not escape the title:\n%.400s", sheet)
	}
	for _, svg := range []string{"evil/sheet.svg", "evil/solution.svg"} {
		if strings.Contains(s.read(svg), "<script") {
			t.Errorf("%s contains a script element", svg)
		}
	}
	var cat []site.Entry
	if err := json.Unmarshal([]byte(s.read("catalogue.json")), &cat); err != nil || cat[0].Title != hostileTitle {
		t.Errorf("catalogue title = %v (%v)", cat, err)
	}
	if strings.Contains(s.read("catalogue.json"), "<script") {
		t.Errorf("catalogue.json has a raw <script")
	}
}

func TestDemoSiteLinks(t *testing.T) {
	src := filepath.Join("..", "content")
	if _, err := os.Stat(filepath.Join(src, "nonopress.toml")); err != nil {
		t.Fatalf("demo content missing: %v", err)
	}
	src = copyTree(t, src) // the solver cache goes under Src
	out := filepath.Join(t.TempDir(), "public")
	s := &testSite{t: t, src: src, out: out}
	sum := s.mustBuild(Config{})
	if sum.Puzzles == 0 {
		t.Fatal("demo site has no puzzles")
	}
	pages := checkLinks(t, out)
	if pages != sum.Pages {
		t.Errorf("%d HTML files, Summary.Pages = %d", pages, sum.Pages)
	}
	var cat []site.Entry
	if err := json.Unmarshal([]byte(s.read("catalogue.json")), &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat) != sum.Puzzles {
		t.Errorf("catalogue has %d puzzles, summary %d", len(cat), sum.Puzzles)
	}
	checkCatalogue(t, src, out, cat)
}

func TestSmallSiteLinks(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	checkLinks(t, s.out)
}

func TestBuildNonogramDB(t *testing.T) {
	src := corpus(t, "nonogram-db/db")
	out := filepath.Join(t.TempDir(), "public")
	// The solver cache goes under Src: build a copy, not the shared corpus.
	s := &testSite{t: t, src: copyTree(t, src), out: out}
	sum := s.mustBuild(Config{})
	if sum.Puzzles != 39 {
		t.Errorf("Puzzles = %d, want 39", sum.Puzzles)
	}
	for _, p := range []string{"webpbn/index.html", "qnonograms/collection1/index.html", "qnonograms/collection1/booklet.pdf",
		"gnonograms/kde/index.html", "webpbn/1/index.html"} {
		if !s.exists(p) {
			t.Errorf("missing %s", p)
		}
	}
	if !strings.Contains(s.read("webpbn/index.html"), "wonderful site run by the late Jan Wolter") {
		t.Errorf("README.md not used as the collection's note")
	}
	if !strings.Contains(s.read("webpbn/1/index.html"), "Dancer") {
		t.Errorf("webpbn #1 page lacks its title")
	}
	checkLinks(t, out)
}

// copyTree copies a content tree into a temporary folder, so that a build's
// solver cache is not written into shared material.
func copyTree(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "content")
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestOddNames(t *testing.T) {
	corner := archiveFile(smallSite, "animals/corner.non")
	s := newSite(t, "-- Collection #1 (old)/My Puzzle!.non --\n"+corner+
		"-- Collection #1 (old)/My Puzzle!.md --\n---\ntitle: Mine\n---\n"+
		"-- Émile/été.non --\n"+corner+
		"-- static/x.non --\n"+corner+
		"-- authors/x.non --\n"+corner+
		"-- thumbs/x.non --\n"+corner+
		"-- a/b/c/d/deep.non --\n"+corner+
		"-- same/x.non --\n"+corner+"-- same/x.xml --\n"+
		`<?xml version="1.0"?><puzzleset><puzzle type="grid" defaultcolor="black" backgroundcolor="white">
<color name="white" char=".">fff</color><color name="black" char="X">000</color>
<clues type="columns"><line><count>1</count></line></clues><clues type="rows"><line><count>1</count></line></clues>
</puzzle></puzzleset>
`)
	sum := s.mustBuild(Config{BaseURL: "https://example.org"})
	if !strings.Contains(s.read("sitemap.xml"), "<loc>https://example.org/%C3%A9mile/%C3%A9t%C3%A9/</loc>") {
		t.Errorf("sitemap URL not percent-encoded")
	}
	if sum.Puzzles != 8 {
		t.Errorf("Puzzles = %d, want 8", sum.Puzzles)
	}
	for _, p := range []string{"collection-1-old/my-puzzle/index.html", "collection-1-old/my-puzzle.non",
		"émile/été/index.html", "static-2/x/index.html", "authors-2/x/index.html", "thumbs-2/x/index.html", "thumbs/2x2.svg", "a/b/c/d/deep/index.html",
		"same/x/index.html", "same/x-2/index.html", "same/x.xml", "same/x.non", "static/site.css", "authors/index.html"} {
		if !s.exists(p) {
			t.Errorf("missing %s", p)
		}
	}
	if !strings.Contains(s.read("collection-1-old/my-puzzle/index.html"), "<h1 class=\"np-noprint\">Mine</h1>") {
		t.Errorf("note of an oddly named puzzle not used")
	}
	checkLinks(t, s.out)
}

func TestNoteLinksAndResources(t *testing.T) {
	s := newSite(t, smallSite+`-- README.md --
See [the animals](animals/), [their note](animals/_index.md), [the cross](animals/cross.md),
[its file](animals/cross.non#top), [minis](shapes/minis.md), [away](https://example.org/x.md),
[unknown](nowhere.md) and ![cover](cover.png).
-- cover.png --
not really a PNG
-- animals/cross.md --
Back [home](../README.md), the [cover](../cover.png), a [photo](<photos/a b.jpg>).
-- animals/photos/a b.jpg --
jpeg
-- shapes/minis.md --
---
title: The minis
---
Two of them, see [the cover](../cover.png).
-- animals/booklet.pdf --
a PDF named like the booklet
`)
	s.mustBuild(Config{})
	home := s.read("index.html")
	for _, want := range []string{`href="animals/index.html"`, `href="animals/cross/index.html"`, `href="animals/cross.non#top"`,
		`href="shapes/minis/index.html"`, `href="https://example.org/x.md"`, `href="nowhere.md"`, `src="cover.png"`} {
		if !strings.Contains(home, want) {
			t.Errorf("home note lacks %s", want)
		}
	}
	if strings.Count(home, `href="animals/index.html"`) < 2 {
		t.Errorf("link to a collection's note does not lead to its page")
	}
	cross := s.read("animals/cross/index.html")
	for _, want := range []string{`href="../../index.html"`, `href="../../cover.png"`, `href="../photos/a-b.jpg"`} {
		if !strings.Contains(cross, want) {
			t.Errorf("puzzle note lacks %s", want)
		}
	}
	bundle := s.read("shapes/minis/index.html")
	for _, want := range []string{"<h1>The minis</h1>", `href="../../cover.png"`, `href="1/index.html"`, `href="2/index.html"`} {
		if !strings.Contains(bundle, want) {
			t.Errorf("bundle page lacks %s", want)
		}
	}
	if !strings.Contains(s.read("shapes/minis/2/index.html"), `href="../index.html">The minis</a>`) {
		t.Errorf("bundle puzzle page does not lead back to its bundle")
	}
	if s.read("cover.png") != "not really a PNG\n" || s.read("animals/photos/a-b.jpg") != "jpeg\n" {
		t.Errorf("resources not copied")
	}
	if s.read("animals/file-booklet.pdf") != "a PDF named like the booklet\n" || !strings.HasPrefix(s.read("animals/booklet.pdf"), "%PDF") {
		t.Errorf("a resource named like the booklet is not kept apart")
	}
	checkLinks(t, s.out, "nowhere.md")
}
