package site

// BookletEntries is what a collection's booklet prints of its puzzles es:
// those with a sheet, in the collection's display order (as Arrange sorts
// its list), in a new slice.
func BookletEntries(es []*Entry) []*Entry {
	var in []*Entry
	for _, e := range es {
		if e.HasSheet() {
			in = append(in, e)
		}
	}
	sortEntries(in)
	return in
}
