package build

import (
	"fmt"
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

// skippedLine names a puzzle (or a file's unreadable part) left out, by
// its first problem ("path:line: error: message (left out)"): one line per
// puzzle, however many problems it has, followed by its warnings, one
// indented line each in line order, which often say the cause (the
// colour a clue names without a color line).
func skippedLine(problems, warnings diag.List) string {
	var b strings.Builder
	b.WriteString(problems[0].Labelled())
	if len(problems) == 1 {
		b.WriteString(" (left out)")
	} else {
		fmt.Fprintf(&b, " (left out, with %s)", puzzle.Plural(len(problems)-1, "more problem"))
	}
	for _, d := range inLineOrder(warnings, nil) {
		b.WriteString("\n  ")
		b.WriteString(d.Labelled())
	}
	return b.String()
}

// inLineOrder returns a puzzle's problems and warnings together, in the
// order of their places in its file, as check lists them (diag.List.Sort):
// a warning above an error is often its cause.
func inLineOrder(problems, warnings diag.List) diag.List {
	l := append(slices.Clone(problems), warnings...)
	l.Sort()
	return l
}
