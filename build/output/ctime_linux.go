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
