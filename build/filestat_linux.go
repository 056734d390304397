//go:build linux

package build

import (
	"os"
	"syscall"
)

// inodeAndChange returns a file's inode number and change time (which no
// program can set back), when the system gives them.
func inodeAndChange(info os.FileInfo) (uint64, int64) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return st.Ino, st.Ctim.Nano()
	}
	return 0, 0
}
