package formats

import (
	"fmt"
	"strings"
	"testing"
)

// TestGoalSizeHintSaysHowManyLinesToAddOrRemove: when the rows' <clues>
// hold two <line>s more or fewer than the goal image has rows, the hint
// says to remove or add them from the first that differs, or, when all
// agree with the image, to add those missing after the last (one <line>
// off is cases.txt's).
func TestGoalSizeHintSaysHowManyLinesToAddOrRemove(t *testing.T) {
	// The image's rows are 2, 1, 2, 1, 2; a row clue <line> is on line 3+i.
	for _, c := range []struct {
		rows []int
		want string
	}{
		{[]int{2, 2, 2}, "has 3 <line>s for the image's 5 rows, and the first that differs from the image is at line 4: add the 2 <line>s missing, from there on"},
		{[]int{2, 1, 1, 1, 2, 1, 2}, "has 7 <line>s for the image's 5 rows, and the first that differs from the image is at line 5: remove the 2 <line>s too many, from there on"},
		{[]int{2, 1, 2}, "has 3 <line>s for the image's 5 rows, all as the image gives them: add the 2 <line>s missing after line 5"},
	} {
		var src strings.Builder
		src.WriteString("<puzzleset><puzzle>\n<clues type=\"rows\">\n")
		for _, n := range c.rows {
			fmt.Fprintf(&src, "<line><count>%d</count></line>\n", n)
		}
		src.WriteString("</clues>\n<clues type=\"columns\"><line><count>1</count><count>3</count></line><line><count>3</count><count>1</count></line></clues>\n" +
			"<solution><image>\n|XX|\n|.X|\n|XX|\n|X.|\n|XX|\n</image></solution>\n</puzzle></puzzleset>\n")
		_, err := Read("rows.xml", []byte(src.String()))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("rows %v: error %v, want it to say %q", c.rows, err, c.want)
		}
	}
}
