package render

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// digitHeight is the height of a digit of Go Regular (its cap height), in
// ems; digits are centred vertically by putting their baseline half of it
// below the centre. TestDigitHeight checks it against the font.
const digitHeight = 0.70

// fontFamily is the SVG font list: the Go font the PDF embeds, then look-alikes.
const fontFamily = "Go,Helvetica,Arial,sans-serif"

// pdfFont is the PDF font family name of the embedded Go fonts (coreFont,
// in pdf.go, is the other choice).
const pdfFont = "go"

// metrics measures text set in the Go fonts, which a PDF embeds when its text
// needs them; Helvetica (the PDF core font, used otherwise) and the SVG's
// fallback fonts come close to their widths. A character the Go fonts lack
// is measured in the font fonts finds for it.
type metrics struct {
	regular, bold *fontMetrics
	fonts         *Fonts // nil: the Go fonts only
}

// newMetrics returns the Go fonts' metrics, read once: they are read-only,
// and shared by every layout.
var newMetrics = sync.OnceValues(readMetrics)

// withFonts returns a copy of m that measures what the Go fonts lack in
// fonts.
func (m *metrics) withFonts(fonts *Fonts) *metrics {
	c := *m
	c.fonts = fonts
	return &c
}

// readMetrics reads the Go fonts' metrics.
func readMetrics() (*metrics, error) {
	r, err := readFontMetrics(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("Go Regular: %w", err)
	}
	b, err := readFontMetrics(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("Go Bold: %w", err)
	}
	return &metrics{regular: r, bold: b}, nil
}

// width returns the advance width of s in mm at em size size.
func (m *metrics) width(s string, size float64, bold bool) float64 {
	f := m.regular
	if bold {
		f = m.bold
	}
	w := 0.0
	for _, r := range printable(s) {
		if !f.has(r) && m.fonts != nil {
			if ff := m.fonts.fontFor(r); ff != nil {
				w += m.fonts.advance(ff, r)
				continue
			}
		}
		w += f.advance(r)
	}
	return w * size
}

// printable returns s with what cannot be printed replaced: control
// characters become spaces, and runes beyond the Basic Multilingual Plane
// (which the embedded fonts lack) become U+FFFD.
func printable(s string) string {
	ok := true
	for _, r := range s {
		if r > 0xFFFF || unicode.IsControl(r) || r == utf8.RuneError {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case unicode.IsControl(r):
			b.WriteByte(' ')
		case r > 0xFFFF || r == utf8.RuneError:
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// wrap breaks s into lines no wider than maxWidth, at spaces where it can and
// inside words where it must; past maxLines the last line ends with "…".
// Widths add up glyph by glyph (the layout uses no kerning), so it runs in
// time linear in s.
func (m *metrics) wrap(s string, size, maxWidth float64, bold bool, maxLines int) []string {
	var lines []string
	var cur strings.Builder
	curWidth := 0.0
	space := m.width(" ", size, bold)
	flush := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		curWidth = 0
	}
	for _, word := range strings.Fields(s) {
		if len(lines) > maxLines {
			break // the rest will be cut anyway
		}
		w := m.width(word, size, bold)
		if cur.Len() > 0 && curWidth+space+w <= maxWidth {
			cur.WriteByte(' ')
			cur.WriteString(word)
			curWidth += space + w
			continue
		}
		if cur.Len() > 0 {
			flush()
		}
		for _, r := range word { // a word wider than a line is broken anywhere
			rw := m.width(string(r), size, bold)
			if cur.Len() > 0 && curWidth+rw > maxWidth {
				flush()
			}
			cur.WriteRune(r)
			curWidth += rw
		}
	}
	if cur.Len() > 0 {
		flush()
	}
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		last := lines[maxLines-1]
		for last != "" && m.width(last+"…", size, bold) > maxWidth {
			_, n := utf8.DecodeLastRuneInString(last)
			last = last[:len(last)-n]
		}
		lines[maxLines-1] = strings.TrimRight(last, " ") + "…"
	}
	return lines
}
