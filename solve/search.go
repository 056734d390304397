package solve

import (
	"context"
	"errors"

	"github.com/nonopress/nonopress/puzzle"
)

// guessCost is the effort a guess adds on top of the line steps it leads to.
const guessCost = 20

// depthFirstNodes is how many guesses the depth-first search may make before
// the solver switches to conflict-driven learning (learn.go). Most puzzles
// that need search at all finish well within it; n-Dom does not.
const depthFirstNodes = 16

// maxLearnerAtoms is the largest cells × palette size the learner takes on
// (its tables cost about 36 bytes per atom); bigger puzzles are searched
// depth-first only.
const maxLearnerAtoms = 1 << 20

// errSwitch ends the depth-first search when its node budget is spent.
var errSwitch = errors.New("solve: depth-first budget spent")

// strategy says how the solver searches once probing is stuck.
type strategy int

const (
	depthFirstThenSAT strategy = iota // the default
	depthFirstThenLearn
	depthFirstOnly
	learnOnly
	satOnly
)

// options tune a solve; tests use them to reach every part of the solver.
type options struct {
	search    strategy
	noProbe   bool        // skip probing: go from line logic straight to search
	encoding  satEncoding // how the SAT fallback writes a line
	diveAfter int         // conflicts of the SAT fallback before the dive; 0 for diveAfter

	diveRepairs    int // the dive's SAT repairs (diverepair.go); 0 for diveRepairs, -1 for none
	repairBudget   int // conflicts per question of a repair; 0 for repairBudget
	repairJumps    int // backjumps before the first repair and between two; 0 for repairJumps, -1 for none
	decimate       int // decisions of the decimation after a failed dive (decimate.go); 0 for decimateDecisions, -1 for none
	decimateAfter  int // conflicts of the SAT solver after a failed dive before the decimation; 0 for decimateAfter
	decimateBudget int // conflicts of the decimation's first SAT question after a decision, doubled while it cannot tell; 0 for decimateBudget
}

// solver runs one Solve: propagation, probing and a search that stops at the
// second solution.
type solver struct {
	g      *grid
	opts   options
	search strategy // the strategy in use: opts.search unless the puzzle is too big to learn
	colors int      // palette size
	stats  Stats
	work   int64 // effort counter, see doc.go

	goal          *puzzle.Image   // the puzzle's goal, if it has one of its size (goal.go)
	solutions     []*puzzle.Image // distinct solutions found, at most two
	effortAtFirst int64
	difficulty    Difficulty

	probe prober
}

func newSolver(ctx context.Context, w, h int, rows, cols [][]block, colors int, opts options) *solver {
	s := &solver{colors: colors, opts: opts}
	s.g = newGrid(ctx, w, h, rows, cols, colors, &s.stats, &s.work)
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
	g.startCaching()
	beforeProbing := g.mark()
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
	s.search = s.opts.search
	switch {
	case s.search == depthFirstOnly:
	case (s.search == depthFirstThenSAT || s.search == satOnly) && !satFits(g):
		s.search = depthFirstThenLearn // the encoding would take too much memory
	}
	if (s.search == depthFirstThenLearn || s.search == learnOnly) && len(g.cells)*s.colors > maxLearnerAtoms {
		s.search = depthFirstOnly // and so would the learner's tables
	}
	// When probing learnt nothing at all, the puzzle is wide open (many
	// solutions, or a structure like n-Dom's), and depth-first search,
	// probing at every node, would pay a whole probing round per guess.
	wideOpen := g.mark() == beforeProbing && s.search == depthFirstThenSAT
	if s.search != learnOnly && s.search != satOnly && !wideOpen {
		root := g.mark()
		err := s.branch()
		if !errors.Is(err, errSwitch) || s.search == depthFirstOnly {
			return err
		}
		g.undo(root)
	}
	if s.search == depthFirstThenSAT || s.search == satOnly {
		return newSatSearch(s).run()
	}
	return newLearner(s, s.colors).run()
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

// branch guesses each colour of the probe's chosen cell in turn, the highest
// palette index first.
func (s *solver) branch() error {
	g := s.g
	cell := s.guessCell()
	set := g.cells[cell]
	for c := maxColors - 1; c >= 0; c-- {
		if set&(1<<c) == 0 {
			continue
		}
		if s.search != depthFirstOnly && s.stats.Nodes >= depthFirstNodes {
			return errSwitch
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

// guessCell picks the cell to guess on: the one the last probing round found
// most telling or, without probing, the first unknown cell.
func (s *solver) guessCell() int {
	if !s.opts.noProbe {
		return s.probe.best
	}
	for i, c := range s.g.cells {
		if !c.single() {
			return i
		}
	}
	return 0
}

// probeToFixedPoint probes until a round learns nothing, the state is
// solved, or a contradiction shows the state has no solution (false).
func (s *solver) probeToFixedPoint() (bool, error) {
	for !s.opts.noProbe && !s.g.solved() && !s.enough() {
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
	s.record(img)
}

// record adds a solution unless it is one already known.
func (s *solver) record(img *puzzle.Image) {
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
