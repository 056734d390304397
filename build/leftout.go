package build

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/validate"
)

// What a build says of a puzzle it leaves out: its errors, and its
// warnings with them, which often say the cause (a colour a clue names
// without a color line, then clue sums that disagree).

// judge returns a puzzle's problems (which keep it out: its errors, and
// with Strict its warnings too) and the warnings published with it, about
// its file.
func (r *run) judge(f *content.PuzzleFile, rep *validate.Report) (problems, warnings diag.List) {
	for _, d := range rep.Errors {
		d.File, d.Severity = f.Abs, diag.Error
		problems = append(problems, d)
	}
	for _, d := range rep.Warnings {
		d.File, d.Severity = f.Abs, diag.Warning
		if r.strict {
			d.Severity = diag.Error
			problems = append(problems, d)
			continue
		}
		warnings = append(warnings, d)
	}
	return problems, warnings
}

// A Skip is a puzzle (or a file's unreadable part, or a note) a build
// left out: its problems, by the first of which its line names it, and
// its warnings, written under that line, which often say the cause (the
// colour a clue names without a color line). Its line is made as the log
// is written, so that a fix given in full on an earlier line of the log is
// named there as on every other, "(as for a.non)" (diag.Hints).
type Skip struct {
	Problems diag.List
	Warnings diag.List
	// Of is what is left out when it is not a puzzle but a note: "its
	// collection" (a collection's note, ofCollection), "the note" (the
	// root's).
	Of string
}

// ofCollection is the Of of a collection's note in error: the collection
// is left out with its puzzles, unread.
const ofCollection = "its collection"

// Unread is the folder whose puzzles s leaves out without reading them: a
// collection's, its note in error; "" for any other skip (the root's note
// in error is left out alone, and its puzzles are read).
func (s Skip) Unread() string {
	if s.Of != ofCollection || len(s.Problems) == 0 {
		return ""
	}
	return filepath.Dir(s.Problems[0].File)
}

// Line is the Skip as the log writes it: "path:line: error: message (left
// out)", or "(left out, with 2 more problems)", or "(its collection left
// out)", followed by its warnings, one indented line each in line order;
// each fix given before, by hinted, is named "(as for a.non)", and those
// it gives are remembered there (nil gives every fix in full).
func (s Skip) Line(hinted diag.Hints) string {
	if hinted == nil {
		hinted = diag.Hints{}
	}
	var b strings.Builder
	b.WriteString(hinted.Shorten(s.Problems[0]).Labelled())
	switch {
	case s.Of != "":
		fmt.Fprintf(&b, " (%s left out)", s.Of)
	case len(s.Problems) == 1:
		b.WriteString(" (left out)")
	default:
		fmt.Fprintf(&b, " (left out, with %s)", puzzle.Plural(len(s.Problems)-1, "more problem"))
	}
	for _, d := range inLineOrder(s.Warnings, nil) {
		b.WriteString("\n  ")
		b.WriteString(hinted.Shorten(d).Labelled())
	}
	return b.String()
}

// leftOutWarning reports whether d is a warning of one of skips.
func leftOutWarning(skips []Skip, d diag.Diagnostic) bool {
	return slices.ContainsFunc(skips, func(s Skip) bool { return slices.Contains(s.Warnings, d) })
}

// skippedLines are the lines of skips, fixes given by hinted named (see
// Skip.Line; with nil, each line gives its fixes in full).
func skippedLines(skips []Skip, hinted diag.Hints) []string {
	lines := make([]string, 0, len(skips))
	for _, s := range skips {
		lines = append(lines, s.Line(hinted))
	}
	return lines
}

// inLineOrder returns a puzzle's problems and warnings together, in the
// order of their places in its file, as check lists them (diag.List.Sort):
// a warning above an error is often its cause.
func inLineOrder(problems, warnings diag.List) diag.List {
	l := append(slices.Clone(problems), warnings...)
	l.Sort()
	return l
}
