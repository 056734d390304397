package build

import (
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
)

// TestInlineSheetIsTheSheetFile checks that a puzzle page inlines its sheet
// exactly as sheet.svg holds it, once, and that no slot is left in any page.
func TestInlineSheetIsTheSheetFile(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	for _, dir := range []string{"animals/cross/", "animals/corner/", "shapes/minis/1/"} {
		page, sheet := s.read(dir+"index.html"), stripXMLDecl(s.read(dir+"sheet.svg"))
		if n := strings.Count(page, sheet); n != 1 {
			t.Errorf("%sindex.html holds its sheet %d times, want once", dir, n)
		}
		if strings.Contains(page, "np-sheet-slot") {
			t.Errorf("%sindex.html still has the sheet's slot", dir)
		}
	}
}

// TestLargePuzzleSheetIsAnImage checks that a large puzzle's page
// (templates.LargeGrid) links its sheet as an image instead of inlining
// it, keeps a small room for the play grid's offer, and asks play.js to
// build the grid on demand; a small one inlines its sheet.
func TestLargePuzzleSheetIsAnImage(t *testing.T) {
	var non strings.Builder
	if err := formats.WriteNon(&non, stripes(51, 51)); err != nil {
		t.Fatal(err)
	}
	s := newSite(t, "-- big/wide.non --\n"+non.String()+smallSite)
	s.mustBuild(Config{})
	page := s.read("big/wide/index.html")
	if strings.Contains(page, "<svg") || strings.Contains(page, "np-sheet-slot") {
		t.Error("the large puzzle's page inlines its sheet")
	}
	for _, want := range []string{`<img class="np-sheet-print" src="sheet.svg"`, `"onDemand":true`, `--np-play-reserve:136px`} {
		if !strings.Contains(page, want) {
			t.Errorf("the large puzzle's page lacks %s", want)
		}
	}
	if small := s.read("animals/cross/index.html"); !strings.Contains(small, "<svg") || strings.Contains(small, "onDemand") {
		t.Error("a small puzzle's page does not inline its sheet, or builds its grid on demand")
	}
}

// stripes is a w x h one-colour puzzle of diagonal stripes.
func stripes(w, h int) *puzzle.Puzzle {
	img := puzzle.NewImage(w, h)
	for y := range h {
		for x := range w {
			if (x+y)%4 < 2 {
				img.Set(x, y, 1)
			}
		}
	}
	rows, cols := puzzle.CluesOf(img)
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: w, Height: h, Rows: rows, Cols: cols, Palette: puzzle.DefaultPalette()}
}
