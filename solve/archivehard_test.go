package solve_test

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nonopress/nonopress/internal/archivegen"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// The archive part of the hard set: pictures drawn as internal/archivegen
// draws its archive's puzzles (before the archive keeps only those line
// logic solves), filtered for the ones line logic cannot settle. Such blobs
// are easy on the whole: of 1500, about half have several solutions and
// about one in a hundred needs probing, and none needs a guess to be proven
// unique, so the filter keeps the ones that cost the solver the most work.
// This is an external test (package solve_test) because archivegen itself
// imports solve.

// archiveCase is one filtered blob.
type archiveCase struct {
	name    string
	p       *puzzle.Puzzle
	work    int // line solves and probes the solver spent on it
	verdict solve.Verdict
}

// archiveHardSet draws blobs from a fixed seed, solves them, and keeps, of
// those that line logic alone cannot settle, the six unique ones and the six
// with several solutions that cost the most work, hardest first.
var archiveHardSet = sync.OnceValue(func() []archiveCase {
	rng := rand.New(rand.NewPCG(20, 26))
	var out []archiveCase
	for k := range 1500 {
		side := 20 + rng.IntN(31)
		colours := 1
		if rng.IntN(5) == 0 {
			colours = 2 + rng.IntN(2)
		}
		p := puzzleOfImage(archivegen.Blob(rng, side, side+rng.IntN(11)-5, colours), colours)
		res, err := solve.Solve(context.Background(), p)
		if err != nil || res.Difficulty == solve.Line {
			continue
		}
		p.Meta.Title = fmt.Sprintf("blob-%04d", k)
		out = append(out, archiveCase{name: p.Meta.Title, p: p, work: res.Stats.LineSolves + res.Stats.Probes, verdict: res.Verdict})
	}
	slices.SortStableFunc(out, func(a, b archiveCase) int { return cmp.Compare(b.work, a.work) })
	var kept []archiveCase
	for _, v := range []solve.Verdict{solve.Unique, solve.Multiple} {
		n := 0
		for _, c := range out {
			if c.verdict == v && n < 6 {
				kept = append(kept, c)
				n++
			}
		}
	}
	return kept
})

// puzzleOfImage makes a puzzle with the clues of an image, in black or in
// several colours: colours is the number of colours besides the background.
func puzzleOfImage(img *puzzle.Image, colours int) *puzzle.Puzzle {
	rows, cols := puzzle.CluesOf(img)
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: img.Width, Height: img.Height, Rows: rows, Cols: cols,
		Palette: puzzle.DefaultPalette(), Origin: puzzle.Origin{File: "archivegen"}}
	for c := 2; c <= colours; c++ {
		p.Palette = append(p.Palette, puzzle.Color{Char: rune('a' + c), RGB: puzzle.RGB{R: uint8(40 * c)}})
	}
	return p
}

func TestArchiveHardSet(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	set := archiveHardSet()
	if len(set) < 12 {
		t.Fatalf("only %d blobs need more than line logic", len(set))
	}
	for _, c := range set {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		res, err := solve.Solve(ctx, c.p)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s %dx%d %d colours: %s %s, work %d", c.name, c.p.Width, c.p.Height, len(c.p.Palette)-1, res.Verdict, res.Difficulty, c.work)
		checkVerdict(t, c.name, c.p, res)
		if res.Verdict != c.verdict {
			t.Errorf("%s: %s, but %s when the set was drawn", c.name, res.Verdict, c.verdict)
		}
	}
}

// checkVerdict checks a definite verdict with puzzle.Satisfies, which shares
// no code with the solver: every solution given satisfies every clue, and a
// verdict of multiple gives two that differ.
func checkVerdict(t *testing.T, name string, p *puzzle.Puzzle, res solve.Result) {
	t.Helper()
	want := map[solve.Verdict]int{solve.Unique: 1, solve.Multiple: 2}[res.Verdict]
	if want == 0 || len(res.Solutions) != want {
		t.Errorf("%s: %s with %d solutions", name, res.Verdict, len(res.Solutions))
		return
	}
	for i, s := range res.Solutions {
		if !p.Satisfies(s) {
			t.Errorf("%s: solution %d breaks the clues", name, i+1)
		}
	}
	if want == 2 && res.Solutions[0].Equal(res.Solutions[1]) {
		t.Errorf("%s: the two solutions are the same", name)
	}
}

func BenchmarkArchiveHardSet(b *testing.B) {
	for _, c := range archiveHardSet() {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				res, err := solve.Solve(context.Background(), c.p)
				if err != nil || res.Verdict == solve.Unknown || res.Verdict == solve.None {
					b.Fatalf("%s: %s %v", c.name, res.Verdict, err)
				}
			}
		})
	}
}
