package render

import (
	"io"
	"testing"
)

// benchEntries are 100 puzzles from 10x10 to 35x35, a quarter of them in
// several colours, each with its solution.
func benchEntries() []BookletEntry {
	var entries []BookletEntry
	for i := range 100 {
		side := 10 + (i*7)%26
		colors := 1
		if i%4 == 3 {
			colors = 3
		}
		p := randomPuzzle(side, side+(i%3)*5, colors, uint64(i))
		entries = append(entries, BookletEntry{Puzzle: p, Solution: p.Goal})
	}
	return entries
}

// BenchmarkBooklet100 makes a 100-puzzle booklet PDF (title page, puzzles,
// answer key). A headless browser printing the same takes about 7 s.
func BenchmarkBooklet100(b *testing.B) {
	entries := benchEntries()
	b.ReportAllocs()
	for b.Loop() {
		if err := Booklet(io.Discard, "Benchmark", entries, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBooklet100Reuse makes the booklet of BenchmarkBooklet100 from
// entries that carry their sheets' drawn grids (Layout.Drawn), as a site
// build has them from the sheet PDFs it wrote: the booklet places them
// again where their cells allow, instead of drawing the clues afresh.
func BenchmarkBooklet100Reuse(b *testing.B) {
	entries := drawnEntries(b, benchEntries())
	b.ReportAllocs()
	for b.Loop() {
		if err := Booklet(io.Discard, "Benchmark", entries, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// drawnEntries returns entries with each one's sheet drawn (Drawn set).
func drawnEntries(tb testing.TB, entries []BookletEntry) []BookletEntry {
	out := append([]BookletEntry(nil), entries...)
	for i, e := range out {
		l, err := LayOut(e.Puzzle, Options{})
		if err != nil {
			tb.Fatal(err)
		}
		if out[i].Drawn, err = l.Drawn(); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkSheetSVG makes one 30x35 sheet as minified SVG.
func BenchmarkSheetSVG(b *testing.B) {
	p := randomPuzzle(30, 35, 1, 1)
	b.ReportAllocs()
	for b.Loop() {
		if err := Sheet(io.Discard, p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSheetPDF makes one 30x35 sheet PDF with its solution page.
func BenchmarkSheetPDF(b *testing.B) {
	p := randomPuzzle(30, 35, 1, 1)
	b.ReportAllocs()
	for b.Loop() {
		if err := SheetPDF(io.Discard, p, p.Goal, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSheetSVG512 makes a cauldron-sized (512x512) sheet.
func BenchmarkSheetSVG512(b *testing.B) {
	p := randomPuzzle(512, 512, 1, 1)
	b.ReportAllocs()
	for b.Loop() {
		if err := Sheet(io.Discard, p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSheetPDFUnicode makes the sheet PDF of BenchmarkSheetPDF with a
// title outside WinAnsiEncoding, which embeds the Go fonts.
func BenchmarkSheetPDFUnicode(b *testing.B) {
	p := randomPuzzle(30, 35, 1, 1)
	p.Meta.Title = "Żółw"
	b.ReportAllocs()
	for b.Loop() {
		if err := SheetPDF(io.Discard, p, p.Goal, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSheetFigure makes the 30x35 sheet of BenchmarkSheetSVG cropped
// for a web page.
func BenchmarkSheetFigure(b *testing.B) {
	p := randomPuzzle(30, 35, 1, 1)
	b.ReportAllocs()
	for b.Loop() {
		if err := SheetFigure(io.Discard, p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPuzzleAssets makes what a site writes for each puzzle (the sheet
// SVG, the solution SVG and the sheet PDF) for the 100 puzzles of
// BenchmarkBooklet100: "functions" with a call each, as before Layout,
// "layout" from one Layout per puzzle, as a site build does.
func BenchmarkPuzzleAssets(b *testing.B) {
	entries := benchEntries()
	b.Run("functions", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, e := range entries {
				if err := Sheet(io.Discard, e.Puzzle, Options{}); err != nil {
					b.Fatal(err)
				}
				if err := Solution(io.Discard, e.Puzzle, e.Solution, Options{}); err != nil {
					b.Fatal(err)
				}
				if err := SheetPDF(io.Discard, e.Puzzle, e.Solution, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("layout", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, e := range entries {
				l, err := LayOut(e.Puzzle, Options{})
				if err == nil {
					err = l.Sheet(io.Discard)
				}
				if err == nil {
					err = l.Solution(io.Discard, e.Solution)
				}
				if err == nil {
					err = l.PDF(io.Discard, e.Solution)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkSheetPDFScratch is BenchmarkSheetPDF with a Scratch lent to
// every call, as a build worker would.
func BenchmarkSheetPDFScratch(b *testing.B) {
	p := randomPuzzle(30, 35, 1, 1)
	opt := Options{Scratch: new(Scratch)}
	b.ReportAllocs()
	for b.Loop() {
		if err := SheetPDF(io.Discard, p, p.Goal, opt); err != nil {
			b.Fatal(err)
		}
	}
}
