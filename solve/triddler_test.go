package solve

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// checkTriddlerSolution fails unless img gives every line of p its clue.
func checkTriddlerSolution(t *testing.T, p *puzzle.Puzzle, img *puzzle.Image) {
	t.Helper()
	g, err := p.TriddlerGeometry()
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Lines {
		if got, want := g.LineClue(img, i), g.Clues[i]; !sameLine(got, want) {
			t.Fatalf("%s line %d: solution gives %v, clue is %v", g.Lines[i].Side, g.Lines[i].Index+1, got, want)
		}
	}
}

func sameLine(a, b puzzle.Line) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestTriddlerCorpus solves the shared corpus's three triddlers. Their
// sources say nothing of uniqueness (pbnsolve cannot read them); number-loom
// ships them as puzzles to solve, and all three are unique.
func TestTriddlerCorpus(t *testing.T) {
	corpustest.Dir(t)
	for _, tc := range []struct {
		file string
		diff Difficulty
	}{
		{"number-loom/examples/triddler/blob.g", Line},
		{"number-loom/puzzles/wake_up.xml", Line},
		{"number-loom/puzzles/cut_and_polished.xml", Line},
	} {
		ps, err := formats.ReadFile(corpustest.Path(t, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(context.Background(), ps[0])
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s %s effort %d %+v", tc.file, res.Verdict, res.Difficulty, res.Effort, res.Stats)
		if res.Verdict != Unique || res.Difficulty != tc.diff {
			t.Errorf("%s: %s %s, want unique %s", tc.file, res.Verdict, res.Difficulty, tc.diff)
			continue
		}
		checkTriddlerSolution(t, ps[0], res.Solutions[0])
	}
}

// TestTriddlerRandom solves triddlers made from random images: the image is
// always a solution, so the verdict is unique (and the solution the image)
// or multiple (two different solutions, both fitting).
func TestTriddlerRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[Verdict]int{}
	for n := 1; n <= 4; n++ {
		g := puzzle.TriddlerHexagon(n)
		for range 20 {
			img := puzzle.NewImage(g.Width, g.Height)
			for _, c := range g.Cells {
				img.Set(c.X, c.Y, r.IntN(2))
			}
			p := g.TriddlerOf(img, puzzle.DefaultPalette())
			res, err := Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			seen[res.Verdict]++
			switch res.Verdict {
			case Unique:
				if !res.Solutions[0].Equal(img) {
					t.Fatalf("side %d: unique solution is not the image", n)
				}
			case Multiple:
				checkTriddlerSolution(t, p, res.Solutions[0])
				checkTriddlerSolution(t, p, res.Solutions[1])
				if res.Solutions[0].Equal(res.Solutions[1]) {
					t.Fatalf("side %d: the two solutions are the same", n)
				}
			default:
				t.Fatalf("side %d: verdict %s for clues made from an image", n, res.Verdict)
			}
		}
	}
	if seen[Unique] == 0 || seen[Multiple] == 0 {
		t.Errorf("verdicts %v: want both unique and multiple among random triddlers", seen)
	}
}

// TestTriddlerNoneAndUnknown checks a triddler without solution and a
// budget spent before the end.
func TestTriddlerNoneAndUnknown(t *testing.T) {
	g := puzzle.TriddlerHexagon(2)
	img := puzzle.NewImage(g.Width, g.Height)
	p := g.TriddlerOf(img, puzzle.DefaultPalette())
	p.TriddlerClues["top"][0] = puzzle.Line{{Len: 1, Color: 1}} // one filled cell no row has
	res, err := Solve(context.Background(), p)
	if err != nil || res.Verdict != None {
		t.Errorf("verdict %s, %v; want none", res.Verdict, err)
	}

	big := puzzle.TriddlerHexagon(12)
	img = puzzle.NewImage(big.Width, big.Height)
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range big.Cells {
		img.Set(c.X, c.Y, r.IntN(2))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	res, err = Solve(ctx, big.TriddlerOf(img, puzzle.DefaultPalette()))
	if err != nil || res.Verdict != Unknown {
		t.Errorf("verdict %s, %v; want unknown once the budget is spent", res.Verdict, err)
	}
}

// TestTriddlerBadClue checks that a clue in a colour the palette lacks is an
// error naming the line, not a panic.
func TestTriddlerBadClue(t *testing.T) {
	g := puzzle.TriddlerHexagon(1)
	p := g.TriddlerOf(puzzle.NewImage(g.Width, g.Height), puzzle.DefaultPalette())
	p.Origin.File = "bad.xml"
	p.TriddlerClues["bottom"][0] = puzzle.Line{{Len: 1, Color: 5}}
	if _, err := Solve(context.Background(), p); err == nil {
		t.Error("no error for a clue colour outside the palette")
	}
}
