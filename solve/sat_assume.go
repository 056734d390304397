package solve

// Solving under assumptions, the MiniSat way: the assumed literals are
// decided first, one per decision level and in the order given, before any
// branching of the solver's own. A model then satisfies them all. When the
// clauses and the assumptions have none, the search finds an assumption
// made false by the ones before it (and the clauses, learnt ones included);
// the final conflict analysis follows that assignment's reasons back to the
// assumptions it rests on, and returns them with it: the core, a subset of
// the assumptions that the clauses alone refute. Learnt clauses follow from
// the clauses alone, so they are kept from one call to the next; the
// clauses are not found unsatisfiable (ok stays true) unless no assumption
// takes part.

// solveUnder searches for a model of the clauses in which every literal of
// assumptions holds. On satFalse, core returns the assumptions responsible:
// none when the clauses alone have no model.
func (s *satSolver) solveUnder(assumptions []lit) satStatus {
	s.cancelUntil(0)
	s.assumptions = assumptions
	s.finalCore = s.finalCore[:0]
	st := s.solve()
	s.assumptions = nil
	return st
}

// core returns the assumptions that the clauses refute, after solveUnder
// answered satFalse. It is the solver's scratch, valid until the next call.
func (s *satSolver) core() []lit { return s.finalCore }

// nextAssumption returns the next assumption to decide, or -1 once every
// one holds. An assumption that holds already gets an empty decision level,
// so that each keeps its own level. When one is false, the core is
// recorded and refuted is set.
func (s *satSolver) nextAssumption() (next lit, refuted bool) {
	for s.decisionLevel() < len(s.assumptions) {
		a := s.assumptions[s.decisionLevel()]
		switch s.litValue(a) {
		case 1:
			s.limits = append(s.limits, len(s.trail))
		case -1:
			s.analyzeFinal(a)
			return -1, true
		default:
			return a, false
		}
	}
	return -1, false
}

// analyzeFinal records as the core assumption a, which is false, and the
// assumptions its falsity follows from: the decisions (at this point all
// assumptions) reached from it through the reasons of the trail.
func (s *satSolver) analyzeFinal(a lit) {
	s.finalCore = append(s.finalCore[:0], a)
	if s.level[a.vari()] == 0 {
		return
	}
	s.seen[a.vari()] = true
	for k := len(s.trail) - 1; k >= s.limits[0]; k-- {
		x := s.trail[k]
		v := x.vari()
		if !s.seen[v] {
			continue
		}
		s.seen[v] = false
		r := s.reason[v]
		if r < 0 {
			s.finalCore = append(s.finalCore, x)
			continue
		}
		for _, q := range s.lits(r)[1:] {
			if s.level[q.vari()] > 0 {
				s.seen[q.vari()] = true
			}
		}
	}
}
