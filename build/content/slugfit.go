package content

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"unicode/utf8"
)

// maxSlugBytes is the longest slug: a file system's name limit is 255 bytes,
// and a slug gets suffixes ("-2", "-source.nonpack") on its way to a file
// name. Lower-casing can lengthen a name (Ⱥ is 2 bytes, ⱥ 3), so a valid
// file name can give a slug longer than itself.
const maxSlugBytes = 200

// maxNameBytes is the longest output file or folder name.
const maxNameBytes = 255

// fitSlug returns slug when it is short enough, else its first bytes (cut on
// a character boundary) and a short hash of the whole, so that two long
// names differing only at their end still get different slugs.
func fitSlug(slug string) string {
	return shorten(slug, maxSlugBytes)
}

// fitFileName returns name when it fits the file system's name limit, else
// the name shortened as fitSlug does, its extension kept.
func fitFileName(name string) string {
	if len(name) <= maxNameBytes {
		return name
	}
	ext := path.Ext(name)
	if len(ext) > 16 {
		ext = ""
	}
	return shorten(name[:len(name)-len(ext)], maxNameBytes-len(ext)) + ext
}

// shorten cuts s to at most limit bytes, ending it with "-" and 8 hex digits
// of its hash when it had to be cut.
func shorten(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	sum := sha256.Sum256([]byte(s))
	tag := "-" + hex.EncodeToString(sum[:4])
	cut := limit - len(tag)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + tag
}
