package render

import (
	"strings"
	"unicode/utf16"
)

// winAnsiHigh maps the runes of WinAnsiEncoding (Windows code page 1252)
// that differ from Latin-1 to their bytes 0x80-0x9F; 0x81, 0x8D, 0x8F, 0x90
// and 0x9D are unassigned. Bytes 0x20-0x7E and 0xA0-0xFF are the runes of the
// same value.
var winAnsiHigh = map[rune]byte{
	'€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87,
	'ˆ': 0x88, '‰': 0x89, 'Š': 0x8A, '‹': 0x8B, 'Œ': 0x8C, 'Ž': 0x8E,
	'‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
	'˜': 0x98, '™': 0x99, 'š': 0x9A, '›': 0x9B, 'œ': 0x9C, 'ž': 0x9E, 'Ÿ': 0x9F,
}

// winAnsiByte returns r's byte in WinAnsiEncoding, and false when r has none
// (or is a control character, which has no glyph).
func winAnsiByte(r rune) (byte, bool) {
	switch {
	case r >= 0x20 && r < 0x7F, r >= 0xA0 && r <= 0xFF:
		return byte(r), true
	}
	b, ok := winAnsiHigh[r]
	return b, ok
}

// toWinAnsi encodes s in WinAnsiEncoding, the encoding of the PDF core fonts,
// and says whether every rune had a byte (those without become '?').
func toWinAnsi(s string) (string, bool) {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F {
			ascii = false
			break
		}
	}
	if ascii {
		return s, true
	}
	var b strings.Builder
	ok := true
	for _, r := range s {
		c, found := winAnsiByte(r)
		if !found {
			c, ok = '?', false
		}
		b.WriteByte(c)
	}
	return b.String(), ok
}

// pdfTextString encodes s as a PDF text string in UTF-16BE with its
// byte-order mark, as a PDF writes bookmark titles and information.
func pdfTextString(s string) string {
	b := []byte{0xFE, 0xFF}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return string(b)
}
