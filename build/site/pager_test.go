package site

import (
	"reflect"
	"testing"

	"github.com/nonopress/nonopress/nav"
)

// TestPagerLinksNamePages: a screen reader's list of links names a pager's
// numbered links "Page 2", not "2" alone among the page's other links;
// Previous, Next and the page shown keep their labels.
func TestPagerLinksNamePages(t *testing.T) {
	var got []string
	for _, l := range pagerLinks("c/", "c/page/2/", 2, 3) {
		got = append(got, l.Label+"="+l.Name)
	}
	want := []string{"‹ Previous=", "1=Page 1", "2=", "3=Page 3", "Next ›="}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pager links (label=name) %q, want %q", got, want)
	}
}

// TestPageOfSaysOnePuzzle: a list's page says where it is in the list, and
// the last page's one puzzle is "Puzzle 7 of 7", not "Puzzles 7–7 of 7".
func TestPageOfSaysOnePuzzle(t *testing.T) {
	for _, c := range []struct {
		pg   nav.Page
		want string
	}{
		{nav.Page{Number: 1, Start: 0, End: 6}, "Puzzles 1–6 of 7 · page 1 of 2"},
		{nav.Page{Number: 2, Start: 6, End: 7}, "Puzzle 7 of 7 · page 2 of 2"},
	} {
		if got := pageOf(c.pg, 2, 7); got != c.want {
			t.Errorf("pageOf(%+v) = %q, want %q", c.pg, got, c.want)
		}
	}
}
