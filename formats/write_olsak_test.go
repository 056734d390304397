package formats

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// TestOlsakRoundTrip writes the corpus triddlers, the demo triddler and a
// colour grid as .g and reads them back: the same clues (the same id), the
// same palette and colour names.
func TestOlsakRoundTrip(t *testing.T) {
	for _, f := range []string{"../content/triangles/snowflake.xml", "../content/colour/garden.xml"} {
		olsakRoundTrip(t, f)
	}
	for _, f := range []string{"number-loom/examples/triddler/blob.g", "number-loom/puzzles/wake_up.xml", "number-loom/puzzles/cut_and_polished.xml"} {
		olsakRoundTrip(t, corpustest.Path(t, f))
	}
}

// olsakRoundTrip writes file f's first puzzle as .g and checks what reads back.
func olsakRoundTrip(t *testing.T, f string) {
	t.Helper()
	ps, err := ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	var buf bytes.Buffer
	if err := WriteOlsak(&buf, p); err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	again, err := Read("again.g", buf.Bytes())
	if err != nil {
		t.Fatalf("%s: reading it back: %v\n%s", f, err, buf.String())
	}
	q := again[0]
	if q.Kind != p.Kind || q.ID() != p.ID() {
		t.Fatalf("%s: round trip changed the clues:\n%s\nvs\n%s", f, q.Canonical(), p.Canonical())
	}
	for i, c := range p.Palette {
		if q.Palette[i].RGB != c.RGB || q.Palette[i].Name != c.Name {
			t.Errorf("%s: colour %d is %+v after the round trip, was %+v", f, i, q.Palette[i], c)
		}
	}
}

// TestOlsakRefusesBlots checks that .g refuses a blotted clue.
func TestOlsakRefusesBlots(t *testing.T) {
	p := &puzzle.Puzzle{Width: 1, Height: 1, Palette: puzzle.DefaultPalette(),
		Rows: []puzzle.Line{{{Color: 1, Blot: true}}}, Cols: []puzzle.Line{{{Len: 1, Color: 1}}}}
	if err := WriteOlsak(&bytes.Buffer{}, p); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "blotted") {
		t.Fatalf("WriteOlsak: %v, want a blotted-clue refusal", err)
	}
}

// TestOlsakErrorLines checks that problems with a .g puzzle's clues are
// reported at the clue's own line, not at the puzzle's first.
func TestOlsakErrorLines(t *testing.T) {
	grid := "a comment\n#d\n   0:   #FFFFFF white\n   a:a  #000000 black\n: rows\n1a\n\n1a 1a 1a\n: columns\n1a\n1a\n"
	ps, err := Read("grid.g", []byte(grid))
	if err != nil {
		t.Fatal(err)
	}
	ds := ps[0].Problems()
	if len(ds) == 0 || ds[0].Line != 8 {
		t.Fatalf("problems %v: want the first at line 8 (row 3's clue)", ds)
	}
	bad := "#d\n   a:a  #000000 black\n: rows\n1a\n1z\n: columns\n1a\n"
	if _, err := Read("bad.g", []byte(bad)); err == nil || !strings.Contains(err.Error(), "bad.g:5:") {
		t.Fatalf("error %v: want it at line 5", err)
	}

	var buf bytes.Buffer
	tri := puzzle.TriddlerHexagon(1).TriddlerOf(puzzle.NewImage(puzzle.TriddlerHexagon(1).Width, 2), puzzle.DefaultPalette())
	tri.TriddlerClues["topleft"][0] = puzzle.Line{{Len: 9, Color: 1}}
	if err := WriteOlsak(&buf, tri); err != nil {
		t.Fatal(err)
	}
	ps, err = Read("tri.g", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Index(buf.String(), "9a")
	wantLine := strings.Count(buf.String()[:want], "\n") + 1
	ds = ps[0].Problems()
	if len(ds) == 0 || ds[0].Line != wantLine || !strings.Contains(ds[0].Message, "needs 9 cells") {
		t.Fatalf("triddler problems %v: want \"needs 9 cells\" at line %d", ds, wantLine)
	}
}

// TestXMLTriddlerErrorLines checks that a problem with one of an XML
// triddler's clues is reported at that clue's <line>.
func TestXMLTriddlerErrorLines(t *testing.T) {
	g := puzzle.TriddlerHexagon(1)
	p := g.TriddlerOf(puzzle.NewImage(g.Width, g.Height), puzzle.DefaultPalette())
	p.TriddlerClues["bottom"][0] = puzzle.Line{{Len: 9, Color: 1}}
	var buf bytes.Buffer
	if err := WriteXML(&buf, []*puzzle.Puzzle{p}); err != nil {
		t.Fatal(err)
	}
	ps, err := Read("tri.xml", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	at := strings.Index(buf.String(), "<count>9</count>")
	want := strings.Count(buf.String()[:at], "\n") + 1
	ds := ps[0].Problems()
	if len(ds) == 0 || ds[0].Line != want || !strings.Contains(ds[0].Message, "needs 9 cells") {
		t.Fatalf("problems %v: want \"needs 9 cells\" at line %d", ds, want)
	}
}

// TestOlsakWritesEmptyLinesBlank: an empty clue line is a blank line, as
// Olšák's files and number-loom write it (number-loom reads "0" as a block
// of length 0), also the last line of the file, and it reads back.
func TestOlsakWritesEmptyLinesBlank(t *testing.T) {
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 3, Height: 2, Palette: puzzle.DefaultPalette(),
		Rows: []puzzle.Line{nil, {{Len: 2, Color: 1}}}, Cols: []puzzle.Line{{{Len: 1, Color: 1}}, {{Len: 1, Color: 1}}, nil}}
	var buf bytes.Buffer
	if err := WriteOlsak(&buf, p); err != nil {
		t.Fatal(err)
	}
	want := "#d\n   0:.  #FFFFFF   white\n   a:X  #000000   black\n: rows\n\n2a\n: columns\n1a\n1a\n\n"
	if buf.String() != want {
		t.Fatalf("written:\n%q\nwant\n%q", buf.String(), want)
	}
	back, err := Read("empty.g", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if q := back[0]; q.ID() != p.ID() || q.Width != 3 || q.Height != 2 {
		t.Errorf("read back as %dx%d %s, want 3x2 %s", q.Width, q.Height, q.ID(), p.ID())
	}
}

// TestOlsakManyColours: a puzzle of more colours than letters a..z and
// A..Z is written with input characters the reader takes back (no space
// such as U+0085, which the reader trims, as it was written before).
func TestOlsakManyColours(t *testing.T) {
	const n = 254
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: n, Height: 1, Palette: []puzzle.Color{{Char: '.', RGB: puzzle.RGB{R: 255, G: 255, B: 255}}}}
	var row puzzle.Line
	for i := 1; i <= n; i++ {
		p.Palette = append(p.Palette, puzzle.Color{Char: rune(0x100 + i), RGB: puzzle.RGB{R: uint8(i), G: uint8(255 - i), B: 7}})
		row = append(row, puzzle.Clue{Len: 1, Color: i})
		p.Cols = append(p.Cols, puzzle.Line{{Len: 1, Color: i}})
	}
	p.Rows = []puzzle.Line{row}
	var buf bytes.Buffer
	if err := WriteOlsak(&buf, p); err != nil {
		t.Fatal(err)
	}
	back, err := Read("many.g", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if q := back[0]; q.Colors() != n || q.ID() != p.ID() {
		t.Errorf("read back %d colours, id %s; want %d, %s", q.Colors(), q.ID(), n, p.ID())
	}
}
