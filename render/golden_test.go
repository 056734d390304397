package render

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// goldenCases are the SVG products checked byte for byte against testdata.
func goldenCases(t *testing.T) map[string]func(*bytes.Buffer) error {
	d, f := dancer(t), flag3(t)
	return map[string]func(*bytes.Buffer) error{
		"dancer-sheet.svg":        func(b *bytes.Buffer) error { return Sheet(b, d, Options{}) },
		"dancer-sheet-letter.svg": func(b *bytes.Buffer) error { return Sheet(b, d, Options{Paper: Letter}) },
		"dancer-figure.svg":       func(b *bytes.Buffer) error { return SheetFigure(b, d, Options{}) },
		"flag-figure-mono.svg":    func(b *bytes.Buffer) error { return SheetFigure(b, f, Options{MonoSafe: true}) },
		"dancer-solution.svg":     func(b *bytes.Buffer) error { return Solution(b, d, d.Goal, Options{}) },
		"flag-sheet.svg":          func(b *bytes.Buffer) error { return Sheet(b, f, Options{}) },
		"flag-sheet-mono.svg":     func(b *bytes.Buffer) error { return Sheet(b, f, Options{MonoSafe: true}) },
		"flag-solution-mono.svg":  func(b *bytes.Buffer) error { return Solution(b, f, f.Goal, Options{MonoSafe: true}) },
		"flag-thumbnail.svg":      func(b *bytes.Buffer) error { return Thumbnail(b, f, f.Goal) },
		"flag-blank.svg":          func(b *bytes.Buffer) error { return BlankThumbnail(b, f) },
	}
}

// TestGolden compares each product with testdata/<name>; go test -update
// rewrites them. Each is rendered twice to check the bytes do not vary.
func TestGolden(t *testing.T) {
	for name, render := range goldenCases(t) {
		t.Run(name, func(t *testing.T) {
			var a, b bytes.Buffer
			if err := render(&a); err != nil {
				t.Fatal(err)
			}
			if err := render(&b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatal("two renderings of the same input differ")
			}
			path := filepath.Join("testdata", name)
			if *update {
				if err := os.WriteFile(path, a.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(a.Bytes(), want) {
				t.Errorf("%s differs from the golden file (%d bytes, want %d); if the change is intended, run go test -update", name, a.Len(), len(want))
			}
		})
	}
}

// TestPDFDeterministic checks that a booklet's bytes depend only on its input.
func TestPDFDeterministic(t *testing.T) {
	entries := []BookletEntry{{Puzzle: dancer(t), Solution: dancer(t).Goal}, {Puzzle: flag3(t), Solution: flag3(t).Goal}, {Puzzle: flag3(t)}}
	var a, b bytes.Buffer
	if err := Booklet(&a, "Same twice", entries, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Booklet(&b, "Same twice", entries, Options{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two booklets of the same input differ")
	}
	var c bytes.Buffer
	p := dancer(t)
	if err := SheetPDF(&c, p, p.Goal, Options{}); err != nil {
		t.Fatal(err)
	}
	var d bytes.Buffer
	if err := SheetPDF(&d, p, p.Goal, Options{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(c.Bytes(), d.Bytes()) {
		t.Fatal("two sheet PDFs of the same input differ")
	}
}
