package solve

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
)

// The hard set: puzzles on which line logic and probing stall, made by
// generators so that nothing needs to be stored. n-Dom (see bench_test.go)
// from 5 to 16; random grids of 30×30 and 40×40 at densities 0.3 to 0.7, the
// band where random puzzles are hardest (seeds 1 and 2, and at 0.4, which a
// sweep of seeds 1 to 5 found slowest, seeds 1 to 5); and a 60×60 grid
// whose every clue is 1 (60! solutions, where finding two must be quick).
// A sweep (-hard-seeds N) takes seeds 1 to N at every density and adds 0.35
// and 0.45, between the steps; the set without it is fixed. The pictures
// drawn as internal/archivegen draws them are in archivehard_test.go.
//
//	go test ./solve -run TestHardSet -hard .           # every case, 60 s each, with times
//	go test ./solve -run TestHardSet -hard 'dom-1[2-6]' -hard-budget 300s   # on a loaded machine
//	go test ./solve -run TestHardSet -hard 'random' -hard-seeds 5 -hard-cpu 60s  # a sweep, 60 s of CPU each
//	go test ./solve -run '^$' -bench HardSet            # the quick cases and the blobs, as benchmarks
//	go test ./solve -run TestWriteHardSet -hardset-out DIR   # as .non files, for `nonopress check`

var (
	hardPattern  = flag.String("hard", "", "run the hard-set cases matching this regexp with the -hard-budget each, and log their times")
	hardsetOut   = flag.String("hardset-out", "", "write the hard set as .non files into this folder")
	hardSearch   = flag.String("hard-search", "", "with -hard: the search strategy, learn, sat or dfs (default: the solver's)")
	hardEncode   = flag.String("hard-encoding", "", "with -hard: the SAT encoding, order or automaton (default: the solver's)")
	hardBudget   = flag.Duration("hard-budget", 60*time.Second, "with -hard: the budget of each case (wall time: on a loaded machine, give more)")
	hardCPU      = flag.Duration("hard-cpu", 0, "with -hard: a budget of process CPU time per case instead of -hard-budget's wall time (for a loaded machine)")
	hardSeeds    = flag.Int("hard-seeds", 0, "with -hard: also random grids from seeds up to this one (a sweep; the set itself is fixed)")
	hardDecimate = flag.Int("hard-decimate", 0, "with -hard: the decisions of the decimation after a failed dive (decimate.go; 0 for the default, -1 for none), each decimation logged")
	hardGoal     = flag.Bool("hard-goal", false, "give each random grid the image its clues come from as its goal, as an author's file has")
)

// sweepDensities are the densities that only a sweep (-hard-seeds) adds,
// between the set's steps of 0.1 in the hard band: random-30-0.35-1 and so on.
var sweepDensities = []float64{0.35, 0.45}

// randomCaseName names a random grid by side, density (as few digits as it
// needs: 0.4, 0.35) and seed.
func randomCaseName(side int, density float64, seed uint64) string {
	return fmt.Sprintf("random-%d-%s-%d", side, strconv.FormatFloat(density, 'f', -1, 64), seed)
}

// hardCase is one puzzle of the hard set.
type hardCase struct {
	name  string
	p     *puzzle.Puzzle
	want  Verdict // "" when only brute force on a small size could tell
	quick bool    // solved in well under a second: run by default and benchmarked
}

// randomImage fills each cell of a w×h image with probability density,
// from a generator seeded by seed and the size.
func randomImage(seed uint64, w, h int, density float64) *puzzle.Image {
	r := rand.New(rand.NewPCG(seed, uint64(w)<<16|uint64(h)))
	img := puzzle.NewImage(w, h)
	for i := range img.Cells {
		if r.Float64() < density {
			img.Cells[i] = 1
		}
	}
	return img
}

// allOnes is an n×n image whose every row and column clue is 1: the
// diagonal, one of n! solutions of its clues.
func allOnes(n int) *puzzle.Image {
	img := puzzle.NewImage(n, n)
	for i := range n {
		img.Set(i, i, 1)
	}
	return img
}

// hardSet returns the hard set, in a fixed order.
func hardSet() []hardCase {
	var out []hardCase
	for n := 5; n <= 16; n++ {
		out = append(out, hardCase{name: fmt.Sprintf("dom-%02d", n), p: puzzleOf(nDom(n), 2), want: Unique, quick: n <= 10})
	}
	densities := []float64{0.3, 0.4, 0.5, 0.6, 0.7}
	if *hardSeeds > 0 {
		densities = append(densities, sweepDensities...)
	}
	for _, side := range []int{30, 40} {
		for _, d := range densities {
			seeds := max(2, *hardSeeds)
			if d == 0.4 {
				seeds = max(5, seeds) // seeds 3 to 5 were the slowest of a sweep
			}
			if slices.Contains(sweepDensities, d) {
				seeds = *hardSeeds
			}
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				img := randomImage(seed, side, side, d)
				p := puzzleOf(img, 2)
				if *hardGoal {
					p.Goal = img
				}
				out = append(out, hardCase{name: randomCaseName(side, d, seed), p: p, quick: d >= 0.5 && seed <= 2})
			}
		}
	}
	out = append(out, hardCase{name: "ones-60", p: puzzleOf(allOnes(60), 2), want: Multiple, quick: true})
	for i := range out {
		out[i].p.Meta.Title = out[i].name
	}
	return out
}

// checkHard checks a hard case's result: definite, as expected, and with
// solutions that satisfy the clues (checkResult, with puzzle.Satisfies, which
// shares no code with the solver).
func checkHard(t *testing.T, c hardCase, res Result) {
	t.Helper()
	if res.Verdict == Unknown {
		t.Errorf("%s: unknown", c.name)
		return
	}
	if c.want != "" && res.Verdict != c.want {
		t.Errorf("%s: %s, want %s", c.name, res.Verdict, c.want)
	}
	if res.Verdict == None {
		t.Errorf("%s: no solution, but the clues come from an image", c.name)
	}
	checkResult(t, c.name, c.p, res)
}

func TestHardSet(t *testing.T) {
	// By default the quick cases; with -hard, the cases it matches with the
	// full budget, logging CPU time (the machine is shared: wall time says
	// little).
	match := func(hardCase) bool { return true }
	budget := 20 * time.Second
	if *hardPattern != "" {
		re, err := regexp.Compile(*hardPattern)
		if err != nil {
			t.Fatal(err)
		}
		match = func(c hardCase) bool { return re.MatchString(c.name) }
		budget = *hardBudget
	} else if testing.Short() {
		t.Skip("slow")
	}
	defer func() { decimateTrace = nil }()
	for _, c := range hardSet() {
		if !match(c) || (*hardPattern == "" && !c.quick) {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		if *hardCPU > 0 {
			cancel() // the wall-time context is not used
			ctx, cancel = cpuBudget(*hardCPU)
		}
		start, cpu := time.Now(), processCPU()
		decimateTrace = func(after int, spent decimateSpent, found bool) {
			t.Logf("%-18s decimation after %d conflicts: %d decisions, %d conflicts, widest question %d, found %v, cpu %.2fs", c.name, after, spent.decisions, spent.conflicts, spent.widest, found, (processCPU() - cpu).Seconds())
		}
		res, err := solveWith(ctx, c.p, options{search: map[string]strategy{"learn": depthFirstThenLearn, "sat": depthFirstThenSAT, "dfs": depthFirstOnly}[*hardSearch],
			encoding: map[string]satEncoding{"order": encodeOrder, "automaton": encodeAutomaton}[*hardEncode], decimate: *hardDecimate})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-18s %3dx%-3d %-8s %-6s cpu %6.2fs wall %6.2fs %+v", c.name, c.p.Width, c.p.Height, res.Verdict, res.Difficulty,
			(processCPU() - cpu).Seconds(), time.Since(start).Seconds(), res.Stats)
		checkHard(t, c, res)
	}
}

// cpuBudget returns a context that is done once the process has spent
// budget of CPU time from now.
func cpuBudget(budget time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	end := processCPU() + budget
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for processCPU() < end {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
		cancel()
	}()
	return ctx, cancel
}

// smallHardLike makes puzzles of the hard set's kinds at sizes brute force
// can count: random grids at the same densities, 2 to 3 colours.
func TestHardKindsAgainstBruteForce(t *testing.T) {
	tally := map[Verdict]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		for _, d := range []float64{0.3, 0.4, 0.5, 0.6, 0.7} {
			for _, side := range []int{5, 6, 7} {
				p := puzzleOf(randomImage(seed, side, side+1, d), 2)
				for _, opts := range []options{{}, {search: satOnly, noProbe: true}} {
					tally[checkWithOptions(t, p, fmt.Sprintf("%dx%d %.1f seed %d", side, side+1, d, seed), opts).Verdict]++
				}
			}
		}
	}
	for n := 2; n <= 7; n++ {
		res := checkWithOptions(t, puzzleOf(allOnes(n), 2), fmt.Sprintf("ones-%d", n), options{search: satOnly})
		tally[res.Verdict]++
	}
	if tally[Unique] == 0 || tally[Multiple] == 0 {
		t.Errorf("verdicts not all exercised: %v", tally)
	}
}

// TestHardSetSweepDensities checks that only a sweep adds the densities
// between the steps, with their own names and seeds, and leaves the fixed
// set's cases as they are.
func TestHardSetSweepDensities(t *testing.T) {
	defer func(n int) { *hardSeeds = n }(*hardSeeds)
	names := func(seeds int) map[string]*puzzle.Puzzle {
		*hardSeeds = seeds
		m := map[string]*puzzle.Puzzle{}
		for _, c := range hardSet() {
			m[c.name] = c.p
		}
		return m
	}
	fixed := names(0)
	if len(fixed) != 39 {
		t.Errorf("fixed set: %d cases, want 39", len(fixed))
	}
	for _, seeds := range []int{1, 3} {
		swept := names(seeds)
		for name, p := range fixed {
			q, ok := swept[name]
			if !ok {
				t.Errorf("%s: in the fixed set, not in a sweep of %d", name, seeds)
			} else if !reflect.DeepEqual(p.Rows, q.Rows) || !reflect.DeepEqual(p.Cols, q.Cols) {
				t.Errorf("%s: clues differ in a sweep of %d", name, seeds)
			}
		}
		for _, side := range []int{30, 40} {
			for _, d := range sweepDensities {
				for seed := 1; seed <= 4; seed++ {
					name := randomCaseName(side, d, uint64(seed))
					if _, ok := fixed[name]; ok {
						t.Errorf("%s: in the fixed set", name)
					}
					if _, ok := swept[name]; ok != (seed <= seeds) {
						t.Errorf("%s: in a sweep of seeds 1 to %d: %v", name, seeds, ok)
					}
				}
			}
		}
		// Per side: 0.35 and 0.45 with the sweep's seeds; 0.3, 0.5, 0.6
		// and 0.7 keep seeds 1 and 2 or go up to the sweep's.
		if want := len(fixed) + 2*(2*seeds+4*max(0, seeds-2)); len(swept) != want {
			t.Errorf("sweep of %d seeds: %d cases, want %d", seeds, len(swept), want)
		}
	}
	if name := randomCaseName(30, 0.35, 1); name != "random-30-0.35-1" {
		t.Errorf("name %q", name)
	}
}

func TestWriteHardSet(t *testing.T) {
	if *hardsetOut == "" {
		t.Skip("no -hardset-out")
	}
	if err := os.MkdirAll(*hardsetOut, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range hardSet() {
		var b bytes.Buffer
		c.p.Meta.License = "CC0-1.0"
		if err := formats.WriteNon(&b, c.p); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*hardsetOut, c.name+".non"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func BenchmarkHardSet(b *testing.B) {
	var re *regexp.Regexp
	if *hardPattern != "" {
		re = regexp.MustCompile(*hardPattern)
	}
	for _, c := range hardSet() {
		if !c.quick && (re == nil || !re.MatchString(c.name)) {
			continue
		}
		b.Run(c.name, func(b *testing.B) { benchSolve(b, []*puzzle.Puzzle{c.p}) })
	}
}
