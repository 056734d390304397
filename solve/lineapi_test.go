package solve

import (
	"errors"
	"slices"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

func TestSolveLine(t *testing.T) {
	const (
		bg   = 1 << 0
		blk  = 1 << 1
		both = bg | blk
	)
	for _, tc := range []struct {
		name  string
		clue  puzzle.Line
		cells []uint32
		want  []uint32 // nil: contradiction
	}{
		{"overlap", puzzle.Line{{Len: 5, Color: 1}}, []uint32{both, both, both, both, both, both, both, both},
			[]uint32{both, both, both, blk, blk, both, both, both}},
		{"mark pins the block", puzzle.Line{{Len: 2, Color: 1}}, []uint32{blk, both, both, both},
			[]uint32{blk, blk, bg, bg}},
		{"too many filled", puzzle.Line{{Len: 1, Color: 1}}, []uint32{blk, blk, both}, nil},
		{"empty clue", puzzle.Line{}, []uint32{both, both}, []uint32{bg, bg}},
		{"colours may touch", puzzle.Line{{Len: 1, Color: 1}, {Len: 1, Color: 2}}, []uint32{7, 7},
			[]uint32{blk, 1 << 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells := slices.Clone(tc.cells)
			ok, err := SolveLine(tc.clue, cells)
			if err != nil {
				t.Fatal(err)
			}
			if ok != (tc.want != nil) {
				t.Fatalf("ok = %v, want %v", ok, tc.want != nil)
			}
			if !ok {
				if !slices.Equal(cells, tc.cells) {
					t.Errorf("cells changed on a contradiction: %v", cells)
				}
				return
			}
			if !slices.Equal(cells, tc.want) {
				t.Errorf("got %b, want %b", cells, tc.want)
			}
		})
	}
	if _, err := SolveLine(puzzle.Line{{Len: 1, Color: 40}}, []uint32{3}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("colour 40: err = %v, want ErrUnsupported", err)
	}
}
