package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// TestBlotsDrawn blots some clues of a colour puzzle and checks the sheet:
// each blot is a "?" on a circle of its block's colour, the other clues keep
// their numbers, and the PDF draws the same sheet (the layout is shared, so
// the PDF must at least carry the "?"s).
func TestBlotsDrawn(t *testing.T) {
	p := flag3(t)
	blots := 0
	for _, lines := range [][]puzzle.Line{p.Rows, p.Cols} {
		for i := range lines {
			if i%3 == 0 && len(lines[i]) > 0 {
				lines[i] = append(puzzle.Line(nil), lines[i]...)
				lines[i][0] = puzzle.Clue{Color: lines[i][0].Color, Blot: true}
				blots++
			}
		}
	}
	var b bytes.Buffer
	if err := Sheet(&b, p, Options{}); err != nil {
		t.Fatal(err)
	}
	root := parseSVG(t, b.Bytes())
	marks, circles := 0, map[string]int{}
	root.walk(func(n *svgNode) {
		if n.XMLName.Local == "text" && n.Text == "?" {
			marks++
		}
		if n.XMLName.Local == "circle" {
			circles[n.attr("fill")]++
		}
	})
	if marks != blots {
		t.Errorf("%d \"?\" texts, want one per blot (%d)", marks, blots)
	}
	total := 0
	for fill, n := range circles {
		if fill == "" || fill == "none" {
			continue
		}
		total += n
	}
	if total != blots {
		t.Errorf("%d filled circles (%v), want one per blot (%d)", total, circles, blots)
	}
	var pdf bytes.Buffer
	if err := SheetPDF(&pdf, p, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "blots.pdf")
	if err := os.WriteFile(path, pdf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if text := layoutText(t, path, 1, 1); strings.Count(text, "?") != blots {
		t.Errorf("the PDF's text has %d \"?\", want %d:\n%s", strings.Count(text, "?"), blots, text)
	}
}

// TestTriddlerBlotsDrawn checks that a triddler's sheet draws its blots as
// a "?" each.
func TestTriddlerBlotsDrawn(t *testing.T) {
	g := puzzle.TriddlerHexagon(2)
	img := puzzle.NewImage(g.Width, g.Height)
	for i, c := range g.Cells {
		if i%3 == 0 {
			img.Set(c.X, c.Y, 1)
		}
	}
	p := g.TriddlerOf(img, puzzle.DefaultPalette())
	blots := 0
	for _, side := range puzzle.TriddlerSides {
		for _, l := range p.TriddlerClues[side] {
			if len(l) > 0 {
				l[0] = puzzle.Clue{Color: l[0].Color, Blot: true}
				blots++
			}
		}
	}
	var b bytes.Buffer
	if err := Sheet(&b, p, Options{}); err != nil {
		t.Fatal(err)
	}
	marks := 0
	parseSVG(t, b.Bytes()).walk(func(n *svgNode) {
		if n.XMLName.Local == "text" && n.Text == "?" {
			marks++
		}
	})
	if marks != blots {
		t.Errorf("%d \"?\" on the triddler sheet, want %d", marks, blots)
	}
}
