package templates

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// lineVector is one shared test case of the line solvers: a clue as
// [length, colour] pairs, the cells' colour sets before, and what Go's line
// solver made of them (nil for a contradiction).
type lineVector struct {
	Clue  [][2]int `json:"clue"`
	Cells []uint32 `json:"cells"`
	Want  []uint32 `json:"want"`
}

// randomLineVectors makes count lines of up to 40 cells and 1 to 4 colours
// from a picture line, with partial states: most cells keep their true
// colour among others, some are decided, and a few (in one line in four)
// lose it, so that contradictions are common too.
func randomLineVectors(t *testing.T, rng *rand.Rand, count int) []lineVector {
	t.Helper()
	out := make([]lineVector, 0, count)
	for range count {
		n := 1 + rng.IntN(40)
		colours := 1
		if rng.IntN(2) == 0 {
			colours = 2 + rng.IntN(3)
		}
		all := uint32(1)<<(colours+1) - 1
		line := make([]uint8, n)
		fill := rng.Float64()
		for i := range line {
			if rng.Float64() < fill {
				line[i] = uint8(1 + rng.IntN(colours))
			}
		}
		clue := puzzle.LineOf(line)
		lying := rng.IntN(4) == 0
		cells := make([]uint32, n)
		for i, c := range line {
			truth := uint32(1) << c
			switch r := rng.IntN(10); {
			case r < 4:
				cells[i] = all
			case r < 6:
				cells[i] = truth
			default:
				cells[i] = (rng.Uint32() & all) | truth
			}
			if lying && rng.IntN(8) == 0 {
				cells[i] = rng.Uint32() & all
			}
		}
		v := lineVector{Cells: append([]uint32(nil), cells...)}
		for _, b := range clue {
			v.Clue = append(v.Clue, [2]int{b.Len, b.Color})
		}
		ok, err := solve.SolveLine(clue, cells)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			v.Want = cells
		}
		out = append(out, v)
	}
	return out
}

// TestCoachLineSolverAgreesWithGo runs the page's line solver (coach.js) in
// headless Chromium on thousands of random one- and multi-colour lines with
// partial states and compares every result with solve.SolveLine's.
func TestCoachLineSolverAgreesWithGo(t *testing.T) {
	vectors := randomLineVectors(t, rand.New(rand.NewPCG(19, 7)), 4000)
	var contradictions, narrowed int
	for _, v := range vectors {
		if v.Want == nil {
			contradictions++
			continue
		}
		for i := range v.Cells {
			if v.Cells[i] != v.Want[i] {
				narrowed++
				break
			}
		}
	}
	if contradictions < 200 || narrowed < 1000 {
		t.Fatalf("weak vectors: %d contradictions, %d lines narrowed", contradictions, narrowed)
	}
	data, err := json.Marshal(vectors)
	if err != nil {
		t.Fatal(err)
	}

	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	ctx := browsertest.New(t)
	open(t, ctx, site.put(t, "/lines/heart/", p, "Heart"))
	got := eval[[]*[]uint32](t, ctx, `(() => {
		const vs = `+string(data)+`;
		return vs.map(v => {
			const out = window.NonopressCoach.solveLine(v.clue || [], v.cells);
			return out === null ? null : Array.from(out);
		});
	})()`)
	if len(got) != len(vectors) {
		t.Fatalf("%d results for %d vectors", len(got), len(vectors))
	}
	bad := 0
	for i, v := range vectors {
		var js []uint32
		if got[i] != nil {
			js = *got[i]
		}
		if fmt.Sprint(js) != fmt.Sprint(v.Want) || (js == nil) != (v.Want == nil) {
			bad++
			if bad <= 5 {
				t.Errorf("vector %d: clue %v cells %v: Go %v, JS %v", i, v.Clue, v.Cells, v.Want, js)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d lines differ", bad, len(vectors))
	}
}
