package solve

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// bruteLine enumerates every colouring of the line with palette indices below
// colors, keeps those that fit the cells' sets and give the clue, and returns
// the union of colours per cell, or false when none fits.
func bruteLine(clue puzzle.Line, cells []colorSet, colors int) ([]colorSet, bool) {
	n := len(cells)
	out := make([]colorSet, n)
	img := make([]uint8, n)
	found := false
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if puzzle.LineOf(img).Equal(clue) {
				found = true
				for x, c := range img {
					out[x] |= 1 << c
				}
			}
			return
		}
		for c := range colors {
			if cells[i]&(1<<c) != 0 {
				img[i] = uint8(c)
				rec(i + 1)
			}
		}
	}
	rec(0)
	return out, found
}

func toBlocks(l puzzle.Line) []block {
	b := make([]block, len(l))
	for i, c := range l {
		b[i] = block{len: c.Len, color: c.Color}
	}
	return b
}

// checkLine compares the DP line solver with brute force on one case.
func checkLine(t testing.TB, ls *lineSolver, clue puzzle.Line, cells []colorSet, colors int) {
	t.Helper()
	want, wantOK := bruteLine(clue, cells, colors)
	got := append([]colorSet(nil), cells...)
	gotOK := ls.solve(toBlocks(clue), got)
	if gotOK != wantOK {
		t.Fatalf("clue %v cells %v: solvable %v, brute force says %v", clue, cells, gotOK, wantOK)
	}
	if !wantOK {
		for i := range cells {
			if got[i] != cells[i] {
				t.Fatalf("clue %v cells %v: contradiction changed cells to %v", clue, cells, got)
			}
		}
		return
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("clue %v cells %v: got %v, brute force %v", clue, cells, got, want)
		}
	}
}

// randomLineCase makes a line clue (from a random image, or now and then a
// random one) and random cell sets, with colors palette entries.
func randomLineCase(r *rand.Rand, n, colors int) (puzzle.Line, []colorSet) {
	img := make([]uint8, n)
	for i := range img {
		if r.IntN(2) == 0 {
			img[i] = uint8(1 + r.IntN(colors-1))
		}
	}
	clue := puzzle.LineOf(img)
	if r.IntN(5) == 0 {
		clue = nil
		for range r.IntN(4) {
			clue = append(clue, puzzle.Clue{Len: 1 + r.IntN(3), Color: 1 + r.IntN(colors-1)})
		}
	}
	all := colorSet(1)<<colors - 1
	cells := make([]colorSet, n)
	for i := range cells {
		cells[i] = all
		switch r.IntN(4) {
		case 0:
			cells[i] = colorSet(1) << img[i]
		case 1:
			if r.IntN(3) == 0 {
				cells[i] = colorSet(1) << r.IntN(colors)
			} else {
				cells[i] = all &^ (colorSet(1) << r.IntN(colors))
			}
		}
	}
	return clue, cells
}

func TestLineAllTwoColourShort(t *testing.T) {
	// Every clue of every line up to 7 cells, against every cell state
	// (each cell unknown, empty or filled).
	var ls lineSolver
	for n := 1; n <= 7; n++ {
		clues := map[string]puzzle.Line{}
		var keys []string
		img := make([]uint8, n)
		for m := range 1 << n {
			for i := range n {
				img[i] = uint8(m >> i & 1)
			}
			l := puzzle.LineOf(img)
			if k := l.String(); clues[k] == nil && k != "" {
				clues[k] = l
				keys = append(keys, k)
			}
		}
		cells := make([]colorSet, n)
		states := 1
		for range n {
			states *= 3
		}
		for _, k := range keys {
			for st := range states {
				v := st
				for i := range n {
					cells[i] = colorSet(v%3 + 1) // 1 empty, 2 filled, 3 unknown
					v /= 3
				}
				checkLine(t, &ls, clues[k], cells, 2)
			}
		}
	}
}

func TestLineRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var ls lineSolver
	for _, colors := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(colors, " colours"), func(t *testing.T) {
			maxN := map[int]int{2: 12, 3: 8, 4: 6}[colors]
			for range 20000 {
				n := 1 + r.IntN(maxN)
				clue, cells := randomLineCase(r, n, colors)
				checkLine(t, &ls, clue, cells, colors)
			}
		})
	}
}

func TestLineLongMulticolour(t *testing.T) {
	// A long line solved entirely by its clue: blocks of different colours touch.
	var ls lineSolver
	clue := puzzle.Line{{Len: 3, Color: 1}, {Len: 2, Color: 2}, {Len: 1, Color: 2}}
	cells := make([]colorSet, 7)
	for i := range cells {
		cells[i] = 7
	}
	if !ls.solve(toBlocks(clue), cells) {
		t.Fatal("contradiction on a fitting clue")
	}
	want := []colorSet{2, 2, 2, 4, 4, 1, 4}
	for i := range want {
		if cells[i] != want[i] {
			t.Fatalf("got %v, want %v", cells, want)
		}
	}
}

// FuzzLineSolver compares the DP line solver with brute-force enumeration on
// short lines of two to four colours.
func FuzzLineSolver(f *testing.F) {
	f.Add(uint64(1), uint8(5), uint8(2))
	f.Add(uint64(7), uint8(8), uint8(3))
	f.Add(uint64(99), uint8(6), uint8(4))
	f.Fuzz(func(t *testing.T, seed uint64, n, colors uint8) {
		colors = 2 + colors%3
		maxN := map[uint8]int{2: 12, 3: 8, 4: 6}[colors]
		length := 1 + int(n)%maxN
		r := rand.New(rand.NewPCG(seed, uint64(length)))
		clue, cells := randomLineCase(r, length, int(colors))
		var ls lineSolver
		checkLine(t, &ls, clue, cells, int(colors))
	})
}

func TestLineOpenMatchesBruteForce(t *testing.T) {
	// Lines with nothing known take the solver's shortcut: every clue of
	// every image up to 7 cells (2 colours) and 5 cells (3 and 4 colours).
	var ls lineSolver
	for _, tc := range []struct{ colors, maxN int }{{2, 7}, {3, 5}, {4, 5}} {
		for n := 1; n <= tc.maxN; n++ {
			img := make([]uint8, n)
			total := 1
			for range n {
				total *= tc.colors
			}
			cells := make([]colorSet, n)
			for m := range total {
				v := m
				for i := range n {
					img[i] = uint8(v % tc.colors)
					v /= tc.colors
				}
				for i := range cells {
					cells[i] = colorSet(1)<<tc.colors - 1
				}
				checkLine(t, &ls, puzzle.LineOf(img), cells, tc.colors)
			}
		}
	}
}
