package formats

import (
	"strings"
	"testing"

	"github.com/nonopress/nonopress/diag"
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
