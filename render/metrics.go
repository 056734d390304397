package render

import (
	"fmt"
	"strings"
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

// pdfFont is the PDF font family name of the embedded Go fonts.
const pdfFont = "go"

// metrics measures text set in the Go fonts, which the PDF embeds and whose
// widths the SVG's fallback fonts come close to.
type metrics struct {
	regular, bold *fontMetrics
}

// newMetrics reads the Go fonts' metrics.
func newMetrics() (*metrics, error) {
	r, err := parseFontMetrics(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("Go Regular: %w", err)
	}
	b, err := parseFontMetrics(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("Go Bold: %w", err)
	}
	return &metrics{regular: r, bold: b}, nil
}

// width returns the advance width of s in mm at em size size.
func (m *metrics) width(s string, size float64, bold bool) float64 {
	if bold {
		return m.bold.width(printable(s)) * size
	}
	return m.regular.width(printable(s)) * size
}

// printable returns s with what cannot be printed replaced: control
// characters become spaces, and runes beyond the Basic Multilingual Plane
// (which the embedded fonts lack and fpdf cannot measure) become U+FFFD.
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
func (m *metrics) wrap(s string, size, maxWidth float64, bold bool, maxLines int) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if m.width(try, size, bold) <= maxWidth {
			cur = try
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
		}
		cur = word
		for m.width(cur, size, bold) > maxWidth && utf8.RuneCountInString(cur) > 1 {
			head := m.fit(cur, size, maxWidth, bold)
			lines = append(lines, head)
			cur = cur[len(head):]
		}
	}
	if cur != "" {
		lines = append(lines, cur)
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

// fit returns the longest prefix of s (at least one rune) within maxWidth.
func (m *metrics) fit(s string, size, maxWidth float64, bold bool) string {
	_, end := utf8.DecodeRuneInString(s)
	for i := range s {
		_, n := utf8.DecodeRuneInString(s[i:])
		next := i + n
		if i == 0 {
			continue
		}
		if m.width(s[:next], size, bold) > maxWidth {
			break
		}
		end = next
	}
	return s[:end]
}
