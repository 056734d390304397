package solve

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// Verdict is what the solver proved about the number of solutions.
type Verdict string

// The verdicts.
const (
	Unique   Verdict = "unique"   // exactly one solution
	Multiple Verdict = "multiple" // two or more
	None     Verdict = "none"     // no solution
	Unknown  Verdict = "unknown"  // the budget ran out first
)

// Difficulty is the strongest technique a unique puzzle needs (see doc.go).
type Difficulty string

// The difficulties, easiest first.
const (
	Line   Difficulty = "line"   // line logic alone solves it
	Probe  Difficulty = "probe"  // needs probing, but no guessing
	Search Difficulty = "search" // needs search
)

// Version changes whenever a change to the solver could change a result
// (results are cached under it).
const Version = "10"

// Stats counts the solver's work, for benchmarks and tuning.
type Stats struct {
	LineSolves int // line solver calls, cache hits included
	CacheHits  int // line solves answered by the line cache
	Probes     int // colours tried in a cell while probing
	Nodes      int // search branches taken
}

// Result is the outcome of Solve.
type Result struct {
	Verdict    Verdict
	Solutions  []*puzzle.Image // one for Unique, two for Multiple, none otherwise
	Difficulty Difficulty      // "" unless Unique
	Effort     int             // grows with the work a person would do; 0 unless solved
	Stats      Stats           // line solves, probes, search nodes (for benchmarks)
}

// ErrUnsupported is returned for a puzzle the solver cannot work on.
var ErrUnsupported = errors.New("solve: unsupported puzzle")

// Solve solves a grid puzzle or a triddler; the context's deadline is the budget. It
// returns an error only for a puzzle it cannot work on (a malformed
// puzzle: see puzzle.Validate), never for a hard one.
func Solve(ctx context.Context, p *puzzle.Puzzle) (Result, error) {
	if p != nil && p.Kind == puzzle.Triddler {
		return solveTriddler(ctx, p) // triddler.go
	}
	if p != nil && blotted(p) {
		return solveBlottedGrid(ctx, p) // blot_grid.go
	}
	return solveWith(ctx, p, options{})
}

func solveWith(ctx context.Context, p *puzzle.Puzzle, opts options) (Result, error) {
	if err := check(p); err != nil {
		return Result{}, err
	}
	s := solverFor(ctx, p, opts)
	err := s.run()
	res := Result{Stats: s.stats}
	switch {
	case len(s.solutions) >= 2:
		res.Verdict = Multiple
		res.Solutions = s.solutions[:2]
	case err != nil:
		res.Verdict = Unknown
	case len(s.solutions) == 1:
		res.Verdict = Unique
		res.Solutions = s.solutions
		res.Difficulty = s.difficulty
		res.Effort = max(1, int(s.effortAtFirst))
	default:
		res.Verdict = None
	}
	return res, nil
}

// solverFor sets up the solve of a checked puzzle.
func solverFor(ctx context.Context, p *puzzle.Puzzle, opts options) *solver {
	rows, cols := make([][]block, p.Height), make([][]block, p.Width)
	for y, l := range p.Rows {
		rows[y] = toSolverLine(l)
	}
	for x, l := range p.Cols {
		cols[x] = toSolverLine(l)
	}
	s := newSolver(ctx, p.Width, p.Height, rows, cols, len(p.Palette), opts)
	if g := p.Goal; g != nil && g.Width == p.Width && g.Height == p.Height {
		s.goal = g // checked against the clues only if used (goal.go)
	}
	return s
}

// check refuses what the solver cannot work on, naming the puzzle.
func check(p *puzzle.Puzzle) error {
	if p == nil {
		return fmt.Errorf("%w: no puzzle", ErrUnsupported)
	}
	if p.Kind == puzzle.Triddler {
		return fmt.Errorf("%s: %w: triddlers are not solved", p.Where(), ErrUnsupported)
	}
	if len(p.Palette) > maxColors {
		return fmt.Errorf("%s: %w: %d colours (at most %d)", p.Where(), ErrUnsupported, len(p.Palette)-1, maxColors-1)
	}
	if len(p.Palette) == 0 {
		return fmt.Errorf("%s: %w: no palette", p.Where(), ErrUnsupported)
	}
	if errs := p.Validate(); len(errs) > 0 {
		return fmt.Errorf("%s: %w: %s", p.Where(), ErrUnsupported, strings.Join(errs, "; "))
	}
	return nil
}

func toSolverLine(l puzzle.Line) []block {
	b := make([]block, len(l))
	for i, c := range l {
		b[i] = block{len: c.Len, color: c.Color}
	}
	return b
}

// Differences lists the cells (x, y) where two images differ, at most max of
// them, row by row.
func Differences(a, b *puzzle.Image, max int) [][2]int {
	var out [][2]int
	if a == nil || b == nil {
		return nil
	}
	for y := range min(a.Height, b.Height) {
		for x := range min(a.Width, b.Width) {
			if len(out) >= max {
				return out
			}
			if a.At(x, y) != b.At(x, y) {
				out = append(out, [2]int{x, y})
			}
		}
	}
	return out
}
