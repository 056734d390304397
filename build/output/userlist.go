package output

import (
	"bytes"
	"context"
	"io/fs"
	"path"
	"path/filepath"
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
	file := filepath.Join(dir, UserListName)
	data, err := treefile.ReadFile(context.Background(), file, maxUserListBytes)
	if err != nil {
		return nil, false
	}
	if changed, ok := changeTime(file); !ok || changed > mark {
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
		if !ValidPath(p) {
			return nil, false
		}
		kept = append(kept, p)
	}
	return kept, true
}

// knownDirs returns every folder (slash-separated, "." for the top) that
// holds, or is above, a path of the manifest or of the list.
func knownDirs(hashes map[string]string, kept []string) map[string]bool {
	dirs := map[string]bool{".": true}
	add := func(p string) {
		for d := path.Dir(p); !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	for p := range hashes {
		add(p)
	}
	for _, p := range kept {
		add(p)
	}
	return dirs
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

// statusChanged reports whether the folder p changed (an entry added,
// removed or renamed, or its times set) at or after mark; true when that
// cannot be told. A change time cannot be set back by a user (touch, rsync
// -t and tar set the modification time, and so move the change time to
// now), so a folder whose change time is before the marker's holds the
// entries it held when the marker was written.
func statusChanged(p string, mark int64) bool {
	changed, ok := changeTime(p)
	return !ok || changed >= mark
}
