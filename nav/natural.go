package nav

import "unicode/utf8"

// NaturalLess reports whether a sorts before b in natural order: runs of
// digits compare by their value ("2" < "10"), everything else rune by rune,
// ignoring case first; names equal that way fall back to plain byte order,
// so that the order is total and never depends on input order.
func NaturalLess(a, b string) bool {
	if c := naturalCompare(a, b); c != 0 {
		return c < 0
	}
	return a < b
}

// naturalCompare compares a and b in natural order, case-insensitively:
// -1, 0 or +1.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		if isDigit(a[0]) && isDigit(b[0]) {
			da, ra := digitRun(a)
			db, rb := digitRun(b)
			if c := compareNumbers(da, db); c != 0 {
				return c
			}
			a, b = ra, rb
			continue
		}
		x, nx := utf8.DecodeRuneInString(a)
		y, ny := utf8.DecodeRuneInString(b)
		x, y = foldRune(x), foldRune(y)
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
		a, b = a[nx:], b[ny:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return 1
}

// compareNumbers compares two runs of decimal digits by value, of any
// length: leading zeros are dropped, then the longer is larger; equal
// values with more leading zeros sort after ("01" after "1").
func compareNumbers(a, b string) int {
	ta, tb := trimZeros(a), trimZeros(b)
	switch {
	case len(ta) != len(tb):
		return sign(len(ta) - len(tb))
	case ta != tb:
		if ta < tb {
			return -1
		}
		return 1
	}
	return sign(len(a) - len(b))
}

func trimZeros(s string) string {
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return s
}

func digitRun(s string) (run, rest string) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func foldRune(r rune) rune {
	if r >= 'A' && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
