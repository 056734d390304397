package render

import (
	"bytes"
	"math"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// TestWinAnsiMatchesCharmap checks the WinAnsi table against x/text's
// Windows-1252, the code page WinAnsiEncoding is (PDF 32000 D.2), which the
// core fonts' widths are indexed by.
func TestWinAnsiMatchesCharmap(t *testing.T) {
	enc := charmap.Windows1252
	count := 0
	for r := rune(0x20); r < 0x3000; r++ {
		if r == 0x7F || r == '.' {
			continue
		}
		want, known := enc.EncodeRune(r)
		// Windows-1252 maps the C1 controls U+0081, U+008D, U+008F, U+0090
		// and U+009D to their bytes; they have no glyph.
		if known && want < 0xA0 && want >= 0x80 && r < 0x100 {
			known = false
		}
		b, ok := winAnsiByte(r)
		switch {
		case ok && (!known || want != b):
			t.Errorf("%U: byte %#x, Windows-1252 says %#x (%v)", r, b, want, known)
		case !ok && known:
			t.Errorf("%U: no byte, Windows-1252 says %#x", r, want)
		case ok:
			count++
		}
	}
	if count != 95-1+96+27 { // printable ASCII but '.', 0xA0-0xFF, 27 of 0x80-0x9F
		t.Errorf("%d runes have a byte, want 217", count)
	}
}

func TestToWinAnsi(t *testing.T) {
	for _, c := range []struct {
		in, out string
		ok      bool
	}{
		{"Dancer 10×5", "Dancer 10\xd75", true},
		{"Café Noël — “€5” …", "Caf\xe9 No\xebl \x97 \x93\x805\x94 \x85", true},
		{"© 2024 · Ÿ", "\xa9 2024 \xb7 \x9f", true},
		{"Żółć", "?\xf3??", false},
		{"tab\there", "tab?here", false},
		{"", "", true},
	} {
		out, ok := toWinAnsi(c.in)
		if out != c.out || ok != c.ok {
			t.Errorf("toWinAnsi(%q) = %q, %v; want %q, %v", c.in, out, ok, c.out, c.ok)
		}
	}
	if got, want := pdfTextString("Café"), "\xfe\xff\x00C\x00a\x00f\x00\xe9"; got != want {
		t.Errorf("pdfTextString(Café) = %q, want %q", got, want)
	}
}

// TestCoreFontFitsLayout checks that text laid out with the Go fonts'
// widths fits when the PDF sets it in the core Helvetica: digits exactly (a
// clue's slot), any WinAnsi character within 15%, and words within 3%
// wider (centred text may come out narrower).
func TestCoreFontFitsLayout(t *testing.T) {
	m, _ := newMetrics()
	for _, bold := range []bool{false, true} {
		helvetica := func(s string) float64 {
			enc, _ := toWinAnsi(s)
			w := 0
			for i := range len(enc) {
				w += helveticaWidth(bold, enc[i])
			}
			return float64(w) * 10 / 1000
		}
		for r := rune(0x20); r <= 0xFF; r++ {
			if _, ok := winAnsiByte(r); !ok {
				continue
			}
			s := string(r)
			if h, g := helvetica(s), m.width(s, 10, bold); h > 1.15*g+0.01 {
				t.Errorf("bold=%v: %q is %.3f mm in Helvetica, %.3f in Go", bold, s, h, g)
			}
		}
		for _, s := range []string{"0123456789", "Dancer", "by Jan Wolter", "License: CC-BY-3.0",
			"© Jan Wolter", "15×20, 3 colours · webpbn.com #1", "The Quick Brown Fox Jumps Over The Lazy Dog"} {
			h, g := helvetica(s), m.width(s, 10, bold)
			if strings.Trim(s, "0123456789") == "" && math.Abs(h-g) > 0.001*g {
				t.Errorf("bold=%v: digits %q are %.3f mm in Helvetica, %.3f in Go", bold, s, h, g)
			}
			if h > 1.03*g || h < 0.9*g {
				t.Errorf("bold=%v: %q is %.3f mm in Helvetica, %.3f in Go", bold, s, h, g)
			}
		}
	}
	// Helvetica's cap height (718/1000 in its AFM) is within 0.02 em
	// of digitHeight, so clues stay centred.
}

// TestPDFFontChoice checks that a sheet PDF whose texts are all WinAnsi uses
// the core fonts, embedding nothing, and prints the same text; one character
// beyond (in any text, on any page) embeds the Go fonts instead. Booklets
// always embed them.
func TestPDFFontChoice(t *testing.T) {
	pdffonts := needTool(t, "pdffonts")
	pdftotext := needTool(t, "pdftotext")
	latin := dancer(t)
	latin.Meta.Title = "Café Noël — “€5” …"
	latin.Meta.Author = "Jan Wolter ©"
	cyrillic := flag3(t)
	cyrillic.Meta.Title = "Флаг"
	for _, c := range []struct {
		name    string
		write   func(*bytes.Buffer) error
		texts   []string
		outline string // a bookmark title, as it must appear in the file
		embed   bool
	}{
		{"latin sheet", func(b *bytes.Buffer) error { return SheetPDF(b, latin, latin.Goal, Options{}) },
			[]string{"Café Noël — “€5” …", "by Jan Wolter ©", "Source: webpbn.com #1", "5×10", "Solution"},
			"\xfe\xff\x00C\x00a\x00f\x00\xe9", false},
		{"latin booklet", func(b *bytes.Buffer) error {
			return Booklet(b, "Sommaire été", []BookletEntry{{Puzzle: latin, Solution: latin.Goal}, {Puzzle: flag3(t)}}, Options{})
		}, []string{"Sommaire été", "Puzzle 2", "1. Café Noël", "no answer given"},
			string(utf16BE("Sommaire été")), true},
		{"cyrillic in the answer key", func(b *bytes.Buffer) error {
			return Booklet(b, "Flags", []BookletEntry{{Puzzle: flag3(t)}, {Puzzle: cyrillic, Solution: cyrillic.Goal}}, Options{})
		}, []string{"Flags", "2. Флаг", "Флаг"}, string(utf16BE("Puzzle 2")), true},
	} {
		var b bytes.Buffer
		if err := c.write(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b.Bytes(), []byte(c.outline)) {
			t.Errorf("%s: no bookmark %q", c.name, c.outline)
		}
		path := writePDF(t, b.Bytes())
		out, err := exec.Command(pdffonts, path).CombinedOutput()
		if err != nil {
			t.Fatalf("pdffonts: %v: %s", err, out)
		}
		fonts := strings.Split(strings.TrimSpace(string(out)), "\n")[2:]
		if len(fonts) != 2 {
			t.Fatalf("%s: want a regular and a bold font, pdffonts says:\n%s", c.name, out)
		}
		for _, f := range fonts {
			fields := strings.Fields(f)
			embedded := len(fields) >= 5 && fields[len(fields)-5] == "yes"
			if embedded != c.embed || strings.HasPrefix(f, "Helvetica") == c.embed {
				t.Errorf("%s: want embedded=%v, got font %s", c.name, c.embed, f)
			}
		}
		text, err := exec.Command(pdftotext, "-enc", "UTF-8", path, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext: %v: %s", err, text)
		}
		for _, want := range c.texts {
			if !strings.Contains(string(text), want) {
				t.Errorf("%s: PDF text lacks %q:\n%s", c.name, want, text)
			}
		}
	}
}
