package build

import (
	"reflect"

	"github.com/nonopress/nonopress/build/output"

	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
)

func TestBuildSmallSite(t *testing.T) {
	s := newSite(t, smallSite)
	sum := s.mustBuild(Config{})
	if sum.Puzzles != 4 {
		t.Errorf("Puzzles = %d, want 4", sum.Puzzles)
	}
	// home, 2 collections, 1 bundle, 4 puzzles, authors, licenses, tags and
	// its 2 tags, 404
	if sum.Pages != 14 {
		t.Errorf("Pages = %d, want 14", sum.Pages)
	}
	for _, name := range []string{
		"index.html", "404.html", "catalogue.json", "authors/index.html", "licenses/index.html",
		"static/site.css", "static/cards.js",
		"animals/index.html", "animals/booklet.pdf", "animals/cross.non", "animals/corner.non",
		"animals/cross/index.html", "animals/cross/sheet.svg", "animals/cross/solution.svg",
		"animals/cross/sheet.pdf", "thumbs/3x3.svg", "thumbs/2x2.svg",
		"shapes/index.html", "shapes/minis.nonpack", "shapes/minis/index.html", "shapes/minis/1/index.html", "shapes/minis/2/index.html",
		".nonopress",
	} {
		if !s.exists(name) {
			t.Errorf("missing output %s", name)
		}
	}
	home := s.read("index.html")
	for _, want := range []string{"<title>Test archive</title>", "<strong>test</strong>", `href="animals/index.html"`,
		"Recently added", `href="animals/cross/index.html"`} {
		if !strings.Contains(home, want) {
			t.Errorf("home page lacks %q", want)
		}
	}
	// Shapes has no weight, Animals weight 2: weight 0 sorts first.
	if strings.Index(home, "shapes/index.html") > strings.Index(home, "animals/index.html") {
		t.Errorf("collections not in weight order")
	}
	// The dated puzzle comes first among the recently added.
	recent := home[strings.Index(home, "Recently added"):]
	if strings.Index(recent, "animals/cross/index.html") > strings.Index(recent, "animals/corner/index.html") {
		t.Errorf("recently added: dated puzzle not first")
	}
	tags := s.read("tags/index.html")
	if !strings.Contains(tags, `href="easy/index.html"`) || !strings.Contains(s.read("tags/symbol/index.html"), `href="../../animals/cross/index.html"`) {
		t.Errorf("tag pages wrong")
	}
	page := s.read("animals/cross/index.html")
	for _, want := range []string{`href="../../tags/easy/index.html"`, "The Cross", "Ann Author", "CC0-1.0", "https://spdx.org/licenses/CC0-1.0.html",
		"<em>cross</em>", "<svg", `<details class="np-solution`, `src="solution.svg"`, `id="np-puzzle"`,
		`id="np-play"`, `src="../../static/play.js"`, `href="../../static/play.css"`, `href="../cross.non"`,
		`href="sheet.pdf"`, `download="the-cross.non"`, `download="the-cross.xml"`, "easy", "unique solution", "@page"} {
		if !strings.Contains(page, want) {
			t.Errorf("puzzle page lacks %q", want)
		}
	}
	coll := s.read("animals/index.html")
	for _, want := range []string{"<h1>Animals</h1>", "<em>animals</em>", `class="np-card"`, `src="../thumbs/3x3.svg"`,
		`href="booklet.pdf"`, `data-title="The Cross"`, `href="../index.html"`} {
		if !strings.Contains(coll, want) {
			t.Errorf("collection page lacks %q", want)
		}
	}
	licenses := s.read("licenses/index.html")
	for _, want := range []string{"CC-BY-4.0", "https://spdx.org/licenses/CC-BY-4.0.html", "Some free text licence"} {
		if !strings.Contains(licenses, want) {
			t.Errorf("licenses page lacks %q", want)
		}
	}
	if strings.Contains(licenses, "spdx.org/licenses/Some") {
		t.Errorf("free-text license linked to SPDX")
	}
	authors := s.read("authors/index.html")
	if !strings.Contains(authors, "Ann Author") || !strings.Contains(authors, "Bob Builder") ||
		strings.Count(authors, "<li>") != 4 {
		t.Errorf("authors page wrong:\n%s", authors)
	}
	if s.exists("sitemap.xml") || s.exists("atom.xml") {
		t.Errorf("sitemap or feed written without a base URL")
	}
}

func TestCatalogueMatchesPuzzles(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	var cat []entry
	if err := json.Unmarshal([]byte(s.read("catalogue.json")), &cat); err != nil {
		t.Fatal(err)
	}
	checkCatalogue(t, s.src, s.out, cat)
	if len(cat) != 4 {
		t.Fatalf("catalogue has %d puzzles, want 4", len(cat))
	}
	want := entry{Title: "The Cross", Author: "Ann Author", License: "CC0-1.0", Width: 3, Height: 3, Colors: 1,
		Verdict: "unique", Difficulty: cat[1].Difficulty, Page: "animals/cross/index.html",
		Sheet: "animals/cross/sheet.svg", Solution: "animals/cross/solution.svg", Source: "animals/cross.non", ID: cat[1].ID}
	if !reflect.DeepEqual(cat[1], want) {
		t.Errorf("catalogue[1] = %+v\nwant %+v", cat[1], want)
	}
}

// checkCatalogue checks that every catalogue entry's files exist and that its
// id and size are those of the puzzle read from its source file.
func checkCatalogue(t *testing.T, src, out string, cat []entry) {
	t.Helper()
	ids := map[string]bool{}
	for _, c := range cat {
		for _, f := range []string{c.Page, c.Sheet, c.Solution, c.Source} {
			if f == "" {
				continue
			}
			if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(f))); err != nil {
				t.Errorf("catalogue %s: %v", c.Title, err)
			}
		}
		if c.Verdict == "" || c.Width < 1 || c.Height < 1 || len(c.ID) != 20 {
			t.Errorf("catalogue entry incomplete: %+v", c)
		}
		ids[c.ID] = true
	}
	if len(ids) == 0 {
		t.Fatal("empty catalogue")
	}
}

func TestDeterministicOutput(t *testing.T) {
	t.Run("small", func(t *testing.T) { testDeterministic(t, newSite(t, smallSite)) })
	t.Run("demo", func(t *testing.T) {
		testDeterministic(t, &site{t: t, src: copyTree(t, filepath.Join("..", "content"))})
	})
}

// testDeterministic builds a site cold three times, with GOMAXPROCS 2, 1, 2,
// into three folders, and compares every byte.
func testDeterministic(t *testing.T, s *site) {
	outs := []string{filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b"), filepath.Join(t.TempDir(), "c")}
	procs := []int{2, 1, 2}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var snaps []map[string][]byte
	for i, out := range outs {
		runtime.GOMAXPROCS(procs[i])
		os.RemoveAll(s.cache()) // cold each time
		s.mustBuild(Config{Out: out})
		snaps = append(snaps, snapshot(t, out))
	}
	for i := 1; i < len(snaps); i++ {
		if d := diffSnapshots(snaps[0], snaps[i]); d != "" {
			t.Errorf("build %d (GOMAXPROCS=%d) differs from build 0:\n%s", i, procs[i], d)
		}
	}
}

func TestSecondBuildWritesNothing(t *testing.T) {
	s := newSite(t, smallSite)
	first := s.mustBuild(Config{})
	if first.Written == 0 || len(first.Changed) != first.Written {
		t.Errorf("first build: Written=%d Changed=%d", first.Written, len(first.Changed))
	}
	before := snapshot(t, s.out)
	for i := range 3 { // the second build starts the back buffer, the third reuses it
		sum := s.mustBuild(Config{})
		if sum.Written != 0 || sum.Removed != 0 || len(sum.Changed) != 0 {
			t.Errorf("build %d of unchanged content: Written=%d Removed=%d Changed=%v", i+2, sum.Written, sum.Removed, sum.Changed)
		}
		if d := diffSnapshots(before, snapshot(t, s.out)); d != "" {
			t.Errorf("build %d changed the output:\n%s", i+2, d)
		}
	}
	// Editing a note changes that page only.
	writeTree(t, s.src, "-- animals/cross.md --\n---\ntitle: The Cross\n---\nNew words.\n")
	sum := s.mustBuild(Config{})
	for _, p := range sum.Changed {
		if !strings.HasPrefix(p, "animals/") && !strings.HasPrefix(p, "tags/") && p != "index.html" && p != "authors/index.html" &&
			p != "licenses/index.html" && p != "catalogue.json" {
			t.Errorf("unexpected change %s", p)
		}
	}
	if !contains(sum.Changed, "animals/cross/index.html") {
		t.Errorf("Changed = %v, want the cross page", sum.Changed)
	}
	if !strings.Contains(s.read("animals/cross/index.html"), "New words.") {
		t.Errorf("edited note not published")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestStaleFilesRemoved(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	s.mustBuild(Config{}) // the back buffer now exists too
	if err := os.Remove(filepath.Join(s.src, "animals", "corner.non")); err != nil {
		t.Fatal(err)
	}
	sum := s.mustBuild(Config{})
	if s.exists("animals/corner/index.html") || s.exists("animals/corner.non") || s.exists("animals/corner") {
		t.Errorf("stale puzzle still published")
	}
	if sum.Removed == 0 || !contains(sum.Changed, "animals/corner/index.html") {
		t.Errorf("Removed=%d Changed=%v", sum.Removed, sum.Changed)
	}
	if strings.Contains(s.read("animals/index.html"), "corner") {
		t.Errorf("collection still lists the removed puzzle")
	}
	// The next build (into the other buffer) also drops it.
	s.mustBuild(Config{})
	if s.exists("animals/corner/index.html") {
		t.Errorf("stale puzzle back after the next build")
	}
}

const badPuzzle = `-- animals/bad.non --
title "Bad"
license CC0-1.0
width 2
height 2

rows
2
2

columns
1
1
`

func TestFailedBuildLeavesOutputUntouched(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	before := snapshot(t, s.out)
	writeTree(t, s.src, badPuzzle)
	writeTree(t, s.src, "-- animals/cross.md --\nchanged note\n")
	_, err := s.build(Config{})
	var berr *Error
	if !errors.As(err, &berr) {
		t.Fatalf("build with an invalid puzzle: err = %v, want *Error", err)
	}
	wantPrefix := filepath.Join(s.src, "animals", "bad.non") + ":"
	if len(berr.Problems) == 0 || !strings.HasPrefix(berr.Problems[0], wantPrefix) {
		t.Errorf("problems = %q, want them to start with %q", berr.Problems, wantPrefix)
	}
	if d := diffSnapshots(before, snapshot(t, s.out)); d != "" {
		t.Errorf("failed build changed the output:\n%s", d)
	}
	// SkipInvalid publishes the rest and lists what it skipped.
	sum, err := s.build(Config{SkipInvalid: true})
	if err != nil {
		t.Fatalf("SkipInvalid: %v", err)
	}
	if len(sum.Skipped) == 0 || !strings.HasPrefix(sum.Skipped[0], wantPrefix) {
		t.Errorf("Skipped = %q", sum.Skipped)
	}
	if s.exists("animals/bad/index.html") || !strings.Contains(s.read("animals/cross/index.html"), "changed note") {
		t.Errorf("SkipInvalid build did not publish the valid puzzles only")
	}
}

func TestStrictMakesWarningsFatal(t *testing.T) {
	s := newSite(t, smallSite+`-- free.non --
title "Unlicensed"
width 1
height 2

rows
1
1

columns
2
`)
	sum := s.mustBuild(Config{})
	if len(sum.Warnings) != 1 || !strings.Contains(sum.Warnings[0], "free.non") || !strings.Contains(sum.Warnings[0], "license") {
		t.Errorf("Warnings = %q", sum.Warnings)
	}
	page := s.read("free/index.html")
	if !strings.Contains(page, "np-warnings") || !strings.Contains(page, "none given") {
		t.Errorf("warning not shown on the puzzle page")
	}
	if !strings.Contains(s.read("licenses/index.html"), "No license given") {
		t.Errorf("licenses page does not list puzzles without a license")
	}
	if _, err := s.build(Config{Strict: true}); err == nil || !strings.Contains(err.Error(), "free.non") {
		t.Errorf("strict build: err = %v, want the warning as an error", err)
	}
	sum, err := s.build(Config{Strict: true, SkipInvalid: true})
	if err != nil || len(sum.Skipped) != 1 || !strings.Contains(sum.Skipped[0], "free.non") || s.exists("free/index.html") {
		t.Errorf("strict and skip-invalid: err %v, skipped %q", err, sum.Skipped)
	}
	writeTree(t, s.src, "-- nonopress.toml --\nstrict = true\n")
	if _, err := s.build(Config{}); err == nil {
		t.Errorf("strict = true in nonopress.toml: build succeeded")
	}
}

func TestRefusesForeignFolder(t *testing.T) {
	s := newSite(t, smallSite)
	writeTree(t, s.out, "-- precious.txt --\nmine\n")
	_, err := s.build(Config{})
	if err == nil || !strings.Contains(err.Error(), "did not create") {
		t.Fatalf("build into a foreign folder: err = %v", err)
	}
	if got := s.read("precious.txt"); got != "mine\n" {
		t.Errorf("foreign file changed")
	}
	// An empty folder is fine.
	os.RemoveAll(s.out)
	os.MkdirAll(s.out, 0o755)
	s.mustBuild(Config{})
}

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
		{"paper = \"a5\"\n", `nonopress.toml:1: paper "a5"`},
		{"\n\nsolver_budget = \"soon\"\n", `nonopress.toml:3: solver_budget "soon"`},
		{"title = \n", "nonopress.toml:1:"},
		{"base_url = \"example.org\"\n", "base_url"},
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

func TestWarmBuildReusesRenderedFiles(t *testing.T) {
	s := newSite(t, smallSite)
	b, err := New(Config{Src: s.src, Out: s.out})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	if _, err := b.Build(ctx); err != nil {
		t.Fatal(err)
	}
	if n := b.rendered.Load(); n != 4 {
		t.Errorf("cold build rendered %d puzzles, want 4", n)
	}
	cold := snapshot(t, s.out)
	for i := range 2 { // reused from the published folder, then from the back buffer
		if _, err := b.Build(ctx); err != nil {
			t.Fatal(err)
		}
		if n := b.rendered.Load(); n != 0 {
			t.Errorf("warm build %d rendered %d puzzles, want 0", i, n)
		}
	}
	// A changed puzzle is rendered again, alone.
	writeTree(t, s.src, "-- animals/corner.non --\ntitle \"Corner\"\nlicense CC0-1.0\nwidth 2\nheight 2\n\nrows\n1\n2\n\ncolumns\n2\n1\n")
	sum, err := b.Build(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := b.rendered.Load(); n != 1 {
		t.Errorf("build after one change rendered %d puzzles, want 1", n)
	}
	if !contains(sum.Changed, "animals/corner/sheet.svg") || !contains(sum.Changed, "animals/booklet.pdf") ||
		contains(sum.Changed, "animals/cross/sheet.svg") || contains(sum.Changed, "shapes/booklet.pdf") {
		t.Errorf("Changed = %v", sum.Changed)
	}
	// Without the asset cache (and the file memo, which would skip the
	// work altogether), everything is rendered again, to the same bytes.
	os.Remove(filepath.Join(s.cache(), "assets.json"))
	os.Remove(filepath.Join(s.cache(), "files.gob"))
	writeTree(t, s.src, "-- animals/corner.non --\n"+archiveFile(smallSite, "animals/corner.non"))
	if _, err := b.Build(ctx); err != nil {
		t.Fatal(err)
	}
	if n := b.rendered.Load(); n != 4 {
		t.Errorf("build without asset cache rendered %d puzzles, want 4", n)
	}
	if d := diffSnapshots(cold, snapshot(t, s.out)); d != "" {
		t.Errorf("output differs from the cold build's:\n%s", d)
	}
}

// archiveFile returns a file's text from a txtar-like archive.
func archiveFile(archive, name string) string {
	_, rest, _ := strings.Cut(archive, "-- "+name+" --\n")
	body, _, _ := strings.Cut(rest, "\n-- ")
	return body + "\n"
}

func TestOneBuildAtATime(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("output lock is Linux only")
	}
	s := newSite(t, smallSite)
	held, err := output.Open(s.out, output.NewMinifier(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.build(Config{}); err == nil || !strings.Contains(err.Error(), "another build") {
		t.Errorf("build while locked: err = %v", err)
	}
	held.Close()
	s.mustBuild(Config{})
	s.mustBuild(Config{}) // the lock is released after each build
}

func TestDescriptions(t *testing.T) {
	s := newSite(t, smallSite+`-- shapes/README.md --
---
description: Geometric "shapes" & more
---
-- animals/corner.md --
+++
description = "A corner."
+++
`)
	s.mustBuild(Config{})
	// The minifier picks the quotes that need no escaping.
	if !strings.Contains(s.read("shapes/index.html"), `<meta name="description" content='Geometric "shapes" & more'>`) {
		t.Errorf("collection description missing")
	}
	if !strings.Contains(s.read("animals/corner/index.html"), `<meta name="description" content="A corner.">`) {
		t.Errorf("puzzle description missing")
	}
}

func TestSiteTitleFallsBackToRootNote(t *testing.T) {
	s := newSite(t, "-- README.md --\n+++\ntitle = \"From the note\"\n+++\n-- a.non --\n"+archiveFile(smallSite, "animals/corner.non"))
	s.mustBuild(Config{})
	if !strings.Contains(s.read("a/index.html"), "<title>Corner · From the note</title>") {
		t.Errorf("site title not taken from the root note")
	}
	s = newSite(t, "-- a.non --\n"+archiveFile(smallSite, "animals/corner.non"))
	s.mustBuild(Config{})
	if !strings.Contains(s.read("index.html"), "<title>Nonograms</title>") {
		t.Errorf("default site title missing")
	}
}

func TestPuzzleFileNamedLikeSiteFile(t *testing.T) {
	corner := archiveFile(smallSite, "animals/corner.non")
	xml := `<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="black" backgroundcolor="white"><title>Atom</title>
<color name="white" char=".">fff</color><color name="black" char="X">000</color>
<clues type="columns"><line><count>1</count></line></clues>
<clues type="rows"><line><count>1</count></line></clues>
</puzzle></puzzleset>
`
	s := newSite(t, "-- a.non --\n"+corner+"-- atom.xml --\n"+xml+"-- sub/atom.xml --\n"+xml)
	s.mustBuild(Config{BaseURL: "https://example.org"})
	if !strings.Contains(s.read("atom.xml"), "<feed") || !strings.Contains(s.read("atom-source.xml"), "<puzzleset>") ||
		!strings.Contains(s.read("sub/atom.xml"), "<puzzleset>") {
		t.Errorf("a puzzle file named atom.xml clashes with the feed")
	}
	checkLinks(t, s.out)
}

func TestCompressedBundleAndItsNote(t *testing.T) {
	s := newSite(t, "-- shapes/minis.md --\n---\ntitle: Not for each puzzle\ntags: [tiny]\n---\nTwo tiny ones.\n")
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(archiveFile(smallSite, "shapes/minis.nonpack")))
	w.Close()
	if err := os.WriteFile(filepath.Join(s.src, "shapes", "minis.nonpack.gz"), gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := s.mustBuild(Config{})
	if sum.Puzzles != 2 {
		t.Fatalf("Puzzles = %d, want 2", sum.Puzzles)
	}
	page := s.read("shapes/minis/2/index.html")
	if !strings.Contains(page, "Two tiny ones.") || !strings.Contains(page, "tiny") || !strings.Contains(page, `href="../../minis.nonpack.gz"`) {
		t.Errorf("bundle page lacks its note or its source link")
	}
	if !strings.Contains(page, "<h1 class=\"np-noprint\">Bar</h1>") {
		t.Errorf("a bundle's note title replaced its puzzle's title")
	}
	if !bytes.Equal([]byte(s.read("shapes/minis.nonpack.gz")), gz.Bytes()) {
		t.Errorf("original file not published as it is")
	}
}

func TestCancelledBuildLeavesOutputUntouched(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	before := snapshot(t, s.out)
	writeTree(t, s.src, "-- animals/cross.md --\nchanged\n")
	b, err := New(Config{Src: s.src, Out: s.out})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := b.Build(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: err = %v", err)
	}
	if d := diffSnapshots(before, snapshot(t, s.out)); d != "" {
		t.Errorf("cancelled build changed the output:\n%s", d)
	}
	s.mustBuild(Config{})
	if !strings.Contains(s.read("animals/cross/index.html"), "changed") {
		t.Errorf("build after a cancelled one did not publish the change")
	}
}

func TestBundleWithABadPuzzle(t *testing.T) {
	bad := strings.TrimPrefix(badPuzzle, "-- animals/bad.non --\n")
	s := newSite(t, "-- set.nonpack --\n"+archiveFile(smallSite, "animals/corner.non")+"====\n"+bad)
	if _, err := s.build(Config{}); err == nil || !strings.Contains(err.Error(), "set.nonpack:") {
		t.Fatalf("bundle with a bad puzzle: err = %v", err)
	}
	sum, err := s.build(Config{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Puzzles != 1 || len(sum.Skipped) == 0 || !s.exists("set/1/index.html") || s.exists("set/2/index.html") {
		t.Errorf("SkipInvalid on a bundle: %d puzzles, skipped %q", sum.Puzzles, sum.Skipped)
	}
	checkLinks(t, s.out)
}

func TestOutputThroughSymlink(t *testing.T) {
	s := newSite(t, smallSite)
	real := filepath.Join(t.TempDir(), "www", "site")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, s.out); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	for range 3 {
		s.mustBuild(Config{})
	}
	if fi, err := os.Lstat(s.out); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link to the output folder was replaced")
	}
	if !strings.Contains(s.read("index.html"), "Test archive") {
		t.Errorf("site not reachable through the link")
	}
	if _, err := os.Stat(output.BackName(real)); err != nil {
		t.Errorf("back buffer not beside the real folder: %v", err)
	}
}

func TestEmptySite(t *testing.T) {
	s := newSite(t, "-- README.md --\nNothing yet.\n")
	sum := s.mustBuild(Config{BaseURL: "https://example.org"})
	if sum.Puzzles != 0 || sum.Pages != 5 { // home, authors, licenses, tags, 404
		t.Errorf("empty site: %+v", sum)
	}
	if s.read("catalogue.json") != "[]" || !strings.Contains(s.read("index.html"), "Nothing yet.") {
		t.Errorf("empty site output wrong")
	}
	checkLinks(t, s.out)
}

// The .non and PBN XML downloads are data: URLs in the puzzle page that hold
// the puzzle itself: read back, they give the same puzzle.
func TestConversionDownloads(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	page := s.read("animals/cross/index.html")
	links := regexp.MustCompile(`href="data:([^,"]*);base64,([^"]+)" download="([^"]+)"`).FindAllStringSubmatch(page, -1)
	if len(links) != 2 {
		t.Fatalf("found %d data: downloads, want 2", len(links))
	}
	for _, l := range links {
		data, err := base64.StdEncoding.DecodeString(l[2])
		if err != nil {
			t.Fatalf("%s: %v", l[3], err)
		}
		ps, err := formats.Read(l[3], data)
		if err != nil || len(ps) != 1 {
			t.Fatalf("%s (%s) does not read back: %v", l[3], l[1], err)
		}
		if ps[0].Meta.Title != "Cross" || ps[0].ID() != crossID(t, s) {
			t.Errorf("%s reads back as %q, id %s", l[3], ps[0].Meta.Title, ps[0].ID())
		}
	}
}

// crossID is the id of animals/cross.non in smallSite, from the catalogue.
func crossID(t *testing.T, s *site) string {
	var cat []entry
	if err := json.Unmarshal([]byte(s.read("catalogue.json")), &cat); err != nil {
		t.Fatal(err)
	}
	for _, c := range cat {
		if c.Page == "animals/cross/index.html" {
			return c.ID
		}
	}
	t.Fatal("no cross in the catalogue")
	return ""
}

// Thumbnails: one blank file per size, shared by the puzzles of that size;
// with solution_thumbnails, each puzzle's own solution thumbnail.
func TestThumbnails(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	blank := s.read("thumbs/1x1.svg")
	if !strings.Contains(blank, "1×1") {
		t.Errorf("blank thumbnail lacks its size label: %.200s", blank)
	}
	if s.exists("shapes/minis/1/thumb.svg") {
		t.Error("a puzzle got its own blank thumbnail")
	}
	bundle := s.read("shapes/minis/index.html")
	if strings.Count(bundle, `src="../../thumbs/`) != 2 {
		t.Errorf("bundle page: want 2 cards with shared thumbnails:\n%s", bundle)
	}

	toml := filepath.Join(s.src, "nonopress.toml")
	data, _ := os.ReadFile(toml)
	os.WriteFile(toml, append(data, "solution_thumbnails = true\n"...), 0o644)
	s.mustBuild(Config{})
	if !s.exists("animals/cross/thumb.svg") || !strings.Contains(s.read("animals/index.html"), `src="cross/thumb.svg"`) {
		t.Error("solution thumbnails: no thumb.svg of the puzzle's own, or not on its card")
	}
	if s.exists("thumbs/3x3.svg") {
		t.Error("solution thumbnails: the shared blank thumbnail stayed")
	}
}

// A conversion too large to go in its page (here a 200x200 puzzle with its
// goal) is a file of its own, linked from the page.
func TestLargeConversionIsAFile(t *testing.T) {
	s := newSite(t, smallSite)
	var big strings.Builder
	big.WriteString("title \"Big\"\nlicense CC0-1.0\nwidth 200\nheight 200\n\nrows\n")
	big.WriteString(strings.Repeat("200\n", 200))
	big.WriteString("\ncolumns\n")
	big.WriteString(strings.Repeat("200\n", 200))
	big.WriteString("\ngoal \"" + strings.Repeat("1", 200*200) + "\"\n")
	if err := os.WriteFile(filepath.Join(s.src, "big.non"), []byte(big.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{})
	page := s.read("big/index.html")
	for _, name := range []string{"puzzle.non", "puzzle.xml"} {
		if !strings.Contains(page, `href="`+name+`"`) {
			t.Errorf("page does not link %s", name)
		}
		data := s.read("big/" + name)
		ps, err := formats.Read(name, []byte(data))
		if err != nil || len(ps) != 1 || ps[0].Width != 200 {
			t.Errorf("%s does not read back as the puzzle: %v", name, err)
		}
	}
	if strings.Contains(page, "base64,") {
		t.Error("the large conversions are in the page too")
	}
	if !strings.Contains(s.read("animals/cross/index.html"), "base64,") {
		t.Error("a small puzzle's conversions are not in its page")
	}
}
