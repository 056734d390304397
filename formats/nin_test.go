package formats

import (
	"testing"
)

// TestNinSpareLine: a .nin file's one clue line after those its size asks
// for, the last text of the file, is kept as the puzzle's spare clue with
// its line (a line too many among the clues may have pushed it there); text
// that is no clue, or more text after it, is not.
func TestNinSpareLine(t *testing.T) {
	for _, c := range []struct {
		text      string
		spareLine int
		spare     string // as Line.String writes it: "0" for none
	}{
		{"2 2\n1\n1\n1\n1\n2 0\n", 6, "2"},
		{"2 2\n1\n1\n1\n1\n# a note\n1 1\n\n", 7, "1,1"},
		{"2 2\n1\n1\n1\n1\nsolved by hand\n", 0, "0"},
		{"2 2\n1\n1\n1\n1\n2\n1\n", 0, "0"},
		{"2 2\n1\n1\n1\n1\n", 0, "0"},
	} {
		ps, err := Read("spare.nin", []byte(c.text))
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		pl := ps[0].Origin.Places
		if pl.SpareLine != c.spareLine || pl.Spare.String() != c.spare {
			t.Errorf("%q: spare %q at line %d, want %q at line %d", c.text, pl.Spare.String(), pl.SpareLine, c.spare, c.spareLine)
		}
	}
}
