package site

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/templates"
)

// The search page names the difficulty grades by package grade's Words
// alone: in its label, and for its script (data-grades, whose first word
// its prompt offers before the index loads). A word of the page's own, or
// one the table lacks, fails.
func TestSearchPageNamesTheTablesGrades(t *testing.T) {
	pt, err := LoadTemplates(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s, _ := testSite()
	page, err := pt.Render("search", s.SearchPage().Data())
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, g := range grade.All() {
		words = append(words, g.Word)
	}
	label := regexp.MustCompile(`difficulty \(([^)]*)\)`).FindStringSubmatch(string(page))
	if label == nil || !slices.Equal(strings.Split(label[1], ", "), words) {
		t.Errorf("the label names the grades %q, want %q", label, words)
	}
	attr := regexp.MustCompile(`data-grades="([^"]*)"`).FindStringSubmatch(string(page))
	if attr == nil || !slices.Equal(strings.Fields(attr[1]), words) {
		t.Errorf("data-grades = %q, want %q", attr, words)
	}
}

// The filter of a list of cards offers the easiest grade's word of package
// grade's table as an example, as the search page takes its words: the
// partial spells no grade word itself.
func TestCardsFilterTakesTheTablesGrade(t *testing.T) {
	src, err := templates.Pages.ReadFile("partials.html")
	if err != nil {
		t.Fatal(err)
	}
	own := regexp.MustCompile(`class="np-filter" placeholder="([^"]*)"`).FindSubmatch(src)
	for _, g := range grade.All() {
		if own == nil || regexp.MustCompile(`\b`+g.Word+`\b`).Match(own[1]) {
			t.Errorf("the filter's placeholder in partials.html is %q: want no grade word of its own (%q)", own, g.Word)
		}
	}
	pt, collection := collectionPage(t)
	page, err := pt.Render("collection", collection.Data())
	if err != nil {
		t.Fatal(err)
	}
	if want := `placeholder="title, size, author, ` + grade.All()[0].Word + `…"`; !strings.Contains(string(page), want) {
		t.Errorf("the collection page has no %s", want)
	}
}
