package formats

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// addSeeds adds the sources of testdata/cases.txt whose file name ends in
// one of exts, and the testdata files with those extensions.
func addSeeds(f *testing.F, exts ...string) {
	data, err := os.ReadFile("testdata/cases.txt")
	if err != nil {
		f.Fatal(err)
	}
	match := func(name string) bool {
		for _, e := range exts {
			if strings.HasSuffix(name, e) {
				return true
			}
		}
		return false
	}
	for _, c := range parseCasesF(f, string(data)) {
		if match(c.file) {
			f.Add([]byte(c.source))
		}
	}
	files, _ := filepath.Glob("testdata/*")
	for _, name := range files {
		if match(name) {
			if b, err := os.ReadFile(name); err == nil {
				f.Add(b)
			}
		}
	}
}

// parseCasesF is parseCases for a fuzz target.
func parseCasesF(f *testing.F, text string) []readCase {
	var t testing.T
	cases := parseCases(&t, text)
	if t.Failed() {
		f.Fatal("testdata/cases.txt is malformed")
	}
	return cases
}

// checkRead is the property every reader must have: no panic (the fuzzer
// catches those), errors that are *ParseErrors naming the file, puzzles
// whose indices stay in their palette, and, for a valid grid, writers that
// give the same puzzle back.
func checkRead(t *testing.T, name string, data []byte) {
	ps, err := Read(name, data)
	if err != nil {
		for _, e := range unjoin(err) {
			var pe *ParseError
			if strings.Contains(e.Error(), "internal error") {
				t.Fatalf("reader panicked: %v", e)
			}
			if !errors.As(e, &pe) || !strings.HasPrefix(e.Error(), name+":") {
				t.Fatalf("error %q is not a *ParseError naming %s", e, name)
			}
		}
	}
	for _, p := range ps {
		if p.Width > puzzle.MaxSide || p.Height > puzzle.MaxSide || len(p.Palette) > maxColors || len(p.Palette) == 0 {
			t.Fatalf("out of bounds: %dx%d, %d colours", p.Width, p.Height, len(p.Palette))
		}
		lines := append(append([]puzzle.Line{}, p.Rows...), p.Cols...)
		for _, ls := range p.TriddlerClues {
			lines = append(lines, ls...)
		}
		for _, l := range lines {
			for _, c := range l {
				// A blot hides its length (Len 0); every other block has one.
				badLen := c.Len < 1 || c.Len > puzzle.MaxSide
				if c.Blot {
					badLen = c.Len != 0
				}
				if c.Color < 1 || c.Color >= len(p.Palette) || badLen {
					t.Fatalf("bad block %+v with %d palette entries", c, len(p.Palette))
				}
			}
		}
		if p.Goal != nil {
			for _, c := range p.Goal.Cells {
				if int(c) >= len(p.Palette) {
					t.Fatalf("goal cell %d outside the palette", c)
				}
			}
		}
		if p.Kind != puzzle.Grid || len(p.Validate()) > 0 {
			continue
		}
		var x bytes.Buffer
		if err := WriteXML(&x, []*puzzle.Puzzle{p}); err != nil {
			t.Fatalf("WriteXML: %v", err)
		}
		back, err := Read("back.xml", x.Bytes())
		if err != nil || len(back) != 1 || back[0].ID() != p.ID() {
			t.Fatalf("XML round trip: %v\n%s", err, x.String())
		}
		if p.Colors() > 26 {
			continue
		}
		var n bytes.Buffer
		if blotted(p) {
			if err := WriteNon(&n, p); !errors.Is(err, ErrUnsupported) {
				t.Fatalf("WriteNon of a blotted puzzle: %v, want ErrUnsupported", err)
			}
			continue
		}
		if err := WriteNon(&n, p); err != nil {
			t.Fatalf("WriteNon: %v", err)
		}
		back, err = Read("back.non", n.Bytes())
		if err != nil || len(back) != 1 || back[0].ID() != p.ID() {
			t.Fatalf(".non round trip: %v\n%s", err, n.String())
		}
	}
}

// blotted reports whether any of the puzzle's clues hides a length.
func blotted(p *puzzle.Puzzle) bool {
	for _, l := range append(append([]puzzle.Line{}, p.Rows...), p.Cols...) {
		if l.Blotted() {
			return true
		}
	}
	return false
}

func FuzzReadNon(f *testing.F) {
	addSeeds(f, ".non", ".txt")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, "fuzz.non", data) })
}

func FuzzReadNonpack(f *testing.F) {
	addSeeds(f, ".non", ".nonpack")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, "fuzz.nonpack", data) })
}

func FuzzReadXML(f *testing.F) {
	addSeeds(f, ".xml")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, "fuzz.xml", data) })
}

func FuzzReadNin(f *testing.F) {
	addSeeds(f, ".nin")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, "fuzz.nin", data) })
}

func FuzzReadOlsak(f *testing.F) {
	addSeeds(f, ".g")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, "fuzz.g", data) })
}
