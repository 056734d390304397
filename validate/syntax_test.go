package validate

import (
	"context"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
)

// TestHintsSayHowTheFileWritesIt: the no-license hint, and the goal the
// unknown verdict's hint suggests, say what the puzzle's reader recorded
// of its format (Origin.Syntax), not what validate would make of the
// format's name: with the name blanked, every reader's puzzles get the
// hints they always had, and a format with no room for a license or a
// goal is not asked for one.
func TestHintsSayHowTheFileWritesIt(t *testing.T) {
	const notes = `put "license: CC-BY-4.0" in the front matter of its note, or of its folder's README.md for the whole folder`
	const non, xml = `add a line such as "license CC-BY-4.0", or ` + notes, "add an element such as <license>CC-BY-4.0</license>, or " + notes
	const nonGoal, xmlGoal, longer = "add the picture as a goal line: ", "add the picture as a <solution> element: ", "give the solver more time"
	for _, c := range []struct{ name, src, license, goal string }{
		{"one.non", "width 1\nheight 1\nrows\n1\ncolumns\n1\n", non, nonGoal},
		{"two.nonpack", "title Set\n====\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n====\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n", non, nonGoal},
		{"one.xml", `<puzzleset><puzzle type="grid"><clues type="columns"><line><count>1</count></line></clues>` +
			`<clues type="rows"><line><count>1</count></line></clues></puzzle></puzzleset>`, xml, xmlGoal},
		{"one.nin", "1 1\n1\n1\n", notes, longer},
		{"one.g", ": rows\n1\n: columns\n1\n", notes, longer},
	} {
		ps, err := formats.Read(c.name, []byte(c.src))
		if err != nil || len(ps) == 0 {
			t.Fatalf("%s: %d puzzles, %v", c.name, len(ps), err)
		}
		for _, p := range ps {
			p.Origin.Format = ""
			var hints []string
			for _, w := range Check(context.Background(), p, Options{}).Warnings {
				if strings.HasPrefix(w.Message, "no license") {
					hints = append(hints, w.Hint)
				}
			}
			if len(hints) != 1 || hints[0] != c.license {
				t.Errorf("%s: no-license hints %q, want %q", c.name, hints, c.license)
			}
			if got := unknownHint(p); !strings.HasPrefix(got, c.goal) {
				t.Errorf("%s: unknown verdict's hint %q, want one starting %q", c.name, got, c.goal)
			}
		}
	}
}
