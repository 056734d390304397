package content

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/spell"
)

// A link that leads nowhere gets as hint the published path it was meant
// for, when it is a slip of the pen for one; else what to do.

// maxHinted is how many links of a note that lead nowhere get the path
// meant as hint, each a search of every published path: a note of
// thousands of broken links takes no longer to check than a few.
const maxHinted = 20

// nearest is the published path (of keys, sorted) a link dest to key that
// leads nowhere was probably meant for, written as the note wrote its link
// (relAsWritten, with its query and fragment), or "": the same path in
// other case, else the one path a few edits away that is a slip of the
// pen for it (misspelt), when no other is as near.
func nearest(keys []string, noteDir, dest, key string) string {
	limit := min(3, 1+len(key)/8)
	var near []string // of a length the limit allows
	best := ""
	for _, k := range keys {
		if strings.EqualFold(k, key) {
			best = k
			break
		}
		if d := len(k) - len(key); d >= -limit && d <= limit && misspelt(key, k) {
			near = append(near, k)
		}
	}
	if best == "" {
		best = spell.Only(key, near, limit)
	}
	if best == "" {
		return ""
	}
	return asWritten(noteDir, dest, best)
}

// movedTo is the one published path (of keys) with the file name of a
// link dest to key that leads nowhere, written as the note wrote its link,
// or "" when no other path, or more than one, has that name: the file the
// link was to, moved to another folder since.
func movedTo(keys []string, noteDir, dest, key string) string {
	name, found := path.Base(key), ""
	for _, k := range keys {
		if path.Base(k) == name {
			if found != "" {
				return ""
			}
			found = k
		}
	}
	if found == "" {
		return ""
	}
	return asWritten(noteDir, dest, found)
}

// asWritten is the published path key as a note in noteDir whose link
// dest leads nowhere would write it (relAsWritten), with the link's query
// and fragment.
func asWritten(noteDir, dest, key string) string {
	rel := relAsWritten(noteDir, dest, key)
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		rel += dest[i:]
	}
	return rel
}

// misspelt reports whether content path key could be published path k
// misspelt: in each folder or file name where they differ, the name
// without its extension keeps more of its characters than the edits to it
// change, and holds the same numbers. A link to 6.non is to another puzzle
// than 1.non, one to data001.nin another than data002.nin: neither is a
// slip of the pen.
func misspelt(key, k string) bool {
	names, known := strings.Split(key, "/"), strings.Split(k, "/")
	if len(names) != len(known) {
		return true
	}
	for i, name := range names {
		if name == known[i] {
			continue
		}
		stem, knownStem := strings.TrimSuffix(name, path.Ext(name)), strings.TrimSuffix(known[i], path.Ext(known[i]))
		if spell.Distance(strings.ToLower(stem), strings.ToLower(knownStem)) >= len([]rune(stem)) ||
			!slices.Equal(numbers(stem), numbers(knownStem)) {
			return false
		}
	}
	return true
}

// numbers are the values of the runs of digits in name, in order
// ("data01" and "data1" hold 1).
func numbers(name string) []string {
	var nums []string
	for run := range strings.FieldsFuncSeq(name, func(r rune) bool { return r < '0' || r > '9' }) {
		if n := strings.TrimLeft(run, "0"); n != "" {
			nums = append(nums, n)
		} else {
			nums = append(nums, "0")
		}
	}
	return nums
}

// nowhereHint is the hint of a link or image to content path key that
// leads nowhere and is no slip of the pen for a published path: what to
// do. A puzzle file is most likely one deleted or renamed since the note
// linked it.
func nowhereHint(ref noteRef, key string) string {
	if ref.what == "image" {
		return "remove the image, fix the path, or add the file it names"
	}
	if formats.Known(key) {
		return fmt.Sprintf("remove the link, or restore %s; if it was renamed, link its new name", path.Base(key))
	}
	return "remove the link, fix the path, or add the file it names"
}
