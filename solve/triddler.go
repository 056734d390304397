package solve

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/nonopress/nonopress/puzzle"
)

// This file solves triddlers (see puzzle.TriGeometry): the same steps as for
// grids — propagation of line logic, probing, then search counting solutions
// up to two, handing over to the SAT fallback (triddler_sat.go) after a few
// guesses — on lines that are any sequence of cells, each cell lying on
// three lines. Line logic is SolveLine's, so a triddler's lines mean what a
// grid's do. Difficulty and effort are graded as doc.go says.

// lanes is the state of a solve on lines of arbitrary cells.
type lanes struct {
	done      <-chan struct{}
	lines     [][]int       // the cells of each line, in clue order
	clues     []puzzle.Line // the clue of each line
	cellLines [][]int       // the lines through each cell (three in a triddler, two in a grid)
	cells     []uint32      // the colours each cell may still take
	buf       []uint32
	stats     Stats
	work      int // the effort counter
	checkIn   int
	colors    int // palette size
	// solveLine is the line logic; SolveLine unless a caller needs another.
	solveLine func(puzzle.Line, []uint32) (bool, error)
	// strategy is how search goes once probing is stuck: depth-first, then
	// the SAT fallback (triddler_sat.go) after depthFirstNodes guesses; tests
	// pick depthFirstOnly or satOnly.
	strategy strategy
	handover int  // guesses before the SAT fallback takes over
	useSAT   bool // the strategy allows SAT and the puzzle suits it (set by run)
}

// solveTriddler solves a triddler; the context's deadline is the budget.
func solveTriddler(ctx context.Context, p *puzzle.Puzzle) (Result, error) {
	return solveTriddlerWith(ctx, p, depthFirstThenSAT, depthFirstNodes)
}

// solveTriddlerWith solves a triddler searching as st says, handing over to
// SAT after the given number of guesses.
func solveTriddlerWith(ctx context.Context, p *puzzle.Puzzle, st strategy, handover int) (Result, error) {
	g, err := p.TriddlerGeometry()
	if err != nil {
		return Result{}, fmt.Errorf("%w (%w)", err, ErrUnsupported) // err starts with the puzzle's place
	}
	if len(p.Palette) == 0 || len(p.Palette) > maxColors {
		return Result{}, fmt.Errorf("%s: %w: %d colours (at least 1, at most %d)", p.Where(), ErrUnsupported, p.Colors(), maxColors-1)
	}
	for i, l := range g.Clues {
		for _, c := range l {
			if c.MinLen() < 1 || c.Color < 1 || c.Color >= len(p.Palette) {
				tl := g.Lines[i]
				return Result{}, fmt.Errorf("%s: %w: %s line %d has a block %d of colour %d", p.Where(), ErrUnsupported, tl.Side, tl.Index+1, c.Len, c.Color)
			}
		}
	}
	s := newLanes(ctx, g, len(p.Palette))
	s.strategy, s.handover = st, handover
	return s.result(func(cells []uint32) *puzzle.Image { return triImage(g, cells) }), nil
}

// result runs the solve and reports it, drawing each solution with image.
func (s *lanes) result(image func([]uint32) *puzzle.Image) Result {
	sols, diff, effort, err := s.run()
	res := Result{Stats: s.stats}
	images := make([]*puzzle.Image, len(sols))
	for i, cells := range sols {
		images[i] = image(cells)
	}
	switch {
	case len(sols) >= 2:
		res.Verdict, res.Solutions = Multiple, images[:2]
	case err != nil:
		res.Verdict = Unknown
	case len(sols) == 1:
		res.Verdict, res.Solutions, res.Difficulty, res.Effort = Unique, images, diff, max(1, effort)
	default:
		res.Verdict = None
	}
	return res
}

// triImage draws a triddler's cells (one colour each) into an image of the
// geometry's size.
func triImage(g *puzzle.TriGeometry, cells []uint32) *puzzle.Image {
	img := puzzle.NewImage(g.Width, g.Height)
	for i, c := range g.Cells {
		img.Set(c.X, c.Y, bits.TrailingZeros32(cells[i]))
	}
	return img
}

// newLanes returns the state of a solve of triddler g, every cell open.
func newLanes(ctx context.Context, g *puzzle.TriGeometry, colors int) *lanes {
	lines := make([][]int, len(g.Lines))
	for i, l := range g.Lines {
		lines[i] = l.Cells
	}
	cellLines := make([][]int, len(g.CellLines))
	for i := range g.CellLines {
		cellLines[i] = g.CellLines[i][:]
	}
	return newLanesOf(ctx, lines, g.Clues, cellLines, colors)
}

// newLanesOf returns the state of a solve on the given lines (each a list of
// cells, in clue order) and clues, every cell open to every colour.
func newLanesOf(ctx context.Context, lines [][]int, clues []puzzle.Line, cellLines [][]int, colors int) *lanes {
	s := &lanes{done: ctx.Done(), lines: lines, clues: clues, cellLines: cellLines, solveLine: SolveLine, colors: colors,
		handover: depthFirstNodes}
	longest := 0
	for _, l := range lines {
		longest = max(longest, len(l))
	}
	s.buf = make([]uint32, longest)
	s.cells = make([]uint32, len(cellLines))
	all := uint32(1)<<colors - 1
	for i := range s.cells {
		s.cells[i] = all
	}
	return s
}

// run proves the number of solutions (up to two) and grades the first.
func (s *lanes) run() (sols [][]uint32, d Difficulty, effort int, err error) {
	all := make([]int, len(s.lines))
	for i := range all {
		all[i] = i
	}
	ok, err := s.propagate(s.cells, all)
	if err != nil || !ok {
		return nil, "", 0, err
	}
	if solved(s.cells) {
		return [][]uint32{s.cells}, Line, s.work, nil
	}
	if ok, err = s.probe(s.cells); err != nil || !ok {
		return nil, "", 0, err
	}
	if solved(s.cells) {
		return [][]uint32{s.cells}, Probe, s.work, nil
	}
	effort = -1
	root := append([]uint32(nil), s.cells...)
	s.useSAT = s.strategy != depthFirstOnly && s.satAllowed(root)
	if s.useSAT && s.strategy == satOnly {
		err = s.satSearch(root, &sols, &effort)
	} else if err = s.search(s.cells, &sols, &effort); errors.Is(err, errSwitch) {
		err = s.satSearch(root, &sols, &effort) // the solutions found so far are ruled out
	}
	return sols, Search, effort, err
}

// solved reports whether every cell has one colour left.
func solved(cells []uint32) bool {
	for _, c := range cells {
		if bits.OnesCount32(c) != 1 {
			return false
		}
	}
	return true
}

// propagate solves the queued lines, and the lines through every cell they
// narrow, until nothing changes. It reports false on a contradiction.
func (s *lanes) propagate(cells []uint32, queue []int) (bool, error) {
	queued := make([]bool, len(s.lines))
	for _, l := range queue {
		queued[l] = true
	}
	for len(queue) > 0 {
		l := queue[0]
		queue = queue[1:]
		queued[l] = false
		if s.checkIn++; s.checkIn >= checkEvery {
			s.checkIn = 0
			select {
			case <-s.done:
				return false, errBudget
			default:
			}
		}
		line := s.buf[:len(s.lines[l])]
		for i, c := range s.lines[l] {
			line[i] = cells[c]
		}
		s.stats.LineSolves++
		ok, err := s.solveLine(s.clues[l], line)
		if err != nil || !ok {
			return false, err
		}
		narrowed := false
		for i, c := range s.lines[l] {
			if line[i] == cells[c] {
				continue
			}
			if line[i] == 0 {
				return false, nil
			}
			cells[c], narrowed = line[i], true
			for _, o := range s.cellLines[c] {
				if o != l && !queued[o] {
					queued[o] = true
					queue = append(queue, o)
				}
			}
		}
		if narrowed {
			s.work++
		}
	}
	return true, nil
}

// probe tries each colour of each unknown cell in turn and removes those
// that lead to a contradiction, in rounds until a round learns nothing. It
// reports false when the puzzle has no solution.
func (s *lanes) probe(cells []uint32) (bool, error) {
	try := make([]uint32, len(cells))
	for progress := true; progress; {
		progress = false
		for c := range cells {
			for set := cells[c]; set != 0 && bits.OnesCount32(cells[c]) > 1; set &= set - 1 {
				bit := set & -set
				if cells[c]&bit == 0 {
					continue
				}
				copy(try, cells)
				try[c] = bit
				s.stats.Probes++
				s.work += 2
				ok, err := s.propagate(try, s.cellLines[c])
				if err != nil {
					return false, err
				}
				if ok {
					continue
				}
				cells[c] &^= bit
				progress = true
				if ok, err := s.propagate(cells, s.cellLines[c]); err != nil || !ok {
					return false, err
				}
			}
		}
	}
	return true, nil
}

// search guesses on the first unknown cell, with propagation and probing
// under every guess, and collects solutions until it has two. effort is set
// when the first solution is found.
func (s *lanes) search(cells []uint32, sols *[][]uint32, effort *int) error {
	c := -1
	for i, set := range cells {
		if bits.OnesCount32(set) > 1 {
			c = i
			break
		}
	}
	if c < 0 {
		*sols = append(*sols, append([]uint32(nil), cells...))
		if *effort < 0 {
			*effort = s.work
		}
		return nil
	}
	for set := cells[c]; set != 0 && len(*sols) < 2; set &= set - 1 {
		if s.useSAT && s.stats.Nodes >= s.handover {
			return errSwitch
		}
		try := append([]uint32(nil), cells...)
		try[c] = set & -set
		s.stats.Nodes++
		s.work += 20
		ok, err := s.propagate(try, s.cellLines[c])
		if err == nil && ok {
			ok, err = s.probe(try)
		}
		if err != nil {
			return err
		}
		if ok {
			if err := s.search(try, sols, effort); err != nil {
				return err
			}
		}
	}
	return nil
}
