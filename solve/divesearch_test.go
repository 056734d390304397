package solve

import (
	"context"
	"slices"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// scanSearch decides the first open cell in reading order, filled, until
// the grid is solved or d gives up: the dive's mending without its beliefs,
// and without the SAT repairs (diverepair_test.go tests those).
// It reports whether the grid was solved and, if so, the solution's image.
func scanSearch(t *testing.T, p *puzzle.Puzzle, jumps int, probing bool) (*puzzle.Image, bool) {
	t.Helper()
	return scanSearchWith(t, p, options{diveRepairs: -1}, jumps, probing)
}

// scanSearchWith is scanSearch with the solver's options opts.
func scanSearchWith(t *testing.T, p *puzzle.Puzzle, opts options, jumps int, probing bool) (*puzzle.Image, bool) {
	t.Helper()
	s := solverFor(context.Background(), p, opts)
	g := s.g
	if ok, err := g.propagate(); !ok || err != nil {
		t.Fatalf("line logic found a contradiction (%v)", err)
	}
	d := newDiveStack(s, jumps, probing)
	for !g.solved() {
		cell := 0
		for g.cells[cell].single() {
			cell++
		}
		ok, err := d.decide(cell, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return nil, false
		}
	}
	img := puzzle.NewImage(g.w, g.h)
	for i, c := range g.cells {
		img.Cells[i] = uint8(c.only())
	}
	return img, true
}

func TestDiveBackjumpsReachASolution(t *testing.T) {
	// With backjumps to spare, the dive's mending is a complete search:
	// on random grids (each has a solution) it reaches one that satisfies
	// the clues, with or without probing; without backjumps or probing it
	// stops short on some of them.
	stuck := 0
	for seed := uint64(1); seed <= 60; seed++ {
		p := puzzleOf(randomImage(seed, 10, 10, 0.4), 2)
		if _, ok := scanSearch(t, p, 0, false); !ok {
			stuck++
		}
		for _, probing := range []bool{false, true} {
			img, ok := scanSearch(t, p, 1<<30, probing)
			if !ok {
				t.Errorf("seed %d, probing %v: no solution reached", seed, probing)
			} else if !p.Satisfies(img) {
				t.Errorf("seed %d, probing %v: the solution reached breaks the clues", seed, probing)
			}
		}
	}
	if stuck == 0 {
		t.Error("no grid stops the plain search: the test shows nothing")
	}
}

func TestDiveProbingCatchesWrongDecisions(t *testing.T) {
	// Probing the lines each decision changed removes the colours that
	// would fail later, so that, without a backjump, the search reaches a
	// solution on each of these grids, where without probing it stops short
	// on some.
	stuck, stuckProbing := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		p := puzzleOf(randomImage(seed, 10, 10, 0.4), 2)
		if _, ok := scanSearch(t, p, 0, false); !ok {
			stuck++
		}
		img, ok := scanSearch(t, p, 0, true)
		switch {
		case !ok:
			stuckProbing++
		case !p.Satisfies(img):
			t.Errorf("seed %d: the solution reached breaks the clues", seed)
		}
	}
	if stuck == 0 {
		t.Error("no grid stops the search without probing: the test shows nothing")
	}
	if stuckProbing > 0 {
		t.Errorf("probing, the search stops short on %d of 60 grids, want none", stuckProbing)
	}
}

func TestDiveBlameSkipsDecisionsTheDeadEndDoesNotNeed(t *testing.T) {
	// A cell that no colour fits after some decisions stays so after one
	// more: blame passes over that one and names the decision without
	// which the cell has a colour again, leaving the state as before it.
	for seed := uint64(1); seed <= 200; seed++ {
		s := solverFor(context.Background(), puzzleOf(randomImage(seed, 10, 10, 0.4), 2), options{})
		g := s.g
		if ok, err := g.propagate(); !ok || err != nil {
			t.Fatalf("seed %d: line logic found a contradiction (%v)", seed, err)
		}
		d := newDiveStack(s, 0, false)
		dead := -1
		for dead < 0 && !g.solved() {
			if ok, _ := d.decide(firstOpen(g, 0), 1); !ok {
				break
			}
			dead = deadCell(t, d)
		}
		if dead < 0 {
			continue
		}
		cause := len(d.taken) - 1
		if ok, err := d.decide(firstOpen(g, dead+1), 0); !ok || err != nil || len(d.taken) != cause+2 {
			continue // the further decision failed: no case here
		}
		k, err := d.blame(dead)
		if err != nil {
			t.Fatal(err)
		}
		if k != cause {
			t.Fatalf("seed %d: blame names decision %d, want %d (the last is %d)", seed, k, cause, cause+1)
		}
		if g.mark() != d.taken[cause].mark {
			t.Fatalf("seed %d: the state is at trail mark %d, want %d", seed, g.mark(), d.taken[cause].mark)
		}
		return
	}
	t.Fatal("no dead cell found: the test shows nothing")
}

// firstOpen returns the first open cell of g from index from on, wrapping.
func firstOpen(g *grid, from int) int {
	for i := range g.cells {
		if c := (from + i) % len(g.cells); !g.cells[c].single() {
			return c
		}
	}
	return -1
}

// deadCell returns an open cell of which no colour survives propagation,
// or -1.
func deadCell(t *testing.T, d *diveStack) int {
	t.Helper()
	for cell, set := range d.s.g.cells {
		if set.single() {
			continue
		}
		alive, err := d.hasColor(cell)
		if err != nil {
			t.Fatal(err)
		}
		if !alive {
			return cell
		}
	}
	return -1
}

func TestFailedDiveReturnsThePlainDivesColours(t *testing.T) {
	// When the backjumping dive finds no solution, the colours the SAT
	// solver goes on from are those where the plain dive (no backjumps, no
	// probing) stopped, as before the dive backjumped. The grids have no
	// solution: a row's clue gains a block, which line logic alone does not
	// see (the rows then fill one cell more than the columns).
	differ := 0
	for seed := uint64(1); seed <= 10; seed++ {
		p := puzzleOf(randomImage(seed, 12, 12, 0.4), 2)
		for y, row := range p.Rows {
			if filled(row)+len(row)+1 <= p.Width {
				p.Rows[y] = append(row, puzzle.Clue{Len: 1, Color: 1})
				break
			}
		}
		s := solverFor(context.Background(), p, options{})
		if ok, err := s.g.propagate(); !ok || err != nil {
			continue
		}
		plain, _, err := s.diveWith(newDiveStack(s, 0, false))
		if err != nil {
			t.Fatal(err)
		}
		searching, _, err := s.diveWith(newDiveStack(s, diveJumps, true))
		if err != nil {
			t.Fatal(err)
		}
		colors, _, err := s.dive()
		if err != nil || len(s.solutions) > 0 {
			t.Fatalf("seed %d: %d solutions, %v", seed, len(s.solutions), err)
		}
		if !slices.Equal(colors, plain) {
			t.Fatalf("seed %d: the dive returned the colours %v, want the plain dive's %v", seed, colors, plain)
		}
		if !slices.Equal(searching, plain) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the two dives stopped at the same colours on every grid: the test shows nothing")
	}
}

// filled returns the number of cells a line's clue fills.
func filled(l puzzle.Line) int {
	n := 0
	for _, c := range l {
		n += c.Len
	}
	return n
}
