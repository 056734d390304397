// Package validate decides whether a puzzle is fit to publish: well formed, its
// goal consistent with its clues, and solvable with exactly one solution. It
// joins the model's structural checks with the solver's verdict and caches the
// verdicts by puzzle id, so that `check` and the site build report the same
// thing and an unchanged puzzle is never solved twice.
package validate

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// DefaultTimeout is the solver budget per puzzle when none is given.
const DefaultTimeout = 10 * time.Second

// InterruptedPrefix starts the warning of a check whose context ended while
// the solver ran: its verdict proves nothing and is not cached.
const InterruptedPrefix = "check interrupted"

// Options tune a check.
type Options struct {
	Timeout time.Duration // solver budget; 0 means DefaultTimeout
	Cache   *Cache        // verdicts already known; nil for none
}

// Report is what a check found about one puzzle.
type Report struct {
	ID         string
	Verdict    string // solve.Verdict as text; "" when the solver did not run
	Difficulty string // "" unless the puzzle is unique
	Effort     int
	// Errors and Warnings carry the puzzle's file and the line (and column,
	// where known) of what they are about, with a hint where there is a fix.
	Errors   diag.List
	Warnings diag.List
	Seconds  float64 // wall time of the check (0 when answered from the cache)
	// Solution is the image to show as the answer: the goal, or else the
	// solver's unique solution; nil when there is none.
	Solution *puzzle.Image
	// Solutions holds two different solutions when the verdict is multiple.
	Solutions []*puzzle.Image
	Cached    bool // the verdict came from the cache
}

// HasErrors reports whether the puzzle must not be published.
func (r *Report) HasErrors() bool { return len(r.Errors) > 0 }

// Diagnostics returns the errors and warnings together, sorted by position.
func (r *Report) Diagnostics() diag.List {
	out := append(append(diag.List{}, r.Errors...), r.Warnings...)
	out.Sort()
	return out
}

// Check validates p. It never fails: every problem becomes an error or a
// warning of the report, placed at the puzzle's line in its file.
func Check(ctx context.Context, p *puzzle.Puzzle, opt Options) Report {
	start := time.Now()
	r := Report{ID: p.ID()}
	at := func(sev diag.Severity, line int, hint, format string, args ...any) {
		d := diag.Diagnostic{File: p.Origin.File, Line: line, Severity: sev, Message: fmt.Sprintf(format, args...), Hint: hint}
		if sev == diag.Error {
			r.Errors = append(r.Errors, d)
		} else {
			r.Warnings = append(r.Warnings, d)
		}
	}
	errorf := func(format string, args ...any) { at(diag.Error, p.Origin.Line, "", format, args...) }
	warnf := func(format string, args ...any) { at(diag.Warning, p.Origin.Line, "", format, args...) }
	for _, w := range p.Warnings {
		w.Severity = diag.Warning
		if w.File == "" {
			w.File = p.Origin.File
		}
		r.Warnings = append(r.Warnings, w)
	}
	if strings.TrimSpace(p.Meta.License) == "" {
		at(diag.Warning, p.Origin.Line, licenseHint(p.Origin.Syntax.License),
			"no license: say under which terms the puzzle may be shared")
	}
	r.Warnings = append(r.Warnings, checkLicense(p)...)
	r.Errors = append(r.Errors, p.Problems()...)
	if r.HasErrors() {
		sumsHint(p, r.Errors)         // sums.go
		triddlerSumsHint(p, r.Errors) // triddler.go
		return r
	}
	if ms := p.GoalMismatches(); len(ms) > 0 {
		if are, swapped := puzzle.SwappedClues(p.Rows, p.Cols, p.Goal); p.Width == p.Height && swapped {
			headers := cmp.Or(p.Origin.Syntax.Headers, "the rows and columns headers")
			at(diag.Error, p.HeaderLine(true), fmt.Sprintf("if %s at lines %d and %d are swapped, swap them back", headers, p.HeaderLine(true), p.HeaderLine(false)),
				"goal contradicts clues: the row clues %s the goal's column clues, and the column clues its row clues", are)
			return r
		}
		m := ms[0]
		more := ""
		switch {
		case len(ms) == 2:
			more = "; 1 more clue disagrees"
		case len(ms) > 2:
			more = fmt.Sprintf("; %d more clues disagree", len(ms)-1)
		}
		what, clueLine := "column", p.ColLine(m.Index)
		if m.Row {
			what, clueLine = "row", p.RowLine(m.Index)
		}
		at(diag.Error, p.GoalLine(), fmt.Sprintf("%s %d's clue is on line %d: if the goal is right, change it to %s", what, m.Index+1, clueLine, p.FormatLine(m.Got)),
			"goal contradicts clues: %s%s", m.Message, more)
		return r
	}

	timeout := opt.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	res, ok := opt.Cache.verifiedLookup(p, timeout)
	if ok {
		r.Cached = true
	} else {
		sctx, cancel := context.WithTimeout(ctx, timeout)
		var err error
		res, err = solve.Solve(sctx, p)
		cancel()
		if err != nil {
			errorf("cannot solve: %v", err)
			return r
		}
		if ctx.Err() != nil {
			// The caller gave up (Ctrl-C, a newer build): don't cache a verdict
			// that only reflects that.
			warnf("%s: %v", InterruptedPrefix, ctx.Err())
			r.Seconds = time.Since(start).Seconds()
			return r
		}
		opt.Cache.store(r.ID, p.Palette, timeout, res)
	}
	r.Verdict = string(res.Verdict)
	r.Difficulty = string(res.Difficulty)
	r.Effort = res.Effort
	switch res.Verdict {
	case solve.None:
		noSolution(p, at)
	case solve.Multiple:
		r.Solutions = goalFirst(p.Goal, res.Solutions)
		if p.Kind == puzzle.Triddler {
			triddlerMultiple(p, r.Solutions, at) // triddler.go
			break
		}
		diff := solve.Differences(r.Solutions[0], r.Solutions[1], 4)
		cells := make([]string, len(diff))
		for i, d := range diff {
			cells[i] = fmt.Sprintf("(%d,%d)", d[0]+1, d[1]+1)
		}
		line := p.HeaderLine(true)
		if p.Goal != nil {
			line = p.GoalLine()
		}
		at(diag.Warning, line, "change the picture or add clues so that only one picture fits",
			"multiple solutions: two of them differ at column,row %s", strings.Join(cells, " "))
	case solve.Unknown:
		at(diag.Warning, p.Origin.Line, unknownHint(p),
			"uniqueness unknown: the solver's budget of %s ran out", timeout)
	case solve.Unique:
		if p.Goal != nil && !p.Goal.Equal(res.Solutions[0]) {
			errorf("goal differs from the puzzle's unique solution")
		}
		r.Solution = res.Solutions[0]
	}
	if r.Solution == nil && p.Goal != nil && res.Verdict != solve.None {
		r.Solution = p.Goal
	}
	if !r.Cached {
		r.Seconds = time.Since(start).Seconds()
	}
	return r
}

// licenseHint says how a puzzle states its license: in its file as syntax
// says (Origin.Syntax.License), when its format can, or in its note or its
// folder's (build/content/credits.go).
func licenseHint(syntax string) string {
	const notes = "put \"license: CC-BY-4.0\" in the front matter of its note, or of its folder's README.md for the whole folder"
	if syntax == "" {
		return notes
	}
	return "add " + syntax + ", or " + notes
}

// unknownHint says what may settle a puzzle the solver's budget did not:
// for a puzzle without a goal, in a format that can carry one
// (Origin.Syntax.Goal), the goal (the solver then need not find a first
// solution itself, which is the hard part of a grid with several); and a
// longer budget, which `check` and a site's build set in different places.
func unknownHint(p *puzzle.Puzzle) string {
	const longer = "give the solver more time with check -timeout, or with solver_budget in a site's nonopress.toml"
	goal := p.Origin.Syntax.Goal
	if p.Goal != nil || goal == "" {
		return longer
	}
	return "add the picture as " + goal + ": the solver then need only look for a second solution; or " + longer
}

// goalFirst returns the two solutions an author is shown for an ambiguous
// puzzle: when the puzzle has a goal (which fits its clues by now), the goal
// and a solver's solution that differs from it, so that the differing cells
// are the ones the author's picture gets wrong; else the solver's two.
func goalFirst(goal *puzzle.Image, sols []*puzzle.Image) []*puzzle.Image {
	if goal == nil {
		return sols
	}
	for _, s := range sols {
		if !goal.Equal(s) {
			return []*puzzle.Image{goal, s}
		}
	}
	return sols
}
