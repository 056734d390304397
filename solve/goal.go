package solve

// A puzzle's goal, when it fits the clues, is a solution the solver need
// not find. It is used only where finding a first solution is the hard part:
// when the SAT fallback (satsearch.go) has spent diveAfter conflicts without
// one, the goal takes the dive's place (dive.go), and the solver looks for a
// second solution from it, as it does from a solution the dive found. A
// puzzle settled earlier is solved as if it had no goal, so its grade and
// effort do not depend on it; a unique puzzle whose proof reaches that point
// has the effort spent until then.
//
// On random 40×40 grids at density 0.45, whose clues are the hardest to find
// any solution of, this turns a check that could run past a minute into one
// of 0.43 to 1.02 s (seeds 1 to 40, one core) for an author who drew the
// picture.

// fromGoal records the goal as a solution, when it is one (the grid
// checks it against the clues: setAll), and returns what a dive that found
// it returns: its colours, and per cell the share of its likeliest colour
// in the beliefs (1 for a solved cell), or no shares for a grid too big for
// the beliefs. A goal that is no solution is left aside, and the dive runs
// as for a puzzle without one.
func (s *solver) fromGoal() (colors []uint8, sure []float64, err error) {
	g := s.g
	m := g.mark()
	fits, err := g.setAll(s.goal.Cells)
	if fits {
		s.found() // a new image: a result never shares the caller's
	}
	g.undo(m)
	if err != nil {
		return nil, nil, err
	}
	if !fits {
		return s.dive()
	}
	if _, sure, err = firstBeliefs(g); err != nil {
		return nil, nil, err
	}
	return s.goal.Cells, sure, nil
}
