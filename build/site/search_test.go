package site

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/grade"
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
