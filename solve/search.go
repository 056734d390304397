package solve

import (
	"context"

	"github.com/nonopress/nonopress/puzzle"
)

// guessCost is the effort a guess adds on top of the line steps it leads to.
const guessCost = 20

// solver runs one Solve: propagation, probing and a depth-first search that
// stops at the second solution.
type solver struct {
	g     *grid
	stats Stats
	work  int64 // effort counter, see doc.go

	solutions     []*puzzle.Image // distinct solutions found, at most two
	effortAtFirst int64
	difficulty    Difficulty

	probe prober
}

func newSolver(ctx context.Context, w, h int, rows, cols [][]block, colors int) *solver {
	s := &solver{}
	s.g = newGrid(ctx, w, h, rows, cols, colors, &s.stats, &s.work)
	s.probe.init(w * h)
	return s
}

// enough reports whether the search can stop: two solutions prove the puzzle
// is not unique.
func (s *solver) enough() bool { return len(s.solutions) >= 2 }

// run solves from the initial state, grading the puzzle by the first
// technique that solves it at the root, then searching for a second solution.
func (s *solver) run() error {
	g := s.g
	ok, err := g.propagate()
	if err != nil || !ok {
		return err
	}
	if g.solved() {
		s.difficulty = Line
		s.found()
		s.effortAtFirst = s.work
		return nil
	}
	ok, err = s.probeToFixedPoint()
	if err != nil || !ok || s.enough() {
		return err
	}
	if g.solved() {
		s.difficulty = Probe
		s.found()
		s.effortAtFirst = s.work // the work to prove it, not to stumble on it
		return nil
	}
	s.difficulty = Search
	return s.branch()
}

// node solves the subtree under the current state: propagation, probing,
// then a guess.
func (s *solver) node() error {
	ok, err := s.g.propagate()
	if err != nil || !ok {
		return err
	}
	ok, err = s.probeToFixedPoint()
	if err != nil || !ok || s.enough() {
		return err
	}
	if s.g.solved() {
		s.found()
		return nil
	}
	return s.branch()
}

// branch guesses each colour of the probe's chosen cell in turn.
func (s *solver) branch() error {
	g := s.g
	cell := s.probe.best
	set := g.cells[cell]
	for c := maxColors - 1; c >= 0; c-- {
		if set&(1<<c) == 0 {
			continue
		}
		s.stats.Nodes++
		s.work += guessCost
		m := g.mark()
		g.set(cell, 1<<c)
		err := s.node()
		g.undo(m)
		if err != nil || s.enough() {
			return err
		}
	}
	return nil
}

// probeToFixedPoint probes until a round learns nothing, the state is
// solved, or a contradiction shows the state has no solution (false).
func (s *solver) probeToFixedPoint() (bool, error) {
	for !s.g.solved() && !s.enough() {
		progress, ok, err := s.probe.round(s)
		if err != nil || !ok {
			return false, err
		}
		if !progress {
			break
		}
	}
	return true, nil
}

// found records the solved state as a solution unless it is one already known.
func (s *solver) found() {
	img := puzzle.NewImage(s.g.w, s.g.h)
	for i, c := range s.g.cells {
		img.Cells[i] = uint8(c.only())
	}
	for _, o := range s.solutions {
		if o.Equal(img) {
			return
		}
	}
	if len(s.solutions) == 0 {
		s.effortAtFirst = s.work
	}
	s.solutions = append(s.solutions, img)
}
