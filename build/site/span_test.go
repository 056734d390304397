package site

import (
	"slices"
	"testing"

	"github.com/nonopress/nonopress/build/content"
)

// TestCollectionSpan checks what a collection's card says its puzzles
// span, with those of the collections below it: the smallest and largest
// grids by cells and the easiest and hardest grades; a triddler adds its
// grade only, a puzzle without a grade its size only, and a collection of
// one size and grade says each once; a tag's card says the same of the
// puzzles tagged.
func TestCollectionSpan(t *testing.T) {
	root := &content.Collection{}
	set := &content.Collection{Dir: "set", URL: "set/", Name: "set", Parent: root}
	sub := &content.Collection{Dir: "set/sub", URL: "set/sub/", Name: "sub", Parent: set}
	same := &content.Collection{Dir: "same", URL: "same/", Name: "same", Parent: root}
	root.Children = []*content.Collection{set, same}
	set.Children = []*content.Collection{sub}
	entries := []*Entry{
		{ID: "1", Width: 10, Height: 10, Difficulty: "probe", Page: "set/a/index.html", Tags: []string{"birds"}},
		{ID: "2", Width: 5, Height: 10, Page: "set/b/index.html"}, // multiple: no grade
		{ID: "3", Kind: "triddler", Cells: 4000, Difficulty: "line", Page: "set/sub/t/index.html"},
		{ID: "4", Width: 40, Height: 20, Difficulty: "probe", Page: "set/sub/c/index.html"},
		{ID: "5", Width: 15, Height: 15, Difficulty: "search", Page: "same/d/index.html", Tags: []string{"birds"}},
		{ID: "6", Width: 15, Height: 15, Difficulty: "search", Page: "same/e/index.html"},
	}
	colls := []*content.Collection{set, set, sub, sub, same, same}
	for i, e := range entries {
		e.Place(colls[i], nil, i)
	}
	s := &Site{Title: "T", Root: root, Entries: entries, Settings: content.Settings{PerPage: 10}, Notes: content.NewNoteDocs(content.NewMarkdown(false))}
	s.Arrange()
	want := map[string][]string{"set": {"5×10 to 40×20", "easy to medium"}, "same": {"15×15", "hard"}}
	for _, v := range s.collectionViews(root.Children, "") {
		if !slices.Equal(v.Span, want[v.Title]) {
			t.Errorf("%s spans %q, want %q", v.Title, v.Span, want[v.Title])
		}
	}
	if got := s.collectionViews(set.Children, "set/")[0].Span; !slices.Equal(got, []string{"40×20", "easy to medium"}) {
		t.Errorf("sub spans %q", got)
	}
	// A tag's card on the tags page says the same of its puzzles.
	tags := s.TagPages()
	if got := tags[len(tags)-1].Data().Collections; len(got) != 1 || !slices.Equal(got[0].Span, []string{"10×10 to 15×15", "medium to hard"}) {
		t.Errorf("the tags page's cards: %+v", got)
	}
}
