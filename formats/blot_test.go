package formats

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

const blotXML = `<?xml version="1.0"?>
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<color name="red" char="r">d62828</color>
<clues type="columns">
<line><count>2</count></line>
<line><count color="red">0</count></line>
</clues>
<clues type="rows">
<line><count>1</count><count color="red">1</count></line>
<line><count>0</count></line>
</clues>
</puzzle>
</puzzleset>
`

// TestBlotXMLRoundTrip reads webpbn's blot markup (a count of 0), writes it
// back as XML and reads the same puzzle again; .non and .nonpack refuse it.
func TestBlotXMLRoundTrip(t *testing.T) {
	ps, err := Read("blot.xml", []byte(blotXML))
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if got := p.FormatLine(p.Cols[1]); got != "?r" {
		t.Fatalf("column 2 reads as %q, want a red blot ?r", got)
	}
	if c := p.Rows[1][0]; !c.Blot || c.Color != 1 {
		t.Fatalf("row 2 reads as %+v, want a black blot", c)
	}
	if c := p.Rows[0][1]; c.Blot || c.Len != 1 {
		t.Fatalf("row 1 block 2 reads as %+v, want a red 1", c)
	}
	var buf bytes.Buffer
	if err := WriteXML(&buf, ps); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `<count color="red">0</count>`) {
		t.Fatalf("written XML has no red blot:\n%s", buf.String())
	}
	again, err := Read("again.xml", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if again[0].ID() != p.ID() || again[0].Canonical() != p.Canonical() {
		t.Fatalf("round trip changed the clues:\n%s\nvs\n%s", again[0].Canonical(), p.Canonical())
	}
	if !strings.Contains(p.Canonical(), "?:") {
		t.Fatalf("canonical form does not mark the blot:\n%s", p.Canonical())
	}
	if err := WriteNon(&bytes.Buffer{}, p); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "blotted") {
		t.Fatalf("WriteNon: %v, want a blotted-clue refusal", err)
	}
	if err := WriteNonpack(&bytes.Buffer{}, ps); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("WriteNonpack: %v, want a refusal", err)
	}
}

// TestBlotIDDiffers checks that a blot changes the puzzle's id, and that a
// puzzle without one keeps the id it had.
func TestBlotIDDiffers(t *testing.T) {
	plain := &puzzle.Puzzle{Width: 1, Height: 1, Palette: puzzle.DefaultPalette(),
		Rows: []puzzle.Line{{{Len: 1, Color: 1}}}, Cols: []puzzle.Line{{{Len: 1, Color: 1}}}}
	blot := *plain
	blot.Rows = []puzzle.Line{{{Color: 1, Blot: true}}}
	if plain.ID() == blot.ID() {
		t.Fatal("a blot does not change the id")
	}
	if want := "nonopress-id-1 grid 1x1\nr 1:000000\nc 1:000000\n"; plain.Canonical() != want {
		t.Fatalf("canonical form of a puzzle without blots changed: %q", plain.Canonical())
	}
}
