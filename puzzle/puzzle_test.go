package puzzle

import (
	"strings"
	"testing"
)

// dancer is webpbn #1, the example of non-format.md, as an image.
var dancer = []string{
	".XX..", ".XX.X", "..X.X", ".XXX.", "X.X..",
	"X.X..", "..XX.", ".X.X.", ".X.XX", "XX...",
}

func imageOf(t *testing.T, rows []string, chars string) *Image {
	t.Helper()
	g := NewImage(len(rows[0]), len(rows))
	for y, r := range rows {
		for x, ch := range r {
			g.Set(x, y, strings.IndexRune(chars, ch))
		}
	}
	return g
}

func TestCluesOfDancer(t *testing.T) {
	g := imageOf(t, dancer, ".X")
	rows, cols := CluesOf(g)
	wantRows := []string{"2", "2,1", "1,1", "3", "1,1", "1,1", "2", "1,1", "1,2", "2"}
	wantCols := []string{"2,1", "2,1,3", "7", "1,3", "2,1"}
	for i, w := range wantRows {
		if rows[i].String() != w {
			t.Errorf("row %d = %s, want %s", i+1, rows[i], w)
		}
	}
	for i, w := range wantCols {
		if cols[i].String() != w {
			t.Errorf("column %d = %s, want %s", i+1, cols[i], w)
		}
	}
}

func TestMulticolourRunsTouch(t *testing.T) {
	l := LineOf([]uint8{1, 1, 2, 0, 2, 2, 1})
	want := Line{{Len: 2, Color: 1}, {Len: 1, Color: 2}, {Len: 2, Color: 2}, {Len: 1, Color: 1}}
	if !l.Equal(want) {
		t.Fatalf("LineOf = %v, want %v", l, want)
	}
	if got := want.MinLength(); got != 7 {
		t.Errorf("MinLength = %d, want 7 (one gap between the two blocks of colour 2)", got)
	}
}

func dancerPuzzle(t *testing.T) *Puzzle {
	g := imageOf(t, dancer, ".X")
	rows, cols := CluesOf(g)
	return &Puzzle{Kind: Grid, Width: 5, Height: 10, Rows: rows, Cols: cols, Palette: DefaultPalette(), Goal: g}
}

func TestIDIgnoresCharsNamesAndMeta(t *testing.T) {
	a := dancerPuzzle(t)
	b := dancerPuzzle(t)
	b.Palette = []Color{{Char: '0', RGB: RGB{255, 255, 255}}, {Char: '1', Name: "ink", RGB: RGB{0, 0, 0}}}
	b.Meta.Title = "another title"
	b.Goal = nil
	if a.ID() != b.ID() {
		t.Errorf("ids differ: %s vs %s\n%s\n%s", a.ID(), b.ID(), a.Canonical(), b.Canonical())
	}
	c := dancerPuzzle(t)
	c.Palette[1].RGB = RGB{255, 0, 0}
	if a.ID() == c.ID() {
		t.Error("a change of colour value kept the id")
	}
	d := dancerPuzzle(t)
	d.Rows[0] = Line{{Len: 1, Color: 1}}
	if a.ID() == d.ID() {
		t.Error("a change of clue kept the id")
	}
	if len(a.ID()) != 20 {
		t.Errorf("id %q: want 20 hex digits", a.ID())
	}
}

func TestGoalMismatchesAndValidate(t *testing.T) {
	p := dancerPuzzle(t)
	if m := p.GoalMismatches(); m != nil {
		t.Fatalf("goal of its own clues mismatches: %v", m)
	}
	if errs := p.Validate(); errs != nil {
		t.Fatalf("Validate: %v", errs)
	}
	p.Goal.Set(0, 0, 1)
	m := p.GoalMismatches()
	if len(m) != 2 || m[0].Message != "the clue of row 1 is 2 but the goal gives 3" || m[1].Message != "the clue of column 1 is 2,1 but the goal gives 1,2,1" {
		t.Errorf("mismatches = %+v", m)
	}
	p.Rows[2] = Line{{Len: 3, Color: 1}, {Len: 3, Color: 1}}
	errs := p.Validate()
	if len(errs) != 1 || !strings.Contains(errs[0], "row 3: clue 3,3 needs 7 cells but the puzzle is 5 cells wide") {
		t.Errorf("Validate = %q", errs)
	}
}

func TestParseRGB(t *testing.T) {
	for in, want := range map[string]RGB{"#ff0000": {255, 0, 0}, "3cc": {0x33, 0xcc, 0xcc}, "210FBE": {0x21, 0x0f, 0xbe}} {
		got, err := ParseRGB(in)
		if err != nil || got != want {
			t.Errorf("ParseRGB(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "12", "ggg", "#12345"} {
		if _, err := ParseRGB(bad); err == nil {
			t.Errorf("ParseRGB(%q) gave no error", bad)
		}
	}
}

func TestCanonicalForm(t *testing.T) {
	p := &Puzzle{Width: 3, Height: 1, Palette: []Color{{}, {RGB: RGB{0xd6, 0x28, 0x0a}}},
		Rows: []Line{{{Len: 2, Color: 1}}}, Cols: []Line{{{Len: 1, Color: 1}}, {{Len: 1, Color: 1}}, nil}}
	want := "nonopress-id-1 grid 3x1\nr 2:d6280a\nc 1:d6280a\nc 1:d6280a\nc \n"
	if got := p.Canonical(); got != want {
		t.Errorf("Canonical =\n%q\nwant\n%q", got, want)
	}
}

func BenchmarkID(b *testing.B) {
	g := NewImage(30, 30)
	for i := range g.Cells {
		g.Cells[i] = uint8(i % 3 % 2)
	}
	rows, cols := CluesOf(g)
	p := &Puzzle{Width: 30, Height: 30, Rows: rows, Cols: cols, Palette: DefaultPalette()}
	for b.Loop() {
		p.ID()
	}
}

// TestAuthorName checks that an author's e-mail address in angle brackets
// is left out of the name shown, and that other authors are kept.
func TestAuthorName(t *testing.T) {
	for in, want := range map[string]string{
		"Jakub Wilk <jwilk@jwilk.net>": "Jakub Wilk",
		"  Ann <ann@example.org> ":     "Ann",
		"<ann@example.org>":            "<ann@example.org>",
		"Ann <the elder>":              "Ann <the elder>",
		"Jan Wolter":                   "Jan Wolter",
		"":                             "",
	} {
		if got := (Meta{Author: in}).AuthorName(); got != want {
			t.Errorf("AuthorName of %q = %q, want %q", in, got, want)
		}
	}
}

// TestCopyrightNotice checks that the e-mail addresses in angle brackets a
// copyright gives are left out of the notice shown, as the author's are,
// and that other notices are kept.
func TestCopyrightNotice(t *testing.T) {
	for in, want := range map[string]string{
		"© 2010 Frederico Vera <dktcoding@gmail.com>":      "© 2010 Frederico Vera",
		"© 2007 Ann <a@example.org>, Bob <b@example.org>.": "© 2007 Ann, Bob.",
		" Copyright 2017 Gregory Kikola ":                  "Copyright 2017 Gregory Kikola",
		"<ann@example.org>":                                "<ann@example.org>",
		"© <ann@example.org>":                              "© <ann@example.org>",
		"© Ann <the elder>":                                "© Ann <the elder>",
		"© Ann <the elder> <a@example.org>":                "© Ann <the elder>",
		"a < b <c@d>":                                      "a < b",
		"":                                                 "",
	} {
		if got := (Meta{Copyright: in}).CopyrightNotice(); got != want {
			t.Errorf("CopyrightNotice of %q = %q, want %q", in, got, want)
		}
	}
}

// TestShiftedUp finds where a clue line was left out of a block that the
// goal's lines, moved up by one, fill from there on; a block that differs
// elsewhere, or only in its last line, is no such shift, unless that line
// is empty after a run of the clue it should have.
func TestShiftedUp(t *testing.T) {
	l := func(lens ...int) Line {
		out := Line{}
		for _, n := range lens {
			out = append(out, Clue{Len: n, Color: 1})
		}
		return out
	}
	want := []Line{l(1), l(1), l(5), l(1), l(1)}
	for _, tc := range []struct {
		name string
		got  []Line
		d    int
		ok   bool
	}{
		{"first or second left out", []Line{l(1), l(5), l(1), l(1), l()}, 0, true},
		{"third left out", []Line{l(1), l(1), l(1), l(1), l()}, 2, true},
		{"the same", want, 0, false},
		{"only the last differs", []Line{l(1), l(1), l(5), l(1), l(2)}, 0, false},
		{"fourth or fifth left out, the blank line after read as the last", []Line{l(1), l(1), l(5), l(1), l()}, 3, true},
		{"one line changed", []Line{l(1), l(2), l(5), l(1), l(1)}, 0, false},
		{"a different length", want[:4], 0, false},
	} {
		d, ok := shiftedUp(tc.got, want)
		if ok != tc.ok || ok && d != tc.d {
			t.Errorf("%s: shiftedUp = %d, %v; want %d, %v", tc.name, d, ok, tc.d, tc.ok)
		}
	}
	// The last line empty, but no run of its clue before it: a wrong last clue.
	if d, ok := shiftedUp([]Line{l(1), l(5), l()}, []Line{l(1), l(5), l(1)}); ok {
		t.Errorf("the last line empty after a different one: shiftedUp = %d, true; want false", d)
	}
}

// TestSwappedClues: clues are the goal's with rows and columns swapped when
// each allows the goal's line of the other kind, a blot any length.
func TestSwappedClues(t *testing.T) {
	goal := NewImage(2, 2)
	goal.Cells = []uint8{1, 1, 0, 0} // rows [2] [], columns [1] [1]
	rows, cols := CluesOf(goal)
	blot := Line{{Len: 0, Color: 1, Blot: true}}
	for _, c := range []struct {
		name       string
		rows, cols []Line
		verb       string
		ok         bool
	}{
		{"as written", rows, cols, "", false},
		{"swapped", cols, rows, "are", true},
		{"swapped, a blot", cols, []Line{blot, rows[1]}, "fit", true},
		{"swapped, one changed", cols, []Line{{{Len: 1, Color: 1}}, rows[1]}, "", false},
	} {
		if verb, ok := SwappedClues(c.rows, c.cols, goal); verb != c.verb || ok != c.ok {
			t.Errorf("%s: %q, %v; want %q, %v", c.name, verb, ok, c.verb, c.ok)
		}
	}
}

// TestEnumerate checks the lists hints make: one item alone, two joined by
// the word given, more with commas before it.
func TestEnumerate(t *testing.T) {
	for _, c := range []struct {
		items      []string
		conj, want string
	}{
		{nil, "and", ""},
		{[]string{"row 1"}, "or", "row 1"},
		{[]string{"row 1", "row 2"}, "or", "row 1 or row 2"},
		{[]string{"title", "author", "license"}, "and", "title, author and license"},
	} {
		if got := Enumerate(c.items, c.conj); got != c.want {
			t.Errorf("Enumerate(%q, %q) = %q, want %q", c.items, c.conj, got, c.want)
		}
	}
}

// TestTooLongClueRunTogether: a clue too long for its line that fits once
// a number's digits are split apart is offered split ("11" for "1,1");
// when several splits fit, or none, only the plain hint is given.
func TestTooLongClueRunTogether(t *testing.T) {
	for _, c := range []struct {
		block, width int
		want         string
	}{
		{11, 4, "did you mean 1,1? Two numbers may have run together; else shorten the clue or change the size"},
		{123, 9, "did you mean 1,2,3? Two numbers may have run together; else shorten the clue or change the size"},
		{112, 14, "shorten the clue or change the size"}, // 1,12, 11,2 and 1,1,2 all fit
		{99, 9, "shorten the clue or change the size"},   // 9,9 is too long too
		{101, 12, "did you mean 10,1? Two numbers may have run together; else shorten the clue or change the size"},
	} {
		p := &Puzzle{Kind: Grid, Width: c.width, Height: 1, Palette: DefaultPalette(),
			Rows: []Line{{{Len: c.block, Color: 1}}}, Cols: make([]Line, c.width)}
		if got := p.tooLongHint(true, p.Rows[0], c.width); got != c.want {
			t.Errorf("clue %d in %d cells: hint %q, want %q", c.block, c.width, got, c.want)
		}
	}
}
