package solve

// When the SAT solver (sat.go) restarts. While it aims at a first solution,
// on Luby intervals of satAimLubyUnit conflicts (each restart heads back to
// the target phases). Otherwise on Luby intervals of satLubyUnit, or, when
// glueRestarts is on (satsearch.go turns it on), as glucose and the focused
// mode of CaDiCaL and Kissat do: when the literal block distance of the
// clauses learnt lately runs above its long-run average by a margin, the
// search is taken to be in a poor region and starts again. On n-Dom, where
// the solver proves that no second solution exists, this takes about two
// thirds of the conflicts' time of the Luby intervals.

// Glue restarts: the averages' weights, the margin, and the conflicts a
// restart runs at least.
const (
	glueFastAlpha = 0.03 // about the last 33 clauses
	glueSlowAlpha = 1e-5 // about the last 100,000
	glueMargin    = 1.1
	glueMinRun    = 2
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
// Luby interval, or, for glue restarts, no bound (glueRestart ends it).
func (s *satSolver) restartInterval() int {
	switch {
	case s.aiming:
		return satAimLubyUnit * luby(s.restarts)
	case s.glueRestarts:
		return 1 << 30
	}
	return satLubyUnit * luby(s.restarts)
}

// noteGlue adds a learnt clause's distance to the averages.
func (s *satSolver) noteGlue(lbd int32) {
	if s.glueFast.alpha == 0 { // the first clause
		s.glueFast, s.glueSlow = newGlueAverage(glueFastAlpha), newGlueAverage(glueSlowAlpha)
	}
	s.glueFast.add(float64(lbd))
	s.glueSlow.add(float64(lbd))
}

// glueRestart reports whether a search that has met conflicts conflicts
// since it (re)started ends now for a glue restart.
func (s *satSolver) glueRestart(conflicts int) bool {
	return s.glueRestarts && !s.aiming && conflicts >= glueMinRun &&
		s.glueFast.value() > glueMargin*s.glueSlow.value()
}
