package formats

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// A puzzle that fails to read keeps the warnings given before its error
// (ParseError.Warnings, collected by Warnings): in a bundle, the failed
// puzzle's, in the file, as warnings; a misspelt key that is the error
// itself is not repeated as a warning.
func TestWarningsOfAFailedRead(t *testing.T) {
	good := "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
	failing := "width 2\nheight 2\ncolor red #ff0000\ncolr green #00aa00\nrows\nred 2\ngreen 2\ncolumns\nred 1 green 1\nred 1 green 1\n"
	ps, err := Read("set.nonpack", []byte(good+"====\n"+failing))
	if len(ps) != 1 || err == nil {
		t.Fatalf("Read: %d puzzles, %v; want the good one and the error of the other", len(ps), err)
	}
	ws := Warnings(err)
	if len(ws) != 1 || ws[0].File != "set.nonpack" || ws[0].Line != 11 || ws[0].Severity != diag.Warning ||
		!strings.Contains(ws[0].Message, `unknown key "colr"`) {
		t.Errorf("Warnings = %v, want the misspelt color key of line 11", ws)
	}
	if d := Diagnostics("set.nonpack", err); len(d) != 1 || d[0].Line != 14 {
		t.Errorf("Diagnostics = %v, want the error of line 14 alone", d)
	}

	_, err = Read("typo.non", []byte("widht 2\nheight 1\nrows\n2\ncolumns\n1\n1\n"))
	if err == nil {
		t.Fatal("a misspelt width key read")
	}
	if ws := Warnings(err); len(ws) != 0 {
		t.Errorf("Warnings = %v, want none: the misspelt key is the error", ws)
	}
	if ws := Warnings(nil); len(ws) != 0 {
		t.Errorf("Warnings(nil) = %v", ws)
	}
}

// A .g puzzle and an XML triddler that fail to read keep the warnings
// their readers gave before: a block without its colour letter, before a
// letter the palette lacks; the triddler's solution ignored, before its
// palette is found too large (now at the <puzzle>'s line); and in any
// format, a byte of invalid UTF-8 replaced, the cause of a .nin clue's
// "\uFFFD" that is no block length.
func TestWarningsOfAFailedReadInOtherFormats(t *testing.T) {
	g := "#d\n   0:   #FFFFFF   white\n   a:a  #000000   black\n: rows\n1a 1\n1a\n: columns\n1a\n1b\n"
	var colors, sides strings.Builder
	for i := range maxColors {
		fmt.Fprintf(&colors, "<color name=\"c%d\" char=\"%c\">%06x</color>\n", i, rune(0x100+i), i)
	}
	for _, s := range puzzle.TriddlerSides {
		fmt.Fprintf(&sides, "<clues type=%q><line></line></clues>\n", s)
	}
	xml := "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle type=\"triddler\">\n<solution type=\"goal\"><image>|X|</image></solution>\n" +
		colors.String() + sides.String() + "</puzzle>\n</puzzleset>\n"
	for _, c := range []struct {
		file, text       string
		errLine, warning int
		says             string
	}{
		{"bare.g", g, 9, 5, "block 1 has no colour letter"},
		{"many.xml", xml, 3, 4, "triddler solution image ignored"},
		{"rep.nin", "2 2\n1\n1 \xe9\n1\n1\n", 3, 3, "invalid UTF-8 replaced"},
	} {
		_, err := Read(c.file, []byte(c.text))
		if d := Diagnostics(c.file, err); len(d) != 1 || d[0].Line != c.errLine {
			t.Errorf("%s: Diagnostics = %v, want one error at line %d", c.file, d, c.errLine)
		}
		ws := Warnings(err)
		if len(ws) != 1 || ws[0].File != c.file || ws[0].Line != c.warning || ws[0].Severity != diag.Warning || !strings.Contains(ws[0].Message, c.says) {
			t.Errorf("%s: Warnings = %v, want %q at line %d", c.file, ws, c.says, c.warning)
		}
	}
}

// An XML file none of whose puzzles reads, with an error in each, keeps the
// warnings of its invalid UTF-8 replaced, as a file with one error does:
// each with the first error at or after it, which the byte may have caused.
func TestUTF8WarningsOfSeveralErrors(t *testing.T) {
	text := "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle>\n<title>Caf\xe9</title>\n" +
		"<clues type=\"rows\"><line><count>x</count></line></clues>\n<clues type=\"columns\"><line><count>1</count></line></clues>\n</puzzle>\n" +
		"<puzzle>\n<title>Na\xefve</title>\n<clues type=\"rows\"><line><count>y</count></line></clues>\n" +
		"<clues type=\"columns\"><line><count>1</count></line></clues>\n</puzzle>\n</puzzleset>\n"
	ps, err := Read("two.xml", []byte(text))
	if d := Diagnostics("two.xml", err); len(ps) != 0 || len(d) != 2 || d[0].Line != 5 || d[1].Line != 10 {
		t.Fatalf("Read: %d puzzles, errors %v; want none and the errors of lines 5 and 10", len(ps), d)
	}
	ws := Warnings(err)
	if len(ws) != 2 || ws[0].Line != 4 || ws[1].Line != 9 {
		t.Fatalf("Warnings = %v, want the invalid UTF-8 of lines 4 and 9", ws)
	}
	for _, w := range ws {
		if w.File != "two.xml" || w.Severity != diag.Warning || !strings.Contains(w.Message, "invalid UTF-8 replaced") {
			t.Errorf("warning %v, want a warning of two.xml that invalid UTF-8 was replaced", w)
		}
	}
	var pe *ParseError
	if errs := err.(interface{ Unwrap() []error }).Unwrap(); !errors.As(errs[1], &pe) || len(pe.Warnings) != 1 || pe.Warnings[0].Line != 9 {
		t.Errorf("the second error's warnings = %v, want line 9's", pe)
	}
}

// TestWithWarningsNear: each warning goes to the first error at or after
// its line, to the last when none is, and to the first when it has no
// line; an error that is no ParseError takes none.
func TestWithWarningsNear(t *testing.T) {
	errs := []error{errAt("f.xml", 5, "five"), errors.New("no line"), errAt("f.xml", 10, "ten")}
	var ws diag.List
	for _, line := range []int{0, 3, 5, 7, 12} {
		ws = append(ws, diag.Diagnostic{Line: line, Message: fmt.Sprint(line)})
	}
	errs = withWarningsNear("f.xml", errs, ws)
	for i, want := range []string{"0 3 5", "", "7 12"} {
		var got []string
		for _, w := range Warnings(errs[i]) {
			got = append(got, w.Message)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("error %d has warnings %q, want %q", i, got, want)
		}
	}
}
