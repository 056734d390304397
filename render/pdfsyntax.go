package render

import (
	"math"
	"strconv"

	"github.com/nonopress/nonopress/puzzle"
)

// appendNum appends v with at most two decimals and no trailing zeros: the
// shortest form of v rounded to hundredths. Below 1e13 (every coordinate a
// PDF holds) that is the count of hundredths written with a decimal point,
// since no shorter decimal of at most 15 digits is the same float64; the
// integer path costs a tenth of strconv's shortest float.
func appendNum(b []byte, v float64) []byte {
	hundredths := math.Round(v * 100)
	if hundredths == 0 {
		return append(b, '0') // not "-0"
	}
	if !(math.Abs(hundredths) < 1e15) { // huge, infinite or NaN
		return strconv.AppendFloat(b, hundredths/100, 'f', -1, 64)
	}
	n := int64(hundredths)
	if n < 0 {
		b, n = append(b, '-'), -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	if frac := n % 100; frac != 0 {
		b = append(b, '.', byte('0'+frac/10))
		if frac%10 != 0 {
			b = append(b, byte('0'+frac%10))
		}
	}
	return b
}

// appendColor appends c as an RGB colour operand, each component with at
// most three decimals, then op.
func appendColor(b []byte, c puzzle.RGB, op string) []byte {
	for i, v := range [3]uint8{c.R, c.G, c.B} {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendFloat(b, math.Round(float64(v)/255*1000)/1000, 'f', -1, 64)
	}
	return append(b, op...)
}

// appendEscaped appends s as the inside of a PDF literal string.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', '(', ')':
			b = append(b, '\\', c)
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendTextString appends s as a PDF text string: UTF-16BE with its
// byte-order mark, escaped in a literal string.
func appendTextString(b []byte, s string) []byte {
	b = append(b, '(')
	b = appendEscaped(b, pdfTextString(s))
	return append(b, ')')
}

// appendPadded appends n in decimal, zero-padded to width digits.
func appendPadded(out []byte, n, width int) []byte {
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(n), 10)
	for range width - len(d) {
		out = append(out, '0')
	}
	return append(out, d...)
}

// appendHex16 appends v as four hexadecimal digits.
func appendHex16(b []byte, v uint16) []byte {
	const digits = "0123456789ABCDEF"
	return append(b, digits[v>>12], digits[v>>8&15], digits[v>>4&15], digits[v&15])
}
