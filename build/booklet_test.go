package build

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// bookletSite is a collection of two puzzles whose notes date them and
// weigh them out of name order, so that the site shows "Zed" first.
const bookletSite = `
-- nonopress.toml --
title = "Dated"
-- shapes/_index.md --
---
title: Shapes
description: Small shapes for a first booklet.
---
Ignored, as the description says it.
-- shapes/alpha.non --
title "Alpha"
license CC0-1.0
width 1
height 1
rows
1
columns
1
-- shapes/alpha.md --
---
date: 2024-03-05
weight: 2
---
-- shapes/zed.non --
title "Zed"
license CC0-1.0
width 2
height 1
rows
2
columns
1
1
-- shapes/zed.md --
---
date: 2023-01-01
lastmod: 2025-06-07
weight: 1
---
`

// bookletText is pdftotext's text of an output PDF.
func bookletText(t *testing.T, s *testSite, name string) string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext not installed (.ci/run installs poppler-utils)")
		}
		t.Skip("pdftotext not installed")
	}
	out, err := exec.Command(tool, "-enc", "UTF-8", filepath.Join(s.out, filepath.FromSlash(name)), "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v: %s", err, out)
	}
	return string(out)
}

var coverDate = regexp.MustCompile(`\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b`)

// TestBookletCoverNoteDateAndOrder: a collection's booklet has its title,
// its note's summary and the newest of its puzzles' dates on the cover,
// and its puzzles in the site's order.
func TestBookletCoverNoteDateAndOrder(t *testing.T) {
	s := newSite(t, bookletSite)
	s.mustBuild(Config{})
	text := bookletText(t, s, "shapes/booklet.pdf")
	for _, want := range []string{"Shapes", "Small shapes for a first booklet.", "7 June 2025"} {
		if !strings.Contains(text, want) {
			t.Errorf("booklet lacks %q:\n%s", want, text)
		}
	}
	if got := coverDate.FindAllString(text, -1); len(got) != 1 {
		t.Errorf("booklet dates = %q, want one, 7 June 2025", got)
	}
	if z, a := strings.Index(text, "Zed"), strings.Index(text, "Alpha"); z < 0 || a < 0 || z > a {
		t.Errorf("booklet is not in the site's order (Zed, weight 1, first):\n%s", text)
	}
	page := s.read("shapes/index.html")
	if strings.Index(page, "Zed") > strings.Index(page, "Alpha") {
		t.Errorf("the collection page does not show Zed first: the test's premise is wrong")
	}
}

// TestBookletUndated: without any date in the content, the booklet has
// none (never the clock's).
func TestBookletUndated(t *testing.T) {
	undated := regexp.MustCompile(`(?m)^(date|lastmod): .*\n`).ReplaceAllString(bookletSite, "")
	undated = strings.Replace(undated, "description: Small shapes for a first booklet.\n", "", 1)
	s := newSite(t, undated)
	s.mustBuild(Config{})
	text := bookletText(t, s, "shapes/booklet.pdf")
	if got := coverDate.FindAllString(text, -1); len(got) != 0 {
		t.Errorf("undated content gives a booklet dated %q", got)
	}
	if !strings.Contains(text, "Ignored, as the description says it.") {
		t.Errorf("cover lacks the note's first line:\n%s", text)
	}
	if pdf := s.read("shapes/booklet.pdf"); !strings.Contains(pdf, "D:00010101000001") && strings.Contains(pdf, "/CreationDate") {
		t.Errorf("undated booklet has a creation date")
	}
}

// TestBookletKeyFollowsNoteAndDates: a warm build remakes the booklet when
// a puzzle's date or the collection's note changes, and keeps it when
// nothing did.
func TestBookletKeyFollowsNoteAndDates(t *testing.T) {
	s := newSite(t, bookletSite)
	s.mustBuild(Config{})
	first := s.read("shapes/booklet.pdf")
	s.mustBuild(Config{})
	if s.read("shapes/booklet.pdf") != first {
		t.Fatalf("an unchanged site remade a different booklet")
	}
	writeTree(t, s.src, "-- shapes/alpha.md --\n---\ndate: 2026-02-03\nweight: 2\n---\n")
	s.mustBuild(Config{})
	if text := bookletText(t, s, "shapes/booklet.pdf"); !strings.Contains(text, "3 February 2026") {
		t.Errorf("a new puzzle date did not reach the warm build's booklet:\n%s", text)
	}
	writeTree(t, s.src, "-- shapes/_index.md --\n---\ntitle: Shapes\ndescription: Now for a class.\n---\n")
	s.mustBuild(Config{})
	if text := bookletText(t, s, "shapes/booklet.pdf"); !strings.Contains(text, "Now for a class.") {
		t.Errorf("a new note did not reach the warm build's booklet:\n%s", text)
	}
}

// unassigned are characters not yet assigned in Unicode: no font draws them.
const unassigned = "\u2fe0\u2fe1"

// newUndrawableSite is bookletSite with "Zed" titled partly in characters
// no font draws (unassigned); it skips where an installed font draws them.
func newUndrawableSite(t *testing.T) *testSite {
	t.Helper()
	return newUndrawable(t, `title "Zed"`, `title "Zed `+unassigned+`"`)
}

// newUndrawable is bookletSite with the text old replaced by new, which has
// characters no font draws (unassigned); it skips where an installed font
// draws them.
func newUndrawable(t *testing.T, old, new string) *testSite {
	t.Helper()
	if fc, err := exec.LookPath("fc-list"); err == nil {
		if out, _ := exec.Command(fc, ":charset=2fe0").Output(); len(out) > 0 {
			t.Skip("an installed font draws U+2FE0: nothing is missing")
		}
	}
	return newSite(t, strings.Replace(bookletSite, old, new, 1))
}

// TestSiteWideWarningsAtTheirPath: a warning about no puzzle file is logged
// in the form of every other, "path: warning: message (hint)", at the
// output path it is about (a booklet whose cover no font draws, a file in
// the output folder nonopress did not write), and its diagnostic has that
// path as its file; a warm build that reuses the booklet says the same.
func TestSiteWideWarningsAtTheirPath(t *testing.T) {
	s := newUndrawable(t, "title: Shapes", "title: Shapes "+unassigned)
	s.mustBuild(Config{Quiet: true})
	if err := os.WriteFile(filepath.Join(s.out, "CNAME"), []byte("example.org\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	booklet, cname := filepath.Join(s.out, "shapes", "booklet.pdf"), filepath.Join(s.out, "CNAME")
	wants := []string{
		booklet + fmt.Sprintf(": warning: the cover: no font can draw %q (U+2FE0 U+2FE1); they print as boxes (name a font", unassigned),
		cname + ": warning: not written by nonopress: kept in place; to make it part of the site, put it in the content tree's templates/static/ folder",
	}
	for i, when := range []string{"after a file was added to the output", "warm, the booklet reused"} {
		// A home note changed: the build is not found unchanged by its
		// stamp, and the second reuses the booklet.
		writeTree(t, s.src, fmt.Sprintf("-- README.md --\nHome note %d.\n", i))
		var log strings.Builder
		sum := s.mustBuild(Config{Log: &log})
		for _, want := range wants {
			if !slices.ContainsFunc(strings.Split(log.String(), "\n"), func(l string) bool { return strings.HasPrefix(l, want) }) {
				t.Errorf("%s: no line starts %q:\n%s", when, want, log.String())
			}
		}
		for _, l := range strings.Split(log.String(), "\n") {
			if strings.HasPrefix(l, "warning:") {
				t.Errorf("%s: a warning without its subject: %q", when, l)
			}
		}
		files := map[string]bool{}
		for _, d := range sum.Diagnostics {
			files[d.File] = true
		}
		if !files[booklet] || !files[cname] {
			t.Errorf("%s: the diagnostics' files %v lack %s or %s", when, files, booklet, cname)
		}
	}
}

// TestBookletMissingGlyphWarning: a title no installed font draws (printed
// as boxes) gives a build warning naming the puzzle and the characters,
// once (its sheet and the booklet both print it), and so does a warm
// build.
func TestBookletMissingGlyphWarning(t *testing.T) {
	s := newUndrawableSite(t)
	sum := s.mustBuild(Config{})
	found := 0
	for _, w := range sum.Warnings {
		if strings.Contains(w, "zed.non") && strings.Contains(w, "Zed") && strings.Contains(w, "U+2FE0 U+2FE1") {
			found++
		}
	}
	if found != 1 {
		t.Errorf("%d warnings name the puzzle and its missing characters, want 1: %q", found, sum.Warnings)
	}
	writeTree(t, s.src, "-- README.md --\nA new home note.\n") // a warm build, the booklet reused
	if warm := s.mustBuild(Config{}); !slices.Equal(warm.Warnings, sum.Warnings) {
		t.Errorf("warm build's warnings %q, want the cold build's %q", warm.Warnings, sum.Warnings)
	}
}

// TestNameLineSetting: name_line in nonopress.toml reaches the sheet PDFs
// (a line for the solver's name and the date under the title block), and
// without it the sheets have none.
func TestNameLineSetting(t *testing.T) {
	for _, on := range []bool{false, true} {
		archive := smallSite
		if on {
			archive = strings.Replace(smallSite, `title = "Test archive"`, "title = \"Test archive\"\nname_line = true", 1)
		}
		s := newSite(t, archive)
		s.mustBuild(Config{})
		text := bookletText(t, s, "animals/cross/sheet.pdf")
		if got := strings.Contains(text, "Name") && strings.Contains(text, "Date"); got != on {
			t.Errorf("name_line = %v: the sheet's name and date line shown: %v\n%s", on, got, text)
		}
	}
}

// TestBookletPlacesDrawnGrids: a cold build's booklet places the grid its
// puzzle's sheet PDF drew (a form) instead of drawing it again; a warm
// build that reuses the sheet but remakes the booklet (another puzzle
// changed) draws the grid afresh, and the booklet reads the same.
func TestBookletPlacesDrawnGrids(t *testing.T) {
	full := "title \"Full\"\nlicense CC0-1.0\nwidth 24\nheight 24\nrows\n" + strings.Repeat("24\n", 24) +
		"columns\n" + strings.Repeat("24\n", 24)
	s := newSite(t, bookletSite+"-- shapes/full.non --\n"+full)
	s.mustBuild(Config{})
	booklet := filepath.Join(s.out, "shapes", "booklet.pdf")
	forms := func() int {
		data, err := os.ReadFile(booklet)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(data), "/Subtype /Form")
	}
	if n := forms(); n != 1 {
		t.Errorf("cold build: the booklet places %d drawn grids, want 1 (the 24x24's)", n)
	}
	cold := bookletText(t, s, "shapes/booklet.pdf")
	writeTree(t, s.src, "-- shapes/alpha.non --\ntitle \"Beta\"\nlicense CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
	s.mustBuild(Config{})
	if n := forms(); n != 0 {
		t.Errorf("warm build, sheet reused: the booklet places %d drawn grids, want 0", n)
	}
	warm := bookletText(t, s, "shapes/booklet.pdf")
	if strings.ReplaceAll(cold, "Alpha", "Beta") != warm || !strings.Contains(warm, "Full") {
		t.Errorf("the booklet reads differently with and without the drawn grid:\n%s\n---\n%s", cold, warm)
	}
}
