// Package archivegen writes synthetic puzzle archives for tests and
// benchmarks: N puzzles in nested collections, 5x5 to 50x50, about one in ten
// multicolour, in mixed formats (.non files, .nonpack bundles, XML sets), with
// notes, authors and licenses. The same seed gives the same archive, byte for
// byte.
//
// Pictures are random blobs (noise smoothed by a few rounds of a majority
// rule), which look like drawings more than noise does; each is kept only if
// the solver proves it unique by line logic alone, as most puzzles of real
// archives are, so a build of the archive does realistic work.
package archivegen

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// Options describe an archive.
type Options struct {
	Puzzles int
	Seed    uint64
	// MaxSide caps the puzzles' sides (default 50).
	MaxSide int
}

var (
	authors  = []string{"Ada Grid", "Ben Pixel", "Cleo Contour", "Dev Null", "Eve Hatch", "Finn Raster", "Gus Block", "Hana Dot"}
	licenses = []string{"CC-BY-4.0", "CC0-1.0", "CC-BY-SA-4.0", "CC-BY-4.0", "CC0-1.0"}
	palettes = [][]puzzle.Color{
		{{Char: 'r', Name: "red", RGB: puzzle.RGB{R: 0xd6, G: 0x28, B: 0x28}}, {Char: 'g', Name: "green", RGB: puzzle.RGB{R: 0x2e, G: 0x8b, B: 0x2e}}},
		{{Char: 'b', Name: "blue", RGB: puzzle.RGB{R: 0x20, G: 0x60, B: 0xc0}}, {Char: 'y', Name: "yellow", RGB: puzzle.RGB{R: 0xf5, G: 0xc4, B: 0x00}}, {Char: 'k', Name: "black", RGB: puzzle.RGB{}}},
	}
)

// Write creates the archive under dir (which should be empty) and returns the
// number of puzzles written.
func Write(dir string, opt Options) (int, error) {
	if opt.MaxSide <= 0 {
		opt.MaxSide = 50
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15))
	if err := writeFile(filepath.Join(dir, "nonopress.toml"), []byte("title = \"Synthetic archive\"\nsolver_budget = \"2s\"\n")); err != nil {
		return 0, err
	}
	if err := writeFile(filepath.Join(dir, "README.md"), []byte("---\ntitle: Synthetic archive\n---\nA generated archive for benchmarks.\n")); err != nil {
		return 0, err
	}
	written := 0
	for c := 0; written < opt.Puzzles; c++ {
		// Collections of about 100 puzzles, nested three deep: s00/c00/...
		coll := filepath.Join(dir, fmt.Sprintf("s%02d", c/100), fmt.Sprintf("c%02d", (c/10)%10), fmt.Sprintf("k%02d", c%10))
		note := fmt.Sprintf("---\ntitle: Collection %d\nweight: %d\n---\nPuzzles of collection **%d**.\n", c, c, c)
		if err := writeFile(filepath.Join(coll, "README.md"), []byte(note)); err != nil {
			return written, err
		}
		// In every ten files: seven single .non files, two bundles of five and
		// one XML set of three.
		for n, file := 0, 0; n < 100 && written < opt.Puzzles; file++ {
			var group int
			var err error
			switch file % 10 {
			case 1, 6:
				group, err = writeGroup(coll, n, min(5, opt.Puzzles-written), "nonpack", rng, opt)
			case 3:
				group, err = writeGroup(coll, n, min(3, opt.Puzzles-written), "xml", rng, opt)
			default:
				group, err = writeSingle(coll, n, rng, opt)
			}
			if err != nil {
				return written, err
			}
			n += group
			written += group
		}
	}
	return written, nil
}

func writeSingle(coll string, n int, rng *rand.Rand, opt Options) (int, error) {
	p := Puzzle(rng, opt.MaxSide, n)
	var buf bytes.Buffer
	if err := formats.WriteNon(&buf, p); err != nil {
		return 0, err
	}
	base := filepath.Join(coll, fmt.Sprintf("p%03d", n))
	if err := writeFile(base+".non", buf.Bytes()); err != nil {
		return 0, err
	}
	if rng.IntN(10) == 0 {
		note := fmt.Sprintf("---\ntitle: %s\ntags: [generated]\n---\nA note about *%s*.\n", p.Meta.Title, p.Meta.Title)
		if err := writeFile(base+".md", []byte(note)); err != nil {
			return 0, err
		}
	}
	return 1, nil
}

func writeGroup(coll string, n, count int, format string, rng *rand.Rand, opt Options) (int, error) {
	ps := make([]*puzzle.Puzzle, count)
	for i := range ps {
		ps[i] = Puzzle(rng, opt.MaxSide, n+i)
	}
	var buf bytes.Buffer
	var err error
	name := filepath.Join(coll, fmt.Sprintf("set%03d.%s", n, format))
	if format == "xml" {
		err = formats.WriteXML(&buf, ps)
	} else {
		err = formats.WriteNonpack(&buf, ps)
	}
	if err != nil {
		return 0, err
	}
	return count, writeFile(name, buf.Bytes())
}

// Puzzle makes one puzzle that the solver proves unique with line logic: it
// draws blobs until one passes (giving up after a few tries on the last one,
// which is then kept as it is).
func Puzzle(rng *rand.Rand, maxSide, n int) *puzzle.Puzzle {
	w := 5 + rng.IntN(maxSide-4)
	h := max(5, min(maxSide, w+rng.IntN(11)-5))
	palette := puzzle.DefaultPalette()
	if rng.IntN(10) == 0 {
		palette = append(palette[:1:1], palettes[rng.IntN(len(palettes))]...)
	}
	var p *puzzle.Puzzle
	for try := 0; try < 8; try++ {
		img := blob(rng, w, h, len(palette)-1)
		rows, cols := puzzle.CluesOf(img)
		p = &puzzle.Puzzle{Kind: puzzle.Grid, Width: w, Height: h, Rows: rows, Cols: cols, Palette: palette, Goal: img}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		res, err := solve.Solve(ctx, p)
		cancel()
		if err == nil && res.Verdict == solve.Unique && res.Difficulty == solve.Line {
			break
		}
	}
	p.Meta = puzzle.Meta{
		Title:     fmt.Sprintf("Blob %d-%d", n, rng.IntN(1000)),
		Author:    authors[rng.IntN(len(authors))],
		License:   licenses[rng.IntN(len(licenses))],
		Copyright: "generated for benchmarks",
	}
	return p
}

// Blob draws a w×h picture the way the archive's puzzles are drawn (see
// blob), before any check by the solver: the solver's hard set filters these
// for the ones line logic cannot solve.
func Blob(rng *rand.Rand, w, h, colours int) *puzzle.Image { return blob(rng, w, h, colours) }

// blob draws noise of the given density and smooths it by a majority rule,
// then paints each filled region's cells with colours in horizontal bands.
func blob(rng *rand.Rand, w, h, colours int) *puzzle.Image {
	g := puzzle.NewImage(w, h)
	for i := range g.Cells {
		if rng.Float64() < 0.55 {
			g.Cells[i] = 1
		}
	}
	for range 3 {
		next := puzzle.NewImage(w, h)
		for y := range h {
			for x := range w {
				filled := 0
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						xx, yy := x+dx, y+dy
						if xx >= 0 && yy >= 0 && xx < w && yy < h && g.At(xx, yy) != 0 {
							filled++
						}
					}
				}
				if filled >= 5 {
					next.Set(x, y, 1)
				}
			}
		}
		g = next
	}
	if colours > 1 {
		band := max(1, h/colours)
		for y := range h {
			for x := range w {
				if g.At(x, y) != 0 {
					g.Set(x, y, 1+min(colours-1, y/band))
				}
			}
		}
	}
	return g
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// FirstNon returns the first single-puzzle .non file of a generated
// archive, in path order: the file the edit benchmarks change.
func FirstNon(dir string) (string, error) {
	var first string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".non") {
			first = p
			return filepath.SkipAll
		}
		return nil
	})
	if err == nil && first == "" {
		err = fmt.Errorf("archivegen: no .non file in %s", dir)
	}
	return first, err
}
