package puzzle

import (
	"errors"
	"strings"
	"testing"
)

// triddlerWithCounts returns a triddler whose clue sets have the given
// numbers of (empty) lines, in TriddlerSides order... by side name.
func triddlerWithCounts(counts map[string]int) *Puzzle {
	p := &Puzzle{Kind: Triddler, Palette: DefaultPalette(), TriddlerClues: map[string][]Line{}}
	for side, n := range counts {
		p.TriddlerClues[side] = make([]Line, n)
	}
	return p
}

// spell names a line's cells by letter, A for cell 0.
func spell(l TriLine) string {
	b := make([]byte, len(l.Cells))
	for i, c := range l.Cells {
		b[i] = byte('A' + c)
	}
	return string(b)
}

// TestTriddlerGeometryWebpbnExample checks the worked example of webpbn's
// triddler notes: 16 cells in rows /ABCDE\ /FGHIJK/ \LMNOP/, with two
// topleft rows, one bottomleft, two top, one topright, two bottom and two
// bottomright lines.
func TestTriddlerGeometryWebpbnExample(t *testing.T) {
	p := triddlerWithCounts(map[string]int{"topleft": 2, "bottomleft": 1, "top": 2, "topright": 1, "bottom": 2, "bottomright": 2})
	g, err := p.TriddlerGeometry()
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Cells) != 16 {
		t.Fatalf("%d cells, want 16", len(g.Cells))
	}
	var got [3][]string
	var sides []string
	for _, l := range g.Lines {
		got[l.Family] = append(got[l.Family], spell(l))
		sides = append(sides, l.Side)
	}
	want := [3][]string{
		{"ABCDE", "FGHIJK", "LMNOP"},
		{"BAGFL", "DCIHNM", "EKJPO"},
		{"FLM", "AGHNO", "BCIJP", "DEK"},
	}
	for f := range want {
		if len(got[f]) != len(want[f]) {
			t.Fatalf("family %d: %v, want %v", f, got[f], want[f])
		}
		for i := range want[f] {
			if got[f][i] != want[f][i] {
				t.Errorf("family %d line %d: %s, want %s", f, i, got[f][i], want[f][i])
			}
		}
	}
	wantSides := []string{"topleft", "topleft", "bottomleft", "top", "top", "topright", "bottom", "bottom", "bottomright", "bottomright"}
	for i := range wantSides {
		if sides[i] != wantSides[i] {
			t.Errorf("line %d on side %s, want %s (all: %v)", i, sides[i], wantSides[i], sides)
			break
		}
	}
	// A is up, B down; rows start at half-units 1, 0, 0.
	if !g.Cells[0].Up || g.Cells[1].Up || g.Cells[0].X != 1 || g.Cells[5].X != 0 || g.Cells[11].Up {
		t.Errorf("cells A %+v B %+v F %+v L %+v", g.Cells[0], g.Cells[1], g.Cells[5], g.Cells[11])
	}
	for i, c := range g.Cells {
		if g.CellAt(c.X, c.Y) != i {
			t.Errorf("CellAt(%d, %d) = %d, want %d", c.X, c.Y, g.CellAt(c.X, c.Y), i)
		}
		for f, l := range g.CellLines[i] {
			if g.Lines[l].Family != f {
				t.Errorf("cell %d: line %d of family %d listed for family %d", i, l, g.Lines[l].Family, f)
			}
		}
	}
}

// TestTriddlerGeometryHexagons checks regular hexagons: 6n² cells, n lines
// on each side, every family covering every cell once.
func TestTriddlerGeometryHexagons(t *testing.T) {
	for n := 1; n <= 6; n++ {
		counts := map[string]int{}
		for _, s := range TriddlerSides {
			counts[s] = n
		}
		g, err := triddlerWithCounts(counts).TriddlerGeometry()
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Cells) != 6*n*n {
			t.Errorf("side %d: %d cells", n, len(g.Cells))
		}
		var seen [3]map[int]bool
		for f := range seen {
			seen[f] = map[int]bool{}
		}
		for _, l := range g.Lines {
			for _, c := range l.Cells {
				if seen[l.Family][c] {
					t.Fatalf("side %d: cell %d twice in family %d", n, c, l.Family)
				}
				seen[l.Family][c] = true
			}
		}
		for f := range seen {
			if len(seen[f]) != len(g.Cells) {
				t.Errorf("side %d family %d covers %d of %d cells", n, f, len(seen[f]), len(g.Cells))
			}
		}
		if g.Width != 4*n-1 || g.Height != 2*n {
			t.Errorf("side %d: image %dx%d", n, g.Width, g.Height)
		}
	}
}

func TestTriddlerGeometryErrors(t *testing.T) {
	for _, counts := range []map[string]int{
		{"topleft": 99, "bottomleft": 1, "top": 1, "topright": 1, "bottom": 1, "bottomright": 1},
		{"topleft": 1, "bottomleft": 1},
	} {
		p := triddlerWithCounts(counts)
		p.Origin.File = "x.xml"
		if _, err := p.TriddlerGeometry(); !errors.Is(err, ErrTriddlerShape) {
			t.Errorf("%v: err %v, want ErrTriddlerShape", counts, err)
		}
	}
	if _, err := (&Puzzle{Kind: Grid}).TriddlerGeometry(); err == nil {
		t.Error("a grid has a triddler geometry")
	}
}

func BenchmarkTriddlerGeometry(b *testing.B) {
	counts := map[string]int{}
	for _, s := range TriddlerSides {
		counts[s] = 20
	}
	p := triddlerWithCounts(counts)
	for b.Loop() {
		if _, err := p.TriddlerGeometry(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTriddlerGeometryFromCounts checks that every outline's shape is found
// again from its six clue counts alone: same cells, same line lengths.
func TestTriddlerGeometryFromCounts(t *testing.T) {
	checked := 0
	for a1 := 0; a1 < 6; a1++ {
		for b0 := -4; b0 < 6; b0++ {
			for b1 := b0; b1 < b0+7; b1++ {
				for c0 := -4; c0 < 3; c0++ {
					want := newTriGeometry(triOutline{0, a1, b0, b1, c0, c0 + 3})
					counts := map[string]int{}
					rows, slashes, backs := 0, 0, 0
					for _, l := range want.Lines {
						counts[l.Side]++
						rows += b2i(l.Family == 0)
						slashes += b2i(l.Family == 1)
						backs += b2i(l.Family == 2)
					}
					if len(want.Cells) == 0 || rows == 0 || slashes == 0 || backs == 0 {
						continue
					}
					got, err := triddlerWithCounts(counts).TriddlerGeometry()
					if err != nil {
						t.Fatalf("outline %v %v: %v", [6]int{0, a1, b0, b1, c0, c0 + 3}, counts, err)
					}
					if len(got.Cells) != len(want.Cells) || len(got.Lines) != len(want.Lines) {
						t.Fatalf("outline %v: %d cells %d lines, want %d and %d", [6]int{0, a1, b0, b1, c0, c0 + 3}, len(got.Cells), len(got.Lines), len(want.Cells), len(want.Lines))
					}
					for i := range got.Lines {
						if len(got.Lines[i].Cells) != len(want.Lines[i].Cells) || got.Lines[i].Side != want.Lines[i].Side {
							t.Fatalf("outline %v line %d differs", [6]int{0, a1, b0, b1, c0, c0 + 3}, i)
						}
					}
					checked++
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d outlines checked", checked)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestTriddlerFamilyHint checks that clue families counting different cells
// name the family that differs and the sides its clues are on, at the
// first side's header line (mistakes.txt #131 shows a lone empty side).
func TestTriddlerFamilyHint(t *testing.T) {
	one := Line{{Len: 1, Color: 1}}
	p := &Puzzle{Kind: Triddler, Palette: DefaultPalette(), TriddlerClues: map[string][]Line{}}
	p.Origin.Places = &Places{TriddlerHeaders: map[string]int{}}
	for i, s := range TriddlerSides {
		p.TriddlerClues[s] = []Line{one}
		p.Origin.Places.TriddlerHeaders[s] = 10 + i
	}
	p.TriddlerClues["top"] = []Line{{{Len: 2, Color: 1}}}
	errs := p.Problems()
	if len(errs) != 1 || errs[0].Line != 10 ||
		!strings.Contains(errs[0].Hint, `the "/" lines count 1 cell more than the other two, which agree: the wrong clue is likely in top (line 10) or topright (line 11)`) {
		t.Errorf("Problems = %v, want the \"/\" lines named, at line 10", errs)
	}
	g, err := p.TriddlerGeometry()
	if err != nil {
		t.Fatal(err)
	}
	if odd := p.OddTriddlerFamily(g); odd != 1 {
		t.Errorf("OddTriddlerFamily = %d, want 1", odd)
	}
}
