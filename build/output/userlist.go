package output

import (
	"bytes"
	"context"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/internal/treefile"
)

// UserListName is the file where a commit records the files it kept that
// nonopress did not write (Foreign.Kept), so that the next build finds them
// without walking the whole published folder: it re-reads only the folders
// changed since the marker was written (see findForeignCheap).
const UserListName = ".nonopress-user"

// userListHeader heads the list; one slash-separated path a line follows.
const userListHeader = "nonopress: files kept in this folder that nonopress did not write"

// maxUserListBytes caps the list read back.
const maxUserListBytes = 64 << 20

// writeUserList records kept in dir, before its marker is written.
func writeUserList(dir string, kept []string) error {
	var b bytes.Buffer
	b.WriteString(userListHeader + "\n")
	for _, p := range kept {
		b.WriteString(p + "\n")
	}
	return atomicfile.WriteNoSync(filepath.Join(dir, UserListName), b.Bytes())
}

// readUserList reads dir's list of kept files, and whether it can be
// trusted: it must be a regular file, well formed, every path inside the
// folder, and not changed since the marker was written (mark is the
// marker's change time; a list changed after it may have lost names).
func readUserList(dir string, mark int64) ([]string, bool) {
	kept, ok := readUserListAnyTime(dir)
	if !ok {
		return nil, false
	}
	if changed, ok := changeTime(filepath.Join(dir, UserListName)); !ok || changed > mark {
		return nil, false
	}
	return kept, true
}

// readUserListAnyTime is readUserList whenever the list was written: the
// names it has, every one inside the folder.
func readUserListAnyTime(dir string) ([]string, bool) {
	data, err := treefile.ReadFile(context.Background(), filepath.Join(dir, UserListName), maxUserListBytes)
	if err != nil {
		return nil, false
	}
	rest, ok := strings.CutPrefix(string(data), userListHeader+"\n")
	if !ok {
		return nil, false
	}
	var kept []string
	for _, p := range strings.Split(strings.TrimSuffix(rest, "\n"), "\n") {
		if p == "" {
			continue
		}
		if !ValidPath(strings.TrimSuffix(p, "/")) { // "name/": an empty folder
			return nil, false
		}
		kept = append(kept, p)
	}
	return kept, true
}

// backUserFiles returns the files of a user's that the commit which
// published the back buffer's site linked into it (its list), not put or
// carried by this build: they went out with that site and are stale. One
// still in the published folder is linked again by keepForeign; one the
// user has removed from it since must not come back with the swap.
func (s *Store) backUserFiles() []string {
	kept, _ := readUserListAnyTime(s.back)
	var stale []string
	for _, p := range kept {
		if _, ours := s.Hash(p); !ours {
			stale = append(stale, p)
		}
	}
	return stale
}

// folderSet is the set of folders (slash-separated, "." for the top) that
// hold, or are above, the paths of a manifest, with the folders in order.
type folderSet struct {
	// files counts, by folder, the manifest's files directly in it (0 for
	// a folder only above some).
	files  map[string]int
	sorted []string
}

// foldersOf returns the folders of a manifest's paths.
func foldersOf(hashes map[string]string) *folderSet {
	f := &folderSet{files: map[string]int{".": 0}}
	for p := range hashes {
		f.add(p)
	}
	f.sorted = slices.Sorted(maps.Keys(f.files))
	return f
}

// add adds the file p to the set (not to sorted): its folder's count, and
// the folders above it.
func (f *folderSet) add(p string) {
	d := path.Dir(p)
	n, seen := f.files[d]
	f.files[d] = n + 1
	for !seen {
		d = path.Dir(d)
		if _, seen = f.files[d]; !seen {
			f.files[d] = 0
		}
	}
}

// has reports whether d is a folder of the set.
func (f *folderSet) has(d string) bool {
	_, ok := f.files[d]
	return ok
}

// knownDirs returns every folder that holds, or is above, a path of the
// published manifest or of the list, in order: the manifest's as the store
// keeps them (computed once for a manifest, not every build), the list's
// besides. known reports whether a folder is one of them.
func (s *Store) knownDirs(kept []string) (order []string, known func(string) bool) {
	dirs := s.frontFolders()
	extra := foldersBeyond(dirs, kept)
	order = dirs.sorted
	if len(extra.sorted) > 0 {
		order = slices.Concat(order, extra.sorted)
	}
	return order, func(d string) bool { return dirs.has(d) || extra.has(d) }
}

// foldersBeyond returns the folders that hold, or are above, the given
// files and that dirs does not have, with them sorted.
func foldersBeyond(dirs *folderSet, files []string) *folderSet {
	extra := &folderSet{files: map[string]int{}}
	for _, p := range files {
		for d := path.Dir(p); !dirs.has(d) && !extra.has(d); d = path.Dir(d) {
			extra.files[d] = 0
		}
	}
	extra.sorted = slices.Sorted(maps.Keys(extra.files))
	return extra
}

// frontFolders returns the folders of the published manifest as it was
// read (before checkFront dropped any file from it), kept with it when the
// store has it from Manifests.
func (s *Store) frontFolders() *folderSet {
	switch {
	case s.frontDirs != nil:
		return s.frontDirs
	case s.frontKept == nil:
		return foldersOf(s.frontHashes)
	case s.frontKept.dirs == nil:
		s.frontKept.dirs = foldersOf(s.frontHashes)
	}
	return s.frontKept.dirs
}

// isOwnFile reports the files of the folder that are nonopress's own
// bookkeeping, never a user's: the marker, the list, temporary files.
func isOwnFile(rel string, d fs.DirEntry) bool {
	return rel == MarkerName || rel == UserListName || isTempName(d.Name())
}

// markTime returns the change time of dir's marker, false if unknown.
func markTime(dir string) (int64, bool) {
	return changeTime(filepath.Join(dir, MarkerName))
}

// statusChanged reports whether the folder rel of a tree changed (an entry
// added, removed or renamed, or its times set) at or after mark; true when
// that cannot be told. A change time cannot be set back by a user (touch,
// rsync -t and tar set the modification time, and so move the change time
// to now), so a folder whose change time is before the marker's holds the
// entries it held when the marker was written.
func statusChanged(times *treeTimes, rel string, mark int64) bool {
	changed, ok := times.changeTime(rel)
	return !ok || changed >= mark
}
