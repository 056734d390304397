package formats

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/spell"
	"github.com/nonopress/nonopress/puzzle"
)

// This file finds misspelt keys: an unknown key a small edit away from a
// known one ("widht", "heigth", "colums", "auther") is reported with the key
// the author probably meant.

// nonKeys are the keys of the .non format, in the spelling suggested.
var nonKeys = []string{
	"width", "height", "rows", "columns", "goal", "color", "maxrule",
	"title", "author", "copyright", "license", "catalogue", "description",
}

// suggestKey returns the known key closest to key when it is a likely
// misspelling of it (one edit for short keys, two for keys of seven letters
// or more; a swap of two neighbouring letters counts as one), or "". Keys of
// fewer than three letters are never taken for misspellings.
func suggestKey(key string, known []string) string {
	if len([]rune(key)) < 3 {
		return ""
	}
	return spell.Closest(key, known, func(k string) int {
		if len(k) >= 7 {
			return 2
		}
		return 1
	})
}

// withSuggestion gives e the hint of the value of known that value is most
// likely a misspelling of, if there is one.
func withSuggestion(e *ParseError, value string, known []string) *ParseError {
	if k := suggestKey(strings.ToLower(strings.TrimSpace(value)), known); k != "" {
		e.Hint = fmt.Sprintf("did you mean %q?", k)
	}
	return e
}

// nonAbbreviations are short forms authors write for .non keys, too far
// from them for suggestKey.
var nonAbbreviations = map[string]string{"cols": "columns", "col": "columns", "row": "rows", "colours": "color", "colors": "color"}

// suggestNonKey returns the .non key an unknown key most likely stands for,
// or "".
func suggestNonKey(key string) string {
	if k, ok := nonAbbreviations[strings.ToLower(key)]; ok {
		return k
	}
	return suggestKey(key, nonKeys)
}

// suggestColor returns the colour name of known that name is most likely a
// misspelling of: one edit away, two for names of seven letters or more
// (colour names are short, so two letters are enough to guess); or "".
func suggestColor(name string, known []string) string {
	if len([]rune(name)) < 2 {
		return ""
	}
	return spell.Closest(name, known, func(k string) int { return 1 + len(k)/7 })
}

// misspelt is an unknown key that looks like a known one.
type misspelt struct {
	line, col int
	key       string // as written
	known     string // the key it probably stands for
	fix       string // the line it probably stands for, if known
	read      bool   // the key was read as the known one all the same
	more      int    // the same misspelling again, this many times after line
}

// hint says what the author probably meant.
func (m misspelt) hint() string {
	if m.fix != "" {
		return fmt.Sprintf("did you mean %q?", m.fix)
	}
	if m.read {
		return fmt.Sprintf("write %s: other programs read only that", m.known)
	}
	if m.known != "" && (m.known[0] == '<' || strings.HasSuffix(m.known, "=")) {
		return fmt.Sprintf("did you mean %s?", m.known)
	}
	return fmt.Sprintf("did you mean %q?", m.known)
}

// message names the unknown key (or element).
func (m misspelt) message() string {
	if m.key != "" && m.key[0] == '<' && !m.read {
		return fmt.Sprintf("unknown element %s", m.key)
	}
	if m.read {
		if m.more > 0 {
			return fmt.Sprintf("%s read as %s, here and in %s", m.key, m.known, puzzle.Plural(m.more, "more place"))
		}
		return fmt.Sprintf("%s read as %s", m.key, m.known)
	}
	if strings.HasSuffix(m.key, "=") {
		return fmt.Sprintf("unknown attribute %s", m.key)
	}
	return fmt.Sprintf("unknown key %q", m.key)
}

// warning is the diagnostic of a misspelling that did no harm.
func (m misspelt) warning(file string) diag.Diagnostic {
	return diag.Diagnostic{File: file, Line: m.line, Col: m.col, Severity: diag.Warning, Message: m.message(), Hint: m.hint()}
}

// err is the error of a misspelling that left a needed key missing.
func (m misspelt) err(file string) *ParseError {
	return &ParseError{File: file, Line: m.line, Col: m.col, Err: fmt.Errorf("%s", m.message()), Hint: m.hint()}
}

// confusedDigits are the characters typed for a digit they look like.
var confusedDigits = map[rune]rune{'l': '1', 'I': '1', '|': '1', 'O': '0', 'o': '0'}

// guessNumber returns what a word of a clue line that should start with a
// number probably meant: a sign dropped ("-4" → "4") and letters typed for
// the digits they look like at its start ("l2" → "12", "O" → "0"); ok is
// false when that does not make a word starting with a digit.
func guessNumber(word string) (guess string, ok bool) {
	rest := strings.TrimLeft(word, "-+")
	var b strings.Builder
	i := 0
	for _, r := range rest {
		d, confused := confusedDigits[r]
		if !confused {
			break
		}
		b.WriteRune(d)
		i += utf8.RuneLen(r)
	}
	b.WriteString(rest[i:])
	guess = b.String()
	return guess, guess != word && guess != "" && guess[0] >= '0' && guess[0] <= '9'
}

// hexHint is the hint for a colour value that is not hexadecimal: the value
// with letters typed for the digits they look like put right ("O0O" →
// "000"), or how to write one; example is a whole colour written well.
func hexHint(value, example string) string {
	guess := strings.Map(func(r rune) rune {
		if d, ok := confusedDigits[r]; ok {
			return d
		}
		return r
	}, value)
	if _, err := puzzle.ParseRGB(guess); err == nil && guess != value {
		return fmt.Sprintf("did you mean %q? A colour is written in hexadecimal digits, 0-9 and a-f", guess)
	}
	return fmt.Sprintf("write the colour in hexadecimal, as in %s", example)
}

// spacedOut returns a clue line written with marks (of seps: commas,
// semicolons) between its words as it should be: the words separated by
// one space.
func spacedOut(text, seps string) string {
	return strings.Join(wordsBetween(text, seps), " ")
}

// wordsBetween returns the words of text separated by spaces or marks of
// seps: "2,1 3" with seps "," gives 2, 1 and 3.
func wordsBetween(text, seps string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(seps, r) || unicode.IsSpace(r) })
}

// allNumbers reports whether there are words and each is a number.
func allNumbers(words []string) bool {
	for _, w := range words {
		if !isDigits(w) {
			return false
		}
	}
	return len(words) > 0
}

// numberHint is the hint for a value that should be a number (or numbers,
// separated by spaces) after prefix: the line it probably meant, or "".
func numberHint(prefix, value string) string {
	words := strings.Fields(value)
	changed := false
	for i, w := range words {
		if g, ok := guessNumber(w); ok && isDigits(g) {
			words[i], changed = g, true
		}
	}
	if !changed {
		return ""
	}
	return fmt.Sprintf("did you mean %q?", prefix+strings.Join(words, " "))
}

// sizeLinesHint writes a size given as two numbers, width first ("10x15",
// "10 x 15", "10 15", "10,15", "10*15"), as the .non lines that give it;
// "" when value is no such size.
func sizeLinesHint(value string) string {
	w, h, ok := sizeNumbers(value, "xX×*,")
	if !ok {
		return ""
	}
	return fmt.Sprintf("write the width and the height on lines of their own: \"width %s\", then \"height %s\"", w, h)
}

// sizeNumbers returns the width and the height of a size written as two
// numbers separated by spaces or marks of seps ("10x15", "10, 15"), and
// false when text is no such size.
func sizeNumbers(text, seps string) (w, h string, ok bool) {
	f := wordsBetween(text, seps)
	if len(f) != 2 || !allNumbers(f) {
		return "", "", false
	}
	return f[0], f[1], true
}

// otherCase returns r in the other case: 'a' for 'A', 'A' for 'a'; r when
// it has none.
func otherCase(r rune) rune {
	if unicode.IsUpper(r) {
		return unicode.ToLower(r)
	}
	return unicode.ToUpper(r)
}
