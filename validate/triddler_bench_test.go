package validate

import (
	"testing"

	"github.com/nonopress/nonopress/formats"
)

// BenchmarkTriddlerSuspects finds the suspect clues of the demo's
// snowflake (a hexagon of 96 triangles that line logic alone does not
// finish) with one count of its first top line made one longer, so that
// its clue families disagree: line logic is run leaving out each line in
// turn, probing when it alone meets no contradiction. Nearly all its
// allocations are the line solver's (solve.SolveLine): triLogic's own grid,
// made anew by each contradicts, is 9 of some 17,700 a run.
func BenchmarkTriddlerSuspects(b *testing.B) {
	ps, err := formats.ReadFile("../content/triangles/snowflake.xml")
	if err != nil {
		b.Fatal(err)
	}
	p := ps[0]
	p.TriddlerClues["top"][0][0].Len++
	g, err := p.TriddlerGeometry()
	if err != nil {
		b.Fatal(err)
	}
	odd := p.OddTriddlerFamily(g)
	if ss, _ := triddlerSuspects(p, g, odd); len(ss) == 0 {
		b.Fatal("no suspect found")
	}
	b.ReportAllocs()
	for b.Loop() {
		triddlerSuspects(p, g, odd)
	}
}
