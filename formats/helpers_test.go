package formats

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// corpusFiles lists the corpus files Read understands, relative to the corpus folder.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	dir := corpustest.Dir(t)
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && Known(path) {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// describe writes a puzzle in a normal form that shows everything a reader
// decides: kind, size, palette, metadata, clues, goal and warnings.
func describe(p *puzzle.Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %dx%d line %d index %d id %s\n", p.Kind, p.Width, p.Height, p.Origin.Line, p.Origin.Index, p.ID())
	b.WriteString("palette:")
	for _, c := range p.Palette {
		fmt.Fprintf(&b, " %q=%s", c.Char, c.RGB.Hex())
		if c.Name != "" {
			fmt.Fprintf(&b, "(%s)", c.Name)
		}
	}
	b.WriteString("\n")
	m := p.Meta
	for _, kv := range [][2]string{{"title", m.Title}, {"author", m.Author}, {"copyright", m.Copyright},
		{"license", m.License}, {"catalogue", m.Catalogue}, {"id", m.ID}, {"description", m.Description}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "%s: %q\n", kv[0], kv[1])
		}
	}
	for _, x := range m.Extra {
		fmt.Fprintf(&b, "extra %s: %q\n", x.Key, x.Value)
	}
	if set := p.Origin.Set; set != nil {
		fmt.Fprintf(&b, "set: title %q author %q copyright %q catalogue %q license %q\n", set.Title, set.Author, set.Copyright, set.Catalogue, set.License)
	}
	lines := func(name string, ls []puzzle.Line) {
		parts := make([]string, len(ls))
		for i, l := range ls {
			parts[i] = p.FormatLine(l)
		}
		fmt.Fprintf(&b, "%s: %s\n", name, strings.Join(parts, " | "))
	}
	if p.Kind == puzzle.Triddler {
		for _, side := range puzzle.TriddlerSides {
			lines(side, p.TriddlerClues[side])
		}
	} else {
		lines("rows", p.Rows)
		lines("cols", p.Cols)
	}
	if g := p.Goal; g != nil {
		b.WriteString("goal:\n")
		for y := range g.Height {
			for x := range g.Width {
				c := g.At(x, y)
				if c < len(p.Palette) {
					b.WriteRune(p.Palette[c].Char)
				} else {
					b.WriteByte('!')
				}
			}
			b.WriteByte('\n')
		}
	}
	for _, w := range p.Warnings {
		fmt.Fprintf(&b, "warning line %d col %d: %s", w.Line, w.Col, w.Message)
		if w.Hint != "" {
			fmt.Fprintf(&b, " (%s)", w.Hint)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// goalRGB returns the goal as colour values, independent of palette order.
func goalRGB(p *puzzle.Puzzle) []puzzle.RGB {
	if p.Goal == nil {
		return nil
	}
	out := make([]puzzle.RGB, len(p.Goal.Cells))
	for i, c := range p.Goal.Cells {
		if int(c) < len(p.Palette) {
			out[i] = p.Palette[c].RGB
		}
	}
	return out
}

// roundTrip writes p with each writer and reads it back, checking that the
// identity, kind, size, colour count, metadata and goal survive.
func roundTrip(t *testing.T, name string, p *puzzle.Puzzle) {
	t.Helper()
	writers := []struct {
		ext   string
		write func(*bytes.Buffer) error
	}{
		{".non", func(b *bytes.Buffer) error { return WriteNon(b, p) }},
		{".nonpack", func(b *bytes.Buffer) error { return WriteNonpack(b, []*puzzle.Puzzle{p, p}) }},
		{".xml", func(b *bytes.Buffer) error { return WriteXML(b, []*puzzle.Puzzle{p}) }},
	}
	for _, w := range writers {
		var buf bytes.Buffer
		err := w.write(&buf)
		if p.Kind == puzzle.Triddler && w.ext != ".xml" {
			if err == nil {
				t.Errorf("%s: writing a triddler as %s should fail", name, w.ext)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: write %s: %v", name, w.ext, err)
			continue
		}
		back, err := Read("roundtrip"+w.ext, buf.Bytes())
		if err != nil {
			t.Errorf("%s: reading back %s: %v\n%s", name, w.ext, err, buf.String())
			continue
		}
		if w.ext == ".nonpack" && len(back) != 2 {
			t.Errorf("%s: %s gave %d puzzles, want 2", name, w.ext, len(back))
			continue
		}
		q := back[0]
		if q.ID() != p.ID() || q.Kind != p.Kind || q.Width != p.Width || q.Height != p.Height || q.Colors() != p.Colors() {
			t.Errorf("%s via %s: got %s %s %dx%d %d colours, want %s %s %dx%d %d colours\n%s", name, w.ext,
				q.ID(), q.Kind, q.Width, q.Height, q.Colors(), p.ID(), p.Kind, p.Width, p.Height, p.Colors(), buf.String())
		}
		if !reflect.DeepEqual(q.Meta, p.Meta) {
			t.Errorf("%s via %s: metadata\n got %#v\nwant %#v", name, w.ext, q.Meta, p.Meta)
		}
		if !reflect.DeepEqual(goalRGB(q), goalRGB(p)) {
			t.Errorf("%s via %s: goal differs", name, w.ext)
		}
		checkColorNames(t, name+" via "+w.ext, p, q, w.ext == ".xml")
		if q.Meta.ID != p.Meta.ID {
			t.Errorf("%s via %s: id %q, want %q", name, w.ext, q.Meta.ID, p.Meta.ID)
		}
	}
}

// checkColorNames checks that every colour of p comes back in q (matched
// by value) with its name: every name when the format carries all names
// (XML), else every name .non can carry and every name chosen by
// NameColors (which reading chooses again); .non carries no background name.
func checkColorNames(t *testing.T, what string, p, q *puzzle.Puzzle, allNames bool) {
	t.Helper()
	carried := nonColorNames(p.Palette)
	for i, c := range p.Palette {
		if !allNames && (i == 0 || carried[i] == "" && !c.Derived) {
			continue
		}
		found := false
		for _, d := range q.Palette {
			if d.RGB == c.RGB {
				found = true
				if d.Name != c.Name {
					t.Errorf("%s: colour %s named %q, want %q", what, c.RGB.Hex(), d.Name, c.Name)
				}
				break
			}
		}
		if !found {
			t.Errorf("%s: colour %s (%q) lost", what, c.RGB.Hex(), c.Name)
		}
	}
}
