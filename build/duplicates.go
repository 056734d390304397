package build

import (
	"fmt"

	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
)

// duplicateDiagnostics names every published puzzle that is another's copy
// (the same id: the same clues and colours), with the place of the first,
// in path order: a warning, or an error when sev says so (-strict).
// Copies are published (a collection may mean to repeat a puzzle), but they
// share a player's progress, which is kept by id, and usually are a mistake.
func duplicateDiagnostics(entries []*site.Entry, sev diag.Severity) diag.List {
	first := map[string]*site.Entry{}
	inFile := map[string]int{} // published puzzles per file
	for _, e := range entries {
		if e.File() != nil {
			inFile[e.File().Abs]++
		}
	}
	// numbered is whether a message names an entry's puzzle by its number:
	// only in a file of several.
	numbered := func(e *site.Entry) bool { return e.File() != nil && (inFile[e.File().Abs] > 1 || e.Index > 0) }
	var out diag.List
	for _, e := range entries {
		if e.ID == "" {
			continue
		}
		f, seen := first[e.ID]
		if !seen {
			first[e.ID] = e
			continue
		}
		d := Duplicate("", place(f, numbered(f)), e.ID, sev)
		if e.File() != nil {
			d.File = e.File().Abs
		}
		if numbered(e) {
			d.Message = fmt.Sprintf("puzzle %d: %s", e.Index+1, d.Message)
		}
		out = append(out, d)
	}
	return out
}

// Duplicate is the diagnostic of the puzzle in file that is the puzzle
// at first over again (the same id), as the build and check say it.
func Duplicate(file, first, id string, sev diag.Severity) diag.Diagnostic {
	return diag.Diagnostic{File: file, Severity: sev, Message: fmt.Sprintf("duplicate: the same puzzle as %s, id %s", first, id),
		Hint: "players' progress is kept by id, so the two share it: remove one if it is a copy"}
}

// place names where an entry was read: its file and, when numbered, which
// of its puzzles.
func place(e *site.Entry, numbered bool) string {
	switch {
	case e.File() == nil:
		return e.Dir
	case numbered:
		return fmt.Sprintf("%s (puzzle %d)", e.File().Abs, e.Index+1)
	}
	return e.File().Abs
}
