package formats

// maxXMLAttrs bounds the attributes of one XML element. encoding/xml keeps
// every attribute of a start tag (a value-less one, in its lenient mode,
// costs some 260 bytes from 2 of input), so a 64 MB file of " a" could take
// gigabytes; a puzzle element needs a handful.
const maxXMLAttrs = 1000

// checkXMLAttrs refuses data with a tag holding more than maxXMLAttrs
// attributes, in one pass before any decoding. It counts the words inside
// each '<' ... '>' outside quotes: an upper bound on its attributes (a
// comment or CDATA section is counted the same way, which can only make the
// check stricter on absurd input).
func checkXMLAttrs(file string, data []byte) error {
	line, tagLine := 1, 0
	inTag, inWord := false, false
	var quote byte
	words := 0
	for _, c := range data {
		if c == '\n' {
			line++
		}
		switch {
		case !inTag:
			if c == '<' {
				inTag, inWord, words, tagLine = true, true, 0, line
			}
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			inTag = false
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			inWord = false
		case !inWord:
			inWord = true
			if words++; words > maxXMLAttrs {
				return errAt(file, tagLine, "an element with more than %d attributes", maxXMLAttrs)
			}
		}
	}
	return nil
}
