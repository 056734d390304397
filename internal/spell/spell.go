// Package spell finds the word an author probably meant: the known word a
// small edit away from a misspelt one ("widht" → "width", "CC-BY-4" →
// "CC-BY-4.0").
package spell

import "strings"

// Distance is the optimal string alignment distance between a and b, in
// characters: insertions, deletions, substitutions and swaps of neighbours
// each count one.
func Distance(a, b string) int { return EditDistance([]rune(a), []rune(b)) }

// EditDistance is the optimal string alignment distance between sequences
// x and y: insertions, deletions, substitutions and swaps of neighbours each
// count one.
func EditDistance[T comparable](x, y []T) int {
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}

// Closest returns the word of known nearest to word, ignoring case, when it
// is at most limit(known word) edits away and not word itself; else "". Ties
// go to the earlier word of known.
func Closest(word string, known []string, limit func(string) int) string {
	w := strings.ToLower(word)
	best, bestD := "", -1
	for _, k := range known {
		d := Distance(w, strings.ToLower(k))
		if d == 0 || d > limit(k) {
			continue
		}
		if bestD < 0 || d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// Only returns the word of known nearest to word, ignoring case, when it is
// at most limit edits away, no other word of known is as near, and word
// keeps more of its characters than the edits change; else "". Unlike
// Closest it makes no guess between equals ("6" is as near "1" as "5"), nor
// at a word the edits would replace whole ("a" for "b"), and it returns a
// word that differs from word only in case ("Print" for "print").
func Only(word string, known []string, limit int) string {
	w := strings.ToLower(word)
	best, bestD, tie := "", limit+1, false
	for _, k := range known {
		switch d := Distance(w, strings.ToLower(k)); {
		case d < bestD:
			best, bestD, tie = k, d, false
		case d == bestD:
			tie = true
		}
	}
	if tie || len([]rune(word)) <= bestD {
		return ""
	}
	return best
}
