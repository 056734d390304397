package output

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/internal/atomicfile"
)

// Foreign is what a commit found in the published folder that nonopress did
// not write (a CNAME, a robots.txt, a folder of a user's own): Kept were
// linked into the new site at the same place (an empty folder, "name/",
// made there), so that they stay published
// across every build; Replaced are those at paths the build now writes
// itself (or where it made a folder), copied into the kept folder instead.
// Unknown is set when the published folder's manifest could not be
// trusted, so that its files could not be told apart: every file there
// the build did not write (old pages of the site among them) was then
// taken for the user's and is in Kept (or Replaced, where the build made a
// folder), and each at a path the build writes whose bytes differ from
// the build's (a user's file, or an old page of the site) was copied into
// the kept folder before it was written over, and is in Overwritten.
type Foreign struct {
	Kept        []string
	Replaced    []Takeover
	Overwritten []Takeover
	Unknown     bool
}

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

// keepForeign waits for the scan and hard-links each file it found into
// the back buffer, which is about to be swapped in, so that files a user
// put in the published folder stay published. A file at a path the build
// now writes is copied into the kept folder instead, before the swap (after
// it, the old site is the back buffer, which the next build writes over):
// whatever happens to the build after, the copy is there. It runs after the
// stale files are removed, so nothing it links is removed again, and it
// never deletes: a failed build leaves the published folder, user files
// included, as it was. With a manifest that could not be trusted (Unknown),
// every file found is kept but those at paths the build writes: those
// cannot be told from the old site's own pages, and each whose bytes differ
// both from the build's and from those the manifest records for it (an old
// page that changed since) is copied into the kept folder too
// (Overwritten).
func (s *Store) keepForeign() (Foreign, error) {
	if s.foreign == nil {
		return Foreign{}, nil
	}
	found, err := s.foundForeign()
	if err != nil {
		return found, err
	}
	f := Foreign{Unknown: found.Unknown}
	var keep *keeper
	defer func() { keep.close() }()
	folders := &folderKeeper{back: s.back}
	defer folders.close()
	for _, rel := range found.Kept {
		if dir, ok := strings.CutSuffix(rel, "/"); ok {
			if folders.keep(dir) {
				f.Kept = append(f.Kept, rel)
			}
			continue
		}
		src := filepath.Join(s.front, filepath.FromSlash(rel))
		h, built := s.Hash(rel)
		if !built {
			err := linkAtomic(src, filepath.Join(s.back, filepath.FromSlash(rel)))
			if err == nil {
				f.Kept = append(f.Kept, rel)
				continue
			}
			if errors.Is(err, fs.ErrNotExist) {
				continue // a listed file the user has removed since
			}
			// A folder the build made where the user's file was: the
			// build wins, the file is kept aside.
		}
		if keep == nil {
			if keep, err = s.openKeeper(); err != nil {
				return f, fmt.Errorf("keep %s, a file the site now writes: %w", src, err)
			}
		}
		overwritten := built && found.Unknown
		if overwritten {
			same, err := keep.holds(rel, h, s.foreign.claimed[rel])
			if err != nil {
				return f, fmt.Errorf("compare %s with the page the site writes there: %w", src, err)
			}
			if same {
				continue // the site's bytes, new or old (or gone): nothing to keep
			}
		}
		if err := keep.openKept(); err != nil {
			return f, fmt.Errorf("keep %s, a file the site now writes: %w", src, err)
		}
		kept, err := keep.keep(rel)
		if err != nil {
			return f, fmt.Errorf("keep %s, a file the site now writes, in %s: %w", src, keep.dir, err)
		}
		switch {
		case kept == "":
		case overwritten:
			f.Overwritten = append(f.Overwritten, Takeover{Path: rel, Copy: kept})
		default:
			f.Replaced = append(f.Replaced, Takeover{Path: rel, Copy: kept})
		}
	}
	// Recorded before the marker, so that the next build need not walk.
	if err := writeUserList(s.back, f.Kept); err != nil {
		return f, fmt.Errorf("keep files nonopress did not write: %w", err)
	}
	return f, nil
}

// folderKeeper keeps a user's empty folders in the back buffer, back,
// which it opens once for all of them, at the first.
type folderKeeper struct {
	back   string
	root   *os.Root // nil: not opened, or it could not be
	opened bool
}

// keep makes the empty folder dir of a user's (slash-separated) in the
// back buffer, and reports whether it is there and empty: kept. Where the
// site has a file, or a folder of its files, it is not (it held nothing to
// lose). Through a Root, as every change to the back buffer that a path of
// the published folder leads.
func (k *folderKeeper) keep(dir string) bool {
	if !k.opened {
		k.opened = true
		k.root, _ = os.OpenRoot(k.back)
	}
	root := k.root
	if root == nil {
		return false
	}
	name := filepath.FromSlash(dir)
	if root.MkdirAll(name, 0o755) != nil {
		return false
	}
	f, err := root.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	ents, err := f.ReadDir(1)
	return len(ents) == 0 && errors.Is(err, io.EOF)
}

// close closes the back buffer's Root, if opened.
func (k *folderKeeper) close() {
	if k.root != nil {
		k.root.Close()
	}
}

// isFolder reports whether rel (slash-separated) is a folder of dir, not
// a symbolic link.
func isFolder(dir, rel string) bool {
	info, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil && info.IsDir()
}

// foundForeign waits for the scan and returns what it found as kept, in
// order: a commit that does not swap (nothing changed) leaves every such
// file where it is, and keepForeign sorts out from them those it cannot.
func (s *Store) foundForeign() (Foreign, error) {
	if s.foreign == nil {
		return Foreign{}, nil
	}
	<-s.foreign.done
	if s.foreign.err != nil {
		return Foreign{}, fmt.Errorf("keep files nonopress did not write: %w", s.foreign.err)
	}
	return Foreign{Kept: slices.Sorted(slices.Values(s.foreign.paths)), Unknown: s.foreign.unknown}, nil
}

// isTempName reports the temporary files of nonopress's own writes, which
// a killed build may leave.
func isTempName(name string) bool {
	return atomicfile.IsTemp(name) || strings.HasSuffix(name, ".np-link.tmp")
}
