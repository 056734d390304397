package site

import (
	"fmt"
	"strings"
	"time"

	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/puzzle"
)

// gradeName is the visitor's name of a difficulty grade, "Easy – line
// logic"; "" when unknown.
func gradeName(difficulty string) string {
	g, _ := grade.Of(difficulty)
	return g.Name
}

// gradeWord is a difficulty grade in one word, "easy"; "" when unknown.
func gradeWord(difficulty string) string {
	g, _ := grade.Of(difficulty)
	return g.Word
}

// verdictText says in a sentence what the solver found.
func verdictText(verdict string) string {
	switch verdict {
	case "unique":
		return "Exactly one solution, proven by the solver."
	case "multiple":
		return "More than one picture fits these clues."
	case "unknown":
		return "The solver ran out of time before it could prove the solution unique."
	case "none":
		return "No picture fits these clues."
	}
	return "Not checked by the solver."
}

// colourWords is "black and white" or "3 colours".
func colourWords(colors int) string {
	if colors <= 1 {
		return "black and white"
	}
	return fmt.Sprintf("%d colours", colors)
}

// puzzleDescription is a puzzle page's meta description when its note gives
// none: what it is, who made it, and what a visitor can do with it.
func puzzleDescription(e *Entry) string {
	var b strings.Builder
	fmt.Fprintf(&b, "A %s in %s", e.FeedSize(), colourWords(e.Colors))
	if e.Author != "" {
		fmt.Fprintf(&b, " by %s", e.Author)
	}
	b.WriteString(": ")
	b.WriteString(strings.ToLower(badgeText(e.Verdict)))
	if g := gradeName(e.Difficulty); g != "" {
		b.WriteString(", ")
		b.WriteString(strings.ToLower(g))
	}
	b.WriteString(". Play it online, print it or download it.")
	return b.String()
}

// dateText shows an RFC 3339 date as "2 March 2024"; "" for none or a bad one.
func dateText(rfc3339 string) string {
	t, err := time.Parse(time.RFC3339, rfc3339)
	if err != nil {
		return ""
	}
	return t.Format("2 January 2006")
}

// swatchNames lists a puzzle's colours for the label of its swatches.
func swatchNames(sw []Swatch) string {
	names := make([]string, len(sw))
	for i, s := range sw {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// badge names the uniqueness badge of a verdict: a CSS class suffix.
func badge(verdict string) string {
	switch verdict {
	case "unique", "multiple", "unknown", "none":
		return verdict
	}
	return "unchecked"
}

// badgeText is the badge's words.
func badgeText(verdict string) string {
	switch verdict {
	case "unique":
		return "Unique solution"
	case "multiple":
		return "Several solutions"
	case "unknown":
		return "Uniqueness not proven"
	case "none":
		return "No solution"
	}
	return "Not checked"
}

// cardSize is the size a card shows: "15×20", or "triddler, 96 triangles".
func (e *Entry) cardSize() string {
	if e.Kind == string(puzzle.Triddler) {
		return "triddler, " + puzzle.Plural(e.Cells, "triangle")
	}
	return fmt.Sprintf("%d×%d", e.Width, e.Height)
}

// FeedSize is the size the Atom feed states: "15x20 nonogram", or
// "triddler of 96 triangles".
func (e *Entry) FeedSize() string {
	if e.Kind == string(puzzle.Triddler) {
		return "triddler of " + puzzle.Plural(e.Cells, "triangle")
	}
	return fmt.Sprintf("%dx%d nonogram", e.Width, e.Height)
}
