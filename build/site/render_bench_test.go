package site

import (
	"os"
	"testing"
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
		Puzzle: &PuzzleView{Entry: e, AuthorAnchor: "ann-example", LicenseAnchor: "cc-by-4-0", Badge: "unique", BadgeText: "Unique",
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
