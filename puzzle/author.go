package puzzle

import "strings"

// AuthorName is the author a page or sheet shows: Author without the e-mail
// address a file may give after the name ("Jakub Wilk <jwilk@jwilk.net>",
// as many archives write it), so that the address is not published for
// harvesting and one author is one name however the files write it. An
// author that is nothing but an address is kept.
func (m Meta) AuthorName() string {
	a := strings.TrimSpace(m.Author)
	if !strings.HasSuffix(a, ">") {
		return a
	}
	open := strings.LastIndex(a, "<")
	if open <= 0 || !strings.Contains(a[open:], "@") {
		return a
	}
	return strings.TrimSpace(a[:open])
}
