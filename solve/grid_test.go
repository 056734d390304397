package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// linePlacements lists every colouring of n cells (palette indices below
// colors) whose clue is l.
func linePlacements(l puzzle.Line, n, colors int) [][]uint8 {
	var out [][]uint8
	cells := make([]uint8, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if puzzle.LineOf(cells).Equal(l) {
				out = append(out, append([]uint8(nil), cells...))
			}
			return
		}
		for c := range colors {
			cells[i] = uint8(c)
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// bruteCount counts a puzzle's solutions up to two by enumerating row
// candidates and backtracking on the prefixes column candidates allow.
func bruteCount(p *puzzle.Puzzle) int {
	colors := len(p.Palette)
	rowCands := make([][][]uint8, p.Height)
	for y, l := range p.Rows {
		rowCands[y] = linePlacements(l, p.Width, colors)
	}
	prefixes := make([]map[string]bool, p.Width)
	for x, l := range p.Cols {
		prefixes[x] = map[string]bool{}
		for _, c := range linePlacements(l, p.Height, colors) {
			for k := 0; k <= p.Height; k++ {
				prefixes[x][string(c[:k])] = true
			}
		}
	}
	rows := make([][]uint8, p.Height)
	count := 0
	col := make([]byte, p.Height)
	var rec func(y int)
	rec = func(y int) {
		if count >= 2 {
			return
		}
		if y == p.Height {
			count++
			return
		}
		for _, r := range rowCands[y] {
			rows[y] = r
			ok := true
			for x := 0; x < p.Width && ok; x++ {
				for yy := 0; yy <= y; yy++ {
					col[yy] = rows[yy][x]
				}
				ok = prefixes[x][string(col[:y+1])]
			}
			if ok {
				rec(y + 1)
			}
		}
	}
	rec(0)
	return count
}

// puzzleOf makes a puzzle with the clues of an image and a palette of the
// given size.
func puzzleOf(img *puzzle.Image, colors int) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: img.Width, Height: img.Height,
		Palette: puzzle.DefaultPalette(), Origin: puzzle.Origin{File: "test"}}
	for c := 2; c < colors; c++ {
		p.Palette = append(p.Palette, puzzle.Color{Char: rune('a' + c), RGB: puzzle.RGB{R: uint8(40 * c)}})
	}
	p.Rows, p.Cols = puzzle.CluesOf(img)
	return p
}

// checkAgainstBrute solves p and compares the verdict with brute force.
func checkAgainstBrute(t *testing.T, p *puzzle.Puzzle, name string) Verdict {
	t.Helper()
	return checkWithOptions(t, p, name, options{}).Verdict
}

// checkWithOptions solves p with the given options and compares the verdict
// with brute force.
func checkWithOptions(t *testing.T, p *puzzle.Puzzle, name string, opts options) Result {
	t.Helper()
	res, err := solveWith(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	want := []Verdict{None, Unique, Multiple}[bruteCount(p)]
	if res.Verdict != want {
		t.Fatalf("%s: verdict %s, brute force %s (rows %v cols %v)", name, res.Verdict, want, p.Rows, p.Cols)
	}
	checkResult(t, name, p, res)
	return res
}

func TestAllSmallTwoColourGrids(t *testing.T) {
	// Every image up to 4x4 (and 3x5, 5x3): the clues it gives always have a
	// solution, often several.
	for _, size := range [][2]int{{1, 1}, {2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {3, 5}, {5, 3}} {
		w, h := size[0], size[1]
		img := puzzle.NewImage(w, h)
		for m := range 1 << (w * h) {
			for i := range img.Cells {
				img.Cells[i] = uint8(m >> i & 1)
			}
			checkAgainstBrute(t, puzzleOf(img, 2), fmt.Sprintf("%dx%d #%d", w, h, m))
		}
	}
}

func TestRandomSmallGrids(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ colors, n int }{{2, 3000}, {3, 3000}, {4, 800}} {
		t.Run(fmt.Sprint(tc.colors, " colours"), func(t *testing.T) {
			tally := map[Verdict]int{}
			for k := range tc.n {
				w, h := 1+r.IntN(5), 1+r.IntN(5)
				img := puzzle.NewImage(w, h)
				density := 1 + r.IntN(3)
				for i := range img.Cells {
					if r.IntN(4) < density {
						img.Cells[i] = uint8(1 + r.IntN(tc.colors-1))
					}
				}
				p := puzzleOf(img, tc.colors)
				if k%3 == 0 {
					// Swap two column clues: the colour counts still
					// agree, but there may be no solution any more.
					a, b := r.IntN(w), r.IntN(w)
					p.Cols[a], p.Cols[b] = p.Cols[b], p.Cols[a]
				}
				tally[checkAgainstBrute(t, p, fmt.Sprintf("%d colours case %d", tc.colors, k))]++
			}
			if tally[None] == 0 || tally[Unique] == 0 || tally[Multiple] == 0 {
				t.Errorf("verdicts not all exercised: %v", tally)
			}
		})
	}
}

// randomPuzzle makes a w×h puzzle from a random image; one time in three two
// column clues are swapped, which may leave it without a solution.
func randomPuzzle(r *rand.Rand, w, h, colors int) *puzzle.Puzzle {
	img := puzzle.NewImage(w, h)
	density := 1 + r.IntN(3)
	for i := range img.Cells {
		if r.IntN(4) < density {
			img.Cells[i] = uint8(1 + r.IntN(colors-1))
		}
	}
	p := puzzleOf(img, colors)
	if r.IntN(3) == 0 {
		a, b := r.IntN(w), r.IntN(w)
		p.Cols[a], p.Cols[b] = p.Cols[b], p.Cols[a]
	}
	return p
}

func TestSearchStrategiesAgainstBruteForce(t *testing.T) {
	// Without probing most of these puzzles need search, so each strategy
	// (depth-first, conflict-driven learning, and the switch between them)
	// meets guesses, contradictions and second solutions.
	strategies := map[string]options{
		"depth-first":          {search: depthFirstOnly, noProbe: true},
		"learning":             {search: learnOnly, noProbe: true},
		"learning after probe": {search: learnOnly},
		"switching":            {search: depthFirstThenLearn, noProbe: true},
		"sat":                  {search: satOnly, noProbe: true},
		"sat, automaton":       {search: satOnly, noProbe: true, encoding: encodeAutomaton},
		"sat after probe":      {search: satOnly},
		"switching to sat":     {search: depthFirstThenSAT, noProbe: true},
	}
	for _, name := range []string{"depth-first", "learning", "learning after probe", "switching", "sat", "sat, automaton", "sat after probe", "switching to sat"} {
		opts := strategies[name]
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(5, 6))
			tally := map[Verdict]int{}
			guesses := 0
			for _, tc := range []struct{ colors, n, side int }{{2, 300, 6}, {2, 300, 10}, {3, 300, 7}, {4, 200, 5}} {
				for k := range tc.n {
					p := randomPuzzle(r, 2+r.IntN(tc.side-1), 2+r.IntN(tc.side-1), tc.colors)
					res := checkWithOptions(t, p, fmt.Sprintf("%d colours case %d", tc.colors, k), opts)
					tally[res.Verdict]++
					guesses += res.Stats.Nodes
				}
			}
			for n := 3; n <= 6; n++ {
				img := nDom(n)
				res := checkWithOptions(t, puzzleOf(img, 2), fmt.Sprintf("%d-Dom", n), opts)
				if res.Verdict != Unique || !res.Solutions[0].Equal(img) {
					t.Errorf("%d-Dom: %s", n, res.Verdict)
				}
				guesses += res.Stats.Nodes
			}
			t.Logf("verdicts %v, %d guesses", tally, guesses)
			if tally[None] == 0 || tally[Unique] == 0 || tally[Multiple] == 0 || guesses == 0 {
				t.Errorf("verdicts or search not all exercised: %v, %d guesses", tally, guesses)
			}
		})
	}
}

// FuzzSolve compares the solver's verdict, under every strategy, with brute
// force on small random puzzles of two to four colours.
func FuzzSolve(f *testing.F) {
	f.Add(uint64(1), uint8(5), uint8(5), uint8(2), uint8(0))
	f.Add(uint64(2), uint8(6), uint8(4), uint8(3), uint8(1))
	f.Add(uint64(3), uint8(4), uint8(4), uint8(4), uint8(2))
	f.Fuzz(func(t *testing.T, seed uint64, w, h, colors, strategy uint8) {
		colors = 2 + colors%3
		side := []int{8, 6, 5}[colors-2]
		r := rand.New(rand.NewPCG(seed, uint64(w)<<8|uint64(h)))
		p := randomPuzzle(r, 1+int(w)%side, 1+int(h)%side, int(colors))
		opts := []options{{}, {search: learnOnly, noProbe: true}, {search: depthFirstOnly, noProbe: true}, {search: satOnly, noProbe: true}}[strategy%4]
		checkWithOptions(t, p, fmt.Sprintf("seed %d", seed), opts)
	})
}
