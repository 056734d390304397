package solve

import (
	"math"
	"testing"
)

func TestGlueAverageCorrectsItsStart(t *testing.T) {
	// Corrected for its start at zero, the average of a constant is that
	// constant from the first value on, and it follows a change at the
	// pace of its weight.
	for _, alpha := range []float64{glueFastAlpha, glueSlowAlpha} {
		a := newGlueAverage(alpha)
		if a.value() != 0 {
			t.Errorf("alpha %g: %g before any value, want 0", alpha, a.value())
		}
		for n := 1; n <= 100; n++ {
			a.add(5)
			if math.Abs(a.value()-5) > 1e-9 {
				t.Fatalf("alpha %g: %g after %d values of 5, want 5", alpha, a.value(), n)
			}
		}
	}
	fast := newGlueAverage(glueFastAlpha)
	for range 1000 {
		fast.add(2)
	}
	fast.add(8)
	if want := 2 + glueFastAlpha*6; math.Abs(fast.value()-want) > 1e-6 {
		t.Errorf("a value of 8 after a thousand of 2: %g, want %g", fast.value(), want)
	}
}

func TestSatGlueRestarts(t *testing.T) {
	// Not aiming, in a period of glue restarts, the solver restarts when
	// the fast average runs above the slow one by the margin, and not on
	// Luby intervals: on pigeonhole 8/7 it restarts far more often than
	// those would allow (they allow about one restart per satLubyUnit
	// conflicts), and aiming, it keeps to the Luby intervals.
	s := pigeonhole(nil, 8, 7)
	s.glueRestarts = true
	s.periods = restartPeriods{glue: true, length: 1 << 30, end: 1 << 30}
	if st := s.solve(); st != satFalse {
		t.Fatalf("%v", st)
	}
	n := 0
	for spent := 0; spent < s.Conflicts; n++ {
		spent += satLubyUnit * luby(n+1)
	}
	if s.restarts <= 2*n {
		t.Errorf("%d restarts for %d conflicts; Luby intervals would give %d", s.restarts, s.Conflicts, n)
	}
	s.glueFast, s.glueSlow = newGlueAverage(glueFastAlpha), newGlueAverage(glueSlowAlpha)
	for range 100 {
		s.noteGlue(4)
	}
	for range 20 {
		s.noteGlue(12)
	}
	if !s.glueRestart(glueMinRun) || s.glueRestart(glueMinRun-1) {
		t.Error("recent distances well above the average: want a restart after glueMinRun conflicts and not before")
	}
	s.aiming = true
	if s.glueRestart(glueMinRun) {
		t.Error("aiming: a glue restart, want Luby intervals only")
	}
	s.aiming, s.periods.glue = false, false
	if s.glueRestart(glueMinRun) {
		t.Error("in a period of Luby restarts: a glue restart")
	}
	s.periods.glue, s.glueRestarts = true, false
	if s.glueRestart(glueMinRun) {
		t.Error("glue restarts off: a glue restart")
	}
}

func TestSatRestartPeriods(t *testing.T) {
	// Once the solver no longer aims, periods of Luby restarts and of glue
	// restarts alternate, each twice as long as the one before, Luby first;
	// a Luby interval is cut at the period's end, a glue period runs to its
	// end unless a glue restart comes first.
	s := newSatSolver(nil)
	s.glueRestarts = true
	s.restarts = 3 // the Luby term 2
	at := func(conflicts, want int, glue bool) {
		t.Helper()
		s.Conflicts = conflicts
		if got := s.restartInterval(); got != want || s.periods.glue != glue {
			t.Errorf("at %d conflicts: interval %d, glue %v, want %d, %v", conflicts, got, s.periods.glue, want, glue)
		}
	}
	at(100, 2*satLubyUnit, false)                    // Luby, until 100+glueFirstPeriod
	at(glueFirstPeriod, 100, false)                  // cut at the period's end
	at(glueFirstPeriod+100, 2*glueFirstPeriod, true) // glue, to 100+3*glueFirstPeriod
	at(3*glueFirstPeriod+100, 2*satLubyUnit, false)  // Luby again, for 4*glueFirstPeriod
	at(7*glueFirstPeriod+100, 8*glueFirstPeriod, true)
	s.aiming = true
	at(0, satAimLubyUnit*2, true)
	s.aiming, s.glueRestarts = false, false
	at(0, satLubyUnit*2, true)
}
