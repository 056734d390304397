package build

import "fmt"

// duplicateWarnings names every published puzzle that is another's copy
// (the same id: the same clues and colours), with the place of the first,
// in path order. Copies are published (a collection may mean to repeat a
// puzzle), but they share a player's progress, which is kept by id, and
// usually are a mistake.
func duplicateWarnings(entries []*entry) []string {
	first := map[string]*entry{}
	var out []string
	for _, e := range entries {
		if e.ID == "" {
			continue
		}
		f, seen := first[e.ID]
		if !seen {
			first[e.ID] = e
			continue
		}
		out = append(out, fmt.Sprintf("%s: duplicate: the same puzzle as %s (id %s); players' progress is kept by id, so the two share it",
			place(e), place(f), e.ID))
	}
	return out
}

// place names where an entry was read: its file and which of its puzzles.
func place(e *entry) string {
	if e.file == nil {
		return e.dir
	}
	return fmt.Sprintf("%s (puzzle %d)", e.file.Abs, e.index+1)
}
