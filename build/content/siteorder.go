package content

import "slices"

// SiteOrder lists the puzzle files of the tree under c in the order the
// site shows them: each collection's own files as its page lists them (by
// weight, then by name in natural order: orderFiles), then its
// sub-collections (SortCollections), each in turn the same way. `print
// FOLDER` puts a booklet's puzzles in this order.
func SiteOrder(c *Collection) []*PuzzleFile {
	files := slices.Clone(c.Files)
	children := slices.Clone(c.Children)
	SortCollections(children)
	for _, sub := range children {
		files = append(files, SiteOrder(sub)...)
	}
	return files
}
