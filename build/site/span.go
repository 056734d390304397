package site

import (
	"fmt"
	"strings"
)

// span is what a collection's puzzles, with those below it, range over:
// the smallest and largest grids by cells, and the easiest and hardest
// grades (indexes into grades; −1 while none is graded). A triddler counts
// for its grade only: its triangles are no size a grid's can be put beside.
type span struct {
	smallest, largest *Entry
	easiest, hardest  int
}

func newSpan() span { return span{easiest: -1, hardest: -1} }

// add widens s to take in e.
func (s *span) add(e *Entry) {
	if e.Kind == "" {
		if s.smallest == nil || e.CellCount() < s.smallest.CellCount() {
			s.smallest = e
		}
		if s.largest == nil || e.CellCount() > s.largest.CellCount() {
			s.largest = e
		}
	}
	for i, g := range grades {
		if g.key == e.Difficulty {
			if s.easiest < 0 || i < s.easiest {
				s.easiest = i
			}
			s.hardest = max(s.hardest, i)
		}
	}
}

// join widens s to take in t.
func (s *span) join(t span) {
	for _, e := range []*Entry{t.smallest, t.largest} {
		if e != nil {
			s.add(e)
		}
	}
	for _, i := range []int{t.easiest, t.hardest} {
		if i >= 0 {
			s.add(&Entry{Kind: "grade only", Difficulty: grades[i].key})
		}
	}
}

// Parts says the span as a collection's card does, in parts that each stay
// on one line: "5×5 to 10×10", "easy to medium"; "15×15", "hard"; none
// when it knows neither.
func (s span) Parts() []string {
	var parts []string
	if s.smallest != nil {
		size := func(e *Entry) string { return fmt.Sprintf("%d×%d", e.Width, e.Height) }
		parts = append(parts, fromTo(size(s.smallest), size(s.largest)))
	}
	if s.easiest >= 0 {
		word := func(i int) string { name, _, _ := strings.Cut(grades[i].Name, " "); return strings.ToLower(name) }
		parts = append(parts, fromTo(word(s.easiest), word(s.hardest)))
	}
	return parts
}

// fromTo is "a to b", or a when they are the same.
func fromTo(a, b string) string {
	if a == b {
		return a
	}
	return a + " to " + b
}
