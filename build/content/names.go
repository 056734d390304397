package content

import (
	"fmt"
	"path"
	"strings"
	"unicode"
)

// BaseName is a puzzle file's name without its extension, compound ones
// included: "minis.nonpack.gz" gives "minis".
func BaseName(name string) string {
	base := strings.TrimSuffix(name, path.Ext(name))
	for _, inner := range []string{".nonpack", ".nonopack"} {
		if strings.HasSuffix(strings.ToLower(base), inner) && len(base) > len(inner) {
			return base[:len(base)-len(inner)]
		}
	}
	return base
}

// urlSafe reports whether a file name can be used in URLs as it is. Such a
// name (with its dot) never collides with a slug, which has no dot.
func urlSafe(name string) bool {
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return false
		}
	}
	return !strings.HasPrefix(name, ".")
}

// isNoteName reports whether a file name is a collection note's.
func isNoteName(name string) bool {
	for _, n := range noteNames {
		if n == name {
			return true
		}
	}
	return false
}

// Slugify turns a name into a URL path segment: lower-case letters and digits,
// runs of anything else as one '-'.
func Slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return "item"
	}
	return fitSlug(b.String())
}

// uniqueSlug returns slug, or slug-2, slug-3... the first not yet taken, and
// takes it. Reserved names of the site root are never given out.
func uniqueSlug(slug string, taken map[string]bool) string {
	s := slug
	for i := 2; taken[s] || reservedSlugs[s]; i++ {
		s = fmt.Sprintf("%s-%d", slug, i)
	}
	taken[s] = true
	return s
}

// reservedSlugs are output names the site uses for itself.
var reservedSlugs = map[string]bool{"static": true, "thumbs": true, "authors": true, "licenses": true, "tags": true, "search": true, "page": true, "index": true, "404": true}

// reservedFiles are names the site writes in every collection folder, and
// reservedRootFiles those it writes at its root: a puzzle file so named is
// published under another name.
var (
	reservedFiles     = map[string]bool{"index.html": true, "booklet.pdf": true}
	reservedRootFiles = map[string]bool{"404.html": true, "catalogue.json": true, "sitemap.xml": true, "atom.xml": true, "search-index.js": true}
)
