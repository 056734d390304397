package build

import (
	"github.com/nonopress/nonopress/internal/atomicfile"

	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// removeStaleKnown is removeStale for a back buffer that was clean when the
// build began: it held exactly the files of its manifest (backHashes), and
// the build has added only files it recorded, so the stale files are the
// manifest's that this build did not write, found without walking the whole
// folder (a walk costs as much as a warm build of a large site). Folders
// left empty by their removal are removed too. One thing may be there that
// no manifest lists: the temporary file of a marker being written when a
// build was killed (before the marker said dirty); it is at the top.
func (o *output) removeStaleKnown() (int, error) {
	removed := 0
	if ents, err := os.ReadDir(o.back); err == nil {
		for _, e := range ents {
			if name := e.Name(); atomicfile.IsTemp(name) {
				if err := os.Remove(filepath.Join(o.back, name)); err != nil {
					return removed, fmt.Errorf("remove stale output: %w", err)
				}
				removed++
			}
		}
	}
	dirs := map[string]bool{}
	for rel := range o.backHashes {
		if _, ok := o.written[rel]; ok || rel == markerName {
			continue
		}
		err := os.Remove(filepath.Join(o.back, filepath.FromSlash(rel)))
		if err != nil && !os.IsNotExist(err) {
			return removed, fmt.Errorf("remove stale output: %w", err)
		}
		removed++
		for d := path.Dir(rel); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	// Deepest first, so that a folder is emptied before its parent is tried.
	order := make([]string, 0, len(dirs))
	for d := range dirs {
		order = append(order, d)
	}
	sort.Slice(order, func(i, j int) bool {
		di, dj := strings.Count(order[i], "/"), strings.Count(order[j], "/")
		if di != dj {
			return di > dj
		}
		return order[i] < order[j]
	})
	for _, d := range order {
		os.Remove(filepath.Join(o.back, filepath.FromSlash(d))) // fails, as it should, unless empty
	}
	return removed, nil
}
