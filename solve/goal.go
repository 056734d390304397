package solve

import "github.com/nonopress/nonopress/puzzle"

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

// goalOf returns a copy of p's goal (a result never shares the caller's
// image) if the goal satisfies every clue, else nil.
func goalOf(p *puzzle.Puzzle) *puzzle.Image {
	if p.Goal == nil || !p.Satisfies(p.Goal) {
		return nil
	}
	img := puzzle.NewImage(p.Goal.Width, p.Goal.Height)
	copy(img.Cells, p.Goal.Cells)
	return img
}

// fromGoal records the goal as a solution and returns what a dive that
// found it returns: its colours, and per cell the share of its likeliest
// colour in the beliefs (1 for a solved cell), or no shares for a grid too
// big for the beliefs.
func (s *solver) fromGoal() (colors []uint8, sure []float64, err error) {
	s.record(s.goal)
	if _, sure, err = firstBeliefs(s.g); err != nil {
		return nil, nil, err
	}
	return s.goal.Cells, sure, nil
}
