package site

import (
	"cmp"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/grade"
)

// Shortcut is a ready-made search the home page offers: a difficulty, one
// of the archive's commonest sizes, or its colour puzzles.
type Shortcut struct {
	Label, URL string
}

// SmallSide is the longest side of a grid the search finds as "small"
// (static/search.js says the same).
const SmallSide = 10

// shortcutSizes is how many of the commonest sizes the home page offers.
const shortcutSizes = 3

// Shortcuts returns the searches the home page (in folder from) offers a
// visitor who wants "an easy 10×10": the difficulties the archive has,
// easiest first; its small grids (up to SmallSide a side); the
// shortcutSizes grid sizes most of its puzzles have (at least two each),
// smallest first; and its colour puzzles.
// Fewer than three are not worth a line: nil.
func (s *Site) Shortcuts(from string) []Shortcut {
	grades := map[string]bool{}
	sizes := map[[2]int]int{}
	colour, small := false, 0
	for _, e := range s.Entries {
		grades[e.Difficulty] = true
		if e.Kind == "" && e.Width > 0 {
			sizes[[2]int{e.Width, e.Height}]++
			if e.Width <= SmallSide && e.Height <= SmallSide {
				small++
			}
		}
		colour = colour || e.Colors > 1
	}
	search := content.RelURL(from, "search/index.html")
	var out []Shortcut
	add := func(label, q string) {
		out = append(out, Shortcut{Label: label, URL: search + "?q=" + url.QueryEscape(q)})
	}
	for _, g := range grade.All() {
		if grades[g.Key] {
			word := strings.ToUpper(g.Word[:1]) + g.Word[1:]
			add(word, word)
		}
	}
	var common [][2]int
	for wh, n := range sizes {
		if n >= 2 {
			common = append(common, wh)
		}
	}
	slices.SortFunc(common, func(a, b [2]int) int {
		return cmp.Or(sizes[b]-sizes[a], a[0]*a[1]-b[0]*b[1], a[0]-b[0])
	})
	common = common[:min(len(common), shortcutSizes)]
	slices.SortFunc(common, func(a, b [2]int) int { return cmp.Or(a[0]*a[1]-b[0]*b[1], a[0]-b[0]) })
	if small >= 2 {
		add("Small, up to 10×10", "small")
	}
	for _, wh := range common {
		w, h := strconv.Itoa(wh[0]), strconv.Itoa(wh[1])
		add(w+"×"+h, w+"x"+h)
	}
	if colour {
		add("In colour", "colours")
	}
	if len(out) < 3 {
		return nil
	}
	return out
}
