package render

import (
	"os"
	"slices"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestSubsetKeepsUsedGlyphs subsets Go Regular, and DejaVu Sans (whose
// accented letters are composite glyphs, which the Go fonts have none of)
// to a few glyphs and reads the subset back with sfnt: every glyph id stays,
// the glyphs used (and a composite's parts) have their outlines unchanged,
// the others are empty, and the file is far smaller.
func TestSubsetKeepsUsedGlyphs(t *testing.T) {
	t.Run("GoRegular", func(t *testing.T) { checkSubset(t, goregular.TTF, false) })
	t.Run("DejaVuSans", func(t *testing.T) {
		const dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
		data, err := os.ReadFile(dejaVu)
		if err != nil {
			needTool(t, dejaVu) // skips, or fails in CI, which installs it
		}
		checkSubset(t, data, true)
	})
}

// checkSubset subsets font data as TestSubsetKeepsUsedGlyphs says, with a
// composite glyph among those used if withComposite.
func checkSubset(t *testing.T, font []byte, withComposite bool) {
	orig, err := sfnt.Parse(font)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := ttfTables(font)
	if err != nil {
		t.Fatal(err)
	}
	off, err := glyphOffsets(tables)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	var used []int
	composite := -1
	for _, r := range "Aé5Ω" {
		g, err := orig.GlyphIndex(&buf, r)
		if err != nil || g == 0 {
			t.Fatalf("the font lacks %q", r)
		}
		used = append(used, int(g))
	}
	for g := 1; g+1 < len(off) && composite < 0 && withComposite; g++ {
		if len(components(tables["glyf"][off[g]:off[g+1]])) > 1 {
			composite = g
		}
	}
	var parts []int
	if withComposite {
		if composite < 0 {
			t.Fatal("the font has no composite glyph to test with")
		}
		used = append(used, composite)
		parts = components(tables["glyf"][off[composite]:off[composite+1]])
	}

	data, err := subsetTrueType(font, used, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > len(font)/3 {
		t.Errorf("subset is %d bytes of %d", len(data), len(font))
	}
	sub, err := sfnt.Parse(data)
	if err != nil {
		t.Fatalf("sfnt cannot read the subset: %v", err)
	}
	if sub.NumGlyphs() != orig.NumGlyphs() {
		t.Fatalf("subset has %d glyphs, want every id: %d", sub.NumGlyphs(), orig.NumGlyphs())
	}
	ppem := fixed.I(int(orig.UnitsPerEm()))
	outline := func(f *sfnt.Font, g int) sfnt.Segments {
		var b sfnt.Buffer
		s, err := f.LoadGlyph(&b, sfnt.GlyphIndex(g), ppem, nil)
		if err != nil {
			t.Fatalf("glyph %d: %v", g, err)
		}
		return slices.Clone(s)
	}
	kept := append(append([]int{0}, used...), parts...)
	for _, g := range kept {
		if want, got := outline(orig, g), outline(sub, g); !slices.Equal(want, got) || len(got) == 0 {
			t.Errorf("glyph %d: %d segments in the subset, %d in the font", g, len(got), len(want))
		}
	}
	for g := 1; g < orig.NumGlyphs(); g += 37 {
		if slices.Contains(kept, g) {
			continue
		}
		if s := outline(sub, g); len(s) != 0 {
			t.Errorf("glyph %d, not used, kept %d segments", g, len(s))
		}
	}
}

// TestSubsetRefusesBadFonts checks that a truncated or garbled font file
// gives an error, not a panic.
func TestSubsetRefusesBadFonts(t *testing.T) {
	for _, data := range [][]byte{nil, goregular.TTF[:11], goregular.TTF[:200], append([]byte("\x00\x01\x00\x00\xff\xff"), make([]byte, 40)...)} {
		if _, err := subsetTrueType(data, []int{1}, false); err == nil {
			t.Errorf("a %d-byte font subset without error", len(data))
		}
	}
}

// FuzzSubset feeds arbitrary font files to subsetTrueType: it may refuse
// them, never panic, and what it returns is a font sfnt reads when the
// input was one.
func FuzzSubset(f *testing.F) {
	f.Add(goregular.TTF[:2000], 3)
	f.Add(goregular.TTF, 40)
	f.Add([]byte("\x00\x01\x00\x00\x00\x01"), 0)
	f.Fuzz(func(t *testing.T, data []byte, glyph int) {
		out, err := subsetTrueType(data, []int{glyph, glyph + 1}, glyph%2 == 0)
		if err != nil {
			return
		}
		if _, perr := sfnt.Parse(data); perr == nil {
			if _, err := sfnt.Parse(out); err != nil {
				t.Errorf("a font sfnt reads gave a subset it cannot: %v", err)
			}
		}
	})
}
