package build

import (
	"reflect"

	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/site"
)

func TestBuildSmallSite(t *testing.T) {
	s := newSite(t, smallSite)
	sum := s.mustBuild(Config{})
	if sum.Puzzles != 4 {
		t.Errorf("Puzzles = %d, want 4", sum.Puzzles)
	}
	// home, 2 collections, 1 bundle, 4 puzzles, authors and its 2 authors,
	// licenses and its 3 licenses, tags and its 2 tags, search, 404
	if sum.Pages != 20 {
		t.Errorf("Pages = %d, want 20", sum.Pages)
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
	// Only dated puzzles are recently added.
	recent := home[strings.Index(home, "Recently added"):]
	recent = recent[:strings.Index(recent, "</section>")]
	if !strings.Contains(recent, "animals/cross/index.html") || strings.Contains(recent, "animals/corner/index.html") {
		t.Errorf("recently added: want the dated puzzle only")
	}
	tags := s.read("tags/index.html")
	if !strings.Contains(tags, `href="easy/index.html"`) || !strings.Contains(s.read("tags/symbol/index.html"), `href="../../animals/cross/index.html"`) {
		t.Errorf("tag pages wrong")
	}
	page := s.read("animals/cross/index.html")
	for _, want := range []string{`href="../../tags/easy/index.html"`, "The Cross", "Ann Author", "CC0-1.0", "https://spdx.org/licenses/CC0-1.0.html",
		"<em>cross</em>", "<svg", `<details class="np-solution`, `src="solution.svg"`, `id="np-puzzle"`,
		`id="np-play"`, `src="../../static/play.js"`, `href="../../static/play.css"`, `href="../cross.non"`,
		`href="sheet.pdf"`, `download="the-cross-sheet.pdf"`, `download="the-cross-solution.svg"`, `download="the-cross.non"`, `download="the-cross.xml"`, "easy", "unique solution", "@page"} {
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
	if s.exists("sitemap.xml") || s.exists("atom.xml") {
		t.Errorf("sitemap or feed written without a base URL")
	}
}

// The authors and licenses pages list their groups, each linking to its
// page of cards; a license's page links SPDX's when it is an identifier.
func TestBuildSmallSiteLists(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	licenses := s.read("licenses/index.html")
	for _, want := range []string{`href="cc-by-4-0/index.html"`, `href="some-free-text-licence/index.html"`, "Some free text licence"} {
		if !strings.Contains(licenses, want) {
			t.Errorf("licenses page lacks %q", want)
		}
	}
	if byCC := s.read("licenses/cc-by-4-0/index.html"); !strings.Contains(byCC, "https://spdx.org/licenses/CC-BY-4.0.html") || !strings.Contains(byCC, `href="../../shapes/minis/2/index.html"`) {
		t.Errorf("the page of CC-BY-4.0 lacks its SPDX link or its puzzles:\n%s", byCC)
	}
	if strings.Contains(s.read("licenses/some-free-text-licence/index.html"), "spdx.org/licenses/Some") {
		t.Errorf("free-text license linked to SPDX")
	}
	authors := s.read("authors/index.html")
	if !strings.Contains(authors, "Ann Author") || !strings.Contains(authors, "Bob Builder") || strings.Contains(authors, "animals/") {
		t.Errorf("authors page wrong: want its authors and none of their puzzles\n%s", authors)
	}
	if ann := s.read("authors/ann-author/index.html"); strings.Count(ann, `class="np-card"`) != 3 {
		t.Errorf("Ann Author's page wrong: want her 3 puzzles' cards\n%s", ann)
	}
}

func TestCatalogueMatchesPuzzles(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	var cat []site.Entry
	if err := json.Unmarshal([]byte(s.read("catalogue.json")), &cat); err != nil {
		t.Fatal(err)
	}
	checkCatalogue(t, s.src, s.out, cat)
	if len(cat) != 4 {
		t.Fatalf("catalogue has %d puzzles, want 4", len(cat))
	}
	want := site.Entry{Title: "The Cross", Author: "Ann Author", License: "CC0-1.0", Width: 3, Height: 3, Colors: 1,
		Verdict: "unique", Difficulty: cat[1].Difficulty, Page: "animals/cross/index.html",
		Sheet: "animals/cross/sheet.svg", Solution: "animals/cross/solution.svg", PDF: "animals/cross/sheet.pdf", Source: "animals/cross.non", ID: cat[1].ID,
		Tags: []string{"easy", "symbol"}}
	if !reflect.DeepEqual(cat[1], want) {
		t.Errorf("catalogue[1] = %+v\nwant %+v", cat[1], want)
	}
}

// checkCatalogue checks that every catalogue entry's files exist and that its
// id and size are those of the puzzle read from its source file.
func checkCatalogue(t *testing.T, src, out string, cat []site.Entry) {
	t.Helper()
	ids := map[string]bool{}
	for _, c := range cat {
		for _, f := range []string{c.Page, c.Sheet, c.Solution, c.PDF, c.Source} {
			if f == "" {
				continue
			}
			if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(f))); err != nil {
				t.Errorf("catalogue %s: %v", c.Title, err)
			}
		}
		sized := c.Width >= 1 && c.Height >= 1 || c.Kind == "triddler" && c.Cells >= 1
		if c.Verdict == "" || !sized || len(c.ID) != 20 {
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
		testDeterministic(t, &testSite{t: t, src: copyTree(t, filepath.Join("..", "content"))})
	})
}

// testDeterministic builds a site cold three times, with GOMAXPROCS 2, 1, 2,
// into three folders, and compares every byte.
func testDeterministic(t *testing.T, s *testSite) {
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
		if !strings.HasPrefix(p, "animals/") && !strings.HasPrefix(p, "tags/") && p != "index.html" && !strings.HasPrefix(p, "authors/") &&
			!strings.HasPrefix(p, "licenses/") && p != "catalogue.json" && p != "search-index.js" {
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
	if len(sum.Skipped()) == 0 || !strings.HasPrefix(sum.Skipped()[0], wantPrefix) {
		t.Errorf("Skipped = %q", sum.Skipped())
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
	// Warnings are for the author: the build log, not the visitors' page
	// (the split itself is tested in TestWarningsForAuthorsOnly).
	page := s.read("free/index.html")
	if strings.Contains(page, "np-warnings") || !strings.Contains(page, "None given") {
		t.Errorf("author's warning shown to visitors, or the license not said missing")
	}
	if !strings.Contains(s.read("licenses/index.html"), "No license given") {
		t.Errorf("licenses page does not list puzzles without a license")
	}
	if _, err := s.build(Config{Strict: true}); err == nil || !strings.Contains(err.Error(), "free.non") {
		t.Errorf("strict build: err = %v, want the warning as an error", err)
	}
	sum, err := s.build(Config{Strict: true, SkipInvalid: true})
	if err != nil || len(sum.Skipped()) != 1 || !strings.Contains(sum.Skipped()[0], "free.non") || s.exists("free/index.html") {
		t.Errorf("strict and skip-invalid: err %v, skipped %q", err, sum.Skipped())
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
