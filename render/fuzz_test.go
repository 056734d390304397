package render

import (
	"bytes"
	"encoding/xml"
	"io"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// FuzzMetadata feeds arbitrary titles, authors and colour names through the
// SVG (page and figure) and PDF back ends, in the core or the embedded fonts:
// the SVG must stay well-formed XML, the PDF's cross-reference table must
// point at each of its objects, and nothing may panic, whatever bytes a
// puzzle file holds.
func FuzzMetadata(f *testing.F) {
	f.Add(`"><script>alert(1)</script>`, "Jan Wolter", `red" x="1`)
	f.Add("Żółć 🎨 \x00\xff", "\t\n\r", "]]>&amp;<!--")
	f.Add("", "", "")
	f.Fuzz(func(t *testing.T, title, author, colour string) {
		p := puzzleOf(t, []string{"ab", "b."}, []puzzle.Color{
			{Char: '.', RGB: puzzle.RGB{R: 255, G: 255, B: 255}},
			{Char: 'a', Name: "red", RGB: puzzle.RGB{R: 200}},
			{Char: 'b', Name: "blue", RGB: puzzle.RGB{B: 200}},
		})
		p.Meta.Title, p.Meta.Author, p.Palette[1].Name = title, author, colour
		for name, write := range map[string]func(io.Writer, *puzzle.Puzzle, Options) error{"Sheet": Sheet, "SheetFigure": SheetFigure} {
			var b bytes.Buffer
			if err := write(&b, p, Options{MonoSafe: true}); err != nil {
				t.Fatal(err)
			}
			d := xml.NewDecoder(&b)
			d.Strict = true
			for {
				_, err := d.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s: SVG is not well-formed: %v", name, err)
				}
			}
		}
		var pdf bytes.Buffer
		if err := SheetPDF(&pdf, p, p.Goal, Options{}); err != nil {
			t.Fatal(err)
		}
		if !xrefDescribesObjects(pdf.Bytes()) {
			t.Fatalf("SheetPDF wrote a PDF whose objects its table does not describe:\n%q", pdf.Bytes())
		}
	})
}
