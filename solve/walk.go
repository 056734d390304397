package solve

import (
	"math"
	"math/rand/v2"

	"github.com/nonopress/nonopress/puzzle"
)

// The walk: a local search for a first solution of a two-colour grid, for
// the wide-open puzzles (random grids at density 0.45) whose dive (dive.go)
// stopped short. It starts from the dive's colours, the rows made the
// placements of their clues nearest to them, and keeps every row a
// placement; the cost is the columns' distance to their clues. It resamples
// one row at a time (annealer) and, whenever the cost reaches a new low of
// at most walkRepairAt, tries to finish the grid near it (walkrepair.go).
// It proves nothing: a solution it finds is recorded, and the SAT solver
// goes on from it, as after a dive that found one.

// The walk's settings, chosen on seeds 1 to 40 of random 40×40 grids at
// density 0.45: row moves (about a second of CPU on those grids), the
// temperature, the cost at which repairs are tried and how often while it
// stays there, and the repair's radius and guesses.
const (
	walkMoves       = 12000
	walkTemperature = 0.2
	walkRepairAt    = 10
	walkRepairEvery = 1000
	walkRadius      = 2
	walkNodes       = 1000
)

// walk looks for a first solution from colors (a colour per cell) unless
// one is known, and records it. It returns the solution's colours, or
// colors when it found none. It leaves the grid's cells as they were.
func (s *solver) walk(colors []uint8) ([]uint8, error) {
	g := s.g
	if g.colors != 2 || len(s.solutions) > 0 || g.solved() {
		return colors, nil
	}
	a := newAnnealer(s, colors)
	if ok, err := a.run(walkMoves); !ok || err != nil {
		return colors, err
	}
	return s.solutions[0].Cells, nil
}

// annealer keeps every row of a two-colour grid a placement of its clue
// and resamples one row at a time, chosen by a seeded generator, each of
// its placements weighted by exp(−E/T), E the sum over the columns of their
// distance to their clues (the fewest cells to recolour): a row's placement
// changes each column in one cell at most, so its E is a sum over its cells
// and the row is drawn exactly (lineSampler). At the walk's temperature a
// move that raises E by 2 is taken about once in 20,000 (and swapping the
// roles of rows and columns, or cooling from 0.4 to 0.12, found fewer).
type annealer struct {
	s      *solver
	g      *grid
	img    []uint8 // per cell
	dist   []int   // per column, its distance to its clue
	energy int     // the columns' distances in sum
	best   int     // the lowest energy so far
	t      float64 // the temperature
	proj   lineProjector
	samp   lineSampler
	vals   []float64 // scratch of a line
	out    []float64
	lw     []float64 // per cell of a row and colour: its log weight
	alt    []int     // per cell of a row: its column's distance with the cell flipped
	rng    *rand.Rand
	// repairs: at an energy of at most repairAt, at each new low and
	// every repairEvery moves
	repairAt, repairEvery, radius, nodes int
}

func newAnnealer(s *solver, start []uint8) *annealer {
	g := s.g
	long := max(g.w, g.h)
	a := &annealer{s: s, g: g, img: make([]uint8, len(g.cells)), dist: make([]int, g.w), t: walkTemperature,
		vals: make([]float64, long), out: make([]float64, long), lw: make([]float64, 2*g.w), alt: make([]int, g.w),
		rng:      rand.New(rand.NewPCG(uint64(g.w), uint64(g.h))),
		repairAt: walkRepairAt, repairEvery: walkRepairEvery, radius: walkRadius, nodes: walkNodes}
	for y := range g.h {
		vals, out := a.vals[:g.w], a.out[:g.w]
		for x := range g.w {
			vals[x] = float64(start[y*g.w+x])
		}
		a.proj.project(g.clues[y], g.cells, y*g.w, 1, vals, out)
		for x, v := range out {
			a.img[y*g.w+x] = uint8(v)
		}
	}
	for x := range g.w {
		a.dist[x] = a.distance(x, -1)
		a.energy += a.dist[x]
	}
	a.best = a.energy
	return a
}

// distance returns column x's distance to its clue, with its cell in row
// flip flipped (none when flip is −1).
func (a *annealer) distance(x, flip int) int {
	g := a.g
	vals := a.vals[:g.h]
	filled := 0.0
	for y := range g.h {
		vals[y] = float64(a.img[y*g.w+x])
		if y == flip {
			vals[y] = 1 - vals[y]
		}
		filled += vals[y]
	}
	// The squared distance to a placement is the cells filled plus the
	// projection's cost, and counts the cells that differ.
	cost, ok := a.proj.nearest(g.clues[g.h+x], g.cells, x, g.w, vals)
	if !ok {
		return g.h // cannot happen while the flipped cell is open
	}
	return int(math.Round(filled + cost))
}

// run makes up to moves row moves, and records and reports a solution once
// the energy is 0 or a repair finds one.
func (a *annealer) run(moves int) (bool, error) {
	g := a.g
	checkIn := 0
	for move := range moves {
		if a.energy == 0 {
			a.s.record(a.image())
			return true, nil
		}
		if doneEvery(g.done, &checkIn) {
			return false, errBudget
		}
		a.move(a.rng.IntN(g.h))
		if a.energy <= a.repairAt && (a.energy < a.best || move%a.repairEvery == 0) {
			if ok, err := a.repair(); ok || err != nil {
				return ok, err
			}
		}
		a.best = min(a.best, a.energy)
	}
	return false, nil
}

// move resamples row y.
func (a *annealer) move(y int) {
	g := a.g
	lw := a.lw[:2*g.w]
	for x := range g.w {
		cell := y*g.w + x
		cur := int(a.img[cell])
		lw[2*x+cur] = 0
		if g.cells[cell].single() {
			lw[2*x+1-cur] = math.Inf(-1)
			continue
		}
		a.alt[x] = a.distance(x, y)
		lw[2*x+1-cur] = -float64(a.alt[x]-a.dist[x]) / a.t
	}
	row := a.samp.sample(g.clues[y], lw, a.rng)
	for x, v := range row {
		if cell := y*g.w + x; a.img[cell] != uint8(v) {
			a.img[cell] = uint8(v)
			a.energy += a.alt[x] - a.dist[x]
			a.dist[x] = a.alt[x]
		}
	}
}

// repair looks for a solution near the grid (solver.repair): outside the
// rows and columns near the cells that the columns' nearest placements
// recolour.
func (a *annealer) repair() (bool, error) {
	g := a.g
	here := make([]float64, len(a.img))
	for i, v := range a.img {
		here[i] = float64(v)
	}
	near := append([]float64(nil), here...)
	for x := range g.w {
		if a.dist[x] == 0 {
			continue
		}
		vals, out := a.vals[:g.h], a.out[:g.h]
		for y := range g.h {
			vals[y] = here[y*g.w+x]
		}
		a.proj.project(g.clues[g.h+x], g.cells, x, g.w, vals, out)
		for y, v := range out {
			near[y*g.w+x] = v
		}
	}
	return a.s.repair(here, near, a.radius, a.nodes)
}

// image returns the grid as an image.
func (a *annealer) image() *puzzle.Image {
	img := puzzle.NewImage(a.g.w, a.g.h)
	copy(img.Cells, a.img)
	return img
}
