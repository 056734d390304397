package solve

// When the SAT solver (sat.go) restarts. While it aims at a first solution,
// on Luby intervals of satAimLubyUnit conflicts (each restart heads back to
// the target phases). Otherwise on Luby intervals of satLubyUnit, or, when
// glueRestarts is on (satsearch.go turns it on), in periods that alternate,
// each twice as long as the one before: Luby intervals first, then glue
// restarts, as glucose and the focused mode of CaDiCaL and Kissat restart,
// when the literal block distance of the clauses learnt lately runs above
// its long-run average by a margin (the search is taken to be in a poor
// region and starts again). The Luby period comes first because a second
// solution, when there is one, most often lies near the first, whose
// phases the solver keeps (on random 40×40 grids at density 0.4, up to a
// few thousand conflicts later, and glue restarts from the start took
// 95,000 conflicts to find it on one); a proof that there is none, as on
// n-Dom, goes faster with glue restarts (dom-13 to dom-16 in 0.74 of the
// time, measured in turn against Luby intervals throughout).

// Glue restarts: the averages' weights, the margin, and the conflicts a
// restart runs at least.
const (
	glueFastAlpha = 0.03 // about the last 33 clauses
	glueSlowAlpha = 1e-5 // about the last 100,000
	glueMargin    = 1.25
	glueMinRun    = 2

	glueFirstPeriod = 5000 // conflicts of the first period of Luby restarts once the solver no longer aims
)

// glueAverage is an exponential moving average of the literal block
// distances of learnt clauses, corrected for its start at zero (the first
// values are not weighed against a zero that never was).
type glueAverage struct {
	alpha  float64
	biased float64
	decay  float64 // (1-alpha)^n after n values
}

func newGlueAverage(alpha float64) glueAverage { return glueAverage{alpha: alpha, decay: 1} }

func (a *glueAverage) add(x float64) {
	a.biased += a.alpha * (x - a.biased)
	a.decay *= 1 - a.alpha
}

// value is the average, 0 before the first value.
func (a *glueAverage) value() float64 {
	if a.decay == 1 {
		return 0
	}
	return a.biased / (1 - a.decay)
}

// restartInterval returns how many conflicts the next restart may run: a
// Luby interval, cut at the end of the period when glue restarts are on,
// or, in a period of glue restarts, no bound (glueRestart ends it).
func (s *satSolver) restartInterval() int {
	switch {
	case s.aiming:
		return satAimLubyUnit * luby(s.restarts)
	case !s.glueRestarts:
		return satLubyUnit * luby(s.restarts)
	}
	p := &s.periods
	if p.length == 0 {
		p.length, p.end = glueFirstPeriod, s.Conflicts+glueFirstPeriod
	}
	for s.Conflicts >= p.end {
		p.glue = !p.glue
		p.length *= 2
		p.end = s.Conflicts + p.length
	}
	if p.glue {
		return p.end - s.Conflicts
	}
	return min(satLubyUnit*luby(s.restarts), p.end-s.Conflicts)
}

// restartPeriods alternates, once the solver no longer aims, periods of
// Luby restarts and of glue restarts, each twice as long as the one
// before, starting with Luby.
type restartPeriods struct {
	glue   bool // the current period restarts by glue
	length int  // its conflicts
	end    int  // the conflict count at which it ends
}

// noteGlue adds a learnt clause's distance to the averages.
func (s *satSolver) noteGlue(lbd int32) {
	s.glueFast.add(float64(lbd))
	s.glueSlow.add(float64(lbd))
}

// glueRestart reports whether a search that has met conflicts conflicts
// since it (re)started ends now for a glue restart.
func (s *satSolver) glueRestart(conflicts int) bool {
	return s.glueRestarts && !s.aiming && s.periods.glue && conflicts >= glueMinRun &&
		s.glueFast.value() > glueMargin*s.glueSlow.value()
}
