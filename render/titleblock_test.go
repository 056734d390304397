package render

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// titleTexts is what the title block of p says, line by line.
func titleTexts(t *testing.T, p *puzzle.Puzzle, difficulty string) []string {
	t.Helper()
	m, err := newMetrics()
	if err != nil {
		t.Fatal(err)
	}
	items, _ := titleBlock(m, p, sheetSpec{difficulty: difficulty}, 0, 0, 180)
	var out []string
	for _, it := range items {
		if tx, ok := it.(text); ok {
			out = append(out, tx.S)
		}
	}
	return out
}

// A sheet's title block says the size once: in the facts under a title, or
// as the title of an untitled puzzle, whose facts then leave it out.
func TestTitleBlockSaysTheSizeOnce(t *testing.T) {
	p := &puzzle.Puzzle{Width: 3, Height: 2, Palette: puzzle.DefaultPalette()}
	if got, want := titleTexts(t, p, ""), []string{"Nonogram 3×2"}; !slices.Equal(got, want) {
		t.Errorf("untitled, no difficulty: %q, want %q", got, want)
	}
	if got, want := titleTexts(t, p, "line"), []string{"Nonogram 3×2", "difficulty: easy"}; !slices.Equal(got, want) {
		t.Errorf("untitled: %q, want %q", got, want)
	}
	p.Meta.Title = "Stairs"
	if got, want := titleTexts(t, p, "line"), []string{"Stairs", "3×2 · difficulty: easy"}; !slices.Equal(got, want) {
		t.Errorf("titled: %q, want %q", got, want)
	}
}

// A sheet credits its author by name: the e-mail address a file gives after
// it is not printed.
func TestTitleBlockLeavesOutTheAuthorsAddress(t *testing.T) {
	p := &puzzle.Puzzle{Width: 3, Height: 2, Palette: puzzle.DefaultPalette(),
		Meta: puzzle.Meta{Title: "Stairs", Author: "Jakub Wilk <jwilk@jwilk.net>", License: "MIT"}}
	if got, want := titleTexts(t, p, ""), []string{"Stairs", "by Jakub Wilk · License: MIT", "3×2"}; !slices.Equal(got, want) {
		t.Errorf("title block %q, want %q", got, want)
	}
}

// A sheet's copyright notice leaves out the e-mail address it gives, as the
// author's is left out, on the sheet's title block and on a booklet page's
// caption alike.
func TestCopyrightLeavesOutTheAddress(t *testing.T) {
	p := &puzzle.Puzzle{Width: 3, Height: 2, Palette: puzzle.DefaultPalette(),
		Meta: puzzle.Meta{Title: "Spade", Author: "Frederico Vera <dktcoding@gmail.com>",
			Copyright: "© 2010 Frederico Vera <dktcoding@gmail.com>", License: "CC-BY-SA-4.0"}}
	if got, want := titleTexts(t, p, ""), []string{"Spade", "by Frederico Vera · © 2010 Frederico Vera · License: CC-BY-SA-4.0", "3×2"}; !slices.Equal(got, want) {
		t.Errorf("title block %q, want %q", got, want)
	}
	d := dancer(t)
	d.Meta.Copyright = "© 2010 Frederico Vera <dktcoding@gmail.com>"
	checkBookletCredit(t, d, "© 2010 Frederico Vera")
}

// A grid too large for its cells to be solved on paper even on A3 is
// warned about, at its file and line; a large but printable one is not.
func TestTooSmallToPrint(t *testing.T) {
	grid := func(w, h int) *puzzle.Puzzle {
		p := &puzzle.Puzzle{Width: w, Height: h, Palette: puzzle.DefaultPalette(), Origin: puzzle.Origin{File: "big.non", Line: 3}}
		for range h {
			p.Rows = append(p.Rows, puzzle.Line{{Len: 1, Color: 1}})
		}
		for range w {
			p.Cols = append(p.Cols, puzzle.Line{{Len: 1, Color: 1}})
		}
		return p
	}
	if d := TooSmallToPrint(grid(60, 60), Options{}); d != nil {
		t.Errorf("a 60×60 grid: %v", d)
	}
	d := TooSmallToPrint(grid(300, 300), Options{})
	if d == nil || d.File != "big.non" || d.Line != 3 || !strings.Contains(d.Message, "on A3") {
		t.Fatalf("a 300×300 grid: %v, want a warning at big.non:3 naming A3", d)
	}
	if d := TooSmallToPrint(grid(300, 300), Options{Paper: Letter}); d == nil || !strings.Contains(d.Message, "on A3") {
		t.Errorf("a 300×300 grid from Letter: %v", d)
	}
}

// A booklet page credits its puzzle's author by name too: the caption under
// the grid leaves out the address, as the sheet's title block does.
func TestBookletCaptionLeavesOutTheAuthorsAddress(t *testing.T) {
	p := dancer(t)
	p.Meta.Author = "Frederico Vera <dktcoding@gmail.com>"
	checkBookletCredit(t, p, "by Frederico Vera")
}

// checkBookletCredit checks that a booklet of p alone prints want and not
// the e-mail address dktcoding@gmail.com that p's file gives.
func checkBookletCredit(t *testing.T, p *puzzle.Puzzle, want string) {
	t.Helper()
	var b bytes.Buffer
	if err := Booklet(&b, "Credits", []BookletEntry{{Puzzle: p, Solution: p.Goal}}, Options{}); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, writeTemp(t, "booklet.pdf", b.Bytes()))
	if !strings.Contains(text, want) {
		t.Errorf("the booklet does not print %q:\n%s", want, text)
	}
	if strings.Contains(text, "dktcoding") {
		t.Errorf("the booklet prints the e-mail address:\n%s", text)
	}
}

// DifficultyWords says each solver grade in its word, a word of the
// caller's as it is (trimmed), and nothing for no difficulty.
func TestDifficultyWords(t *testing.T) {
	for key, want := range map[string]string{
		"line": "easy", "probe": "medium", " search\n": "hard", "tricky": "tricky", " ": "", "": "",
	} {
		if got := DifficultyWords(key); got != want {
			t.Errorf("DifficultyWords(%q) = %q, want %q", key, got, want)
		}
	}
}
