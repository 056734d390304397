package grade

import (
	"strings"
	"testing"
)

// TestWordsAreWhole: every grade has each of its words, the keys and the
// words are each said of one grade only, and a grade's Name begins with its
// Word capitalised, as the site's lists and cards show the Word beside
// pages that show the Name.
func TestWordsAreWhole(t *testing.T) {
	keys, words := map[string]bool{}, map[string]bool{}
	for i, g := range All() {
		if g.Key == "" || g.Word == "" || g.Solved == "" || g.Name == "" || g.Technique == "" || g.Meaning == "" {
			t.Errorf("grade %d %+v: a word is missing", i, g)
			continue
		}
		if keys[g.Key] || words[g.Word] {
			t.Errorf("grade %d %+v: key or word said of an easier grade too", i, g)
		}
		keys[g.Key], words[g.Word] = true, true
		if strings.Trim(g.Word, "abcdefghijklmnopqrstuvwxyz") != "" {
			t.Errorf("grade %q: Word %q is not one lower-case word", g.Key, g.Word)
		}
		if want := strings.ToUpper(g.Word[:1]) + g.Word[1:] + " – "; !strings.HasPrefix(g.Name, want) {
			t.Errorf("grade %q: Name %q does not begin %q", g.Key, g.Name, want)
		}
		if g.Technique != strings.ToLower(g.Technique) {
			t.Errorf("grade %q: Technique %q is not lower-case, as a search finds it", g.Key, g.Technique)
		}
		if !strings.HasPrefix(g.Solved, "solved ") {
			t.Errorf("grade %q: Solved %q does not begin \"solved \"", g.Key, g.Solved)
		}
	}
	if len(keys) == 0 {
		t.Fatal("no grades")
	}
}

// TestOfAndRank: a grade's key finds its words and its place, easiest
// first from 1; what is no grade's key (another case, spaces, "") finds
// none and 0.
func TestOfAndRank(t *testing.T) {
	for i, g := range All() {
		if got, ok := Of(g.Key); !ok || got != g {
			t.Errorf("Of(%q) = %+v, %v; want %+v, true", g.Key, got, ok, g)
		}
		if r := Rank(g.Key); r != i+1 {
			t.Errorf("Rank(%q) = %d, want %d", g.Key, r, i+1)
		}
	}
	if r := Rank("probe"); r != 2 {
		t.Errorf("Rank(probe) = %d, want 2", r) // the search index stores 2
	}
	for _, key := range []string{"", "Line", " line", "easy", "hard"} {
		if got, ok := Of(key); ok || got != (Words{}) || Rank(key) != 0 {
			t.Errorf("Of(%q) = %+v, %v, Rank %d; want no grade", key, got, ok, Rank(key))
		}
	}
}

// TestAllIsACopy: changing what All returned changes no one else's words.
func TestAllIsACopy(t *testing.T) {
	a := All()
	a[0].Word = "changed"
	if w, _ := Of(a[0].Key); w.Word == "changed" {
		t.Error("All returned the table itself")
	}
}
