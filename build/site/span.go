package site

import (
	"fmt"

	"github.com/nonopress/nonopress/grade"
)

// span is what a collection's puzzles, with those below it, range over:
// the smallest and largest grids by cells, and the easiest and hardest
// grades (their grade.Rank, 1 the easiest; 0 while none is graded). A
// triddler counts for its grade only: its triangles are no size a grid's
// can be put beside. The zero span has seen no puzzle.
type span struct {
	smallest, largest *Entry
	easiest, hardest  int
}

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
	s.addRank(grade.Rank(e.Difficulty))
}

// addRank widens s to take in the grade of rank r; 0 is none.
func (s *span) addRank(r int) {
	if r == 0 {
		return
	}
	if s.easiest == 0 || r < s.easiest {
		s.easiest = r
	}
	s.hardest = max(s.hardest, r)
}

// join widens s to take in t.
func (s *span) join(t span) {
	for _, e := range []*Entry{t.smallest, t.largest} {
		if e != nil {
			s.add(e)
		}
	}
	s.addRank(t.easiest)
	s.addRank(t.hardest)
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
	if s.easiest > 0 {
		grades := grade.All()
		parts = append(parts, fromTo(grades[s.easiest-1].Word, grades[s.hardest-1].Word))
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
