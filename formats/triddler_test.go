package formats

import (
	"testing"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// sum adds the block lengths of a clue set.
func sum(ls []puzzle.Line) int {
	n := 0
	for _, l := range ls {
		for _, c := range l {
			n += c.Len
		}
	}
	return n
}

// TestTriddlersConsistent checks the corpus triddlers: every cell lies on
// one line of each of the three directions, so the clue sets of each
// direction must count the same number of filled cells. A reading that mixed
// up the sides would (almost always) break this.
func TestTriddlersConsistent(t *testing.T) {
	corpustest.Dir(t)
	for _, f := range []string{"number-loom/examples/triddler/blob.g", "number-loom/puzzles/wake_up.xml", "number-loom/puzzles/cut_and_polished.xml"} {
		ps, err := ReadFile(corpustest.Path(t, f))
		if err != nil {
			t.Fatal(err)
		}
		p := ps[0]
		if p.Kind != puzzle.Triddler {
			t.Fatalf("%s: kind %s", f, p.Kind)
		}
		c := p.TriddlerClues
		rows := sum(c["topleft"]) + sum(c["bottomleft"])
		rising := sum(c["top"]) + sum(c["topright"])
		falling := sum(c["bottom"]) + sum(c["bottomright"])
		if rows != rising || rows != falling || rows == 0 {
			t.Errorf("%s: cells by direction %d, %d, %d", f, rows, rising, falling)
		}
	}
	ps, err := ReadFile(corpustest.Path(t, "number-loom/examples/triddler/blob.g"))
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range puzzle.TriddlerSides {
		if n := len(ps[0].TriddlerClues[side]); n != 4 {
			t.Errorf("blob.g %s: %d lines, want 4 (a hexagon of side 4)", side, n)
		}
	}
}
