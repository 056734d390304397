package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildShowsTheWarningsOfAPuzzleInError: check, build and build
// -skip-invalid all show the warning that explains the errors, after
// them as it is below them in the file; -strict still fails on it, and
// the exit codes are as they were.
func TestBuildShowsTheWarningsOfAPuzzleInError(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "content")
	// Its third row names a colour "y" with no color line (line 11, column 1), so
	// the clue sums disagree (errors at line 8).
	data, err := os.ReadFile(filepath.Join("testdata", "undeclared-colour.non"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, src, "p/undecl.non", string(data))
	warning := "undecl.non:11:1: warning: colour 'y' has no color line"
	for _, c := range []struct {
		args []string
		code int
		want []string // in this order
	}{
		{[]string{"check", src}, 1, []string{"undecl.non:8: error: row clues", warning, "2 errors, 1 warning"}},
		{[]string{"build", "-src", src, "-out", filepath.Join(dir, "a")}, 1,
			[]string{"2 problems, with 1 warning of their puzzles:", "undecl.non:8: error: row clues", "undecl.non:8: error: row clues", warning}},
		{[]string{"build", "-src", src, "-out", filepath.Join(dir, "b"), "-skip-invalid", "-quiet"}, 0,
			[]string{"undecl.non:8: error: row clues", "(left out, with 1 more problem)\n  ", warning, "1 warning, 1 left out"}},
		{[]string{"build", "-src", src, "-out", filepath.Join(dir, "c"), "-strict"}, 1,
			[]string{"3 problems:", "undecl.non:8: error: row clues", "undecl.non:11:1: error: colour 'y' has no color line"}},
	} {
		code, stdout, stderr := runCLI(t, c.args...)
		out := filepath.ToSlash(stdout + stderr)
		rest := out
		for _, w := range c.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: exit %d, output:\n%s\nwant, in order, %q (missing %q)", strings.Join(c.args[:1], " "), code, out, c.want, w)
				break
			}
			rest = rest[i+len(w):]
		}
		if code != c.code {
			t.Errorf("%v: exit %d, want %d", c.args, code, c.code)
		}
		if strings.Count(out, "has no color line") != 1 {
			t.Errorf("%v: the warning is said %d times, want once:\n%s", c.args, strings.Count(out, "has no color line"), out)
		}
	}
}
