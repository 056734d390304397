package content

import (
	"fmt"
	"io/fs"

	"github.com/nonopress/nonopress/internal/treefile"
)

// checkEntry decides whether a note found in the content tree may be read:
// a regular file may; a symbolic link only when it ends, without a loop, at
// a regular file inside the tree (a note linked to /etc/passwd or
// /proc/self/environ would otherwise be published); anything else (a FIFO
// would block the build, a device never end) may not. Puzzle files and
// resources are simpler: the scanner skips those that are not regular.
func (s *scanner) checkEntry(path string, typ fs.FileMode) error {
	switch {
	case typ.IsRegular():
		return nil
	case typ&fs.ModeSymlink != 0:
		if s.tree == nil {
			return &treefile.Error{Path: path, Err: treefile.ErrOutside}
		}
		_, err := s.tree.Resolve(path)
		return err
	default:
		return &treefile.Error{Path: path, Err: fmt.Errorf("%w (%s): not read", treefile.ErrNotRegular, treefile.Kind(typ))}
	}
}
