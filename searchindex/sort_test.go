package searchindex

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestSearchSorts runs in node the search page's sorts: a search of many
// results (every result past the first 500 is not shown) can show the
// largest puzzles first, or the easiest, among all it found, not only its
// best matches. Ties keep the best-match order. A sort of no such name,
// an inherited property's among them, keeps the best-match order.
func TestSearchSorts(t *testing.T) {
	script, err := Script(shelf)
	if err != nil {
		t.Fatal(err)
	}
	extra := `for (const o of ["", "title", "size", "size-desc", "difficulty", "no such order", "toString", "constructor", "valueOf", "hasOwnProperty", "__proto__"]) {
  out["sorted " + o] = {total: 0, titles: s.search(items, "i", 10, o).results.map(x => x.title), pages: []};
}
out["first by size"] = {total: 0, titles: s.find(items, "tigr", 1, "size").results.map(x => x.title), pages: []};`
	var got map[string]struct{ Titles []string }
	if err := json.Unmarshal([]byte(runSearch(t, script, []string{}, extra)), &got); err != nil {
		t.Fatal(err)
	}
	best := []string{"Tiger", "Smooth tiger", "Kite", "Wilkes", "Moon", "Dancer"}
	for order, want := range map[string][]string{
		"":              best,
		"no such order": best,
		// An address's sort= names only ORDERS' own sorts, no property
		// every object inherits.
		"toString":       best,
		"constructor":    best,
		"valueOf":        best,
		"hasOwnProperty": best,
		"__proto__":      best,
		"title":          {"Dancer", "Kite", "Moon", "Smooth tiger", "Tiger", "Wilkes"},
		"size":           {"Kite", "Dancer", "Smooth tiger", "Wilkes", "Tiger", "Moon"},
		"size-desc":      {"Moon", "Tiger", "Wilkes", "Smooth tiger", "Dancer", "Kite"},
		"difficulty":     {"Tiger", "Kite", "Wilkes", "Dancer", "Smooth tiger", "Moon"},
		"first by size":  {"Smooth tiger"},
	} {
		key := "sorted " + order
		if order == "first by size" {
			key = order
		}
		if g := got[key].Titles; !reflect.DeepEqual(g, want) {
			t.Errorf("%s: %q, want %q", key, g, want)
		}
	}
}
