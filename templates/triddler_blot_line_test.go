package templates

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// TestTriddlerBlotLineSolverAgreesWithGo blots blocks of random line
// vectors and compares triddler.js's solveBlotLine with solve.SolveLine
// (which sends blotted clues to solve.SolveLineBlotted) on every one.
func TestTriddlerBlotLineSolverAgreesWithGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 11))
	vectors := randomLineVectors(t, rng, 3000)
	var blotted []lineVector
	contradictions := 0
	for _, v := range vectors {
		if len(v.Clue) == 0 {
			continue
		}
		clue := make(puzzle.Line, len(v.Clue))
		for j, b := range v.Clue {
			clue[j] = puzzle.Clue{Len: b[0], Color: b[1]}
			if rng.IntN(2) == 0 {
				clue[j] = puzzle.Clue{Color: b[1], Blot: true}
				v.Clue[j][0] = 0
			}
		}
		cells := append([]uint32(nil), v.Cells...)
		ok, err := solve.SolveLine(clue, cells)
		if err != nil {
			t.Fatal(err)
		}
		v.Want = nil
		if ok {
			v.Want = cells
		} else {
			contradictions++
		}
		blotted = append(blotted, v)
	}
	if contradictions < 100 || len(blotted)-contradictions < 1000 {
		t.Fatalf("weak vectors: %d of %d contradictions", contradictions, len(blotted))
	}
	data, err := json.Marshal(blotted)
	if err != nil {
		t.Fatal(err)
	}
	g := puzzle.TriddlerHexagon(1)
	p := g.TriddlerOf(puzzle.NewImage(g.Width, g.Height), puzzle.DefaultPalette())
	ctx := playTriddler(t, p, "Lines")
	// The page compares each result with Go's and returns the vectors that
	// differ, with what it found.
	type diff struct {
		I  int      `json:"i"`
		JS []uint32 `json:"js"`
	}
	diffs := eval[[]diff](t, ctx, `(() => {
		const vs = `+string(data)+`;
		const same = (a, b) => a === null ? b === null : b !== null && a.length === b.length && a.every((x, i) => x === b[i]);
		const out = [];
		vs.forEach((v, i) => {
			const got = window.NonopressTriddler.solveBlotLine(v.clue, v.cells);
			if (!same(got, v.want)) out.push({i: i, js: got === null ? null : Array.from(got)});
		});
		return out;
	})()`)
	for k, d := range diffs {
		if k == 5 {
			break
		}
		v := blotted[d.I]
		t.Errorf("vector %d: clue %v cells %v: Go %v, JS %v", d.I, v.Clue, v.Cells, v.Want, d.JS)
	}
	if len(diffs) > 0 {
		t.Errorf("%d of %d lines differ", len(diffs), len(blotted))
	}
}
