package solve

import (
	"math"
	"math/rand/v2"
)

// More dives after a failed one, each taking a different path from the
// same beliefs (an experiment: see solve/EXPERIMENTS.md).

// divePick chooses the dive's next decision from the beliefs, given how
// many decisions the dive has taken.
type divePick func(b *beliefs, depth int) (cell, color int)

// surestPick is the dive's own choice: the surest cell, its likeliest colour.
func surestPick(b *beliefs, _ int) (int, int) { return b.surest() }

// sampledPick draws the cell at random (a fixed-seed generator), each
// unsolved cell weighted by exp((share−1)/temp), share its likeliest
// colour's; the colour is the likeliest, or drawn by the shares when
// colors is set.
func sampledPick(seed uint64, temp float64, colors bool) divePick {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var weights []float64
	return func(b *beliefs, _ int) (int, int) {
		g := b.g
		if len(weights) != len(g.cells) {
			weights = make([]float64, len(g.cells))
		}
		total := 0.0
		for i, set := range g.cells {
			weights[i] = 0
			if set.single() {
				continue
			}
			_, sh := b.likeliest(i)
			weights[i] = math.Exp((sh - 1) / temp)
			total += weights[i]
		}
		if total == 0 {
			return b.surest()
		}
		r := rng.Float64() * total
		cell := -1
		for i, w := range weights {
			if w == 0 {
				continue
			}
			cell = i
			if r < w {
				break
			}
			r -= w
		}
		c, sh := b.likeliest(cell)
		if colors && rng.Float64() > sh {
			c = b.otherColor(cell, c)
		}
		return cell, c
	}
}

// otherColor returns a colour of cell other than c, the likeliest of them.
func (b *beliefs) otherColor(cell, c int) int {
	set := b.g.cells[cell]
	best, top := c, -1.0
	for o := range b.k {
		if o == c || set&(1<<o) == 0 {
			continue
		}
		if w := b.msgs[0][cell*b.k+o] * b.msgs[1][cell*b.k+o]; w > top {
			best, top = o, w
		}
	}
	return best
}

// avoidPick is surestPick, but while fewer than steps decisions are taken
// it does not decide the cells of avoid (unless only they are left).
func avoidPick(avoid []bool, steps int) divePick {
	return func(b *beliefs, depth int) (int, int) {
		if depth >= steps {
			return b.surest()
		}
		cell, color, share := -1, -1, -1.0
		for i, set := range b.g.cells {
			if set.single() || avoid[i] {
				continue
			}
			if c, sh := b.likeliest(i); sh > share {
				cell, color, share = i, c, sh
			}
		}
		if cell < 0 {
			return b.surest()
		}
		return cell, color
	}
}

// clone returns beliefs with b's messages and rounds, and scratch of its own.
func (b *beliefs) clone() *beliefs {
	c := *b
	c.msgs = [2][]float64{append([]float64(nil), b.msgs[0]...), append([]float64(nil), b.msgs[1]...)}
	c.line = make([]colorSet, len(b.line))
	c.prior = make([]float64, len(b.prior))
	c.shares = make([]float64, len(b.shares))
	c.fwd, c.bwd = nil, nil
	return &c
}
