package render

import (
	"strings"
	"testing"

	"github.com/nonopress/nonopress/diag"
)

// TestLayoutReturnsMissingGlyphs checks that a sheet whose title no font
// draws says so from the render call, without Options.Warn: the Layout
// carries a typed warning naming the puzzle and the characters, whose
// diagnostic is a warning at the puzzle's file and line; a title every
// font draws gives none.
func TestLayoutReturnsMissingGlyphs(t *testing.T) {
	noSystem := NewFonts("")
	noSystem.dirs = nil
	p := dancer(t)
	p.Meta.Title = "猫の家 Dancer"
	l, err := LayOut(p, Options{Fonts: noSystem})
	if err != nil {
		t.Fatal(err)
	}
	missing := l.Missing()
	if missing == nil || missing.Chars != "猫の家" || missing.Puzzle != p {
		t.Fatalf("Missing() = %v, want 猫の家 of the puzzle", missing)
	}
	if other := MissingGlyphs(p, Options{Fonts: noSystem}); other == nil || other.Chars != missing.Chars {
		t.Errorf("MissingGlyphs = %v, want what the layout found", other)
	}
	var d diag.Diagnostic = missing.Diagnostic()
	if d.Severity != diag.Warning || d.File != "test.non" || d.Line != 1 || d.Hint == "" ||
		!strings.Contains(d.Message, "猫の家") || !strings.Contains(d.Message, `"猫の家 Dancer"`) {
		t.Errorf("diagnostic %+v: want a warning at test.non:1 naming the puzzle and 猫の家", d)
	}
	if got := diag.FromError("", missing); got != d {
		t.Errorf("diag.FromError gives %+v, want the warning's own diagnostic", got)
	}

	p.Meta.Title = "Dancer — “Żółw” Танцор"
	l, err = LayOut(p, Options{Fonts: noSystem})
	if err != nil {
		t.Fatal(err)
	}
	if m := l.Missing(); m != nil {
		t.Errorf("the Go fonts draw %q, yet Missing() = %v", p.Meta.Title, m)
	}
}

// TestMissingGlyphsNamesEachCodePoint checks that the warning spells each
// character's code point on its own, as an author would look it up
// ("U+2FE0 U+2FE1"), not as a Go slice ("[U+2FE0 U+2FE1]").
func TestMissingGlyphsNamesEachCodePoint(t *testing.T) {
	e := &MissingGlyphsError{Chars: "\u2fe0\u2fe1"}
	if got, want := e.Diagnostic().Message, `the cover: no font can draw "\u2fe0\u2fe1" (U+2FE0 U+2FE1); they print as boxes`; got != want {
		t.Errorf("message\n got %s\nwant %s", got, want)
	}
}
