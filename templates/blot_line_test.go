package templates

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// TestBlotLineSolverAgreesWithGo blots blocks of random line vectors and
// compares coach.js's solveBlotLine, and its solveLine (which sends blotted
// clues to solveBlotLine), with solve.SolveLine (which sends them to
// solve.SolveLineBlotted) on every one. The page is a triddler's, which
// uses coach.js's line solvers as the grid coach does. It also checks that
// the blocks solveBlotLine says may cover a cell are those of the colours
// it leaves there.
func TestBlotLineSolverAgreesWithGo(t *testing.T) {
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
	// differ, with what it found (by solveBlotLine, or by solveLine: via),
	// or whose detail.blocks do not fit the colours found (why).
	type diff struct {
		I   int      `json:"i"`
		JS  []uint32 `json:"js"`
		Via string   `json:"via"`
		Why string   `json:"why"`
	}
	diffs := eval[[]diff](t, ctx, `(() => {
		const vs = `+string(data)+`;
		const same = (a, b) => a === null ? b === null : b !== null && a.length === b.length && a.every((x, i) => x === b[i]);
		const out = [];
		const NC = window.NonopressCoach;
		// blocksFit: every block said to cover a cell has a colour left
		// there, and every colour left but the background has such a block.
		const blocksFit = (clue, got, blocks) => got.every((set, i) => {
			let want = set & ~1;
			for (const j of blocks[i]) {
				const bit = (1 << clue[j][1]) >>> 0;
				if ((set & bit) === 0) return false;
				want &= ~bit;
			}
			return want === 0;
		});
		vs.forEach((v, i) => {
			const detail = {};
			const got = NC.solveBlotLine(v.clue, v.cells, detail);
			if (!same(got, v.want)) out.push({i: i, js: got === null ? null : Array.from(got), via: 'solveBlotLine'});
			else if (got !== null && !blocksFit(v.clue, got, detail.blocks)) out.push({i: i, js: Array.from(got), why: 'blocks ' + JSON.stringify(detail.blocks)});
			const viaLine = NC.solveLine(v.clue, v.cells);
			if (!same(viaLine, v.want)) out.push({i: i, js: viaLine === null ? null : Array.from(viaLine), via: 'solveLine'});
		});
		return out;
	})()`)
	for k, d := range diffs {
		if k == 5 {
			break
		}
		v := blotted[d.I]
		t.Errorf("vector %d: clue %v cells %v: Go %v, JS %s %v %s", d.I, v.Clue, v.Cells, v.Want, d.Via, d.JS, d.Why)
	}
	if len(diffs) > 0 {
		t.Errorf("%d of %d lines differ", len(diffs), len(blotted))
	}
}
