package render

import (
	"flag"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// imageOf builds an image from rows of palette characters.
func imageOf(t testing.TB, rows []string, chars string) *puzzle.Image {
	t.Helper()
	g := puzzle.NewImage(len([]rune(rows[0])), len(rows))
	for y, r := range rows {
		for x, ch := range []rune(r) {
			i := strings.IndexRune(chars, ch)
			if i < 0 {
				t.Fatalf("row %d: character %q not in %q", y+1, ch, chars)
			}
			g.Set(x, y, i)
		}
	}
	return g
}

// puzzleOf builds a puzzle whose clues are those of the image.
func puzzleOf(t testing.TB, rows []string, palette []puzzle.Color) *puzzle.Puzzle {
	t.Helper()
	chars := ""
	for _, c := range palette {
		chars += string(c.Char)
	}
	g := imageOf(t, rows, chars)
	r, c := puzzle.CluesOf(g)
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: g.Width, Height: g.Height, Rows: r, Cols: c,
		Palette: palette, Goal: g, Origin: puzzle.Origin{File: "test.non", Line: 1}}
}

// dancer is webpbn #1, "Dancer" by Jan Wolter (CC-BY-3.0).
func dancer(t testing.TB) *puzzle.Puzzle {
	p := puzzleOf(t, []string{
		".XX..", ".XX.X", "..X.X", ".XXX.", "X.X..",
		"X.X..", "..XX.", ".X.X.", ".X.XX", "XX...",
	}, puzzle.DefaultPalette())
	p.Meta = puzzle.Meta{Title: "Dancer", Author: "Jan Wolter", Copyright: "Jan Wolter", License: "CC-BY-3.0", Catalogue: "webpbn.com #1"}
	return p
}

// flag3 is a three-colour puzzle with two-digit clues, made for these tests.
func flag3(t testing.TB) *puzzle.Puzzle {
	rows := []string{
		"rrrrrrrrrrrr",
		"rrrrrrrrrrrr",
		"y.y.y.y.y.y.",
		"bbbbbbbbbbbb",
		"bbbbbbbbbbbb",
		"rrrryyyybbbb",
		"............",
		"r.y.b.r.y.b.",
	}
	p := puzzleOf(t, rows, []puzzle.Color{
		{Char: '.', Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}},
		{Char: 'r', Name: "red", RGB: puzzle.RGB{R: 200, G: 30, B: 30}},
		{Char: 'y', Name: "yellow", RGB: puzzle.RGB{R: 250, G: 220, B: 40}},
		{Char: 'b', Name: "navy", RGB: puzzle.RGB{R: 20, G: 30, B: 110}},
	})
	p.Meta = puzzle.Meta{Title: "Three stripes", Author: "nonopress tests", License: "CC0-1.0"}
	return p
}

// needTool returns the path of an external program, skipping the test when it
// is missing unless CI=true, where it fails.
func needTool(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s not found (CI=true): %v", name, err)
		}
		t.Skipf("%s not installed", name)
	}
	return path
}
