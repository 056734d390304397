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
	site := newTestSite(t)
	site.mu.Lock()
	site.pages["/t/lines/"] = triddlerPage(t, p, "Lines")
	site.mu.Unlock()
	ctx := browsertest.New(t)
	openTriddler(t, ctx, site.srv.URL+"/t/lines/")
	got := eval[[]*[]uint32](t, ctx, `(() => {
		const vs = `+string(data)+`;
		return vs.map(v => {
			const out = window.NonopressTriddler.solveBlotLine(v.clue, v.cells);
			return out === null ? null : Array.from(out);
		});
	})()`)
	if len(got) != len(blotted) {
		t.Fatalf("%d results for %d vectors", len(got), len(blotted))
	}
	bad := 0
	for i, v := range blotted {
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
		t.Errorf("%d of %d lines differ", bad, len(blotted))
	}
}
