// Package validate decides whether a puzzle is fit to publish: well formed, its
// goal consistent with its clues, and solvable with exactly one solution. It
// joins the model's structural checks with the solver's verdict and caches the
// verdicts by puzzle id, so that `check` and the site build report the same
// thing and an unchanged puzzle is never solved twice.
package validate

import (
	"context"
	"fmt"
	"strings"
	"time"

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
	Errors     []puzzle.Diagnostic
	Warnings   []puzzle.Diagnostic
	Seconds    float64 // wall time of the check (0 when answered from the cache)
	// Solution is the image to show as the answer: the goal, or else the
	// solver's unique solution; nil when there is none.
	Solution *puzzle.Image
	// Solutions holds two different solutions when the verdict is multiple.
	Solutions []*puzzle.Image
	Cached    bool // the verdict came from the cache
}

// HasErrors reports whether the puzzle must not be published.
func (r *Report) HasErrors() bool { return len(r.Errors) > 0 }

// Check validates p. It never fails: every problem becomes an error or a
// warning of the report, placed at the puzzle's line in its file.
func Check(ctx context.Context, p *puzzle.Puzzle, opt Options) Report {
	start := time.Now()
	r := Report{ID: p.ID()}
	line := p.Origin.Line
	errorf := func(format string, args ...any) {
		r.Errors = append(r.Errors, puzzle.Diagnostic{Line: line, Message: fmt.Sprintf(format, args...)})
	}
	warnf := func(format string, args ...any) {
		r.Warnings = append(r.Warnings, puzzle.Diagnostic{Line: line, Message: fmt.Sprintf(format, args...)})
	}
	r.Warnings = append(r.Warnings, p.Warnings...)
	if strings.TrimSpace(p.Meta.License) == "" {
		warnf("no license: say under which terms the puzzle may be shared (license key)")
	}
	if p.Kind == puzzle.Triddler {
		warnf("unsupported: triddler puzzles are read but not yet rendered or solved")
		return r
	}
	for _, msg := range p.Validate() {
		errorf("%s", msg)
	}
	if r.HasErrors() {
		return r
	}
	for _, m := range p.GoalMismatches() {
		errorf("goal contradicts clues: %s", m.Message)
	}
	if r.HasErrors() {
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
		errorf("no solution: the clues contradict each other")
	case solve.Multiple:
		r.Solutions = res.Solutions
		diff := solve.Differences(res.Solutions[0], res.Solutions[1], 4)
		cells := make([]string, len(diff))
		for i, d := range diff {
			cells[i] = fmt.Sprintf("(%d,%d)", d[0]+1, d[1]+1)
		}
		warnf("multiple solutions: two of them differ at column,row %s", strings.Join(cells, " "))
	case solve.Unknown:
		warnf("uniqueness unknown: the solver's budget of %s ran out", timeout)
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
