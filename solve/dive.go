package solve

// The dive: a search for a first solution without backtracking, for the
// wide-open puzzles (random grids near density 0.4) on which the SAT
// solver's first decisions wander. Belief propagation (beliefs.go) ranks the
// unsolved cells; the cell the beliefs are surest of is set to its likeliest
// colour and line logic propagates it, and the beliefs are brought up to
// date. A colour that leads to a contradiction is removed and the dive goes
// on; when every colour of a cell fails, the dive stops. It proves nothing:
// a solution it reaches is recorded, and the SAT solver (satsearch.go) goes
// on from the colours it reached.

// Rounds of belief propagation before the dive and after each of its steps.
const (
	diveFirstRounds = 50
	diveStepRounds  = 2
)

// dive looks for a solution from the grid's state and restores the state.
// It records a solution it finds, and returns a colour per cell, the
// solution's or where the dive stopped (with the likeliest colour of each
// cell it left open), and per cell the share of its likeliest colour in the
// beliefs it started from (1 for a solved cell); or no colours, for a grid
// too big for the beliefs to be worth their work.
func (s *solver) dive() (colors []uint8, sure []float64, err error) {
	g := s.g
	root := g.mark()
	defer g.undo(root)
	if !beliefsFit(g) {
		return nil, nil, nil // too big to be worth it
	}
	b := newBeliefs(g)
	if !b.run(diveFirstRounds) {
		return nil, nil, errBudget
	}
	sure = make([]float64, len(g.cells))
	for i := range sure {
		_, sure[i] = b.likeliest(i)
	}
	for !g.solved() {
		cell, c := b.surest()
		s.stats.Nodes++
		s.work += guessCost
		m := g.mark()
		g.set(cell, 1<<c)
		ok, err := g.propagate()
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			g.undo(m)
			g.set(cell, g.cells[cell]&^(1<<c))
			if ok, err = g.propagate(); err != nil {
				return nil, nil, err
			}
			if !ok {
				g.undo(m)
				return b.likeliestColors(), sure, nil
			}
		}
		if !b.run(diveStepRounds) {
			return nil, nil, errBudget
		}
	}
	s.found()
	return b.likeliestColors(), sure, nil
}
