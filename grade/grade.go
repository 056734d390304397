// Package grade words the solver's difficulty grades (solve.Difficulty:
// line, probe, search) for the people who read them. It is the one table
// of that wording, so that a puzzle check says was "solved with
// look-ahead" is "medium" on its printed sheet and in the site's search,
// and "Medium – look-ahead" on its page. It imports nothing of the
// project's: check, render, searchindex and the site all read it, and
// none of them needs the solver to.
package grade

import "slices"

// Words are one grade's words, each named for where it is used.
type Words struct {
	// Key is the solver's grade, as check -json and the catalogue keep it:
	// "line".
	Key string
	// Word is the grade in one lower-case word: "easy", on printed sheets
	// and booklet contents ("difficulty: easy"), after a size on the site's
	// lists and collection cards ("10×10 · easy"), and as the search finds
	// it.
	Word string
	// Solved is how check's verdict line says the puzzle was solved:
	// "solved line by line".
	Solved string
	// Name is the grade as the site's cards and puzzle pages name it: its
	// Word capitalised, a dash and the technique, "Easy – line logic".
	Name string
	// Technique is the solver's name for what the grade needs, as
	// solve/doc.go says it: "probing", where Name says "look-ahead". The
	// site's search finds the grade by it too.
	Technique string
	// Meaning is what the grade means for solving, on the puzzle page.
	Meaning string
}

// table is every grade the solver gives, easiest first (solve/doc.go
// defines them for authors).
var table = [...]Words{
	{"line", "easy", "solved line by line", "Easy – line logic", "line logic",
		"Every cell follows from one row or column at a time: no guessing, no looking ahead."},
	{"probe", "medium", "solved with look-ahead", "Medium – look-ahead", "probing",
		"Some cells need a look ahead: suppose a colour, follow the lines until they contradict. Still no guessing."},
	{"search", "hard", "solved by trial and error", "Hard – trial and error", "search",
		"Logic alone stalls: the solver had to guess and back-track, and so will you."},
}

// All returns the grades, easiest first.
func All() []Words { return slices.Clone(table[:]) }

// Of returns the words of the grade key ("line"), and false for a key that
// is no grade.
func Of(key string) (Words, bool) {
	if r := Rank(key); r > 0 {
		return table[r-1], true
	}
	return Words{}, false
}

// Rank numbers the grade key from 1, the easiest, in the order of All; 0
// for a key that is no grade.
func Rank(key string) int {
	for i, w := range table {
		if w.Key == key {
			return i + 1
		}
	}
	return 0
}
