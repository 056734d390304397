package solve

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// decimateFrom runs the decimation on the random grid of seed (side,
// density) from line logic's state, with opts, and returns what it spent,
// the solver and whether the grid was left as it was.
func decimateFrom(t *testing.T, ctx context.Context, seed uint64, side int, density float64, opts options) (decimateSpent, *solver, bool, error) {
	t.Helper()
	s := propagatedSolver(t, ctx, fmt.Sprintf("seed %d", seed), puzzleOf(randomImage(seed, side, side, density), 2), opts)
	before := slices.Clone(s.g.cells)
	spent, err := s.decimate()
	return spent, s, slices.Equal(before, s.g.cells), err
}

func TestDecimationFindsASolution(t *testing.T) {
	// From line logic's state on random 30×30 grids, the decimation
	// reaches a solution of the clues, after more than one decision on
	// some (and a refutation by its SAT solver on some), and leaves the
	// grid as it was.
	long := 0
	for seed := uint64(1); seed <= 4; seed++ {
		pz := puzzleOf(randomImage(seed, 30, 30, 0.45), 2)
		spent, s, restored, err := decimateFrom(t, context.Background(), seed, 30, 0.45, options{})
		decisions := spent.decisions
		if err != nil {
			t.Fatal(err)
		}
		if len(s.solutions) == 0 || !pz.Satisfies(s.solutions[0]) {
			t.Errorf("seed %d: after %d decisions, solutions %d (satisfying the clues: %v)", seed, decisions, len(s.solutions), len(s.solutions) > 0 && pz.Satisfies(s.solutions[0]))
		}
		if !restored {
			t.Errorf("seed %d: the grid is not left as it was", seed)
		}
		if decisions > 1 {
			long++
		}
	}
	if long == 0 {
		t.Error("every grid took one decision at most: the test shows little")
	}
}

func TestDecimationStopsAtItsBound(t *testing.T) {
	// The random 30×30 grid of seed 3 takes the decimation over 100
	// decisions: bounded to 50 it stops at 50 without a solution, the grid
	// as it was; and it stops once the context is done.
	spent, s, restored, err := decimateFrom(t, context.Background(), 3, 30, 0.45, options{decimate: 50})
	decisions := spent.decisions
	if err != nil {
		t.Fatal(err)
	}
	if decisions != 50 || len(s.solutions) > 0 || !restored {
		t.Errorf("bounded to 50: %d decisions, %d solutions, grid restored %v; want 50, none, restored", decisions, len(s.solutions), restored)
	}
	full, s, _, err := decimateFrom(t, context.Background(), 3, 30, 0.45, options{})
	if err != nil || full.decisions <= 100 || len(s.solutions) == 0 {
		t.Errorf("unbounded: %d decisions, %d solutions (%v); want over 100 and a solution", full.decisions, len(s.solutions), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, restored, err := decimateFrom(t, ctx, 3, 30, 0.45, options{}); err != errBudget || !restored {
		t.Errorf("with the context done: %v, grid restored %v; want errBudget, restored", err, restored)
	}
}

func TestRepairQuestionsStopAtUntil(t *testing.T) {
	// The decimation's bound on conflicts: once its SAT solver has spent
	// until conflicts, a question is not asked (unknown, no decision
	// made); with no bound the same question has a model.
	d, _ := repairAfterOneDecision(t, context.Background())
	d.repair.bounded, d.repair.until = true, d.repair.e.sat.Conflicts
	decisions := d.repair.e.sat.Decisions
	if st, err := d.askPrefix(len(d.taken)); st != satUnknown || err != nil || d.repair.e.sat.Decisions != decisions {
		t.Errorf("at until: %v (%v), %d decisions made; want unknown, none", st, err, d.repair.e.sat.Decisions-decisions)
	}
	d.repair.bounded = false
	if st, err := d.askPrefix(len(d.taken)); st != satTrue || err != nil {
		t.Errorf("with no bound: %v (%v); want a model", st, err)
	}
}

func TestDecimationAfterCDCLsTurn(t *testing.T) {
	// On the random 30×30 grid of seed 12 at density 0.45 both dives fail
	// from line logic's state, and the SAT fallback answers after 24,477
	// more conflicts. With the decimation's turn at 5,000 it runs once,
	// exactly then, and answers; at 30,000 it never runs. (About 20 s of
	// CPU.)
	if testing.Short() {
		t.Skip("slow")
	}
	p := puzzleOf(randomImage(12, 30, 30, 0.45), 2)
	defer func() { decimateTrace = nil }()
	for _, c := range []struct {
		after int
		runs  bool
	}{{5000, true}, {30000, false}} {
		var afters []int
		found := false
		decimateTrace = func(after int, _ decimateSpent, f bool) { afters, found = append(afters, after), f }
		res, err := solveWith(context.Background(), p, options{decimateAfter: c.after})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Multiple || !p.Satisfies(res.Solutions[0]) || !p.Satisfies(res.Solutions[1]) {
			t.Errorf("turn at %d: %v, want multiple with two solutions", c.after, res.Verdict)
		}
		if want := []int{c.after}; c.runs && (!slices.Equal(afters, want) || !found) {
			t.Errorf("turn at %d: the decimation ran after %v conflicts (found %v), want %v and found", c.after, afters, found, want)
		}
		if !c.runs && len(afters) > 0 {
			t.Errorf("turn at %d: the decimation ran after %v conflicts, want not at all", c.after, afters)
		}
	}
}

// TestCanDecimate checks when the SAT search stops for the decimation's
// turn: only on a two-colour grid whose beliefs fit and with decisions
// left, so that no other grid has its search stopped for nothing.
func TestCanDecimate(t *testing.T) {
	img := randomImage(1, 20, 20, 0.45)
	for _, c := range []struct {
		name   string
		colors int
		opts   options
		want   bool
	}{
		{"two colours", 2, options{}, true},
		{"decimation off", 2, options{decimate: -1}, false},
		{"three colours", 3, options{}, false},
	} {
		s := solverFor(context.Background(), puzzleOf(img, c.colors), c.opts)
		if got := s.canDecimate(); got != c.want {
			t.Errorf("%s: canDecimate() = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestDecimationDoublesItsBudget(t *testing.T) {
	// From line logic's state on the random 30×30 grid of seed 4, the
	// decimation's SAT solver is asked about its decisions; with a first
	// budget of 1 conflict it cannot tell at once, and the budget doubles
	// until it can: the decimation still reaches a solution of the clues.
	// (The default first budget, 2,000 conflicts, is not doubled on the
	// small grids the other tests use.)
	spent, s, restored, err := decimateFrom(t, context.Background(), 4, 30, 0.45, options{decimateBudget: 1})
	if err != nil {
		t.Fatal(err)
	}
	if spent.widest < 4 {
		t.Errorf("widest question %d conflicts from a first budget of 1; want doubled at least twice", spent.widest)
	}
	pz := puzzleOf(randomImage(4, 30, 30, 0.45), 2)
	if len(s.solutions) == 0 || !pz.Satisfies(s.solutions[0]) || !restored {
		t.Errorf("after %+v: %d solutions (the first satisfying the clues: %v), grid restored %v; want a solution, restored",
			spent, len(s.solutions), len(s.solutions) > 0 && pz.Satisfies(s.solutions[0]), restored)
	}
}

func TestSolveWithTheDecimationOff(t *testing.T) {
	// On the random 25×25 grid of seed 32 at density 0.45, with the dive
	// early (200 conflicts) and without its repairs, the dive fails and
	// CDCL has no solution 1,000 conflicts later: the decimation runs
	// there and finds one. Turned off, it never runs, and CDCL alone comes
	// to the same verdict, with solutions that satisfy the clues.
	p := puzzleOf(randomImage(32, 25, 25, 0.45), 2)
	defer func() { decimateTrace = nil }()
	var verdicts []Verdict
	for _, c := range []struct {
		decimate int
		runs     bool
	}{{0, true}, {-1, false}} {
		ran, found := false, false
		decimateTrace = func(_ int, _ decimateSpent, f bool) { ran, found = true, f }
		res, err := solveWith(context.Background(), p, options{diveAfter: 200, diveRepairs: -1, decimateAfter: 1000, decimate: c.decimate})
		if err != nil {
			t.Fatal(err)
		}
		if ran != c.runs || found != c.runs {
			t.Errorf("decimate %d: the decimation ran %v (found %v), want %v", c.decimate, ran, found, c.runs)
		}
		checkResult(t, fmt.Sprintf("decimate %d", c.decimate), p, res)
		verdicts = append(verdicts, res.Verdict)
	}
	if verdicts[0] != Multiple || verdicts[1] != verdicts[0] {
		t.Errorf("verdicts with the decimation and without: %v, want multiple twice", verdicts)
	}
}
