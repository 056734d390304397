package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/gittest"
)

// printedText prints PATH into a PDF and returns pdftotext's text of it.
func printedText(t *testing.T, args ...string) string {
	t.Helper()
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext missing in CI")
		}
		t.Skip("pdftotext not installed")
	}
	out := filepath.Join(t.TempDir(), "booklet.pdf")
	code, _, stderr := runCLI(t, append([]string{"print", "-o", out}, args...)...)
	if code != 0 {
		t.Fatalf("print %v: exit %d\n%s", args, code, stderr)
	}
	text, err := exec.Command(pdftotext, "-enc", "UTF-8", out, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(text)
}

// TestPrintFolderCoverAsSite: printing a collection folder puts its note's
// title and description and its puzzles' newest front matter date on the
// cover, as the site's booklet does; flags override them, and a folder
// without dates gives an undated booklet.
func TestPrintFolderCoverAsSite(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "set")
	writeFile(t, dir, "set/_index.md", "---\ntitle: Dancers\ndescription: Moves for the winter club.\n---\nMore here.\n")
	writeFile(t, dir, "set/dancer.non", dancerNon)
	writeFile(t, dir, "set/dancer.md", "---\ndate: 2024-02-01\nlastmod: 2025-09-10\n---\n")
	writeFile(t, dir, "set/two.non", "license CC0-1.0\ntitle \"Two\"\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n")
	writeFile(t, dir, "set/two.md", "---\ndate: 2025-01-01\n---\n")
	text := printedText(t, set)
	for _, want := range []string{"Dancers", "Moves for the winter club.", "10 September 2025"} {
		if !strings.Contains(text, want) {
			t.Errorf("printed folder's cover lacks %q:\n%s", want, text)
		}
	}
	text = printedText(t, "-title", "Club", "-note", "Ours.", "-date", "2020-05-06", set)
	for _, want := range []string{"Club", "Ours.", "6 May 2020"} {
		if !strings.Contains(text, want) {
			t.Errorf("flags do not override the folder's cover: no %q:\n%s", want, text)
		}
	}
	for _, f := range []string{"dancer.md", "two.md"} {
		if err := os.Remove(filepath.Join(set, f)); err != nil {
			t.Fatal(err)
		}
	}
	if text := printedText(t, set); strings.Contains(text, "2025") || strings.Contains(text, "2026") {
		t.Errorf("a folder without dates printed a dated booklet:\n%s", text)
	}
}

// TestPrintFolderGitDate: with git_info, a folder's puzzles without front
// matter dates date the booklet by their last commit, as on the site.
func TestPrintFolderGitDate(t *testing.T) {
	gittest.Need(t)
	repo := t.TempDir()
	set := filepath.Join(repo, "set")
	writeFile(t, repo, "set/dancer.non", dancerNon)
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "init", "-q")
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "add", "set")
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "commit", "-qm", "first")
	if text := printedText(t, set); strings.Contains(text, "2 January 2024") {
		t.Errorf("git date used without git_info:\n%s", text)
	}
	writeFile(t, repo, "nonopress.toml", "git_info = true\n")
	if text := printedText(t, set); !strings.Contains(text, "2 January 2024") {
		t.Errorf("the last commit does not date the booklet:\n%s", text)
	}
}

// TestPrintFolderGitDatesAsSite: with git_info, a puzzle is dated by the
// commit that added its file and its note's lastmod stands for the later
// commits, as the site dates its entries and so its booklet: a puzzle added
// on 2 January 2024 whose note says lastmod 2024-02-01 and was committed
// again in 2025 prints a booklet of 1 February 2024, not of the 2025 commit.
func TestPrintFolderGitDatesAsSite(t *testing.T) {
	gittest.Need(t)
	repo := t.TempDir()
	set := filepath.Join(repo, "set")
	writeFile(t, repo, "nonopress.toml", "git_info = true\n")
	writeFile(t, repo, "set/dancer.non", dancerNon)
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "init", "-q")
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "add", ".")
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "commit", "-qm", "first")
	writeFile(t, repo, "set/dancer.md", "---\nlastmod: 2024-02-01\n---\n")
	gittest.Run(t, repo, "2025-03-03T03:04:05Z", "add", ".")
	gittest.Run(t, repo, "2025-03-03T03:04:05Z", "commit", "-qm", "note")
	if text := printedText(t, set); !strings.Contains(text, "1 February 2024") || strings.Contains(text, "2025") {
		t.Errorf("the booklet is not dated as the site dates it (1 February 2024):\n%s", text)
	}
}

// TestPrintSetFileOwnTitle: printing one set file without -title puts the
// set's own title on the cover (a .nonpack's block of shared keys, an XML
// <puzzleset>'s <title>), as the site titles the set's page, not the file
// name; -title still overrides it.
func TestPrintSetFileOwnTitle(t *testing.T) {
	dir := t.TempDir()
	one := "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
	writeFile(t, dir, "beasts.nonpack", "title \"Small beasts\"\nlicense CC0-1.0\n====\ntitle \"Ant\"\n"+one+"====\ntitle \"Bee\"\n"+one)
	writeFile(t, dir, "kitchen.xml", `<?xml version="1.0"?>
<puzzleset><title>Kitchen things</title>
<puzzle type="grid" defaultcolor="white"><title>Cup</title><license>CC0-1.0</license><color name="white" char=".">FFFFFF</color><color name="black" char="X">000000</color>
<clues type="columns"><line><count color="black">1</count></line></clues><clues type="rows"><line><count color="black">1</count></line></clues></puzzle>
<puzzle type="grid" defaultcolor="white"><title>Pan</title><license>CC0-1.0</license><color name="white" char=".">FFFFFF</color><color name="black" char="X">000000</color>
<clues type="columns"><line><count color="black">1</count></line></clues><clues type="rows"><line><count color="black">1</count></line></clues></puzzle>
</puzzleset>
`)
	for file, want := range map[string]string{"beasts.nonpack": "Small beasts", "kitchen.xml": "Kitchen things"} {
		text := printedText(t, filepath.Join(dir, file))
		if cover, _, _ := strings.Cut(text, "\f"); !strings.Contains(cover, want) {
			t.Errorf("print %s: the cover lacks the set's title %q:\n%s", file, want, cover)
		}
	}
	if cover, _, _ := strings.Cut(printedText(t, "-title", "Ours", filepath.Join(dir, "beasts.nonpack")), "\f"); !strings.Contains(cover, "Ours") || strings.Contains(cover, "Small beasts") {
		t.Errorf("-title does not override the set's title:\n%s", cover)
	}
}

// TestPrintFilesTitle: without -title, a booklet of several files in one
// folder is titled by the folder's name, not by the first file's, and of
// one set file by the file's name; one puzzle's file prints as its sheet.
func TestPrintFilesTitle(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "club/dancer.non", dancerNon)
	writeFile(t, dir, "club/two.non", "license CC0-1.0\ntitle \"Two\"\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n")
	writeFile(t, dir, "club/pair.nonpack", "license CC0-1.0\n====\ntitle \"Ant\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n====\ntitle \"Bee\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
	club := filepath.Join(dir, "club")
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{[]string{filepath.Join(club, "pair.nonpack")}, "pair"},
		{[]string{filepath.Join(club, "dancer.non"), filepath.Join(club, "two.non")}, "club"},
	} {
		if cover, _, _ := strings.Cut(printedText(t, c.paths...), "\f"); !strings.HasPrefix(strings.TrimSpace(cover), c.want+"\n") {
			t.Errorf("print %v: the cover is titled\n%s\nwant %q", c.paths, cover, c.want)
		}
	}
	if got := pathsTitle([]string{"a/pair.nonpack.gz"}, printSettings{}); got != "pair" {
		t.Errorf("pathsTitle of a compressed bundle: %q", got)
	}
	if got := pathsTitle([]string{"a/x.non", "b/y.non"}, printSettings{}); got != "x" {
		t.Errorf("pathsTitle of files in two folders: %q", got)
	}
	// A folder named for the file system is titled as the site titles its
	// collection.
	writeFile(t, dir, "02_not_so_tough/dancer.non", dancerNon)
	if got := pathsTitle([]string{filepath.Join(dir, "02_not_so_tough")}, printSettings{}); got != "Not so tough" {
		t.Errorf("pathsTitle of folder 02_not_so_tough: %q, want Not so tough", got)
	}
}

// TestPrintOnePuzzleAsItsSheet: a file of one puzzle prints as the site's
// sheet PDF does, the puzzle titled by its own title and then its answer,
// with no cover or contents page; -title asks for the booklet, cover and
// all; the site's name_line and mono_safe reach the sheet as they reach
// the site's.
func TestPrintOnePuzzleAsItsSheet(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "club/dancer.non", dancerNon)
	file := filepath.Join(dir, "club", "dancer.non")
	pages := strings.Split(printedText(t, file), "\f")
	if len(pages) != 3 || !strings.HasPrefix(strings.TrimSpace(pages[0]), "Demo Puzzle from Front Page\n") || strings.Contains(pages[0], "Contents") ||
		!strings.Contains(pages[1], "Solution") {
		t.Fatalf("print of one puzzle: %d pages, want the sheet and its answer:\n%s", len(pages)-1, strings.Join(pages, "\n----\n"))
	}
	if booklet := printedText(t, "-title", "Club night", file); !strings.HasPrefix(strings.TrimSpace(booklet), "Club night\n") || !strings.Contains(booklet, "Contents") {
		t.Errorf("print -title of one puzzle is no booklet:\n%s", booklet)
	}
	writeFile(t, dir, "nonopress.toml", "name_line = true\n")
	if sheet := printedText(t, file); !strings.Contains(sheet, "Name") {
		t.Errorf("the site's name_line does not reach the printed sheet:\n%s", sheet)
	}
	// A glyph per colour: the mono-safe sheet differs from the plain one.
	writeFile(t, dir, "club/flag.non", "license CC0-1.0\ntitle \"Flag\"\nwidth 2\nheight 1\ncolor r #d62828\ncolor b #1f77b4\ngoal \"rb\"\n")
	flag := filepath.Join(dir, "club", "flag.non")
	printed := func() []byte {
		t.Helper()
		out := filepath.Join(t.TempDir(), "flag.pdf")
		if code, _, stderr := runCLI(t, "print", "-o", out, "-date", "2024-01-01", flag); code != 0 {
			t.Fatalf("print flag.non: exit %d\n%s", code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	plain := printed()
	writeFile(t, dir, "nonopress.toml", "mono_safe = true\n")
	if bytes.Equal(printed(), plain) {
		t.Errorf("the site's mono_safe does not reach the printed sheet")
	}
}

// TestPrintSettingsMistake: a mistake in the site's nonopress.toml stops
// print with the build's words for it, at its line.
func TestPrintSettingsMistake(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "nonopress.toml", "title = \"Club\"\npaper = a4\n")
	writeFile(t, dir, "dancer.non", dancerNon)
	code, _, stderr := runCLI(t, "print", "-o", filepath.Join(dir, "out.pdf"), filepath.Join(dir, "dancer.non"))
	if want := `nonopress.toml:2: error: paper: text in TOML needs quotes (write paper = "a4")`; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
	// A value of the wrong kind: the build's words for it too, not the
	// TOML library's.
	writeFile(t, dir, "nonopress.toml", "title = \"Club\"\nmono_safe = \"yes\"\n")
	code, _, stderr = runCLI(t, "print", "-o", filepath.Join(dir, "out.pdf"), filepath.Join(dir, "dancer.non"))
	if want := `nonopress.toml:2: error: mono_safe: a string is not true or false (write mono_safe = true or mono_safe = false)`; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
}

// TestPrintSeveralFoldersTitle: a booklet of two collections of a site is
// titled by the site, as its home page, not by the content folder's name
// ("content"); without nonopress.toml by the folder's note; and several
// files of a collection by its note's title, as its page and booklet are.
func TestPrintSeveralFoldersTitle(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "site/content/nonopress.toml", "title = \"Riverside Puzzle Club\"\n")
	writeFile(t, dir, "site/content/README.md", "---\ntitle: Welcome\n---\n")
	writeFile(t, dir, "other/content/README.md", "---\ntitle: Our archive\n---\n")
	for _, top := range []string{"site/content", "other/content"} {
		writeFile(t, dir, top+"/animals/README.md", "---\ntitle: Animals\n---\n")
		writeFile(t, dir, top+"/animals/dancer.non", dancerNon)
		writeFile(t, dir, top+"/animals/two.non", "license CC0-1.0\ntitle \"Two\"\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n")
		writeFile(t, dir, top+"/shapes/dancer.non", dancerNon)
	}
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{[]string{"site/content/animals", "site/content/shapes"}, "Riverside Puzzle Club"},
		{[]string{"other/content/animals", "other/content/shapes"}, "Our archive"},
		{[]string{"site/content/animals/dancer.non", "site/content/animals/two.non"}, "Animals"},
	} {
		var paths []string
		for _, p := range c.paths {
			paths = append(paths, filepath.Join(dir, filepath.FromSlash(p)))
		}
		if cover, _, _ := strings.Cut(printedText(t, paths...), "\f"); !strings.HasPrefix(strings.TrimSpace(cover), c.want+"\n") {
			t.Errorf("print %v: the cover is titled\n%s\nwant %q", c.paths, cover, c.want)
		}
	}
	// The site's title is the one print read with its settings, not read
	// from nonopress.toml a second time.
	site := filepath.Join(dir, "site", "content")
	read := printSettings{Title: "As read", dir: site}
	if got := pathsTitle([]string{filepath.Join(site, "animals"), filepath.Join(site, "shapes")}, read); got != "As read" {
		t.Errorf("pathsTitle of two collections of a site: %q, want the title print read, As read", got)
	}
	// A site in a site: print read the inner one's settings, the outer
	// folder titles the booklet by its own.
	writeFile(t, dir, "outer/nonopress.toml", "title = \"Outer\"\n")
	writeFile(t, dir, "outer/inner/nonopress.toml", "title = \"Inner\"\n")
	writeFile(t, dir, "outer/other/dancer.non", dancerNon)
	inner := filepath.Join(dir, "outer", "inner")
	if got := pathsTitle([]string{inner, filepath.Join(dir, "outer", "other")}, printSettings{Title: "Inner", dir: inner}); got != "Outer" {
		t.Errorf("pathsTitle of two folders of a site in a site: %q, want the outer one's title, Outer", got)
	}
}
