package build

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/site"
)

// TestFolderNoteCredits checks that a collection's note states the author
// and license of the puzzles in it and below that give none (a folder of
// .nin files, which have no place for them), that a puzzle's own note and
// file keep theirs, that no puzzle so credited is warned about a missing
// license, and that a change to the folder's note reaches its puzzles'
// pages in the next build.
func TestFolderNoteCredits(t *testing.T) {
	nin := "2 2\n1\n1\n1\n1\n"
	s := newSite(t, "-- wilk/README.md --\n---\nauthor: Jakub Wilk\nlicense: MIT\n---\nSolver test puzzles.\n"+
		"-- wilk/data/a.nin --\n"+nin+
		"-- wilk/data/b.nin --\n"+nin+"-- wilk/data/b.md --\n---\nlicense: CC0-1.0\n---\n"+
		"-- wilk/c.non --\n"+dot("Own"))
	sum := s.mustBuild(Config{})
	for _, w := range sum.Warnings {
		if strings.Contains(w, "no license") {
			t.Errorf("warned: %s", w)
		}
	}
	credits := func() map[string]string {
		t.Helper()
		var cat []site.Entry
		if err := json.Unmarshal([]byte(s.read("catalogue.json")), &cat); err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, e := range cat {
			out[e.Source] = e.Author + " / " + e.License
		}
		return out
	}
	want := map[string]string{"wilk/data/a.nin": "Jakub Wilk / MIT", "wilk/data/b.nin": "Jakub Wilk / CC0-1.0", "wilk/c.non": "Ann / CC0-1.0"}
	if got := credits(); !maps.Equal(got, want) {
		t.Errorf("credits %v, want %v", got, want)
	}
	if page := s.read("wilk/data/a/index.html"); !strings.Contains(page, "Jakub Wilk") || !strings.Contains(page, ">MIT<") {
		t.Errorf("a's page does not show the folder's author and license")
	}
	note := "---\nauthor: Jakub Wilk\nlicense: GPL-2.0-or-later\n---\n"
	if err := os.WriteFile(filepath.Join(s.src, "wilk", "README.md"), []byte(note), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.src, "wilk", "data", "b.md"), []byte("---\nlicense: CC-BY-4.0\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{})
	if got := credits()["wilk/data/a.nin"]; got != "Jakub Wilk / GPL-2.0-or-later" {
		t.Errorf("after the folder's note changed, a is credited %q", got)
	}
	if page := s.read("wilk/data/a/index.html"); !strings.Contains(page, ">GPL-2.0-or-later<") {
		t.Errorf("after the folder's note changed, a's page does not show the new license")
	}
	// The sheets and the booklet show credits too: not reused from before.
	if sheet := s.read("wilk/data/a/sheet.svg"); !strings.Contains(sheet, "License: GPL-2.0-or-later") {
		t.Errorf("after the folder's note changed, a's sheet does not show the new license")
	}
	if sheet := s.read("wilk/data/b/sheet.svg"); !strings.Contains(sheet, "License: CC-BY-4.0") {
		t.Errorf("after its note changed, b's sheet does not show the new license")
	}
	if text := bookletText(t, s, "wilk/data/booklet.pdf"); !strings.Contains(text, "License: GPL-2.0-or-later") {
		t.Errorf("after the folder's note changed, the booklet does not show the new license:\n%s", text)
	}
}

// TestFolderNoteWarnings checks that a misspelt key in a collection's note
// ("licence", which would leave its puzzles without the license it means)
// is warned about at the note's line, as one in a puzzle's note is.
func TestFolderNoteWarnings(t *testing.T) {
	s := newSite(t, "-- wilk/README.md --\n---\nlicence: MIT\n---\n"+"-- wilk/c.non --\n"+dot("Own"))
	sum := s.mustBuild(Config{})
	found := false
	for _, w := range sum.Warnings {
		found = found || strings.Contains(w, filepath.Join("wilk", "README.md")+`:2:1: unknown front matter key "licence" (did you mean "license"?)`)
	}
	if !found {
		t.Errorf("no warning of the misspelt key: %q", sum.Warnings)
	}
}

// TestFolderNoteLicenseWarnedAtNote checks that a license a collection's
// note gives its puzzles, written with spaces, is warned about at the
// note's line, where it can be fixed, not at each puzzle file, and that
// the build's summary and log say it once however many puzzles it
// credits.
func TestFolderNoteLicenseWarnedAtNote(t *testing.T) {
	nin := "2 2\n1\n1\n1\n1\n"
	s := newSite(t, "-- wilk/README.md --\n---\nauthor: Jakub Wilk\nlicense: CC BY 4.0\n---\n"+
		"-- wilk/a.nin --\n"+nin+"-- wilk/b.nin --\n"+nin)
	var log strings.Builder
	sum := s.mustBuild(Config{Log: &log})
	want := filepath.Join("wilk", "README.md") + `:3: license "CC BY 4.0" is an SPDX identifier written with spaces`
	said := 0
	for _, w := range sum.Warnings {
		if strings.Contains(w, "written with spaces") {
			said++
			if !strings.Contains(w, want) {
				t.Errorf("warned %q, want it at the note: %q", w, want)
			}
		}
	}
	if said != 1 {
		t.Errorf("the summary holds it %d times, want once: %q", said, sum.Warnings)
	}
	if n := strings.Count(log.String(), "written with spaces"); n != 1 {
		t.Errorf("the log says it %d times, want once:\n%s", n, log.String())
	}
	// A line added above the license moves the warning with it, though the
	// credits are the same.
	note := "---\n# credits\nauthor: Jakub Wilk\nlicense: CC BY 4.0\n---\n"
	if err := os.WriteFile(filepath.Join(s.src, "wilk", "README.md"), []byte(note), 0o644); err != nil {
		t.Fatal(err)
	}
	sum = s.mustBuild(Config{})
	moved := strings.Replace(want, ":3:", ":4:", 1)
	if !slices.ContainsFunc(sum.Warnings, func(w string) bool { return strings.Contains(w, moved) }) {
		t.Errorf("after a line was added above the license, warnings %q, want %q", sum.Warnings, moved)
	}
}

// TestNoteLicenseStrict checks that with Strict a license a note gets
// wrong (a folder's, a puzzle's own) fails the build as one problem each,
// at the note's line, however many puzzles it credits: not one per puzzle;
// and that with SkipInvalid too the log says it, once (a puzzle's own
// note's keeps its puzzles out, as a license in their file does).
func TestNoteLicenseStrict(t *testing.T) {
	// Three unique puzzles, with no warning of their own.
	s := newSite(t, "-- wilk/README.md --\n---\nauthor: Jakub Wilk\nlicense: CC BY 4.0\n---\n"+
		"-- wilk/a.nin --\n1 1\n1\n1\n-- wilk/b.nin --\n2 1\n2\n1\n1\n"+
		"-- wilk/c.nin --\n1 2\n1\n1\n2\n-- wilk/c.md --\n---\nlicense: CC BY-SA 4.0\n---\n")
	_, err := s.build(Config{Strict: true})
	var berr *Error
	if !errors.As(err, &berr) {
		t.Fatalf("build -strict: %v, want an *Error", err)
	}
	want := []string{
		filepath.Join("wilk", "c.md") + `:2: error: license "CC BY-SA 4.0" is an SPDX identifier written with spaces`,
		filepath.Join("wilk", "README.md") + `:3: error: license "CC BY 4.0" is an SPDX identifier written with spaces`,
	}
	for _, w := range want {
		if n := len(slices.DeleteFunc(slices.Clone(berr.Problems), func(p string) bool { return !strings.Contains(p, w) })); n != 1 {
			t.Errorf("build -strict: %d problems %q, want 1 among:\n%s", n, w, strings.Join(berr.Problems, "\n"))
		}
	}
	if len(berr.Problems) != len(want) {
		t.Errorf("build -strict: problems\n%s\nwant only the two notes'", strings.Join(berr.Problems, "\n"))
	}
	// With SkipInvalid the folder note's puzzles are published, and the
	// log says its error once, which no skipped puzzle's line says; the
	// puzzle's own note keeps its file's puzzle out, said once.
	var log strings.Builder
	sum := s.mustBuild(Config{Strict: true, SkipInvalid: true, Log: &log})
	for _, w := range want {
		if n := strings.Count(log.String(), w); n != 1 {
			t.Errorf("build -strict -skip-invalid: the log says %q %d times, want once:\n%s", w, n, log.String())
		}
	}
	if sum.Puzzles != 2 || len(sum.Skipped()) != 1 || !strings.Contains(sum.Skipped()[0], want[0]) {
		t.Errorf("build -strict -skip-invalid: %d puzzles published, %q left out; want 2, and c.nin's left out", sum.Puzzles, sum.Skipped())
	}
}

// TestNoteTitlesSheets checks that a puzzle's note titles its sheets and
// its booklet page as it titles its page (a .nin file has no title of its
// own to give), that the file's own title stays in the downloads converted
// from it, and that a new note title reaches the sheet in the next build.
func TestNoteTitlesSheets(t *testing.T) {
	cup := "title \"Morning Cup\"\nlicense CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"
	s := newSite(t, "-- c/cup.non --\n"+cup+"-- c/cup.md --\n---\ntitle: Teacup\n---\n"+
		"-- c/ring.nin --\n2 2\n1\n1\n1\n1\n-- c/ring.md --\n---\ntitle: Ring\nlicense: MIT\n---\n")
	s.mustBuild(Config{})
	for page, want := range map[string]string{"c/cup/sheet.svg": "Teacup", "c/ring/sheet.svg": "Ring"} {
		if sheet := s.read(page); !strings.Contains(sheet, ">"+want+"<") {
			t.Errorf("%s is not titled %q", page, want)
		}
	}
	if text := bookletText(t, s, "c/booklet.pdf"); !strings.Contains(text, "Teacup") || !strings.Contains(text, "Ring") || strings.Contains(text, "Morning Cup") {
		t.Errorf("the booklet does not title the puzzles by their notes:\n%s", text)
	}
	if src := s.read("c/cup.non"); !strings.Contains(src, `title "Morning Cup"`) {
		t.Errorf("the published copy of cup.non lost its own title")
	}
	if err := os.WriteFile(filepath.Join(s.src, "c", "cup.md"), []byte("---\ntitle: Coffee mug\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{})
	if sheet := s.read("c/cup/sheet.svg"); !strings.Contains(sheet, ">Coffee mug<") {
		t.Errorf("after the note's title changed, the sheet is not titled by it")
	}
}

// TestUntitledSheetsNamedAsTheirPages checks that a puzzle with no title
// of its own nor a note's is titled on its sheet and booklet page as its
// page is, by its file (and in a bundle by its place), not "Nonogram 2×2"
// on every sheet, which left a printed stack of them telling none apart.
func TestUntitledSheetsNamedAsTheirPages(t *testing.T) {
	dot := "license CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"
	s := newSite(t, "-- c/ring.nin --\n2 2\n1\n1\n1\n1\n-- c/README.md --\n---\nlicense: MIT\n---\n"+
		"-- c/minis.nonpack --\n"+dot+"====\n"+dot)
	s.mustBuild(Config{})
	for page, want := range map[string]string{"c/ring/sheet.svg": "ring", "c/minis/1/sheet.svg": "minis #1", "c/minis/2/sheet.svg": "minis #2"} {
		sheet := s.read(page)
		if !strings.Contains(sheet, ">"+want+"<") || strings.Contains(sheet, ">Nonogram 1×1<") || strings.Contains(sheet, ">Nonogram 2×2<") {
			t.Errorf("%s is not titled %q as its page is", page, want)
		}
	}
	if text := bookletText(t, s, "c/booklet.pdf"); !strings.Contains(text, "ring") || strings.Contains(text, "Nonogram 2×2") {
		t.Errorf("the booklet does not title ring by its file:\n%s", text)
	}
}
