package site

import (
	"html/template"
	"os"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/templates"
)

// benchPuzzlePage is a puzzle page with what most pages show: author,
// license, date, grade, tags and downloads.
func benchPuzzlePage() *PageData {
	e := &Entry{ID: "a1413cf6c7303f8bfacc", Title: "Heron & reeds", Author: "Ann Example", Copyright: "© 2024 Ann Example",
		License: "CC-BY-4.0", Catalogue: "Set 3", Width: 25, Height: 30, Colors: 2, Difficulty: "hard", Date: "2024-05-01"}
	return &PageData{Kind: "puzzle", Title: e.Title, Description: "A puzzle", Root: "../../",
		Site:   SiteView{Title: "Puzzles", Language: "en"},
		Crumbs: []Crumb{{Title: "Home", URL: "../../index.html"}, {Title: "Set", URL: "../index.html"}},
		Prev:   &Crumb{Title: "Before", URL: "../before/index.html"},
		Puzzle: &PuzzleView{Entry: e, AuthorPage: "authors/ann-example/index.html", LicensePage: "licenses/cc-by-4-0/index.html", Badge: "unique", BadgeText: "Unique",
			Grade: "Hard", VerdictText: "One solution", DateText: "1 May 2024", Sheet: SheetSlot,
			Tags:      []Crumb{{Title: "birds", URL: "../../tags/birds/index.html"}},
			Downloads: []Download{{Label: "Original file", URL: "../p.non"}, {Label: "Sheet (PDF)", URL: "sheet.pdf"}}}}
}

// BenchmarkRenderPuzzlePage renders a puzzle page with the embedded
// templates, or with those of the site at $NP_BENCH_SRC (to compare
// templates in one binary).
func BenchmarkRenderPuzzlePage(b *testing.B) {
	src := os.Getenv("NP_BENCH_SRC")
	if src == "" {
		src = b.TempDir()
	}
	pt, err := LoadTemplates(src)
	if err != nil {
		b.Fatal(err)
	}
	data := benchPuzzlePage()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pt.Render("puzzle", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderFullPuzzlePage renders a puzzle page as a site build
// makes most: with its play data, grades, legend and the .non and PBN XML
// conversions as data: links of a few kilobytes.
func BenchmarkRenderFullPuzzlePage(b *testing.B) {
	pt, err := LoadTemplates(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	data := benchPuzzlePage()
	p := benchPuzzle(25, 30)
	v := data.Puzzle
	v.Play = templates.NewPlayData(p, v.Entry.ID, v.Entry.Title)
	v.Grades = grade.All()
	v.Legend = []Swatch{{Name: "black", Hex: "#000000"}, {Name: "red", Hex: "#cc0000"}}
	v.Downloads = append(v.Downloads,
		Download{Label: "Puzzle (.non)", Data: template.URL("data:text/plain;charset=utf-8;base64," + strings.Repeat("dGl0bGUgIkJsb2Ii", 100)), File: "heron.non"},
		Download{Label: "Puzzle (PBN XML)", Data: template.URL("data:application/xml;base64," + strings.Repeat("PD94bWwgdmVyc2lv", 180)), File: "heron.xml"})
	b.ReportAllocs()
	var page []byte
	for b.Loop() {
		if page, err = pt.AppendRender(page[:0], "puzzle", data); err != nil {
			b.Fatal(err)
		}
	}
}

// benchPuzzle is a w x h two-colour puzzle with a few clues per line.
func benchPuzzle(w, h int) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Width: w, Height: h, Palette: []puzzle.Color{{Char: '.', Name: "white"}, {Char: '#', Name: "black"}, {Char: 'r', Name: "red", RGB: puzzle.RGB{R: 204}}}}
	line := func(i int) puzzle.Line {
		return puzzle.Line{{Len: 1 + i%3, Color: 1}, {Len: 2, Color: 2}, {Len: 1 + i%4, Color: 1}}
	}
	for i := range h {
		p.Rows = append(p.Rows, line(i))
	}
	for i := range w {
		p.Cols = append(p.Cols, line(i))
	}
	return p
}
