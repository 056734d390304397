package build

import (
	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/build/site"

	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
)

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
	os.Remove(filepath.Join(s.cache(), storeFile))
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
	if sum.Puzzles != 1 || len(sum.Skipped()) == 0 || !s.exists("set/1/index.html") || s.exists("set/2/index.html") {
		t.Errorf("SkipInvalid on a bundle: %d puzzles, skipped %q", sum.Puzzles, sum.Skipped())
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
	if sum.Puzzles != 0 || sum.Pages != 6 { // home, authors, licenses, tags, search, 404
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
func crossID(t *testing.T, s *testSite) string {
	var cat []site.Entry
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
		// saved under the puzzle's title, as a small puzzle's are
		if link := `href="` + name + `" download="big` + path.Ext(name) + `"`; !strings.Contains(page, link) {
			t.Errorf("page does not link %s as %s", name, link)
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
