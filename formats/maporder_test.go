package formats

import (
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// TestXMLOddClueTypeFirstInFile checks that of several <clues> types a
// puzzle has no use for, the error names the one said first in the file,
// every time: Go's map order, which read them, must not pick it.
func TestXMLOddClueTypeFirstInFile(t *testing.T) {
	const odd = `<clues type="zeta"><line><count>1</count></line></clues>
<clues type="alpha"><line><count>1</count></line></clues>
<clues type="middle"><line><count>1</count></line></clues>
`
	grid := `<?xml version="1.0"?>
<puzzleset>
<puzzle>
<clues type="rows"><line><count>1</count></line></clues>
` + odd + `<clues type="columns"><line><count>1</count></line></clues>
</puzzle>
</puzzleset>
`
	var sides strings.Builder
	for _, side := range puzzle.TriddlerSides {
		sides.WriteString(`<clues type="` + side + `"><line></line></clues>` + "\n")
	}
	triddler := `<?xml version="1.0"?>
<puzzleset>
<puzzle type="triddler">
` + sides.String() + odd + `</puzzle>
</puzzleset>
`
	for _, c := range []struct{ name, src, want string }{
		{"grid.xml", grid, `grid.xml:5: <clues type="zeta"> in a grid puzzle: want rows or columns`},
		{"tri.xml", triddler, `tri.xml:10: <clues type="zeta"> in a triddler: want top, topright, bottomright, bottom, bottomleft, topleft`},
	} {
		for range 30 {
			_, err := Read(c.name, []byte(c.src))
			if err == nil || err.Error() != c.want {
				t.Fatalf("%s: error %v, want %s", c.name, err, c.want)
			}
		}
	}
}
