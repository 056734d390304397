package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Fonts finds fonts for the text the Go fonts cannot draw (CJK, Arabic,
// Hebrew, Devanagari...): first the font file the site names (nonopress.toml
// `font`), then the installed system fonts, in a fixed order (fontRank). A
// character no font has is left to the Go fonts, which draw a box, and
// reported through Options.Warn. Only TrueType-outline fonts (glyf) are
// used: the PDF embeds them subset to the glyphs drawn, and the writer
// subsets glyf outlines only (ttfsubset.go).
//
// A Fonts is made once by the caller (a build, the print command) and
// shared by every sheet and booklet: it reads the system's font list and
// each font it needs once. It is safe for concurrent use.
type Fonts struct {
	path string   // the site's font; "" for none
	dirs []string // where system fonts are looked for

	mu      sync.Mutex
	files   []string // the system's TrueType files, ranked; nil until listed
	listed  bool
	loaded  map[string]*fallbackFont // by file, nil: unusable
	byRune  map[rune]*fallbackFont   // nil: no font has it
	problem error                    // the site's font could not be used
	buf     sfnt.Buffer
}

// fallbackFont is a TrueType font read for the characters it has.
type fallbackFont struct {
	file string
	data []byte
	font *sfnt.Font
}

// systemFontDirs are where Linux, macOS and BSD systems keep fonts.
var systemFontDirs = []string{"/usr/share/fonts", "/usr/local/share/fonts", "/Library/Fonts", "/System/Library/Fonts"}

// NewFonts returns the fonts to fall back on: the TrueType file at path
// (the site's choice; "" for none), then the system's fonts.
func NewFonts(path string) *Fonts {
	dirs := slices.Clone(systemFontDirs)
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".fonts"), filepath.Join(home, ".local/share/fonts"))
	}
	return &Fonts{path: path, dirs: dirs, loaded: map[string]*fallbackFont{}, byRune: map[rune]*fallbackFont{}}
}

// MarshalJSON encodes f as the font file it was given, what shapes the
// output besides the system's fonts (Options' JSON is a cache key).
func (f *Fonts) MarshalJSON() ([]byte, error) { return json.Marshal(f.path) }

// Problem returns why the font file NewFonts was given cannot be used (a
// *FontError; nil if it can, or was not needed yet).
func (f *Fonts) Problem() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.problem
}

// fontFor returns the font that draws r, nil if none does.
func (f *Fonts) fontFor(r rune) *fallbackFont {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ff, ok := f.byRune[r]; ok {
		return ff
	}
	var found *fallbackFont
	if f.path != "" {
		if ff := f.load(f.path, true); ff != nil && f.has(ff, r) {
			found = ff
		}
	}
	if found == nil {
		f.list()
		for _, file := range f.files {
			if ff := f.load(file, false); ff != nil && f.has(ff, r) {
				found = ff
				break
			}
		}
	}
	f.byRune[r] = found
	return found
}

// advance returns r's advance width in ems in font ff.
func (f *Fonts) advance(ff *fallbackFont, r rune) float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	upem := ff.font.UnitsPerEm()
	g, err := ff.font.GlyphIndex(&f.buf, r)
	if err != nil {
		return 0.5
	}
	adv, err := ff.font.GlyphAdvance(&f.buf, g, fixed.Int26_6(upem)<<6, font.HintingNone)
	if err != nil {
		return 0.5
	}
	return float64(adv) / 64 / float64(upem)
}

// has says whether ff has a glyph for r; f.mu is held.
func (f *Fonts) has(ff *fallbackFont, r rune) bool {
	g, err := ff.font.GlyphIndex(&f.buf, r)
	return err == nil && g != 0
}

// FontError is why a font file cannot be used: it cannot be read, or is no
// TrueType font.
type FontError struct {
	File string
	Err  error // an *fs.PathError when the file cannot be read
}

func (e *FontError) Error() string { return fmt.Sprintf("font %s: %v", e.File, e.Err) }

func (e *FontError) Unwrap() error { return e.Err }

// Check loads the font file NewFonts was given now, not when text first
// needs it, and returns why it cannot be used (a *FontError), nil if it
// can or none was given: for a font named on the command line, which is
// wrong at once. The font read is kept for the text that needs it.
func (f *Fonts) Check() error {
	if f.path == "" {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.load(f.path, true)
	return f.problem
}

// readFont reads and parses a TrueType font file; the error is a
// *FontError.
func readFont(file string) ([]byte, *sfnt.Font, error) {
	data, err := os.ReadFile(file)
	if err == nil && !isTrueType(data) {
		err = fmt.Errorf("not a TrueType (glyf) font: a PDF can embed only those")
	}
	var parsed *sfnt.Font
	if err == nil {
		parsed, err = sfnt.Parse(data)
	}
	if err != nil {
		return nil, nil, &FontError{File: file, Err: err}
	}
	return data, parsed, nil
}

// load reads and parses a font file once; nil if it is not a TrueType font.
// A problem with the site's own font (site) is kept for Problem.
func (f *Fonts) load(file string, site bool) *fallbackFont {
	if ff, ok := f.loaded[file]; ok {
		return ff
	}
	var ff *fallbackFont
	data, parsed, err := readFont(file)
	if err == nil {
		ff = &fallbackFont{file: file, data: data, font: parsed}
	} else if site {
		f.problem = err
	}
	f.loaded[file] = ff
	return ff
}

// isTrueType says whether data starts as a font with TrueType outlines
// (version 1.0 or "true"), not CFF ("OTTO") or a collection ("ttcf").
func isTrueType(data []byte) bool {
	return bytes.HasPrefix(data, []byte{0, 1, 0, 0}) || bytes.HasPrefix(data, []byte("true"))
}

// list finds the system's TrueType font files once, ranked; f.mu is held.
func (f *Fonts) list() {
	if f.listed {
		return
	}
	f.listed = true
	for _, dir := range f.dirs {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".ttf") {
				f.files = append(f.files, path)
			}
			return nil // an unreadable folder is skipped
		})
	}
	slices.SortStableFunc(f.files, func(a, b string) int {
		if ra, rb := fontRank(a), fontRank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
}

// fontRank orders system fonts: plain sans-serif faces first, then serif,
// then bold, italic, condensed, light and monospaced ones (lower is first).
func fontRank(path string) int {
	name := strings.ToLower(filepath.Base(path))
	rank := 0
	for _, w := range []string{"bold", "italic", "oblique", "condensed", "light", "thin", "black", "mono", "semi", "extra", "medium"} {
		if strings.Contains(name, w) {
			rank += 10
		}
	}
	if !strings.Contains(name, "sans") {
		rank++
	}
	return rank
}
