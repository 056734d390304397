package solve

// Probing before each of the dive's decisions (divesearch.go): in each of
// the unsolved cells the beliefs are surest of, every colour but the
// likeliest is tried, and one that line logic refutes is removed. The
// guesses the plain dive got wrong had shares of 0.95 to 0.99, and line
// logic saw the contradiction only a hundred or more guesses later; tried
// before the guess, many show at once. A removal follows from the
// decisions taken, so a backjump undoes it with them; a probed cell left
// with no colour is a dead end like any other, and the dive backjumps from
// it.

// diveProbes is how many of the unsolved cells the beliefs are surest of
// the dive probes before each decision.
const diveProbes = 512

// step probes the cells b is surest of (when d.surest is set) and, unless
// that backjumped, solved the grid or recorded a solution, decides the
// surest cell's likeliest colour. It reports false when the dive is at its
// end.
func (d *diveStack) step(b *beliefs) (bool, error) {
	s := d.s
	if d.surest > 0 {
		jumps, known := d.jumpsLeft, len(s.solutions)
		ok, err := d.probeSurest(b)
		if !ok || err != nil || d.jumpsLeft != jumps || len(s.solutions) > known || s.g.solved() {
			return ok, err
		}
	}
	cell, c := b.surest()
	s.stats.Nodes++
	s.work += guessCost
	return d.decide(cell, c)
}

// probeSurest tries, in each of the d.surest unsolved cells b is surest
// of, every colour but the likeliest: a colour that line logic refutes is
// removed and its removal propagated. When that leaves the cell no colour,
// the dive backjumps from it (divesearch.go) and probeSurest returns. It
// stops when a try solves the grid (recorded), and reports false when the
// dive is at its end.
func (d *diveStack) probeSurest(b *beliefs) (bool, error) {
	s, g := d.s, d.s.g
	known := len(s.solutions)
	for _, i := range b.surestCells(d.surest) {
		likeliest, _ := b.likeliest(i)
		for c := range b.k {
			if c == likeliest || g.cells[i]&(1<<c) == 0 || g.cells[i].single() {
				continue
			}
			s.stats.Probes++
			s.work += probeCost
			m := g.mark()
			held, ok, err := g.tryColor(i, c)
			if err != nil || !ok {
				g.undo(m)
				if err != nil {
					return false, err
				}
				if ok, err := d.jumpBack(i); !ok || err != nil {
					return false, err
				}
				return d.refuteLast()
			}
			if held {
				if g.solved() {
					s.found()
				}
				g.undo(m)
			}
		}
		if len(s.solutions) > known || g.solved() {
			break
		}
	}
	return true, nil
}

// tryColor sets cell i to colour c and propagates, and reports whether
// that held. When line logic finds a contradiction, it undoes the change,
// removes c from the cell and propagates that, and ok reports whether the
// removal held in turn (false: the cell has no colour left).
func (g *grid) tryColor(i, c int) (held, ok bool, err error) {
	m := g.mark()
	g.set(i, 1<<c)
	if held, err = g.propagate(); held || err != nil {
		return held, held, err
	}
	g.undo(m)
	g.set(i, g.cells[i]&^(1<<c))
	ok, err = g.propagate()
	return false, ok, err
}
