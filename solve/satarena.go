package solve

// Garbage collection of the clause arena. A pruning (reduce) only flags the
// learnt clauses it removes, so the arena keeps growing: on a 40×40 random
// grid at density 0.4 it reached 34 million words (135 MB) for 1.1 million
// words of live clauses, spreading those across memory that propagation
// reads at random. Once the arena holds as much garbage as live clauses,
// collect moves the live ones, in their order, into a fresh arena and drops
// the removed clauses' watch entries. Clause order, watch order and every
// other choice are unchanged, so the search is the same, node for node.

// minCollect is the arena size below which collect is not worth its pass.
const minCollect = 1 << 16

// collectIfDue collects the arena when at least half of it is garbage. It
// counts the live words only once the arena has grown past the mark the
// last count left.
func (s *satSolver) collectIfDue() {
	if len(s.arena) < s.collectAt {
		return
	}
	live := s.problemWords
	for _, ci := range s.learnts {
		live += clauseHeader + int(s.arena[ci])
	}
	if len(s.arena) < 2*live {
		s.collectAt = max(2*live, minCollect)
		return
	}
	s.collect(live)
	s.collectAt = max(2*len(s.arena), minCollect)
}

// collect moves every live clause (a problem clause, or one not flagged
// dead) into a new arena of room live words and more, keeping their order,
// and brings the clause references of reasons, learnts and watches up to
// date. A moved clause's flags word in the old arena holds its new offset.
func (s *satSolver) collect(live int) {
	old := s.arena
	fresh := make([]lit, 0, live+live/2)
	for ci := int32(0); ci < int32(len(old)); {
		n := int32(old[ci])
		end := ci + clauseHeader + n
		if int32(old[ci+1])&flagDead == 0 {
			to := int32(len(fresh))
			fresh = append(fresh, old[ci:end]...)
			old[ci+1] = lit(to)
		} else {
			old[ci+1] = -1
		}
		ci = end
	}
	moved := func(ci int32) int32 { return int32(old[ci+1]) }
	for _, l := range s.trail {
		if r := s.reason[l.vari()]; r >= 0 {
			s.reason[l.vari()] = moved(r) // a reason is never dead (reduce keeps it)
		}
	}
	for k, ci := range s.learnts {
		s.learnts[k] = moved(ci)
	}
	for l, ws := range s.watches {
		j := 0
		for _, w := range ws {
			switch {
			case w.clause < 0:
				w.clause = ^moved(^w.clause)
			case moved(w.clause) < 0:
				continue
			default:
				w.clause = moved(w.clause)
			}
			ws[j] = w
			j++
		}
		s.watches[l] = ws[:j]
	}
	s.arena = fresh
	s.collections++
}
