package content

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/formats"
)

// A link that leads nowhere may have been meant for a puzzle's page or its
// sheets, which have no path in the content folder: the way to them is the
// puzzle's note. These hints say so.

// pageHint is the hint of a link meant for a puzzle's page: to the note
// it does not have (heart.md beside heart.non), or to the page's folder
// on the site (heart/). A puzzle's page is reached through its note, so
// the hint names the note, to add if need be; "" for any other link.
func (j *judge) pageHint(ref noteRef, key string) string {
	stem := strings.TrimSuffix(key, "/")
	if ext := strings.ToLower(path.Ext(stem)); ext == ".md" {
		stem = strings.TrimSuffix(stem, path.Ext(stem))
	} else if ext != "" {
		return ""
	}
	f := puzzleOfStem(j.keys, stem)
	if f == "" {
		return ""
	}
	note := relAsWritten(j.noteDir, ref.dest, stem+".md")
	if _, ok := j.Links[stem+".md"]; ok {
		return fmt.Sprintf("did you mean %s? A puzzle's page is reached through its note", note)
	}
	return fmt.Sprintf("%s has no note, the way to its page: add %s, even empty, and link that, or link %s for the file itself",
		path.Base(f), path.Base(note), relAsWritten(j.noteDir, ref.dest, f))
}

// puzzleOfSheet is the puzzle file (of keys, sorted) whose sheet a link to
// key, a .pdf or .svg that is not there, was probably meant for: one of the
// same name in the same folder (house.non for house.pdf), or "".
func puzzleOfSheet(keys []string, key string) string {
	if ext := strings.ToLower(path.Ext(key)); ext != ".pdf" && ext != ".svg" {
		return ""
	}
	return puzzleOfStem(keys, strings.TrimSuffix(key, path.Ext(key)))
}

// puzzleOfStem is the puzzle file (of keys, sorted) whose path without its
// extension is stem, or "".
func puzzleOfStem(keys []string, stem string) string {
	i, _ := slices.BinarySearch(keys, stem+".")
	for ; i < len(keys) && strings.HasPrefix(keys[i], stem+"."); i++ {
		if formats.Known(keys[i]) && path.Join(path.Dir(keys[i]), BaseName(path.Base(keys[i]))) == stem {
			return keys[i]
		}
	}
	return ""
}

// sheetHint is the hint of a link to the sheet of puzzle file f, which is
// on the puzzle's page: the way there is its note.
func sheetHint(l Links, f string) string {
	note := path.Join(path.Dir(f), BaseName(path.Base(f))+".md")
	if _, ok := l[note]; ok {
		return fmt.Sprintf("the sheets of %s are on its page: link its note, %s", path.Base(f), path.Base(note))
	}
	return fmt.Sprintf("the sheets of %s are on its page: give it a note, %s, and link that", path.Base(f), path.Base(note))
}
