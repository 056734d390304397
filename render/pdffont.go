package render

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// An embedded font is a TrueType font a document carries, subset to the
// glyphs it draws: a Type0 font with Identity-H encoding over a
// CIDFontType2 whose character codes are fontGlyph ids, so that any fontGlyph of
// any script can be drawn with two bytes. Its widths (/W) place the text,
// its ToUnicode map gives the text back to search and copy, and its font
// file (FontFile2) keeps only the outlines drawn.

// goFontFiles are the Go fonts a document embeds by default: regular, bold.
var goFontFiles = [2][]byte{goregular.TTF, gobold.TTF}

// parsedGoFonts are the Go fonts parsed once; a parsed font is read-only.
var parsedGoFonts = sync.OnceValues(func() ([2]*sfnt.Font, error) {
	var fs [2]*sfnt.Font
	for i, data := range goFontFiles {
		f, err := sfnt.Parse(data)
		if err != nil {
			return fs, fmt.Errorf("render: reading the Go fonts: %w", err)
		}
		fs[i] = f
	}
	return fs, nil
})

// fontGlyph is one glyph of an embedded font and its advance width in
// thousandths of an em, as the PDF's /W array gives it.
type fontGlyph struct {
	id    sfnt.GlyphIndex
	width int
}

// embedFont is a font a document embeds.
type embedFont struct {
	res    int // its resource name is /F<res>
	data   []byte
	font   *sfnt.Font
	name   string // PostScript name, without the subset tag
	glyphs map[rune]fontGlyph
	used   map[sfnt.GlyphIndex]rune // each fontGlyph drawn, and the character it shows
}

// fontSet is the fonts a document embeds, added as its texts need them.
type fontSet struct {
	goFonts  [2]*sfnt.Font
	fallback *Fonts // nil: the Go fonts only
	fonts    []*embedFont
	byFont   map[*sfnt.Font]*embedFont
	buf      sfnt.Buffer
	// runBuf and glyphBuf hold what runs returns, reused by the next call.
	runBuf   []fontRun
	glyphBuf []fontGlyph
}

// newFontSet returns the fonts of a document set in the Go fonts, falling
// back on fallback's for the characters they lack.
func newFontSet(fallback *Fonts) (*fontSet, error) {
	fs, err := parsedGoFonts()
	if err != nil {
		return nil, err
	}
	return &fontSet{goFonts: fs, fallback: fallback, byFont: map[*sfnt.Font]*embedFont{}}, nil
}

// fontRun is a stretch of text drawn in one font.
type fontRun struct {
	font   *embedFont
	glyphs []fontGlyph
	width  int // thousandths of an em
	start  int // where its glyphs start in the set's glyphBuf
}

// runs splits s, in drawing order, into runs of the Go font (bold or not)
// and of the fallback fonts (regular only) for characters it lacks. A
// character no font has stays in the Go font, which draws its box. The runs
// are valid until the next call.
func (s *fontSet) runs(text string, bold bool) []fontRun {
	goFont := s.goFonts[0]
	goData := goFontFiles[0]
	if bold {
		goFont, goData = s.goFonts[1], goFontFiles[1]
	}
	runs, glyphs := s.runBuf[:0], s.glyphBuf[:0]
	for _, r := range text {
		f := s.embed(goFont, goData)
		g, ok := f.glyph(&s.buf, r)
		if !ok && r != ' ' && s.fallback != nil {
			if ff := s.fallback.fontFor(r); ff != nil {
				f = s.embed(ff.font, ff.data)
				g, _ = f.glyph(&s.buf, r)
			}
		}
		if _, seen := f.used[g.id]; !seen {
			f.used[g.id] = r
		}
		if len(runs) == 0 || runs[len(runs)-1].font != f {
			runs = append(runs, fontRun{font: f, start: len(glyphs)})
		}
		glyphs = append(glyphs, g)
		runs[len(runs)-1].width += g.width
	}
	for i := range runs {
		end := len(glyphs)
		if i+1 < len(runs) {
			end = runs[i+1].start
		}
		runs[i].glyphs = glyphs[runs[i].start:end]
	}
	s.runBuf, s.glyphBuf = runs, glyphs
	return runs
}

// embed returns the document's embedded copy of font f (its file data),
// adding it at its first use.
func (s *fontSet) embed(f *sfnt.Font, data []byte) *embedFont {
	if e := s.byFont[f]; e != nil {
		return e
	}
	e := newEmbedFont(f, data, &s.buf)
	e.res = len(s.fonts) + 1
	s.fonts = append(s.fonts, e)
	s.byFont[f] = e
	return e
}

// newEmbedFont returns font f (its file data) to be embedded, none of its
// glyphs used yet.
func newEmbedFont(f *sfnt.Font, data []byte, buf *sfnt.Buffer) *embedFont {
	name, err := f.Name(buf, sfnt.NameIDPostScript)
	if err != nil || name == "" {
		name = "Font"
	}
	return &embedFont{data: data, font: f, name: pdfName(name), glyphs: map[rune]fontGlyph{}, used: map[sfnt.GlyphIndex]rune{}}
}

// fontGlyph returns r's fontGlyph and whether the font has one (else .notdef).
func (e *embedFont) glyph(buf *sfnt.Buffer, r rune) (fontGlyph, bool) {
	if g, ok := e.glyphs[r]; ok {
		return g, g.id != 0
	}
	id, err := e.font.GlyphIndex(buf, r)
	if err != nil {
		id = 0
	}
	g := fontGlyph{id: id, width: e.advance(buf, id)}
	e.glyphs[r] = g
	return g, id != 0
}

// advance is fontGlyph id's advance width in thousandths of an em.
func (e *embedFont) advance(buf *sfnt.Buffer, id sfnt.GlyphIndex) int {
	upem := int(e.font.UnitsPerEm())
	a, err := e.font.GlyphAdvance(buf, id, fixed.Int26_6(upem)<<6, font.HintingNone)
	if err != nil {
		return 0
	}
	return int(math.Round(float64(a) / 64 * 1000 / float64(upem)))
}

// pdfName keeps the characters of s a PDF name may hold unescaped.
func pdfName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return -1
	}, s)
}

// usedGlyphs returns the glyphs drawn in e, in order.
func (e *embedFont) usedGlyphs() []sfnt.GlyphIndex {
	ids := make([]sfnt.GlyphIndex, 0, len(e.used))
	for id := range e.used {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// subsetName is e's name with the subset tag that says the font file holds
// only some glyphs: six capital letters, derived from the glyphs kept, so
// that the same text gives the same name.
func (e *embedFont) subsetName(ids []sfnt.GlyphIndex) string {
	h := fnv.New64a()
	h.Write([]byte(e.name))
	for _, id := range ids {
		h.Write([]byte{byte(id >> 8), byte(id)})
	}
	sum := h.Sum64()
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + byte(sum%26)
		sum /= 26
	}
	return string(tag) + "+" + e.name
}
