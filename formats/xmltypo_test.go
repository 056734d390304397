package formats

import (
	"strings"
	"testing"
)

// TestUnevenRow: the row of a goal image whose length is not that of most
// rows is blamed at its line, with the cells to add or to remove, and
// "most rows" when the others are not all as long.
func TestUnevenRow(t *testing.T) {
	for _, c := range []struct {
		lens      []int
		msg, hint string
		line      int
	}{
		{[]int{5, 4, 5}, "row 2 has 4 cells but the other rows have 5", "add the missing cell", 11},
		{[]int{4, 5, 5}, "row 1 has 4 cells but the other rows have 5", "add the missing cell", 10},
		{[]int{5, 5, 3, 5}, "row 3 has 3 cells but the other rows have 5", "add the 2 missing cells", 12},
		{[]int{5, 6, 5}, "row 2 has 6 cells but the other rows have 5", "remove the cell too many", 11},
		{[]int{5, 8, 5}, "row 2 has 8 cells but the other rows have 5", "remove the 3 cells too many", 11},
		{[]int{5, 5, 4, 5, 6}, "row 3 has 4 cells but most rows have 5", "add the missing cell", 12},
	} {
		rows := make([][]uint8, len(c.lens))
		lines := make([]int, len(c.lens))
		for i, n := range c.lens {
			rows[i], lines[i] = make([]uint8, n), 10+i
		}
		err := unevenRow(rows, lines)
		ie, ok := err.(*imageError)
		if !ok || ie.Error() != c.msg || ie.hint != c.hint || ie.lines != c.line {
			t.Errorf("rows of %v: %#v, want %q (%s) at %d", c.lens, err, c.msg, c.hint, c.line)
		}
	}
	if err := unevenRow([][]uint8{make([]uint8, 3), make([]uint8, 3)}, []int{1, 2}); err != nil {
		t.Errorf("even rows: %v", err)
	}
}

// TestUnclosedQuoteToTheTag: an attribute value whose quote is not closed
// before its tag's ">" is named at its line with the value to write.
func TestUnclosedQuoteToTheTag(t *testing.T) {
	text := "<?xml version=\"1.0\"?>\n<puzzle>\n<clues type=\"rows>\n<line><count>1</count></line>\n</clues>\n</puzzle>\n"
	_, err := Read("quote.xml", []byte(text))
	d := Diagnostics("quote.xml", err)
	if len(d) != 1 || d[0].Line != 3 || !strings.Contains(d[0].Message, "is not closed on its line") || d[0].Hint != `write type="rows"` {
		t.Errorf("errors %v, want one at line 3 that says to write type=\"rows\"", d)
	}
}
