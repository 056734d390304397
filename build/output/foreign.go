package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/internal/atomicfile"
)

// Foreign is what a commit found in the published folder that nonopress did
// not write (a CNAME, a robots.txt, a folder of a user's own): Kept were
// linked into the new site at the same place, so that they stay published
// across every build; Replaced are paths the build now writes itself, whose
// user copy was left in the old site (the back buffer) instead. Unknown is
// set when the published folder's manifest could not be trusted, so that its
// files could not be told apart: none was carried over.
type Foreign struct {
	Kept, Replaced []string
	Unknown        bool
}

// keepForeign walks the published folder for files its manifest does not
// list and hard-links each into the back buffer, which is about to be
// swapped in. It runs after the stale files are removed, so nothing it
// links is removed again, and it never deletes: a failed build leaves the
// published folder, user files included, as it was.
func (s *Store) keepForeign() (Foreign, error) {
	var f Foreign
	if s.frontHashes == nil {
		if _, err := os.Stat(filepath.Join(s.front, MarkerName)); err == nil {
			f.Unknown = true
		}
		return f, nil
	}
	err := filepath.WalkDir(s.front, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == s.front {
			return fs.SkipAll
		}
		if err != nil {
			return err
		}
		if d.IsDir() || !(d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0) {
			return nil
		}
		rel, _ := filepath.Rel(s.front, p)
		rel = filepath.ToSlash(rel)
		if _, ours := s.frontHashes[rel]; ours || rel == MarkerName || isTempName(d.Name()) {
			return nil
		}
		if _, built := s.Hash(rel); built {
			f.Replaced = append(f.Replaced, rel)
			return nil
		}
		if err := linkAtomic(p, filepath.Join(s.back, filepath.FromSlash(rel))); err != nil {
			// A folder the build made where the user's file was: the build
			// wins, the file stays in the old site.
			f.Replaced = append(f.Replaced, rel)
			return nil
		}
		f.Kept = append(f.Kept, rel)
		return nil
	})
	if err != nil {
		return f, fmt.Errorf("keep files nonopress did not write: %w", err)
	}
	sort.Strings(f.Kept)
	sort.Strings(f.Replaced)
	return f, nil
}

// isTempName reports the temporary files of nonopress's own writes, which
// a killed build may leave.
func isTempName(name string) bool {
	return atomicfile.IsTemp(name) || strings.HasSuffix(name, ".np-link.tmp")
}
