package build

import (
	"fmt"
	"strings"
	"testing"
)

// TestTooLargeToPrintIsWarned checks that a build warns, at the file, of a
// puzzle whose printed grid is too fine to solve on paper.
func TestTooLargeToPrintIsWarned(t *testing.T) {
	const n = 280
	var b strings.Builder
	fmt.Fprintf(&b, "title \"Wall\"\nlicense CC0-1.0\nwidth %d\nheight %d\nrows\n", n, n)
	b.WriteString(strings.Repeat(fmt.Sprintf("%d\n", n), n))
	b.WriteString("columns\n")
	b.WriteString(strings.Repeat(fmt.Sprintf("%d\n", n), n))
	s := newSite(t, "-- big/wall.non --\n"+b.String()+"-- small/cup.non --\n"+dot("Cup"))
	sum := s.mustBuild(Config{})
	var found []string
	for _, w := range sum.Warnings {
		if strings.Contains(w, "too large to solve on paper") {
			found = append(found, w)
		}
	}
	if len(found) != 1 || !strings.Contains(found[0], "wall.non") || !strings.Contains(found[0], `"Wall"`) {
		t.Errorf("warnings of too large a grid: %q, want one about wall.non", found)
	}
}
