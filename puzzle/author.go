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

// CopyrightNotice is the copyright a page or sheet shows: Copyright without
// the e-mail addresses in angle brackets it may hold ("© 2010 Frederico
// Vera <dktcoding@gmail.com>", as the author's is written), for the same
// reason as AuthorName. A notice that is nothing but an address is kept.
func (m Meta) CopyrightNotice() string {
	c := strings.TrimSpace(m.Copyright)
	var b strings.Builder
	rest := c
	for {
		open := strings.IndexByte(rest, '<')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open:], '>')
		if end < 0 {
			break
		}
		addr := rest[open+1 : open+end]
		if !strings.Contains(addr, "@") || strings.ContainsAny(addr, " \t<") {
			b.WriteString(rest[:open+1])
			rest = rest[open+1:]
			continue
		}
		b.WriteString(strings.TrimRight(rest[:open], " \t"))
		rest = rest[open+end+1:]
	}
	b.WriteString(rest)
	if s := strings.TrimSpace(b.String()); s != "" && s != "©" {
		return s
	}
	return c
}
