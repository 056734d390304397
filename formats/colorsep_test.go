package formats

import "testing"

// TestNamedColourWithAColon: a Nonny colour named on a "color:" line
// ("color: red #ff0000", the colon a structural key may have), or with
// the other separators the colour line is read with ("color=red",
// "color = red"), starts the clue lines that begin with its name, as
// without one; its clue lines were not taken for clue lines ("rows block
// has no clue lines").
func TestNamedColourWithAColon(t *testing.T) {
	for _, key := range []string{"color ", "color: ", "Colour: ", "color=", "color = ", "colour = ", "COLOR : "} {
		src := "width 2\nheight 1\n" + key + "red #ff0000\nrows\nred 2\ncolumns\nred 1\nred 1\n"
		ps, err := Read("red.non", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		if p := ps[0]; len(p.Rows) != 1 || len(p.Rows[0]) != 1 || p.Rows[0][0].Len != 2 {
			t.Errorf("%s: rows %v, want one clue of 2", key, p.Rows)
		}
	}
}
