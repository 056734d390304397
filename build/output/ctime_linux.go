//go:build linux

package output

import "golang.org/x/sys/unix"

// changeTime returns a file's status change time (ctime) in nanoseconds,
// without following a final symbolic link; false if it cannot be read.
func changeTime(p string) (int64, bool) {
	var st unix.Stat_t
	if err := unix.Lstat(p, &st); err != nil {
		return 0, false
	}
	return st.Ctim.Nano(), true
}

// treeTimes reads the change times of the entries of one folder tree by
// paths relative to its top: one open folder, so that each read walks the
// path below it rather than the whole absolute path (the walk for files
// nonopress did not write reads one a folder of the site).
type treeTimes struct{ fd int }

// openTreeTimes opens the tree whose top is dir.
func openTreeTimes(dir string) (*treeTimes, error) {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	return &treeTimes{fd: fd}, nil
}

// changeTime is changeTime for rel, a slash-separated path below the top.
func (t *treeTimes) changeTime(rel string) (int64, bool) {
	var st unix.Stat_t
	if err := unix.Fstatat(t.fd, rel, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return 0, false
	}
	return st.Ctim.Nano(), true
}

// stateTime is the time FoldersDigest records of rel: its change time.
func (t *treeTimes) stateTime(rel string) (int64, bool) { return t.changeTime(rel) }

// close closes the tree's top folder.
func (t *treeTimes) close() { unix.Close(t.fd) }
