package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// blottedFits reports whether line (a colour per cell) gives clue, the
// blotted blocks being of any length from 1.
func blottedFits(line []int, clue puzzle.Line, blotted []bool) bool {
	var runs []puzzle.Clue
	prev := 0
	for _, v := range line {
		switch {
		case v == 0:
		case v == prev:
			runs[len(runs)-1].Len++
		default:
			runs = append(runs, puzzle.Clue{Len: 1, Color: v})
		}
		prev = v
	}
	if len(runs) != len(clue) {
		return false
	}
	for j, r := range runs {
		if r.Color != clue[j].Color || (!blotted[j] && r.Len != clue[j].Len) {
			return false
		}
	}
	return true
}

// bruteBlotted narrows cells by trying every colouring of the line.
func bruteBlotted(clue puzzle.Line, blotted []bool, cells []uint32, colours int) ([]uint32, bool) {
	n := len(cells)
	out := make([]uint32, n)
	line := make([]int, n)
	any := false
	var try func(i int)
	try = func(i int) {
		if i == n {
			if blottedFits(line, clue, blotted) {
				any = true
				for k, v := range line {
					out[k] |= 1 << uint(v)
				}
			}
			return
		}
		for v := range colours {
			if cells[i]&(1<<uint(v)) != 0 {
				line[i] = v
				try(i + 1)
			}
		}
	}
	try(0)
	return out, any
}

// TestSolveLineBlottedAgainstBruteForce compares SolveLineBlotted with
// trying every colouring, on random short lines with random blots and
// partly known cells, and with SolveLine when nothing is blotted.
func TestSolveLineBlottedAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 4000 {
		n := 1 + r.IntN(8)
		colours := 2 + r.IntN(2)
		truth := make([]int, n)
		for i := range truth {
			truth[i] = r.IntN(colours)
		}
		var clue puzzle.Line
		prev := 0
		for _, v := range truth {
			switch {
			case v == 0:
			case v == prev:
				clue[len(clue)-1].Len++
			default:
				clue = append(clue, puzzle.Clue{Len: 1, Color: v})
			}
			prev = v
		}
		if trial%5 == 0 && len(clue) > 0 { // some clues that the truth does not give
			clue[r.IntN(len(clue))].Len += 1 + r.IntN(2)
		}
		blotted := make([]bool, len(clue))
		for j := range blotted {
			blotted[j] = r.IntN(3) == 0
		}
		all := uint32(1)<<colours - 1
		cells := make([]uint32, n)
		for i := range cells {
			cells[i] = all
			if r.IntN(3) == 0 {
				cells[i] = all &^ (1 << uint(r.IntN(colours)))
			}
		}
		want, wantOK := bruteBlotted(clue, blotted, cells, colours)
		got := append([]uint32(nil), cells...)
		ok, err := SolveLineBlotted(clue, blotted, got)
		if err != nil {
			t.Fatal(err)
		}
		if ok != wantOK {
			t.Fatalf("clue %v blots %v cells %v: ok %v, want %v", clue, blotted, cells, ok, wantOK)
		}
		if ok {
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("clue %v blots %v cells %v: got %v, want %v", clue, blotted, cells, got, want)
				}
			}
		}
		noBlots := true
		for _, b := range blotted {
			noBlots = noBlots && !b
		}
		if noBlots {
			plain := append([]uint32(nil), cells...)
			if ok2, _ := SolveLine(clue, plain); ok2 != ok || (ok && !equalSets(plain, got)) {
				t.Fatalf("clue %v cells %v: SolveLine %v %v, SolveLineBlotted %v %v", clue, cells, ok2, plain, ok, got)
			}
		}
	}
}

func equalSets(a, b []uint32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

func TestSolveLineBlottedErrors(t *testing.T) {
	cells := []uint32{3, 3}
	if _, err := SolveLineBlotted(puzzle.Line{{Len: 1, Color: 1}}, nil, cells); err == nil {
		t.Error("no error for missing blot marks")
	}
	if _, err := SolveLineBlotted(puzzle.Line{{Len: 0, Color: 1}}, []bool{false}, cells); err == nil {
		t.Error("no error for an unblotted block of length 0")
	}
	if ok, err := SolveLineBlotted(puzzle.Line{{Len: 0, Color: 1}}, []bool{true}, cells); err != nil || !ok || cells[0] != 3 {
		t.Errorf("a blot in a line of 2: ok %v, err %v, cells %v", ok, err, cells)
	}
}
