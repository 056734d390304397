package formats

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// ErrEncoding is returned for text in an encoding the readers do not take
// (UTF-32, UTF-16 without a byte order mark).
var ErrEncoding = errors.New("unsupported text encoding")

// toUTF8 returns text in UTF-8: UTF-16 with a byte order mark (what Windows
// editors save as "Unicode") is transcoded; UTF-32, and UTF-16 without a
// mark, are refused with a message naming the encoding. Anything else is
// returned as it is (UTF-8, or Latin-1 that Read deals with).
func toUTF8(data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe, 0, 0}), bytes.HasPrefix(data, []byte{0, 0, 0xfe, 0xff}):
		return nil, fmt.Errorf("%w: UTF-32 text; save the file as UTF-8", ErrEncoding)
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		return decodeUTF16(data[2:], false, "UTF-16LE")
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return decodeUTF16(data[2:], true, "UTF-16BE")
	case len(data) >= 4 && data[0] != 0 && data[1] == 0 && data[2] != 0 && data[3] == 0,
		len(data) >= 4 && data[0] == 0 && data[1] != 0 && data[2] == 0 && data[3] != 0:
		return nil, fmt.Errorf("%w: looks like UTF-16 without a byte order mark; save the file as UTF-8", ErrEncoding)
	}
	return data, nil
}

// decodeUTF16 transcodes UTF-16 code units (after the byte order mark) to
// UTF-8; an unpaired surrogate becomes U+FFFD, which Read then reports as it
// does any invalid text.
func decodeUTF16(data []byte, bigEndian bool, name string) ([]byte, error) {
	if len(data)%2 != 0 {
		return nil, fmt.Errorf("%w: %s text with an odd number of bytes (cut short?)", ErrEncoding, name)
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		a, b := uint16(data[2*i]), uint16(data[2*i+1])
		if bigEndian {
			units[i] = a<<8 | b
		} else {
			units[i] = b<<8 | a
		}
	}
	var out bytes.Buffer
	out.Grow(len(data) / 2)
	for _, r := range utf16.Decode(units) {
		out.WriteRune(r)
	}
	return out.Bytes(), nil
}

// crLineEnds returns text whose lines end in a carriage return alone (as
// classic Mac OS editors save them) with its lines ending in "\n", so that
// every reader sees its lines and counts them; text with any "\n" is
// returned as it is.
func crLineEnds(data []byte) []byte {
	if bytes.IndexByte(data, '\n') >= 0 || bytes.IndexByte(data, '\r') < 0 {
		return data
	}
	return bytes.ReplaceAll(data, []byte{'\r'}, []byte{'\n'})
}

// cp1252Word returns the word of data around the byte at pos (one that is
// not UTF-8) as Windows-1252 reads it, for a hint that shows what a file
// saved in that encoding meant ("Café"): the bytes up to a space, a quote,
// an angle bracket or the line's end either side, at most 40 of them. It
// returns "" when a byte of the word is none of Windows-1252's letters or
// signs, or the word is not text in it.
func cp1252Word(data []byte, pos int) string {
	const stops = " \t\r\n\"'<>="
	start, end := pos, pos+1
	for start > 0 && pos-start < 40 && !strings.ContainsRune(stops, rune(data[start-1])) {
		start--
	}
	for end < len(data) && end-pos < 40 && !strings.ContainsRune(stops, rune(data[end])) {
		end++
	}
	var b strings.Builder
	for w := data[start:end]; len(w) > 0; {
		r, size := utf8.DecodeRune(w)
		if r == utf8.RuneError && size <= 1 {
			r = charmap.Windows1252.DecodeByte(w[0])
			if r == utf8.RuneError || unicode.IsControl(r) {
				return ""
			}
		}
		b.WriteRune(r)
		w = w[size:]
	}
	return b.String()
}
