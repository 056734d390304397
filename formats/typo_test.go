package formats

import (
	"strings"
	"testing"
)

// TestNumberHintsOnlyForNumbers: the hints that write numbers out again
// (a size "10x15" as "10 15", a clue "2-1 3" as "2 1 3", an XML <line>'s
// text as <count>s, "size 2x1" as width and height lines) are given only
// when every word is a number; with a word that is none, the reader says
// what it says of any other mistake there.
func TestNumberHintsOnlyForNumbers(t *testing.T) {
	for _, c := range []struct {
		name, text string
		not        string // in no message or hint
	}{
		{"size.nin", "10 x y\n", `"10 y"`},
		{"clue.nin", "2 1\n2-1 x\n1\n1\n", "separate the numbers"},
		{"line.xml", "<?xml version=\"1.0\"?>\n<puzzle>\n<clues type=\"rows\"><line>two</line></clues>\n" +
			"<clues type=\"columns\"><line><count>1</count></line></clues>\n</puzzle>\n", "as text"},
		{"size.non", "size 2xa\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n", "gives no size"},
	} {
		ps, err := Read(c.name, []byte(c.text))
		ds := Diagnostics(c.name, err)
		for _, p := range ps {
			ds = append(ds, p.Warnings...)
		}
		for _, d := range ds {
			if strings.Contains(d.Message+" "+d.Hint, c.not) {
				t.Errorf("%s: %v, want nothing with %q", c.name, d, c.not)
			}
		}
	}
}
