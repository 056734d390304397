//go:build !linux

package output

import (
	"os"
	"path/filepath"
)

// changeTime is unknown here: every folder then counts as changed, and the
// walk for files nonopress did not write reads them all.
func changeTime(p string) (int64, bool) { return 0, false }

// treeTimes reads no change time here.
type treeTimes struct{ dir string }

func openTreeTimes(dir string) (*treeTimes, error)       { return &treeTimes{dir: dir}, nil }
func (t *treeTimes) changeTime(rel string) (int64, bool) { return 0, false }
func (t *treeTimes) close()                              {}

// stateTime is the time FoldersDigest records of rel: without change
// times, its modification time, which adding or removing an entry sets.
func (t *treeTimes) stateTime(rel string) (int64, bool) {
	info, err := os.Lstat(filepath.Join(t.dir, filepath.FromSlash(rel)))
	if err != nil {
		return 0, false
	}
	return info.ModTime().UnixNano(), true
}
