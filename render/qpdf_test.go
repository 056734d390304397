package render

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// sweepTitles are titles in the scripts and with the characters a PDF
// must take care of: WinAnsi and beyond, right-to-left, CJK, PDF string
// delimiters, controls and runes beyond the Basic Multilingual Plane.
var sweepTitles = []string{
	"Dancer", "Café (noir) \\ “€5”", "Żółw", "Танцор", "猫の家 ねこ", "قطة في البيت",
	"שלום (עולם)", "नमस्ते", "a\x00b\tc 🎨", "",
}

// TestEveryPDFParses writes sheets (with and without their answer) and
// booklets of random puzzles, titles, papers and options, and checks each
// with qpdf --check and against its own cross-reference table: every PDF
// the writer makes, in the core fonts or embedding subset fonts, must be a
// valid file.
func TestEveryPDFParses(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 23))
	papers := []Paper{A4, Letter, A5, A3}
	fonts := NewFonts("")
	for i := range 12 {
		p := randomPuzzle(2+r.IntN(30), 2+r.IntN(30), 1+r.IntN(4), r.Uint64())
		p.Meta.Title = sweepTitles[r.IntN(len(sweepTitles))]
		p.Meta.Author = sweepTitles[r.IntN(len(sweepTitles))]
		opt := Options{Paper: papers[r.IntN(len(papers))], MonoSafe: r.IntN(2) == 0, NameLine: r.IntN(2) == 0,
			Difficulty: "probe", Fonts: fonts}
		var sol = p.Goal
		if i%3 == 0 {
			sol = nil
		}
		var b bytes.Buffer
		if err := SheetPDF(&b, p, sol, opt); err != nil {
			t.Fatal(err)
		}
		checkPDF(t, fmt.Sprintf("sheet%d.pdf", i), b.Bytes())
	}
	for i := range 4 {
		var entries []BookletEntry
		for range 1 + r.IntN(9) {
			p := randomPuzzle(2+r.IntN(40), 2+r.IntN(40), 1+r.IntN(3), r.Uint64())
			p.Meta.Title = sweepTitles[r.IntN(len(sweepTitles))]
			entries = append(entries, BookletEntry{Puzzle: p, Solution: p.Goal, Difficulty: "line"})
		}
		cover := Cover{Title: sweepTitles[r.IntN(len(sweepTitles))], Note: sweepTitles[r.IntN(len(sweepTitles))]}
		opt := Options{Paper: papers[i], MonoSafe: i%2 == 1, Fonts: fonts}
		var b bytes.Buffer
		if err := CoverBooklet(&b, cover, entries, opt); err != nil {
			t.Fatal(err)
		}
		checkPDF(t, fmt.Sprintf("booklet%d.pdf", i), b.Bytes())
	}
}

// checkPDF checks one PDF with qpdf and its cross-reference table.
func checkPDF(t *testing.T, name string, pdf []byte) {
	t.Helper()
	if !xrefDescribesObjects(pdf) {
		t.Errorf("%s: the cross-reference table does not describe the objects", name)
	}
	qpdfCheck(t, writeTemp(t, name, pdf))
}
