package site

import (
	"reflect"
	"testing"
)

// TestShortcuts checks the searches the home page offers: the grades the
// archive has, easiest first; its small grids; its three commonest sizes
// (two puzzles at least), smallest first; its colour puzzles; and none
// when there are fewer than three to offer.
func TestShortcuts(t *testing.T) {
	var es []*Entry
	add := func(n, w, h, colours int, grade, kind string) {
		for range n {
			es = append(es, &Entry{Width: w, Height: h, Colors: colours, Difficulty: grade, Kind: kind})
		}
	}
	add(5, 25, 25, 1, "line", "")
	add(4, 10, 10, 1, "line", "")
	add(3, 30, 20, 3, "search", "")
	add(2, 5, 5, 1, "", "")
	add(1, 45, 45, 1, "line", "") // one of its size: not offered
	add(6, 0, 0, 1, "line", "triddler")
	s := &Site{Entries: es}
	var got []string
	for _, sc := range s.Shortcuts("") {
		got = append(got, sc.Label+" "+sc.URL)
	}
	want := []string{
		"Easy search/index.html?q=Easy",
		"Hard search/index.html?q=Hard",
		"Small, up to 10×10 search/index.html?q=small",
		"10×10 search/index.html?q=10x10",
		"30×20 search/index.html?q=30x20",
		"25×25 search/index.html?q=25x25",
		"In colour search/index.html?q=colours",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shortcuts:\n%q\nwant\n%q", got, want)
	}
	if sc := (&Site{Entries: es[:5]}).Shortcuts(""); sc != nil {
		t.Errorf("one grade and one size offered: %v", sc)
	}
	// From a page below the root, the links go up to the search page.
	if sc := s.Shortcuts("a/page/2/"); sc[0].URL != "../../../search/index.html?q=Easy" {
		t.Errorf("from a/page/2/: %s", sc[0].URL)
	}
}
