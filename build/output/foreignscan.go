package output

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// foreignScan is the walk of the published folder for files its manifest
// does not list, started when the store opens and run beside the build (a
// walk of a large site costs tens of milliseconds, which an edit in serve
// mode would otherwise wait for). The published folder is not changed by
// the build before the swap, so the walk sees what the swap will replace;
// only a file a user adds during the build itself is missed by this build
// (it then stays in the old site, the back buffer, until a build that walks
// again finds it in neither: see keepForeign).
type foreignScan struct {
	done    chan struct{}
	paths   []string // slash-separated, in walk order
	unknown bool
	// claimed is what an untrusted manifest (unknown) says of its paths:
	// a file holding the bytes it records is the old site's page.
	claimed map[string]string
	err     error
	// dirsRead counts the folders listed (a measure of the walk's cost).
	dirsRead int
}

// startForeignScan walks s.front in the background.
func (s *Store) startForeignScan() {
	sc := &foreignScan{done: make(chan struct{})}
	s.foreign = sc
	go func() {
		defer close(sc.done)
		sc.paths, sc.unknown, sc.err = s.findForeign(sc)
	}()
}

// findForeign lists the files of the published folder that its manifest
// does not list (regular files and symbolic links; nonopress's own
// bookkeeping aside). unknown is set when the folder has a marker whose
// manifest could not be trusted: its files cannot be told apart, so every
// file in it is listed (the whole folder is walked, never following a
// symbolic link), and keepForeign keeps those the build does not write.
// With a trusted list of the files the last commit kept, only the folders
// changed since are read (findForeignCheap); otherwise the whole folder is
// walked.
func (s *Store) findForeign(sc *foreignScan) (paths []string, unknown bool, err error) {
	if s.frontHashes == nil {
		if _, err := os.Lstat(filepath.Join(s.front, MarkerName)); err != nil {
			return nil, false, nil // no site there yet
		}
		sc.claimed, _ = readClaims(s.front) // none if unreadable: every file differs
		paths, err = s.walkForeign(sc, ".") // frontHashes nil: every file
		return paths, true, err
	}
	if mark, ok := markTime(s.front); ok {
		if kept, ok := readUserList(s.front, mark); ok {
			paths, err = s.findForeignCheap(sc, mark, kept)
			return paths, false, err
		}
	}
	paths, err = s.walkForeign(sc, ".")
	return paths, false, err
}

// findForeignCheap finds the files nonopress did not write from the list
// of those the last commit kept: a folder unchanged since the marker holds
// what it held then (its listed files); a changed one is read again, and a
// folder in it that neither the manifest nor the list knows is walked.
func (s *Store) findForeignCheap(sc *foreignScan, mark int64, kept []string) ([]string, error) {
	byDir := map[string][]string{}
	for _, p := range kept {
		byDir[path.Dir(p)] = append(byDir[path.Dir(p)], p)
	}
	order, known := s.knownDirs(kept)
	times, err := openTreeTimes(s.front)
	if err != nil {
		return nil, err
	}
	defer times.close()
	var paths []string
	for _, d := range order {
		ents, changed, err := s.changedFolder(sc, times, d, mark)
		if err != nil {
			return nil, err
		}
		if !changed {
			paths = append(paths, byDir[d]...)
			continue
		}
		if len(ents) == 0 && s.userFolder(d) && isFolder(s.front, d) {
			paths = append(paths, d+"/")
		}
		for _, e := range ents {
			rel := path.Join(d, e.Name())
			switch {
			case e.IsDir() && !known(rel):
				found, err := s.walkForeign(sc, rel)
				if err != nil {
					return nil, err
				}
				paths = append(paths, found...)
			case s.isForeign(rel, e):
				paths = append(paths, rel)
			}
		}
	}
	return paths, nil
}

// changedFolder reports whether the folder d of the published folder
// changed since the marker (mark), and then its entries (none if it is
// gone or no longer a folder: one replaced by a symbolic link must not be
// followed out of the published folder). The folders of the manifest were
// looked at by checkFront already.
func (s *Store) changedFolder(sc *foreignScan, times *treeTimes, d string, mark int64) ([]fs.DirEntry, bool, error) {
	if s.frontCheck != nil && s.frontDirs.has(d) {
		ents, changed := s.frontCheck.read[d]
		if changed {
			sc.dirsRead++
		}
		return ents, changed, nil
	}
	if !statusChanged(times, d, mark) {
		return nil, false, nil
	}
	sc.dirsRead++
	ents, err := readFolder(s.front, d)
	return ents, true, err
}

// walkForeign walks the folder rel (slash-separated, "." for the top) of
// the published folder for files its manifest does not list, and for
// empty folders of a user's (as "rel/"). A walk lists a folder's entries
// right after the folder: one followed by an entry outside it is empty.
func (s *Store) walkForeign(sc *foreignScan, rel string) (paths []string, err error) {
	top := filepath.Join(s.front, filepath.FromSlash(rel))
	empty := "" // the last folder walked, while no entry of it has come
	err = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == top {
			return fs.SkipAll
		}
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(s.front, p)
		rel = filepath.ToSlash(rel)
		if empty != "" && path.Dir(rel) != empty {
			paths = append(paths, empty+"/")
		}
		empty = ""
		if d.IsDir() {
			sc.dirsRead++
			if s.userFolder(rel) {
				empty = rel
			}
		}
		if s.isForeign(rel, d) {
			paths = append(paths, rel)
		}
		return nil
	})
	if empty != "" && err == nil {
		paths = append(paths, empty+"/")
	}
	return paths, err
}

// userFolder reports whether the folder rel of the published folder may
// be a user's: neither the top nor a folder of the manifest (one emptied
// by hand is the site's, made again by the build).
func (s *Store) userFolder(rel string) bool {
	return rel != "." && (s.frontDirs == nil || !s.frontDirs.has(rel))
}

// isForeign reports whether the entry rel of the published folder is a
// file (regular, or a symbolic link) that nonopress did not write.
func (s *Store) isForeign(rel string, d fs.DirEntry) bool {
	if d.IsDir() || !(d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0) {
		return false
	}
	_, ours := s.frontHashes[rel]
	return !ours && !isOwnFile(rel, d)
}
