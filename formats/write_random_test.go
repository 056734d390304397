package formats

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// TestWritersReadBackRandomPuzzles writes random grids and triddlers (from
// one colour to 255, with odd colour characters and names) in every format
// that takes them and reads each back: the same clues, colour values and
// goal. A fixed seed keeps the puzzles the same from run to run.
func TestWritersReadBackRandomPuzzles(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	odd := []rune(" \t#:;.|?[]/\\\u0085\u00a0é©0123456789aZ\x7f")
	for iter := range 400 {
		colours := 1 + r.Intn(5)
		if iter%20 == 0 {
			colours = 27 + r.Intn(229)
		}
		pal := []puzzle.Color{{Char: '.', RGB: puzzle.RGB{R: 255, G: 255, B: 255}}}
		for i := 1; i <= colours; i++ {
			pal = append(pal, puzzle.Color{Char: odd[r.Intn(len(odd))], Name: string(odd[r.Intn(len(odd))]) + "x",
				RGB: puzzle.RGB{R: uint8(i), G: uint8(r.Intn(256)), B: uint8(iter)}})
		}
		puzzle.NameColors(pal)
		var p *puzzle.Puzzle
		if iter%4 == 3 {
			geo := puzzle.TriddlerHexagon(1 + r.Intn(3))
			img := puzzle.NewImage(geo.Width, geo.Height)
			for i := range img.Cells {
				img.Cells[i] = uint8(r.Intn(colours + 1))
			}
			p = geo.TriddlerOf(img, pal)
		} else {
			g := puzzle.NewImage(1+r.Intn(8), 1+r.Intn(8))
			for i := range g.Cells {
				g.Cells[i] = uint8(r.Intn(colours + 1))
			}
			p = &puzzle.Puzzle{Kind: puzzle.Grid, Width: g.Width, Height: g.Height, Palette: pal, Goal: g}
			p.Rows, p.Cols = puzzle.CluesOf(g)
		}
		for _, w := range []struct {
			ext   string
			write func(*bytes.Buffer) error
		}{
			{".non", func(b *bytes.Buffer) error { return WriteNon(b, p) }},
			{".nonpack", func(b *bytes.Buffer) error { return WriteNonpack(b, []*puzzle.Puzzle{p}) }},
			{".xml", func(b *bytes.Buffer) error { return WriteXML(b, []*puzzle.Puzzle{p}) }},
			{".g", func(b *bytes.Buffer) error { return WriteOlsak(b, p) }},
		} {
			var buf bytes.Buffer
			if err := w.write(&buf); err != nil {
				if w.ext == ".xml" || w.ext == ".g" || p.Kind == puzzle.Grid && colours <= 26 {
					t.Errorf("puzzle %d (%s, %d colours) as %s: %v", iter, p.Kind, colours, w.ext, err)
				}
				continue // .non holds neither triddlers nor more than 26 colours
			}
			back, err := Read("random"+w.ext, buf.Bytes())
			if err != nil {
				t.Errorf("puzzle %d (%s, %d colours) as %s does not read back: %v", iter, p.Kind, colours, w.ext, err)
				continue
			}
			q := back[0]
			if q.ID() != p.ID() || q.Colors() != p.Colors() || w.ext != ".g" && !bytes.Equal(cellValues(q), cellValues(p)) {
				t.Errorf("puzzle %d (%s, %d colours) as %s reads back otherwise", iter, p.Kind, colours, w.ext)
			}
		}
	}
}

// cellValues writes a grid's goal as colour values (nil without a goal).
func cellValues(p *puzzle.Puzzle) []byte {
	if p.Goal == nil {
		return nil
	}
	var b bytes.Buffer
	for _, c := range p.Goal.Cells {
		b.WriteString(p.Palette[c].RGB.Hex())
	}
	return b.Bytes()
}
