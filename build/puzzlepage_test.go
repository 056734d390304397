package build

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/templates"
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

// TestDataSlotPagesAreWholePages checks that puzzle pages made with their
// data: links in slots (site.DataSlot) are byte for byte those made by a
// site's own copy of the puzzle template, which gets no slots and has each
// page minified whole: also for a page whose note holds a slot's text (in
// text and, with raw HTML allowed, as a link), which is made whole.
func TestDataSlotPagesAreWholePages(t *testing.T) {
	own, err := templates.Pages.ReadFile("puzzle.html")
	if err != nil {
		t.Fatal(err)
	}
	archive := strings.Replace(smallSite, "title = \"Test archive\"\n", "title = \"Test archive\"\nunsafe_html = true\n", 1)
	archive = strings.Replace(archive, "A note about the *cross*.", "A note about np-data-1-slot.", 1) +
		"-- animals/corner.md --\n---\ntitle: Corner\n---\nSee <a href=\"np-data-0-slot\">here</a>.\n"
	slots, whole := newSite(t, archive), newSite(t, archive+"-- templates/puzzle.html --\n"+string(own))
	slots.mustBuild(Config{})
	whole.mustBuild(Config{})
	for _, dir := range []string{"animals/cross/", "animals/corner/", "shapes/minis/1/", "shapes/minis/2/"} {
		got, want := slots.read(dir+"index.html"), whole.read(dir+"index.html")
		if got != want {
			t.Errorf("%sindex.html made with slots differs from the page minified whole:\n%s\n%s", dir, got, want)
		}
		if !strings.Contains(got, `href="data:`) {
			t.Errorf("%sindex.html has no data: link", dir)
		}
	}
}

// TestRootWrittenInMakesTheSamePages checks that a site made by the
// embedded templates with each page's Root written in (site.Templates'
// sets by Root, made for a kind and Root of many pages: here the 20
// puzzles of a file) is byte for byte the site made by a copy of base.html
// of its own, which makes every kind render through the templates as
// written: pages of every kind and depth, with and without a base URL (the
// 404 page's Root is then the URL).
func TestRootWrittenInMakesTheSamePages(t *testing.T) {
	base, err := templates.Pages.ReadFile("base.html")
	if err != nil {
		t.Fatal(err)
	}
	many := "-- many/bars.nonpack --\n"
	for i := range 20 {
		if i > 0 {
			many += "====\n"
		}
		many += fmt.Sprintf("title \"Bar %d\"\nby \"Ann Author\"\nlicense CC0-1.0\nwidth %d\nheight 1\n\nrows\n%d\n\ncolumns\n%s", i, i+1, i+1, strings.Repeat("1\n", i+1))
	}
	withBase := strings.Replace(smallSite, "title = \"Test archive\"\n", "title = \"Test archive\"\nbase_url = \"https://example.org/puzzles\"\n", 1)
	for _, archive := range []string{smallSite + many, withBase + many} {
		written, own := newSite(t, archive), newSite(t, archive+"-- templates/base.html --\n"+string(base))
		written.mustBuild(Config{})
		own.mustBuild(Config{})
		got, want := snapshot(t, written.out), snapshot(t, own.out)
		if d := diffSnapshots(got, want); d != "" {
			t.Errorf("the site with Root written in differs:\n%s", d)
		}
		if len(got) < 20 || !strings.Contains(string(got["animals/cross/index.html"]), `href="../../static/site.css"`) {
			t.Errorf("%d files; animals/cross/index.html lacks its style sheet's link", len(got))
		}
	}
}
