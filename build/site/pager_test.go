package site

import (
	"reflect"
	"testing"
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
