package spell

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"widht", "width", 1}, {"heigth", "height", 1}, {"colums", "columns", 1}, {"auther", "author", 1},
		{"", "abc", 3}, {"same", "same", 0}, {"CC-BY-4", "CC-BY-4.0", 2}, {"kitten", "sitting", 3},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestClosest(t *testing.T) {
	one := func(string) int { return 1 }
	known := []string{"width", "height", "title"}
	if got := Closest("WIDHT", known, one); got != "width" {
		t.Errorf("Closest(WIDHT) = %q", got)
	}
	if got := Closest("width", known, one); got != "" {
		t.Errorf("a known word is no misspelling: got %q", got)
	}
	if got := Closest("colour", known, one); got != "" {
		t.Errorf("Closest(colour) = %q, want none", got)
	}
}

func TestOnly(t *testing.T) {
	for _, c := range []struct {
		word  string
		known []string
		want  string
	}{
		{"buld", []string{"build", "check"}, "build"},
		{"BUILD", []string{"build", "check"}, "build"}, // case alone
		{"6", []string{"1", "2"}, ""},                  // as near one as the other
		{"6", []string{"1"}, ""},                       // the edit replaces the whole word
		{"cat", []string{"bat", "car"}, ""},            // a tie
		{"hosue", []string{"house", "mouse"}, "house"}, // the nearer
		{"kitten", []string{"sitting"}, ""},            // beyond the limit
		{"cta", []string{"cat", "catalogue"}, "cat"},   // a swap is one edit
	} {
		if got := Only(c.word, c.known, 2); got != c.want {
			t.Errorf("Only(%q, %q) = %q, want %q", c.word, c.known, got, c.want)
		}
	}
}
