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
		{diag.List{one}, "as it was: 1 problem:\na.non:3: no solution"},
		{diag.List{one, one}, "as it was: 2 problems:\n"},
	} {
		if got := newError(c.problems).Error(); !strings.Contains(got, c.want) {
			t.Errorf("Error() = %q, want it to contain %q", got, c.want)
		}
	}
}
