package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckCreditsAsTheBuild checks that `check` credits a puzzle as the
// site build does: a .nin file (which has no place for a license) under a
// folder whose README.md gives one is not warned about a missing license
// when that folder is checked, nor within a site (nonopress.toml) when the
// file alone is, and is when nothing above it gives one.
func TestCheckCreditsAsTheBuild(t *testing.T) {
	dir := t.TempDir()
	nin := "2 2\n1\n1\n1\n1\n"
	writeFile(t, dir, "wilk/README.md", "---\nlicense: MIT\nauthor: Jakub Wilk\n---\n")
	file := writeFile(t, dir, "wilk/data/a.nin", nin)
	bare := writeFile(t, dir, "bare/b.nin", nin)
	for _, c := range []struct {
		args []string
		warn bool
	}{
		{[]string{filepath.Join(dir, "wilk")}, false},
		{[]string{file}, true}, // no site root above: its own folder's note only
		{[]string{bare}, true},
	} {
		code, out, stderr := runCLI(t, append([]string{"check", "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("check %v: exit %d: %s", c.args, code, stderr)
		}
		if warned := strings.Contains(out, "no license"); warned != c.warn {
			t.Errorf("check %v: warned of no license: %v, want %v\n%s", c.args, warned, c.warn, out)
		}
		if !c.warn && !strings.Contains(out, `"license":"MIT"`) {
			t.Errorf("check %v: the folder's license is not the puzzle's: %s", c.args, out)
		}
	}
	writeFile(t, dir, "nonopress.toml", "title = \"Site\"\n")
	if _, out, _ := runCLI(t, "check", file); strings.Contains(out, "no license") {
		t.Errorf("check of one file in a site: warned of no license:\n%s", out)
	}
}

// TestCheckReadsFolderNotes checks that `check` of a folder says the
// mistakes of the collection notes in it, as the build does: a misspelt
// key is a warning, front matter the build cannot read an error (exit 1).
func TestCheckReadsFolderNotes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a/README.md", "---\nlicence: MIT\n---\n")
	writeFile(t, dir, "a/b/x.non", dancerNon)
	code, out, _ := runCLI(t, "check", dir)
	want := filepath.Join(dir, "a", "README.md") + `:2:1: warning: unknown front matter key "licence" (did you mean "license"?)`
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("exit %d, output:\n%s\nwant a line %q", code, out, want)
	}
	writeFile(t, dir, "a/README.md", "---\nauthor: [Ann, Bo]\n---\n")
	code, out, _ = runCLI(t, "check", dir)
	want = filepath.Join(dir, "a", "README.md") + `:2: error: front matter: author: a list is not one value`
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("exit %d, output:\n%s\nwant exit 1 and a line %q", code, out, want)
	}
}

// TestPrintGroupsRepeatedWarnings checks that print says a warning many
// files share once, with a line naming the others.
func TestPrintGroupsRepeatedWarnings(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		writeFile(t, dir, "set/"+name+".non", "title \""+name+"\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
	}
	code, _, stderr := runCLI(t, "print", "-o", filepath.Join(dir, "set.pdf"), filepath.Join(dir, "set"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := strings.Count(stderr, "no license"); n != 1 || !strings.Contains(stderr, "  the same in 4 more files: ") {
		t.Errorf("print said \"no license\" %d times, want once with a line for the 4 others:\n%s", n, stderr)
	}
}

// TestPrintWarnsOfTooLargeToPrint checks that print warns of a grid whose
// printed cells would be too fine to solve on paper, and still prints it.
func TestPrintWarnsOfTooLargeToPrint(t *testing.T) {
	dir := t.TempDir()
	const n = 280
	full := strings.Repeat(fmt.Sprintf("%d\n", n), n)
	writeFile(t, dir, "wall.non", fmt.Sprintf("title \"Wall\"\nlicense CC0-1.0\nwidth %d\nheight %d\nrows\n%scolumns\n%s", n, n, full, full))
	code, _, stderr := runCLI(t, "print", "-o", filepath.Join(dir, "wall.pdf"), filepath.Join(dir, "wall.non"))
	if code != 0 || !strings.Contains(stderr, `wall.non:1: warning: puzzle "Wall": too large to solve on paper`) {
		t.Errorf("exit %d, stderr:\n%s\nwant the warning at wall.non:1", code, stderr)
	}
}

// TestCheckNoteLinks checks that `check` warns of a note's link that leads
// nowhere as the build does, naming the note's line and the file meant,
// whether the folder or, in a site (nonopress.toml), the puzzle beside the
// note is checked; and that without nonopress.toml above, the folder
// checked may be part of a larger site: a link climbing out of it is not
// judged.
func TestCheckNoteLinks(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a/README.md", "Climbs: [up](../../x.html).\n")
	file := writeFile(t, dir, "a/b/x.non", dancerNon)
	writeFile(t, dir, "a/b/x.md", "---\ntitle: X\n---\nSee [the folder](../READNE.md).\n")
	want := filepath.Join(dir, "a", "b", "x.md") + ":4: warning: link to ../READNE.md leads nowhere (did you mean ../README.md?)"
	climbs := filepath.Join(dir, "a", "README.md") + ":1: warning: link to ../../x.html leads nowhere"
	for _, c := range []struct {
		args      []string
		site      bool
		warn, out bool // warned of the misspelt link, of the one climbing out
	}{
		{[]string{dir}, false, true, false},
		{[]string{file}, false, false, false},
		{[]string{dir}, true, true, true},
		{[]string{file}, true, true, false},
	} {
		if c.site {
			writeFile(t, dir, "nonopress.toml", "title = \"Site\"\n")
		}
		code, out, _ := runCLI(t, append([]string{"check"}, c.args...)...)
		if code != 0 || strings.Contains(out, want) != c.warn || strings.Contains(out, climbs) != c.out {
			t.Errorf("check %v (site %v): exit %d, output:\n%s\nwant %q: %v, %q: %v", c.args, c.site, code, out, want, c.warn, climbs, c.out)
		}
	}
}
