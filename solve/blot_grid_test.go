package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
)

// bruteBlotCount counts the images of p's size that satisfy its clues (blots
// standing for any length from 1), up to two, and returns the first.
func bruteBlotCount(p *puzzle.Puzzle) (int, *puzzle.Image) {
	n := p.Width * p.Height
	colours := len(p.Palette)
	img := puzzle.NewImage(p.Width, p.Height)
	count := 0
	var first *puzzle.Image
	var try func(i int)
	try = func(i int) {
		if count >= 2 {
			return
		}
		if i == n {
			if p.Satisfies(img) {
				if count == 0 {
					first = &puzzle.Image{Width: img.Width, Height: img.Height, Cells: append([]uint8(nil), img.Cells...)}
				}
				count++
			}
			return
		}
		for v := range colours {
			img.Cells[i] = uint8(v)
			try(i + 1)
		}
	}
	try(0)
	return count, first
}

// blotSome returns p's clues with each block blotted with probability 1/3.
func blotSome(r *rand.Rand, lines []puzzle.Line) []puzzle.Line {
	out := make([]puzzle.Line, len(lines))
	for i, l := range lines {
		out[i] = append(puzzle.Line(nil), l...)
		for j := range out[i] {
			if r.IntN(3) == 0 {
				out[i][j] = puzzle.Clue{Color: out[i][j].Color, Blot: true}
			}
		}
	}
	return out
}

// TestBlottedGridAgainstBruteForce solves random small grids with blotted
// clues and compares each verdict and solution with a count of every image.
func TestBlottedGridAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 4))
	pal2 := puzzle.DefaultPalette()
	pal3 := append(puzzle.DefaultPalette(), puzzle.Color{Char: 'r', Name: "red", RGB: puzzle.RGB{R: 200}})
	verdicts := map[Verdict]int{}
	for k := range 150 {
		pal, w, h := pal2, 4, 3
		if k%3 == 0 {
			pal, w, h = pal3, 3, 2
		}
		img := puzzle.NewImage(w, h)
		for i := range img.Cells {
			img.Cells[i] = uint8(r.IntN(len(pal)))
		}
		rows, cols := puzzle.CluesOf(img)
		p := &puzzle.Puzzle{Width: w, Height: h, Palette: pal, Rows: blotSome(r, rows), Cols: blotSome(r, cols)}
		if !blotted(p) {
			continue
		}
		res, err := Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		n, first := bruteBlotCount(p)
		want := map[int]Verdict{0: None, 1: Unique, 2: Multiple}[n]
		verdicts[res.Verdict]++
		if res.Verdict != want {
			t.Fatalf("puzzle %d (rows %v cols %v): verdict %s, brute force %s", k, p.Rows, p.Cols, res.Verdict, want)
		}
		for _, s := range res.Solutions {
			if !p.Satisfies(s) {
				t.Fatalf("puzzle %d: a solution does not satisfy the clues", k)
			}
		}
		if want == Unique && !res.Solutions[0].Equal(first) {
			t.Fatalf("puzzle %d: solution differs from the brute-force one", k)
		}
	}
	if verdicts[Unique] == 0 || verdicts[Multiple] == 0 {
		t.Fatalf("verdicts %v: want both unique and multiple puzzles among the random ones", verdicts)
	}
}

// readOne reads the one puzzle of a test file.
func readOne(t *testing.T, path string) *puzzle.Puzzle {
	t.Helper()
	ps, err := formats.ReadFile(path)
	if err != nil || len(ps) != 1 {
		t.Fatalf("%s: %d puzzles, %v", path, len(ps), err)
	}
	return ps[0]
}

// withoutBlots returns p with each blotted block replaced as replace says
// (nil drops the block).
func withoutBlots(p *puzzle.Puzzle, replace func(row bool, i, j int) *puzzle.Clue) *puzzle.Puzzle {
	q := *p
	strip := func(row bool, lines []puzzle.Line) []puzzle.Line {
		out := make([]puzzle.Line, len(lines))
		for i, l := range lines {
			out[i] = puzzle.Line{}
			for j, c := range l {
				if !c.Blot {
					out[i] = append(out[i], c)
				} else if r := replace(row, i, j); r != nil {
					out[i] = append(out[i], *r)
				}
			}
		}
		return out
	}
	q.Rows, q.Cols = strip(true, p.Rows), strip(false, p.Cols)
	return &q
}

// TestBlotTestdata solves the two blotted test puzzles: one unique only
// with its blots (row 5 left free, it has several solutions), one unique with every number but multiple once blotted.
func TestBlotTestdata(t *testing.T) {
	ctx := context.Background()
	u := readOne(t, "testdata/blot/unique.xml")
	res, err := Solve(ctx, u)
	if err != nil || res.Verdict != Unique || !res.Solutions[0].Equal(u.Goal) {
		t.Fatalf("unique.xml: %v %v", res.Verdict, err)
	}
	if v := freeRowVerdict(u, 4); v != Multiple {
		t.Fatalf("unique.xml with row 5 free: %v, want multiple", v)
	}

	m := readOne(t, "testdata/blot/multiple.xml")
	res, err = Solve(ctx, m)
	if err != nil || res.Verdict != Multiple {
		t.Fatalf("multiple.xml: %v %v", res.Verdict, err)
	}
	for _, s := range res.Solutions {
		if !m.Satisfies(s) {
			t.Fatal("multiple.xml: a solution does not satisfy the clues")
		}
	}
	rows, cols := puzzle.CluesOf(m.Goal)
	shown := withoutBlots(m, func(row bool, i, j int) *puzzle.Clue {
		if row {
			return &rows[i][j]
		}
		return &cols[i][j]
	})
	if res, err := Solve(ctx, shown); err != nil || res.Verdict != Unique {
		t.Fatalf("multiple.xml with its numbers shown: %v %v, want unique", res.Verdict, err)
	}
}

// TestBlottedTriddlers solves triddlers drawn at random with some clues
// blotted: a unique solution must be the picture the clues came from, and
// two solutions must both fit the clues.
func TestBlottedTriddlers(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 6))
	g := puzzle.TriddlerHexagon(2)
	verdicts := map[Verdict]int{}
	for k := range 40 {
		img := puzzle.NewImage(g.Width, g.Height)
		for _, c := range g.Cells {
			img.Set(c.X, c.Y, r.IntN(2))
		}
		p := g.TriddlerOf(img, puzzle.DefaultPalette())
		for _, side := range puzzle.TriddlerSides {
			p.TriddlerClues[side] = blotSome(r, p.TriddlerClues[side])
		}
		res, err := Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		verdicts[res.Verdict]++
		switch res.Verdict {
		case Unique:
			if !res.Solutions[0].Equal(img) {
				t.Fatalf("triddler %d: the unique solution is not the picture", k)
			}
		case Multiple:
			pg, _ := p.TriddlerGeometry()
			for _, s := range res.Solutions {
				for i := range pg.Lines {
					if !pg.Clues[i].Fits(pg.LineClue(s, i)) {
						t.Fatalf("triddler %d: a solution does not fit line %d", k, i)
					}
				}
			}
		default:
			t.Fatalf("triddler %d: verdict %s, but the picture fits", k, res.Verdict)
		}
	}
	if verdicts[Unique] == 0 || verdicts[Multiple] == 0 {
		t.Fatalf("verdicts %v: want both", verdicts)
	}
}

// freeRowVerdict solves grid p with row y's clue left out (any cells).
func freeRowVerdict(p *puzzle.Puzzle, y int) Verdict {
	w, h := p.Width, p.Height
	var lines [][]int
	var clues []puzzle.Line
	for r := range h {
		if r == y {
			continue
		}
		row := make([]int, w)
		for x := range w {
			row[x] = r*w + x
		}
		lines, clues = append(lines, row), append(clues, p.Rows[r])
	}
	for x := range w {
		col := make([]int, h)
		for r := range h {
			col[r] = r*w + x
		}
		lines, clues = append(lines, col), append(clues, p.Cols[x])
	}
	cellLines := make([][]int, w*h)
	for i := range cellLines {
		r := i / w
		if r > y {
			r--
		}
		cellLines[i] = []int{h - 1 + i%w}
		if i/w != y {
			cellLines[i] = append(cellLines[i], r)
		}
	}
	s := newLanesOf(context.Background(), lines, clues, cellLines, len(p.Palette))
	return s.result(func([]uint32) *puzzle.Image { return nil }).Verdict
}
