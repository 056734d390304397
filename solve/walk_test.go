package solve

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// TestLineProjectionIsNearest checks the line projection against every
// colouring of short lines with some cells solved: it must be a placement
// of the clue agreeing with the solved cells, at the least squared distance
// from the values, and report false exactly when no placement fits.
func TestLineProjectionIsNearest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var p lineProjector
	for trial := range 3000 {
		n := 1 + r.IntN(10)
		_, clue := randomLine(r, n)
		cells := make([]colorSet, n)
		vals := make([]float64, n)
		for i := range cells {
			cells[i] = 3
			switch r.IntN(8) {
			case 0:
				cells[i] = 1
			case 1:
				cells[i] = 2
			}
			vals[i] = 2*r.Float64() - 0.5
		}
		best, found := 0.0, false
		colouring := make([]uint8, n)
		for bits := range 1 << n {
			ok := true
			for i := range colouring {
				colouring[i] = uint8(bits >> i & 1)
				ok = ok && cells[i]&(1<<colouring[i]) != 0
			}
			if ok && puzzle.LineOf(colouring).Equal(clue) {
				if d := distance(vals, colouring); !found || d < best {
					best, found = d, true
				}
			}
		}
		out := make([]float64, n)
		got := p.project(toBlocks(clue), cells, 0, 1, vals, out)
		if got != found {
			t.Fatalf("trial %d: clue %v cells %v: fits %v, brute force says %v", trial, clue, cells, got, found)
		}
		if !found {
			continue
		}
		for i, v := range out {
			colouring[i] = uint8(v)
			if cells[i]&(1<<colouring[i]) == 0 {
				t.Fatalf("trial %d: cell %d of %v is %v against its set %v", trial, i, out, v, cells[i])
			}
		}
		if !puzzle.LineOf(colouring).Equal(clue) {
			t.Fatalf("trial %d: %v is no placement of %v", trial, out, clue)
		}
		if d := distance(vals, colouring); d > best+1e-9 {
			t.Fatalf("trial %d: clue %v vals %v: distance %v, the nearest placement's %v", trial, clue, vals, d, best)
		}
	}
}

// randomLine returns a random two-colour line of n cells and its clue.
func randomLine(r *rand.Rand, n int) ([]uint8, puzzle.Line) {
	img := make([]uint8, n)
	for i := range img {
		img[i] = uint8(r.IntN(2))
	}
	return img, puzzle.LineOf(img)
}

func distance(vals []float64, colouring []uint8) float64 {
	d := 0.0
	for i, v := range vals {
		e := v - float64(colouring[i])
		d += e * e
	}
	return d
}

// TestLineSamplerDrawsByWeight draws placements of short lines, some cells
// solved, and compares how often each comes with its share of the weights
// exp(Σ log weight) over every placement.
func TestLineSamplerDrawsByWeight(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	var p lineSampler
	for trial := range 20 {
		n := 6 + r.IntN(4)
		img, clue := randomLine(r, n)
		cells := make([]colorSet, n)
		lw := make([]float64, 2*n)
		for i := range cells {
			cells[i] = 3
			if r.IntN(6) == 0 {
				cells[i] = 1 << img[i]
				lw[2*i+1-int(img[i])] = math.Inf(-1)
			}
			lw[2*i+1] += 3*r.Float64() - 1.5
		}
		want := map[string]float64{}
		total := 0.0
		colouring := make([]uint8, n)
		for bits := range 1 << n {
			w := 0.0
			for i := range colouring {
				colouring[i] = uint8(bits >> i & 1)
				w += lw[2*i+int(colouring[i])]
			}
			if !math.IsInf(w, -1) && puzzle.LineOf(colouring).Equal(clue) {
				want[string(colouring)] = math.Exp(w)
				total += math.Exp(w)
			}
		}
		const draws = 20000
		got := map[string]float64{}
		for range draws {
			drawn := p.sample(toBlocks(clue), lw, r)
			for i, v := range drawn {
				colouring[i] = uint8(v)
			}
			got[string(colouring)]++
		}
		apart := 0.0 // total variation distance
		for k, w := range want {
			apart += math.Abs(got[k]/draws-w/total) / 2
		}
		for k, c := range got {
			if _, ok := want[k]; !ok {
				t.Fatalf("trial %d: clue %v cells %v: drew %v, no placement", trial, clue, cells, []byte(k))
			}
			_ = c
		}
		if apart > 0.03 {
			t.Errorf("trial %d: clue %v: the draws are %.3f from the weights' shares", trial, clue, apart)
		}
	}
}

// TestWalkFindsSolutions runs the annealer alone (no repair) on small
// random grids from no cell filled: it must reach a solution of the clues
// on most.
func TestWalkFindsSolutions(t *testing.T) {
	found, open := 0, 0
	for seed := range uint64(40) {
		p := puzzleOf(randomImage(seed, 15, 15, 0.5), 2)
		s := satStart(t, p)
		if s.g.solved() {
			continue
		}
		open++
		a := newAnnealer(s, make([]uint8, 15*15))
		a.repairAt = -1
		ok, err := a.run(4000)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			found++
			if !p.Satisfies(s.solutions[0]) {
				t.Fatalf("seed %d: the walk's solution does not satisfy the clues", seed)
			}
		}
	}
	t.Logf("found %d of %d", found, open)
	if found < open*9/10 {
		t.Errorf("the walk found solutions of %d of %d grids", found, open)
	}
}

// TestRepairFinishesANearMiss breaks a solution of a random grid in one row
// (two cells swapped) and has repair finish it: the rows and columns near
// the cells where the broken grid and the solution differ are left open.
func TestRepairFinishesANearMiss(t *testing.T) {
	img := randomImage(3, 20, 20, 0.5)
	p := puzzleOf(img, 2)
	s := solverFor(context.Background(), p, options{}) // every cell open
	near := make([]float64, len(img.Cells))
	for i, c := range img.Cells {
		near[i] = float64(c)
	}
	broken := slices.Clone(near)
	y := 7
	x0 := slices.Index(img.Cells[y*20:y*20+20], 0)
	x1 := slices.Index(img.Cells[y*20:y*20+20], 1)
	broken[y*20+x0], broken[y*20+x1] = 1, 0
	before := slices.Clone(s.g.cells)
	ok, err := s.repair(broken, near, 1, 100)
	if err != nil || !ok {
		t.Fatalf("repair found no solution (%v)", err)
	}
	if !p.Satisfies(s.solutions[0]) {
		t.Fatal("the repair's solution does not satisfy the clues")
	}
	if !slices.Equal(before, s.g.cells) {
		t.Error("repair left the grid's cells changed")
	}
}

// TestWalkAfterAFailedDive: on random-40-0.45-5 the dive from the SAT
// fallback's starting state stops short, and the walk from its colours
// finds a solution.
func TestWalkAfterAFailedDive(t *testing.T) {
	p := puzzleOf(randomImage(5, 40, 40, 0.45), 2)
	s := satStart(t, p)
	colors, _, err := s.dive()
	if err != nil || len(s.solutions) > 0 {
		t.Fatalf("the dive found a solution (%v): the test needs another grid", err)
	}
	got, err := s.walk(colors)
	if err != nil || len(s.solutions) == 0 {
		t.Fatalf("the walk found no solution (%v)", err)
	}
	if !p.Satisfies(s.solutions[0]) || !slices.Equal(got, s.solutions[0].Cells) {
		t.Error("the walk's solution does not satisfy the clues, or is not what it returned")
	}
}
