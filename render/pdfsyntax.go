package render

import "bytes"

// The little of the PDF object syntax (ISO 32000-1, 7.2 and 7.3) that the
// post-pass of pdfcompress.go needs to read a dictionary: where its entries'
// values lie and where it ends, strings included, so that no ">>" or
// "stream" inside a string is taken for structure. Comments are not read:
// fpdf writes none inside objects, and a dictionary holding one is left alone.

// dictEntry is an entry of a dictionary: its key (the name without its "/")
// and where its value lies in the input.
type dictEntry struct {
	key        []byte
	start, end int
}

// maxPDFDepth bounds the nesting of arrays and dictionaries the reader
// follows, so that no input can make it recurse deeply.
const maxPDFDepth = 16

// readDict reads the dictionary that starts at b[i] ("<<", keys and values,
// ">>") and returns the index after it, with its entries appended to entries.
// ok is false if b[i:] does not start with a well-formed dictionary.
func readDict(b []byte, i int, entries []dictEntry) (end int, _ []dictEntry, ok bool) {
	if !bytes.HasPrefix(b[i:], []byte("<<")) {
		return i, entries, false
	}
	i += len("<<")
	for {
		i = skipSpace(b, i)
		if bytes.HasPrefix(b[i:], []byte(">>")) {
			return i + len(">>"), entries, true
		}
		if i == len(b) || b[i] != '/' {
			return i, entries, false
		}
		keyEnd := skipRegular(b, i+1)
		start := skipSpace(b, keyEnd)
		end, ok := skipValue(b, start, 1)
		if !ok {
			return end, entries, false
		}
		entries = append(entries, dictEntry{key: b[i+1 : keyEnd], start: start, end: end})
		i = end
	}
}

// skipValue returns the index after the object that starts at b[i]: a name,
// string, array, dictionary, number, keyword or indirect reference ("12 0
// R"), nested at most maxPDFDepth deep. ok is false if there is none.
func skipValue(b []byte, i, depth int) (int, bool) {
	if i == len(b) || depth > maxPDFDepth {
		return i, false
	}
	switch {
	case b[i] == '/':
		return skipRegular(b, i+1), true
	case b[i] == '(':
		return skipLiteral(b, i)
	case bytes.HasPrefix(b[i:], []byte("<<")):
		return skipSequence(b, i+len("<<"), ">>", depth)
	case b[i] == '<':
		return skipHex(b, i)
	case b[i] == '[':
		return skipSequence(b, i+1, "]", depth)
	}
	end := skipRegular(b, i)
	if end == i {
		return i, false
	}
	if _, ok := atoi(b[i:end]); ok {
		return skipReference(b, end), true
	}
	return end, true
}

// skipSequence returns the index after close, which ends the values of an
// array or a dictionary that start at b[i].
func skipSequence(b []byte, i int, close string, depth int) (int, bool) {
	for {
		i = skipSpace(b, i)
		if bytes.HasPrefix(b[i:], []byte(close)) {
			return i + len(close), true
		}
		end, ok := skipValue(b, i, depth+1)
		if !ok {
			return end, false
		}
		i = end
	}
}

// skipReference returns the index after the " 0 R" that makes the number
// ending at b[i] an indirect reference, or i if there is none.
func skipReference(b []byte, i int) int {
	gen := skipSpace(b, i)
	genEnd := skipRegular(b, gen)
	if gen == i || genEnd == gen {
		return i
	}
	if _, ok := atoi(b[gen:genEnd]); !ok {
		return i
	}
	r := skipSpace(b, genEnd)
	if r == genEnd || skipRegular(b, r) != r+1 || b[r] != 'R' {
		return i
	}
	return r + 1
}

// skipLiteral returns the index after the literal string "(...)" at b[i],
// whose parentheses nest unless escaped by a backslash.
func skipLiteral(b []byte, i int) (int, bool) {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return len(b), false
}

// skipHex returns the index after the hexadecimal string "<...>" at b[i].
func skipHex(b []byte, i int) (int, bool) {
	for i++; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '>':
			return i + 1, true
		case isPDFSpace(c), '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		default:
			return i, false
		}
	}
	return len(b), false
}

// skipSpace returns the index of the first byte from b[i] on that is not
// white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isPDFSpace(b[i]) {
		i++
	}
	return i
}

// skipRegular returns the index of the first byte from b[i] on that is white
// space or a delimiter: the end of a name, number or keyword.
func skipRegular(b []byte, i int) int {
	for i < len(b) && !isPDFSpace(b[i]) && !isPDFDelimiter(b[i]) {
		i++
	}
	return i
}

// isPDFSpace says whether c is PDF white space.
func isPDFSpace(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\f', '\r', ' ':
		return true
	}
	return false
}

// isPDFDelimiter says whether c is a PDF delimiter.
func isPDFDelimiter(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}
