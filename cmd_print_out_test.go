package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A puzzle file in error printed alone has no rest for -skip-invalid to
// print: print says to fix it, without offering the flag; with other
// puzzles to print, the flag is offered.
func TestPrintOffersSkipInvalidOnlyWithARest(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "class/bad.non", "license CC0-1.0\nwidth 2\nheight 1\nrows\n3\ncolumns\n1\n1\n")
	writeFile(t, dir, "class/two.non", twoNon)
	out := filepath.Join(dir, "out.pdf")
	for _, c := range []struct{ path, want string }{
		{bad, "no PDF written: 1 puzzle with errors (fix them: there is no other puzzle to print)\n"},
		{filepath.Join(dir, "class"), "no PDF written: 1 puzzle with errors (fix them, or pass -skip-invalid to print the rest)\n"},
	} {
		if code, _, stderr := runCLI(t, "print", "-o", out, c.path); code != 1 || !strings.HasSuffix(stderr, c.want) {
			t.Errorf("print %s: exit %d, %q; want 1 and %q last", c.path, code, stderr, c.want)
		}
	}
}

// A site's name_line reaches a booklet print makes, as its sheets: the
// cover has a line for the name and the date, for a booklet handed to a
// class; without it, none.
func TestPrintBookletCoverHasTheNameLine(t *testing.T) {
	for _, nameLine := range []bool{true, false} {
		dir := t.TempDir()
		writeFile(t, dir, "content/nonopress.toml", fmt.Sprintf("name_line = %v\n", nameLine))
		writeFile(t, dir, "content/class/dancer.non", dancerNon)
		writeFile(t, dir, "content/class/two.non", twoNon)
		cover, _, _ := strings.Cut(printedText(t, filepath.Join(dir, "content", "class")), "\f")
		if has := strings.Contains(cover, "Name") && strings.Contains(cover, "Date"); has != nameLine {
			t.Errorf("name_line = %v: the cover says\n%s", nameLine, cover)
		}
	}
}

// print -name-line gives loose files, with no site's name_line to follow,
// the line for the solver's name and the date: on a sheet under its
// title, on a booklet's cover.
func TestPrintNameLineFlag(t *testing.T) {
	dir := t.TempDir()
	dancer := writeFile(t, dir, "class/dancer.non", dancerNon)
	writeFile(t, dir, "class/two.non", twoNon)
	for _, path := range []string{dancer, filepath.Join(dir, "class")} {
		first, _, _ := strings.Cut(printedText(t, "-name-line", path), "\f")
		plain, _, _ := strings.Cut(printedText(t, path), "\f")
		if !strings.Contains(first, "Name") || !strings.Contains(first, "Date") || strings.Contains(plain, "Name") {
			t.Errorf("print %s: the first page with -name-line\n%s\nwithout\n%s", path, first, plain)
		}
	}
}

// A club printing a booklet on Letter found a puzzle's page A3 only at the
// printer: print says which puzzle's page is larger than the paper, at its
// file and line, and how to print it; not for a booklet whose pages all
// fit, nor on A3.
func TestPrintSaysWhichPageIsLargerThanThePaper(t *testing.T) {
	dir := t.TempDir()
	var wide strings.Builder // 90×30, every cell filled: A3 from Letter
	wide.WriteString("title \"Wide\"\nlicense CC0-1.0\nwidth 90\nheight 30\nrows\n")
	wide.WriteString(strings.Repeat("90\n", 30) + "columns\n" + strings.Repeat("30\n", 90))
	big := writeFile(t, dir, "club/wide.non", wide.String())
	writeFile(t, dir, "club/two.non", twoNon)
	folder := filepath.Join(dir, "club")
	out := filepath.Join(dir, "club.pdf")
	code, _, stderr := runCLI(t, "print", "-paper", "letter", "-o", out, folder)
	want := big + `:1: warning: puzzle "Wide": its page is A3, larger than the Letter printed on: on Letter its cells would be under 3.5 mm (print that page on A3, or let the printer fit it to Letter: its cells then `
	if code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant a line starting %q", code, stderr, want)
	}
	if _, _, stderr := runCLI(t, "print", "-paper", "a3", "-o", out, folder); strings.Contains(stderr, "larger than") {
		t.Errorf("on A3: %s, want no page said larger", stderr)
	}
	if _, _, stderr := runCLI(t, "print", "-paper", "letter", "-o", out, filepath.Join(folder, "two.non")); strings.Contains(stderr, "larger than") {
		t.Errorf("a 2×1 on Letter: %s, want no page said larger", stderr)
	}
}
