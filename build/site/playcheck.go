package site

import (
	"github.com/nonopress/nonopress/solve"
	"github.com/nonopress/nonopress/templates"
	"github.com/nonopress/nonopress/validate"
)

// playOptions is what a puzzle page's play mode gets beyond the clues: the
// masked solution for its Check button, when the puzzle has exactly one.
func playOptions(rep *validate.Report) []templates.PlayOption {
	if rep.Verdict != string(solve.Unique) || rep.Solution == nil {
		return nil
	}
	return []templates.PlayOption{templates.WithSolution(rep.Solution)}
}
