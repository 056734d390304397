package diag

import (
	"path/filepath"
	"testing"
)

// TestHintsShorten: a fix given in full once is named by its file for
// another file, whatever the message (a duplicate of another puzzle has
// the same fix), by its base name beside it and its path from elsewhere;
// said again for the same file, or for no file, it is given in full.
func TestHintsShorten(t *testing.T) {
	h := Hints{}
	sub := filepath.Join("sub", "c.non")
	for _, c := range []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{File: "a.non", Message: "no license", Hint: "add one"}, "add one"},
		{Diagnostic{File: "b.non", Message: "no license", Hint: "add one"}, "as for a.non"},
		{Diagnostic{File: sub, Message: "no license", Hint: "add one"}, "as for a.non"},
		{Diagnostic{File: "a.non", Line: 9, Message: "no author", Hint: "add one"}, "add one"},
		{Diagnostic{File: "b.non", Message: "duplicate of x.non", Hint: "they share progress"}, "they share progress"},
		{Diagnostic{File: "c.non", Message: "duplicate of y.non", Hint: "they share progress"}, "as for b.non"},
		{Diagnostic{File: filepath.Join("sub", "d.non"), Message: "duplicate", Hint: "they share progress"}, "as for b.non"},
		{Diagnostic{Message: "the store is old", Hint: "add one"}, "add one"},
		{Diagnostic{File: "e.non", Message: "no license"}, ""},
	} {
		if got := h.Shorten(c.d).Hint; got != c.want {
			t.Errorf("%v: hint %q, want %q", c.d, got, c.want)
		}
	}
	d := Diagnostic{File: filepath.Join("sub", "e.non"), Message: "moved", Hint: "as before"}
	h.Shorten(Diagnostic{File: filepath.Join("other", "e.non"), Message: "moved", Hint: "as before"})
	if got := h.Shorten(d).Hint; got != "as for "+filepath.Join("other", "e.non") {
		t.Errorf("from another folder: hint %q, want the file's path", got)
	}
}
