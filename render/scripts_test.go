package render

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
)

// scriptTitles are titles in scripts the Go fonts do not cover.
var scriptTitles = []struct{ name, title string }{
	{"japanese", "猫の家 ねこ"},
	{"arabic", "قطة في البيت"},
}

// TestScriptsPrint prints sheets and a booklet titled in Japanese and
// Arabic and checks that pdftotext gives the titles back (Arabic in reading
// order, its joined forms read as letters) and that pdffonts lists an
// embedded font besides the Go fonts, and every font embedded and subset
// ("emb yes sub yes": the "ABCDEF+" tag names a subset), and that the PDF is
// a small part of the font file. It needs installed fonts with those
// characters (.ci/run installs fonts-droid-fallback and DejaVu).
func TestScriptsPrint(t *testing.T) {
	pdffonts := needTool(t, "pdffonts")
	fonts := NewFonts("")
	for _, c := range scriptTitles {
		p := dancer(t)
		p.Meta.Title = c.title
		var warned []error
		opt := Options{Fonts: fonts, Warn: func(err error) { warned = append(warned, err) }}
		var sheet, booklet bytes.Buffer
		if err := SheetPDF(&sheet, p, p.Goal, opt); err != nil {
			t.Fatal(err)
		}
		if err := Booklet(&booklet, c.title, []BookletEntry{{Puzzle: p, Solution: p.Goal}}, opt); err != nil {
			t.Fatal(err)
		}
		if len(warned) > 0 {
			needFont(t, warned[0])
		}
		for what, b := range map[string][]byte{"sheet": sheet.Bytes(), "booklet": booklet.Bytes()} {
			path := writeTemp(t, c.name+"-"+what+".pdf", b)
			text := normaliseArabic(pdfText(t, path))
			if !strings.Contains(text, c.title) {
				t.Errorf("%s %s: pdftotext lacks the title %q:\n%s", c.name, what, c.title, text)
			}
			out, err := exec.Command(pdffonts, path).CombinedOutput()
			if err != nil {
				t.Fatalf("pdffonts: %v: %s", err, out)
			}
			fallback, allSubset := embedsFallback(string(out))
			if !fallback || !allSubset {
				t.Errorf("%s %s: want an embedded font besides Go's, every font an embedded subset:\n%s", c.name, what, out)
			}
			if biggest := fonts.largestUsed(); len(b) > biggest/4 {
				t.Errorf("%s %s: %d bytes of PDF for a %d-byte font: not subset", c.name, what, len(b), biggest)
			}
		}
	}
}

// embedsFallback says whether pdffonts' listing has an embedded font
// ("yes" under emb) other than the Go fonts (named "ABCDEF+Go..."), and
// whether every font it lists is embedded and subset ("yes" under sub).
func embedsFallback(listing string) (fallback, allSubset bool) {
	lines := strings.Split(strings.TrimSpace(listing), "\n")
	allSubset = len(lines) > 2
	for _, l := range lines[min(2, len(lines)):] {
		f := strings.Fields(l)
		if len(f) < 7 {
			return fallback, false
		}
		emb, sub := f[len(f)-5] == "yes", f[len(f)-4] == "yes"
		allSubset = allSubset && emb && sub
		_, name, tagged := strings.Cut(f[0], "+")
		if emb && tagged && !strings.HasPrefix(name, "Go") {
			fallback = true
		}
	}
	return fallback, allSubset
}

// largestUsed is the size of the biggest font file f has found a character
// in.
func (f *Fonts) largestUsed() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, ff := range f.byRune {
		if ff != nil {
			n = max(n, len(ff.data))
		}
	}
	return n
}

// needFont skips the test for want of a font, unless CI=true, where the
// fonts are installed.
func needFont(t *testing.T, warning error) {
	t.Helper()
	needTool(t, "a font for this script: "+warning.Error())
}

// normaliseArabic maps the Arabic presentation forms of s back to letters
// (lam-alef to two), as NFKC would: pdftotext gives the drawn forms.
func normaliseArabic(s string) string {
	back := map[rune]string{}
	for letter, f := range arabicForms {
		for i := range f[1] {
			back[f[0]+i] = string(letter)
		}
	}
	for alef, lig := range lamAlef {
		back[lig], back[lig+1] = string([]rune{lam, alef}), string([]rune{lam, alef})
	}
	var b strings.Builder
	for _, r := range s {
		if l, ok := back[r]; ok {
			b.WriteString(l)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestFontsOrder checks where text the Go fonts lack finds its font: the
// site's font first, the system's next, else a warning naming the puzzle
// and the characters; and that a site font PDFs cannot embed is named.
func TestFontsOrder(t *testing.T) {
	p := dancer(t)
	p.Meta.Title = "猫の家"
	noSystem := func(path string) *Fonts {
		f := NewFonts(path)
		f.dirs = nil
		return f
	}
	var warned []error
	opt := Options{Fonts: noSystem(""), Warn: func(err error) { warned = append(warned, err) }}
	if err := SheetPDF(io.Discard, p, p.Goal, opt); err != nil {
		t.Fatal(err)
	}
	var missing *MissingGlyphsError
	if len(warned) != 1 || !errors.As(warned[0], &missing) || missing.Chars != "猫の家" ||
		!strings.Contains(warned[0].Error(), p.Where()) || !strings.Contains(warned[0].Error(), "猫の家") {
		t.Errorf("no fonts: warnings %v, want one naming the puzzle and 猫の家", warned)
	}

	bad := writeTemp(t, "font.otf", []byte("OTTO not really a font"))
	f := noSystem(bad)
	if f.fontFor('猫') != nil || f.Problem() == nil || !strings.Contains(f.Problem().Error(), bad) {
		t.Errorf("a CFF site font: problem %v, want one naming %s", f.Problem(), bad)
	}

	droid := "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
	if _, err := os.Stat(droid); err != nil {
		needTool(t, droid) // skips, or fails in CI, which installs it
	}
	site := noSystem(droid)
	if ff := site.fontFor('猫'); ff == nil || ff.file != droid {
		t.Errorf("the site's font is not used for 猫: %v", ff)
	}
	system := NewFonts("")
	if ff := system.fontFor('猫'); ff == nil {
		t.Error("no system font found for 猫")
	}
}

// TestFontsCheckKeepsTheFontItRead: Check says at once why a font file
// cannot be used (a *FontError naming it), and the font it reads is the
// one text then draws with, not read a second time (gone from the disk by
// then here).
func TestFontsCheckKeepsTheFontItRead(t *testing.T) {
	bad := writeTemp(t, "font.otf", []byte("OTTO not really a font"))
	var fe *FontError
	if err := NewFonts(bad).Check(); !errors.As(err, &fe) || fe.File != bad {
		t.Errorf("Check of a CFF font: %v, want a *FontError naming %s", err, bad)
	}
	if err := NewFonts("").Check(); err != nil {
		t.Errorf("Check without a font: %v", err)
	}
	good := writeTemp(t, "go.ttf", goregular.TTF)
	f := NewFonts(good)
	f.dirs = nil
	if err := f.Check(); err != nil {
		t.Fatalf("Check of a TrueType font: %v", err)
	}
	if err := os.Remove(good); err != nil {
		t.Fatal(err)
	}
	if ff := f.fontFor('A'); ff == nil || ff.file != good || f.Problem() != nil {
		t.Errorf("after Check, 'A' is drawn with %v (problem %v), want the font Check read", ff, f.Problem())
	}
}
