package solve

// The walk's near misses (walk.go): when the grid it holds is a few cells
// from a solution, the cells outside the rows and columns near those are
// set, and line logic with a short depth-first search looks for a solution
// in what is left open.

// repair looks for a solution that agrees with a and b (two colourings, a
// colour per cell as 0 or 1) outside the rows and columns within radius of
// a cell where they differ, within nodes guesses, and records it. It leaves
// the grid's cells as they were.
func (s *solver) repair(a, b []float64, radius, nodes int) (bool, error) {
	g := s.g
	freeRow, freeCol := make([]bool, g.h), make([]bool, g.w)
	for i, v := range a {
		if v == b[i] {
			continue
		}
		y, x := i/g.w, i%g.w
		for d := -radius; d <= radius; d++ {
			if y+d >= 0 && y+d < g.h {
				freeRow[y+d] = true
			}
			if x+d >= 0 && x+d < g.w {
				freeCol[x+d] = true
			}
		}
	}
	root := g.mark()
	defer g.undo(root)
	for i, v := range a {
		if freeRow[i/g.w] || freeCol[i%g.w] || g.cells[i].single() {
			continue
		}
		g.set(i, 1<<int(v))
	}
	ok, err := g.propagate()
	if err != nil || !ok {
		return false, err
	}
	found, err := s.guessNear(a, &nodes)
	if found {
		s.found()
	}
	return found, err
}

// guessNear searches depth-first from the grid's state, on the first open
// cell, a's colour first, spending a node per colour tried.
// It leaves the grid solved when it finds a solution.
func (s *solver) guessNear(a []float64, nodes *int) (bool, error) {
	g := s.g
	if g.solved() {
		return true, nil
	}
	cell := 0
	for g.cells[cell].single() {
		cell++
	}
	first := int(a[cell])
	for _, c := range [2]int{first, 1 - first} {
		if *nodes <= 0 {
			return false, nil
		}
		*nodes--
		s.stats.Nodes++
		s.work += guessCost
		m := g.mark()
		g.set(cell, 1<<c)
		ok, err := g.propagate()
		if err != nil {
			return false, err
		}
		if ok {
			if found, err := s.guessNear(a, nodes); found || err != nil {
				return found, err
			}
		}
		g.undo(m)
	}
	return false, nil
}
