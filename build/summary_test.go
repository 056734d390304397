package build

import (
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
	} {
		if got := newError(c.problems).Error(); !strings.Contains(got, c.want) {
			t.Errorf("Error() = %q, want it to contain %q", got, c.want)
		}
	}
}

// TestSkippedLine checks how the log names a puzzle left out: by its first
// problem, as check writes it, and how many more it has.
func TestSkippedLine(t *testing.T) {
	one := diag.Diagnostic{File: "a.non", Line: 3, Severity: diag.Error, Message: "no solution", Hint: "fix a clue"}
	for _, c := range []struct {
		problems diag.List
		want     string
	}{
		{diag.List{one}, "a.non:3: error: no solution (fix a clue) (left out)"},
		{diag.List{one, one}, "a.non:3: error: no solution (fix a clue) (left out, with 1 more problem)"},
		{diag.List{one, one, one}, "a.non:3: error: no solution (fix a clue) (left out, with 2 more problems)"},
	} {
		if got := skippedLine(c.problems); got != c.want {
			t.Errorf("skippedLine = %q, want %q", got, c.want)
		}
	}
}
