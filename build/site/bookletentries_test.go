package site

import (
	"slices"
	"testing"
)

// TestBookletEntries: a booklet prints its collection's puzzles with a
// sheet, by weight and then in path order, in a new slice.
func TestBookletEntries(t *testing.T) {
	heavy := &Entry{Weight: 2, Sheet: "s", order: 0}
	noSheet := &Entry{Weight: 0, order: 1}
	first := &Entry{Weight: 1, Sheet: "s", order: 2}
	light := &Entry{Weight: 1, Sheet: "s", order: 3}
	es := []*Entry{heavy, noSheet, light, first}
	got := BookletEntries(es)
	if want := []*Entry{first, light, heavy}; !slices.Equal(got, want) {
		t.Errorf("BookletEntries = %v, want %v", got, want)
	}
	if es[0] != heavy || es[2] != light {
		t.Error("BookletEntries reordered the list it was given")
	}
}
