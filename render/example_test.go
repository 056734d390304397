package render_test

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
)

// A sheet is one page of SVG whose size is the paper's, in millimetres.
func ExampleSheet() {
	goal := puzzle.NewImage(3, 3)
	for _, c := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}} {
		goal.Set(c[0], c[1], 1)
	}
	rows, cols := puzzle.CluesOf(goal)
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 3, Height: 3, Rows: rows, Cols: cols,
		Palette: puzzle.DefaultPalette(), Goal: goal, Meta: puzzle.Meta{Title: "Plus"}}

	var sheet bytes.Buffer
	if err := render.Sheet(&sheet, p, render.Options{Paper: render.Letter}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(regexp.MustCompile(`<svg width="[^"]*" height="[^"]*"`).FindString(sheet.String()))
	fmt.Println(regexp.MustCompile(`<title>[^<]*</title>`).FindString(sheet.String()))
	// Output:
	// <svg width="215.9mm" height="279.4mm"
	// <title>Nonogram 3×3: Plus</title>
}

// A figure is the sheet cropped to its drawing, for inlining in HTML; its
// size is still in millimetres, so it prints at the sheet's size.
func ExampleSheetFigure() {
	goal := puzzle.NewImage(3, 3)
	for _, c := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}} {
		goal.Set(c[0], c[1], 1)
	}
	rows, cols := puzzle.CluesOf(goal)
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 3, Height: 3, Rows: rows, Cols: cols,
		Palette: puzzle.DefaultPalette(), Goal: goal, Meta: puzzle.Meta{Title: "Plus"}}

	var fig bytes.Buffer
	if err := render.SheetFigure(&fig, p, render.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(regexp.MustCompile(`<svg width="[^"]*" height="[^"]*" viewBox="[^"]*"`).FindString(fig.String()))
	// Output:
	// <svg width="100.54mm" height="117.94mm" viewBox="5490 1031 10054 11794"
}

// A booklet gathers puzzles, numbered, with an answer key at the back.
func ExampleBooklet() {
	goal := puzzle.NewImage(2, 2)
	goal.Set(0, 0, 1)
	rows, cols := puzzle.CluesOf(goal)
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 2, Height: 2, Rows: rows, Cols: cols, Palette: puzzle.DefaultPalette()}

	var pdf bytes.Buffer
	entries := []render.BookletEntry{{Puzzle: p, Solution: goal}, {Puzzle: p}}
	if err := render.Booklet(&pdf, "Tiny puzzles", entries, render.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")))
	// Output: true
}
