package treefile

import (
	"path/filepath"
	"testing"
)

func TestInside(t *testing.T) {
	abs := t.TempDir()
	cases := []struct {
		dir, path string
		rel       string // "" when path is not inside dir
	}{
		{"a/b", "a/b", "."},
		{"a/b", "a/b/", "."},
		{"a/b", "a/b/c", "c"},
		{"a/b", "a/b/c/d.non", "c/d.non"},
		{"a/b", "a/b/../b/c", "c"},
		{"a/b", "a/b/..x", "..x"}, // a name that starts with two dots
		{"a/b", "a/bc", ""},       // a sibling that shares the prefix
		{"a/b", "a/bc/d", ""},
		{"a/b", "a", ""},
		{"a/b", "a/b/..", ""},
		{"a/b", "a/x", ""},
		{"a/b", "a/b/../x", ""},
		{".", "..", ""},
		{".", "../x", ""},
		{".", "x", "x"},
		{"a/b", abs + "/a/b/c", ""}, // absolute against relative
		{abs + "/a/b", "a/b/c", ""},
		{abs + "/a/b", abs + "/a/b/c", "c"},
		{abs + "/a/b", abs + "/a/bc", ""},
		{abs, abs, "."},
	}
	for _, c := range cases {
		dir, path := filepath.FromSlash(c.dir), filepath.FromSlash(c.path)
		rel, ok := Inside(dir, path)
		if want := filepath.FromSlash(c.rel); rel != want || ok != (c.rel != "") {
			t.Errorf("Inside(%q, %q) = %q, %v; want %q, %v", dir, path, rel, ok, want, c.rel != "")
		}
	}
}
