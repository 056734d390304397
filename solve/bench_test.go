package solve

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// nDom draws the n-Dom pattern (after Josh Greifer and Jan Wolter): on a
// (2n+1)-square grid, n "dominoes" down the anti-diagonal, domino k being a
// bar of three cells in row 2k ending at column 2n-2k and a tail of two cells
// below its right end. Line logic alone barely starts on it and search grows
// steeply with n.
func nDom(n int) *puzzle.Image {
	size := 2*n + 1
	img := puzzle.NewImage(size, size)
	for k := range n {
		right := size - 1 - 2*k
		for x := right - 2; x <= right; x++ {
			img.Set(x, 2*k, 1)
		}
		img.Set(right, 2*k+1, 1)
		img.Set(right, 2*k+2, 1)
	}
	return img
}

func TestNDomMatchesCorpus(t *testing.T) {
	corpustest.Dir(t)
	for n := 3; n <= 8; n++ {
		rel := fmt.Sprintf("generated/ndom/%02d-dom.non", n)
		ps := readCorpusPuzzles(t, rel)
		if len(ps) != 1 {
			t.Fatalf("%s: %d puzzles", rel, len(ps))
		}
		if !ps[0].Satisfies(nDom(n)) || !ps[0].Goal.Equal(nDom(n)) {
			t.Errorf("%s: the generated pattern differs from the corpus file", rel)
		}
	}
}

func TestNDomLargeUnique(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, n := range []int{9, 10} {
		p := puzzleOf(nDom(n), 2)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		start := time.Now()
		res, err := Solve(ctx, p)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d-Dom: %s %s effort %d in %v, %+v", n, res.Verdict, res.Difficulty, res.Effort, time.Since(start), res.Stats)
		if res.Verdict != Unique || !res.Solutions[0].Equal(nDom(n)) {
			t.Errorf("%d-Dom: %s, want unique with the pattern as solution", n, res.Verdict)
		}
	}
}

// processCPU is the CPU time the process has used (user and system). The
// machine is shared, so benchmarks report it next to wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func benchSolve(b *testing.B, ps []*puzzle.Puzzle) {
	b.Helper()
	benchSolveWith(b, ps, options{})
}

func benchSolveWith(b *testing.B, ps []*puzzle.Puzzle, opts options) {
	b.Helper()
	start, n := processCPU(), 0
	defer func() {
		if n > 0 {
			b.ReportMetric(float64((processCPU()-start).Microseconds())/1000/float64(n), "cpu-ms/op")
		}
	}()
	for b.Loop() {
		n++
		for _, p := range ps {
			res, err := solveWith(context.Background(), p, opts)
			if err != nil || res.Verdict == Unknown || res.Verdict == None {
				b.Fatalf("%s: %v %v", p.Where(), res.Verdict, err)
			}
		}
	}
}

func BenchmarkCorpus(b *testing.B) {
	corpustest.Dir(b)
	var ps []*puzzle.Puzzle
	for _, e := range readOracle(b) {
		for _, p := range readCorpusPuzzles(b, e.path) {
			if p.Kind != puzzle.Triddler {
				ps = append(ps, p)
			}
		}
	}
	b.ReportMetric(float64(len(ps)), "puzzles")
	benchSolve(b, ps)
}

func BenchmarkNDom(b *testing.B) {
	for n := 3; n <= 10; n++ {
		b.Run(fmt.Sprintf("%02d", n), func(b *testing.B) {
			benchSolve(b, []*puzzle.Puzzle{puzzleOf(nDom(n), 2)})
		})
	}
}

// BenchmarkNDomStrategy compares the search strategies on n-Dom.
func BenchmarkNDomStrategy(b *testing.B) {
	for _, st := range []struct {
		name string
		opts options
	}{{"depth-first", options{search: depthFirstOnly}}, {"learning", options{search: learnOnly}}} {
		for n := 5; n <= 8; n++ {
			b.Run(fmt.Sprintf("%s/%02d", st.name, n), func(b *testing.B) {
				benchSolveWith(b, []*puzzle.Puzzle{puzzleOf(nDom(n), 2)}, st.opts)
			})
		}
	}
}

func BenchmarkCauldron(b *testing.B) {
	corpustest.Dir(b)
	benchSolve(b, readCorpusPuzzles(b, filepath.Join("picross-solver", "inputs", "cauldron.non")))
}

func BenchmarkLineSolver(b *testing.B) {
	// A 512-cell line with 60 blocks and a few known cells.
	var clue []block
	for i := range 60 {
		clue = append(clue, block{len: 1 + i%7, color: 1})
	}
	cells := make([]colorSet, 512)
	var ls lineSolver
	for b.Loop() {
		for i := range cells {
			cells[i] = 3
		}
		cells[100], cells[300] = 2, 1
		if !ls.solve(clue, cells) {
			b.Fatal("contradiction")
		}
	}
}
