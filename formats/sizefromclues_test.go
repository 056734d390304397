package formats

import (
	"strings"
	"testing"
)

// TestSizeFromClues: the readers of formats that give no size (webpbn XML,
// Olšák's .g) say so on the puzzle's origin, and a clue too long for its
// lines then points at the other clues, which count the cells; a .non
// file, which gives its size, is told to change it.
func TestSizeFromClues(t *testing.T) {
	for _, c := range []struct {
		name, src string
		derived   bool
		hint      string
	}{
		{"three.xml", `<puzzleset><puzzle type="grid">
<clues type="columns">
<line><count>1</count></line>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>3</count></line>
<line></line>
</clues>
</puzzle></puzzleset>
`, true, "a row has one cell for each column clue, from line 2: shorten the clue, or add the column clues that are missing"},
		{"three.g", ": rows\n3\n0\n: columns\n1\n1\n", true,
			"a row has one cell for each column clue, from line 4: shorten the clue, or add the column clues that are missing"},
		{"three.non", "width 2\nheight 2\nrows\n3\n0\ncolumns\n1\n1\n", false,
			"shorten the clue or change the size"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ps, err := Read(c.name, []byte(c.src))
			if err != nil || len(ps) != 1 {
				t.Fatalf("read: %d puzzles, %v", len(ps), err)
			}
			p := ps[0]
			if p.Origin.SizeFromClues != c.derived || p.Width != 2 || p.Height != 2 {
				t.Errorf("size %dx%d, from the clues %v; want 2x2, %v", p.Width, p.Height, p.Origin.SizeFromClues, c.derived)
			}
			var hints []string
			for _, d := range p.Problems() {
				if strings.Contains(d.Message, "row 1: clue 3 needs 3 cells") {
					hints = append(hints, d.Hint)
				}
			}
			if len(hints) != 1 || hints[0] != c.hint {
				t.Errorf("hints %q, want %q", hints, c.hint)
			}
		})
	}
}
