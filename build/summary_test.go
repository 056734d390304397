package build

import (
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/diag"
)

func TestBuildErrorCountsItsProblemsInWords(t *testing.T) {
	one := diag.Diagnostic{File: "a.non", Line: 3, Severity: diag.Error, Message: "no solution"}
	for _, c := range []struct {
		problems diag.List
		want     string
	}{
		{diag.List{one}, "as it was: 1 problem:\na.non:3: error: no solution"},
		{diag.List{one, one}, "as it was: 2 problems:\n"},
		// A puzzle's warnings listed with its errors are counted apart.
		{diag.List{one, {File: "a.non", Line: 5, Severity: diag.Warning, Message: "colour 'y' has no color line"}},
			"as it was: 1 problem, with 1 warning of their puzzles:\na.non:3: error: no solution\na.non:5: warning: colour 'y' has no color line"},
	} {
		if got := newError(c.problems).Error(); !strings.Contains(got, c.want) {
			t.Errorf("Error() = %q, want it to contain %q", got, c.want)
		}
	}
}

// A failed build names a fix it gave in full for an earlier file "(as for
// a.non)", as its log and check do (README's "Commands"): a -strict build
// of a folder of .nin files with no license listed the same fix once per
// file.
func TestBuildErrorNamesAFixGivenForAnotherFile(t *testing.T) {
	noLicense := func(file string) diag.Diagnostic {
		return diag.Diagnostic{File: file, Line: 1, Severity: diag.Error, Message: "no license", Hint: "add a license"}
	}
	got := newError(diag.List{noLicense("wilk/a.nin"), noLicense("wilk/b.nin"), noLicense("other/c.nin")}).Problems
	want := []string{
		"wilk/a.nin:1: error: no license (add a license)",
		"wilk/b.nin:1: error: no license (as for a.nin)",
		"other/c.nin:1: error: no license (as for wilk/a.nin)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSkippedLine checks how the log names a puzzle left out: by its first
// problem, as check writes it, and how many more it has, then its
// warnings, indented, in line order.
func TestSkippedLine(t *testing.T) {
	one := diag.Diagnostic{File: "a.non", Line: 3, Severity: diag.Error, Message: "no solution", Hint: "fix a clue"}
	w := func(line int, msg string) diag.Diagnostic {
		return diag.Diagnostic{File: "a.non", Line: line, Severity: diag.Warning, Message: msg}
	}
	for _, c := range []struct {
		problems, warnings diag.List
		want               string
	}{
		{diag.List{one}, nil, "a.non:3: error: no solution (fix a clue) (left out)"},
		{diag.List{one, one}, nil, "a.non:3: error: no solution (fix a clue) (left out, with 1 more problem)"},
		{diag.List{one, one, one}, nil, "a.non:3: error: no solution (fix a clue) (left out, with 2 more problems)"},
		{diag.List{one}, diag.List{w(9, "later"), w(2, "earlier")},
			"a.non:3: error: no solution (fix a clue) (left out)\n  a.non:2: warning: earlier\n  a.non:9: warning: later"},
	} {
		if got := (Skip{Problems: c.problems, Warnings: c.warnings}).Line(nil); got != c.want {
			t.Errorf("Skip.Line = %q, want %q", got, c.want)
		}
	}
}
