package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// TestTriddlerSATAgrees solves random triddlers that need search four
// ways — depth-first only, the SAT encoding only, the default (SAT after
// depthFirstNodes guesses) and SAT after one guess, so that the hand-over
// with solutions already found is exercised — and wants the same verdict,
// the same unique solution, and solutions that fit every clue.
func TestTriddlerSATAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 9))
	pal3 := append(puzzle.DefaultPalette(), puzzle.Color{Char: 'r', Name: "red", RGB: puzzle.RGB{R: 200}})
	searched, handedOver := 0, 0
	for k := range 60 {
		g := puzzle.TriddlerHexagon(3 + k%2)
		pal := puzzle.DefaultPalette()
		if k%4 == 3 {
			pal = pal3
		}
		img := puzzle.NewImage(g.Width, g.Height)
		for _, c := range g.Cells {
			if r.IntN(100) < 50 {
				img.Set(c.X, c.Y, 1+r.IntN(len(pal)-1))
			}
		}
		p := g.TriddlerOf(img, pal)
		ctx := context.Background()
		dfs, err := solveTriddlerWith(ctx, p, depthFirstOnly, 0)
		if err != nil {
			t.Fatal(err)
		}
		if dfs.Difficulty != Search && dfs.Verdict != Multiple {
			continue
		}
		searched++
		for _, st := range []struct {
			strategy
			handover int
		}{{satOnly, 0}, {depthFirstThenSAT, depthFirstNodes}, {depthFirstThenSAT, 1}} {
			res, err := solveTriddlerWith(ctx, p, st.strategy, st.handover)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != dfs.Verdict {
				t.Fatalf("triddler %d, strategy %v: %s, depth-first says %s", k, st, res.Verdict, dfs.Verdict)
			}
			if res.Verdict == Unique && !res.Solutions[0].Equal(dfs.Solutions[0]) {
				t.Fatalf("triddler %d, strategy %v: another unique solution", k, st)
			}
			if res.Verdict == Multiple && res.Solutions[0].Equal(res.Solutions[1]) {
				t.Fatalf("triddler %d, strategy %v: the two solutions are the same", k, st)
			}
			for _, s := range res.Solutions {
				checkTriddlerSolution(t, p, s)
			}
			if st.handover == 1 && res.Stats.Nodes > 1 {
				handedOver++
			}
		}
	}
	if searched < 5 {
		t.Fatalf("only %d of the random triddlers needed search", searched)
	}
	t.Logf("%d triddlers needed search; %d went on to the SAT fallback after one guess", searched, handedOver)
	if handedOver == 0 {
		t.Error("no triddler reached the SAT fallback")
	}
}

// TestTriddlerSATSkipsBlots checks that lanes with a blotted line do not use
// the SAT fallback (its automaton needs fixed lengths).
func TestTriddlerSATSkipsBlots(t *testing.T) {
	g := puzzle.TriddlerHexagon(2)
	img := puzzle.NewImage(g.Width, g.Height)
	img.Set(g.Cells[0].X, g.Cells[0].Y, 1)
	p := g.TriddlerOf(img, puzzle.DefaultPalette())
	pg, _ := p.TriddlerGeometry()
	s := newLanes(context.Background(), pg, len(p.Palette))
	if !s.satAllowed(s.cells) {
		t.Fatal("a triddler without blots may not use SAT")
	}
	for side, lines := range p.TriddlerClues {
		for i, l := range lines {
			if len(l) > 0 {
				p.TriddlerClues[side][i] = puzzle.Line{{Color: 1, Blot: true}}
				pg, _ = p.TriddlerGeometry()
				if s := newLanes(context.Background(), pg, len(p.Palette)); s.satAllowed(s.cells) {
					t.Fatal("a blotted triddler may use SAT")
				}
				return
			}
		}
	}
	t.Fatal("no line with a block")
}
