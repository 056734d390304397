package formats

import (
	"strings"
	"testing"
)

// TestGoalCellColumnAfterASeparator: a goal written "goal: ..." or
// "goal = ..." (read as "goal ...") has its cells' columns counted from
// its value, not from the ":" or "=", which the goal does not hold: the
// warning of a "." in the goal is at the ".".
func TestGoalCellColumnAfterASeparator(t *testing.T) {
	for _, c := range []struct {
		line string
		col  int
	}{
		{"goal 1.01", 7},
		{"goal: 1.01", 8},
		{"goal = 1.01", 9},
		{`goal:"1.01"`, 8},
	} {
		src := "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n" + c.line + "\n"
		ps, err := Read("goal.non", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		found := false
		for _, w := range ps[0].Warnings {
			if strings.HasPrefix(w.Message, "goal reads") {
				found = true
				if w.Line != 9 || w.Col != c.col {
					t.Errorf("%s: %q at line %d, column %d, want line 9, column %d (the .)", c.line, w.Message, w.Line, w.Col, c.col)
				}
			}
		}
		if !found {
			t.Errorf("%s: no warning of the goal's \".\": %v", c.line, ps[0].Warnings)
		}
	}
}
