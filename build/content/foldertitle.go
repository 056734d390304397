package content

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// orderPrefix is a folder name's ordering number, "00_" or "03-", which
// archives put first so that folders list in order: a zero and a digit,
// then separators.
var orderPrefix = regexp.MustCompile(`^0[0-9][_\-. ]+`)

// FolderTitle is a folder's name as the title of its collection, when its
// note gives none. A name written for the file system is written as a
// reader would: without an ordering prefix, underscores as spaces, and
// when all in lower case begun with a capital ("00_just_starting_out" →
// "Just starting out", "03-symbols" → "Symbols"). Any other name is its
// author's choice and stays as it is ("animals", "jwilk-nonogram",
// "winter-2024").
func FolderTitle(name string) string {
	title := name
	if rest := orderPrefix.ReplaceAllString(title, ""); strings.Trim(rest, "_- .") != "" {
		title = rest
	}
	title = strings.Join(strings.FieldsFunc(title, func(r rune) bool { return r == '_' || unicode.IsSpace(r) }), " ")
	if title == name || title == "" {
		return name
	}
	if title == strings.ToLower(title) {
		r, size := utf8.DecodeRuneInString(title)
		title = string(unicode.ToTitle(r)) + title[size:]
	}
	return title
}
