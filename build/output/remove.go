package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/internal/atomicfile"
)

// Removals from the back buffer that a path of a manifest or of the
// published folder leads go through an os.Root of it (a remover): such a
// path cannot leave the back buffer, not even through a symbolic link
// planted in it. One error rule holds for the files removed: a file
// already gone is no failure; any other failure does not stop the removal
// of the files after it, and the first (in the order given) is returned,
// naming its file. What the caller does with it is its own: the removal of
// stale files fails the build, the drop of taken-over files after the swap
// does not (the site is published by then).

// remover removes files of a folder through a Root of it, and then the
// folders their removal leaves empty.
type remover struct {
	root *os.Root
	dirs map[string]bool // the folders of the files removed
	err  error           // the first failure
}

// openRemover opens dir for removing files in it.
func openRemover(dir string) (*remover, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &remover{root: root, dirs: map[string]bool{}}, nil
}

// remove removes the file rel (slash-separated), or the folder if empty;
// a failure is kept for done (see above).
func (r *remover) remove(rel string) {
	err := r.root.Remove(filepath.FromSlash(rel))
	if err != nil && !errors.Is(err, fs.ErrNotExist) && r.err == nil {
		r.err = err
	}
	addFolders(r.dirs, rel)
}

// done removes the folders left empty, closes the Root and returns the
// first failure of remove.
func (r *remover) done() error {
	removeEmptyDirs(r.root, r.dirs)
	r.root.Close()
	return r.err
}

// removeFromBack removes the given files of the back buffer (paths of its
// manifest), and those of a user's it held (backUserFiles, "name/" for an
// empty folder: where a file is a folder now, a folder is not empty, or
// one cannot be removed, it is left), and the folders their removal
// leaves empty, and the temporary file of a marker that a killed build may
// have left at the top: all under the remover's rule (one that cannot be
// removed stops nothing; the first failure is returned).
func (s *Store) removeFromBack(stale []string) error {
	r, err := openRemover(s.back)
	if err != nil {
		return fmt.Errorf("remove stale output: %w", err)
	}
	if ents, err := os.ReadDir(s.back); err == nil {
		for _, e := range ents {
			if name := e.Name(); atomicfile.IsTemp(name) {
				r.remove(name)
			}
		}
	}
	for _, rel := range stale {
		r.remove(rel)
	}
	for _, rel := range s.backUserFiles() {
		dir, folder := strings.CutSuffix(rel, "/") // an empty folder
		if info, err := r.root.Lstat(filepath.FromSlash(dir)); err == nil && info.IsDir() == folder {
			r.root.Remove(filepath.FromSlash(dir)) // a folder only if empty: else left, no failure
			addFolders(r.dirs, dir)
		}
	}
	if err := r.done(); err != nil {
		return fmt.Errorf("remove stale output: %w", err)
	}
	return nil
}

// dropTakenOver removes from the back buffer, just swapped out (the old
// site), the user's files the site took over, each copied to the kept
// folder already: one where the site now has a folder would be in the way
// of the next build's writes there. A file that cannot be removed is left
// (as before): the site is published already, so it fails nothing.
func (s *Store) dropTakenOver(taken []Takeover) {
	if len(taken) == 0 {
		return
	}
	r, err := openRemover(s.back)
	if err != nil {
		return
	}
	for _, t := range taken {
		r.remove(t.Path)
	}
	r.done()
}

// addFolders adds to dirs the folders that hold rel (slash-separated).
func addFolders(dirs map[string]bool, rel string) {
	for d := path.Dir(rel); d != "." && !dirs[d]; d = path.Dir(d) {
		dirs[d] = true
	}
}

// removeEmptyDirs removes those of the given folders (slash-separated, in
// root) that are empty, deepest first, so that a folder is emptied before
// its parent is tried. Through the Root, as the files in them: a folder
// replaced by a symbolic link cannot lead a removal outside it.
func removeEmptyDirs(root *os.Root, dirs map[string]bool) {
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
		root.Remove(filepath.FromSlash(d)) // fails, as it should, unless empty
	}
}
