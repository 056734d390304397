package solve

// The dive: a search for a first solution, for the wide-open puzzles
// (random grids near density 0.4) on which the SAT solver's first
// decisions wander. Belief propagation (beliefs.go) ranks the unsolved
// cells; the cell the beliefs are surest of is set to its likeliest colour,
// line logic propagates it, the lines it changed are probed, and the
// beliefs are brought up to date. A colour that leads to a contradiction is
// removed and the dive goes on; when every colour of a cell fails, it
// backjumps over its decisions (divesearch.go); when 64 backjumps have not
// mended them, a SAT solver asked about prefixes of its decisions refutes
// the one to blame (diverepair.go), and it stops when its repairs are
// spent. It proves nothing: a solution it reaches, or a repair's SAT solver
// finds, is recorded, and the SAT solver (satsearch.go) goes on from the
// colours it reached.

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
//
// The dive backjumps, probes and repairs (divesearch.go, diverepair.go);
// when that finds no solution, the plain dive (no backjumps, no probing, no
// repairs) runs after it, and the colours where it stopped are returned.
// After a failed dive, how long the SAT solver takes is chance: on the
// grids where both dives fail the SAT solver then goes on exactly as it did
// before the dive backjumped (random-40-0.4-1 took 3.8 s so, 2.4 s before,
// and was unknown at 30 s of CPU from the backjumping dive's colours), and
// the plain dive finds a solution on a few grids the other misses
// (random-40-0.4-23). When both fail, the SAT solver goes on from the
// plain dive's colours, and the decimation (decimate.go) has its turn
// after decimateAfter more conflicts (satsearch.go).
func (s *solver) dive() (colors []uint8, sure []float64, err error) {
	colors, sure, err = s.diveWith(newDiveStack(s, s.jumpsBeforeRepair(), true))
	if err != nil || colors == nil || len(s.solutions) > 0 {
		return colors, sure, err
	}
	return s.diveWith(newDiveStack(s, 0, false))
}

// diveWith is dive, its decisions taken and mended by d.
func (s *solver) diveWith(d *diveStack) (colors []uint8, sure []float64, err error) {
	g := s.g
	root := g.mark()
	defer g.undo(root)
	b, sure, err := firstBeliefs(g)
	if b == nil || err != nil {
		return nil, nil, err
	}
	for !g.solved() {
		cell, c := b.surest()
		s.stats.Nodes++
		s.work += guessCost
		ok, err := d.decide(cell, c)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			return b.likeliestColors(), sure, nil
		}
		if !b.run(diveStepRounds) {
			return nil, nil, errBudget
		}
	}
	s.found()
	return b.likeliestColors(), sure, nil
}

// firstBeliefs returns the grid's beliefs after diveFirstRounds rounds and
// per cell the share of its likeliest colour in them (1 for a solved cell);
// or no beliefs, for a grid too big for them to be worth their work.
func firstBeliefs(g *grid) (b *beliefs, sure []float64, err error) {
	if !beliefsFit(g) {
		return nil, nil, nil
	}
	b = newBeliefs(g)
	if !b.run(diveFirstRounds) {
		return nil, nil, errBudget
	}
	return b, b.surestShares(), nil
}
