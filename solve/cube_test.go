package solve

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

var cubeCells = flag.Int("cube-cells", 0, "with -hard and -sat-dimacs: also write CASE.cubes, the cubes over this many cells chosen by line logic's propagation counts (lookahead), each with what line logic settles under it, the cubes line logic refutes left out; the image's cube first")

// TestWriteCubes is a prototype of cube-and-conquer for an outside SAT
// solver: each cube is a line of DIMACS literals.
func TestWriteCubes(t *testing.T) {
	if *satDimacs == "" || *hardPattern == "" || *cubeCells == 0 {
		t.Skip("needs -sat-dimacs, -hard and -cube-cells")
	}
	re := regexp.MustCompile(*hardPattern)
	for _, c := range hardSet() {
		if !re.MatchString(c.name) {
			continue
		}
		var seed uint64
		var side int
		var density float64
		if _, err := fmt.Sscanf(c.name, "random-%d-%g-%d", &side, &density, &seed); err != nil {
			t.Fatal(err)
		}
		img := randomImage(seed, side, side, density)
		s, e := fallbackEncoding(t, c.name, c.p)
		g := s.g
		type scored struct{ cell, score int }
		var cands []scored
		for cell := range g.cells {
			if g.cells[cell].single() {
				continue
			}
			score := 1
			for col := range 2 {
				m := g.mark()
				u := g.unknown
				g.set(cell, 1<<col)
				ok, _ := g.propagate()
				n := u - g.unknown
				g.undo(m)
				if !ok {
					n = 1000
				}
				score *= n
			}
			cands = append(cands, scored{cell, score})
		}
		slices.SortStableFunc(cands, func(a, b scored) int { return b.score - a.score })
		cells := make([]int, *cubeCells)
		for i := range cells {
			cells[i] = cands[i].cell
		}
		var b bytes.Buffer
		kept := 0
		imageCube := 0
		if len(cells) > 12 { // the image's cube alone
			m := g.mark()
			for _, cell := range cells {
				g.set(cell, 1<<img.Cells[cell])
			}
			if ok, _ := g.propagate(); !ok {
				t.Fatal("the image's cube fails")
			}
			for cell, set := range g.cells {
				if set.single() && e.cellVar[cell] >= 0 {
					fmt.Fprintf(&b, "%d ", dimacsLit(e.cellLit(cell, set.only())))
				}
			}
			fmt.Fprintln(&b, "0")
			g.undo(m)
		}
		for _, first := range []bool{true, false} {
			for mask := range 1 << min(len(cells), 12) {
				isImage := true
				for i, cell := range cells {
					isImage = isImage && int(img.Cells[cell]) == (mask>>i)&1
				}
				if isImage != first || !first && len(cells) > 12 {
					continue
				}
				m := g.mark()
				for i, cell := range cells {
					if g.cells[cell]&(1<<((mask>>i)&1)) == 0 {
						continue
					}
					g.set(cell, 1<<((mask>>i)&1))
				}
				ok := true
				for i, cell := range cells {
					ok = ok && g.cells[cell]&(1<<((mask>>i)&1)) != 0
				}
				if ok {
					ok, _ = g.propagate()
				}
				if ok {
					if isImage {
						imageCube = mask
					}
					kept++
					for cell, set := range g.cells {
						if set.single() && e.cellVar[cell] >= 0 {
							fmt.Fprintf(&b, "%d ", dimacsLit(e.cellLit(cell, set.only())))
						}
					}
					fmt.Fprintln(&b, "0")
				}
				g.undo(m)
			}
		}
		if err := os.WriteFile(filepath.Join(*satDimacs, c.name+".cubes"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: cells %v (scores %v), %d of %d cubes left by line logic, the image's %b first", c.name, cells, cands[:len(cells)], kept, 1<<len(cells), imageCube)
	}
}
