//go:build linux

package output

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// swapDirs makes next the published folder out, atomically: with
// renameat2(RENAME_EXCHANGE) the two folders trade names in one step, so out
// is at every instant either the old complete site or the new one. Where the
// kernel or file system does not support it, swapDirs falls back to renames.
func swapDirs(next, out string) error {
	if _, err := os.Stat(out); errors.Is(err, os.ErrNotExist) {
		return os.Rename(next, out)
	}
	err := unix.Renameat2(unix.AT_FDCWD, next, unix.AT_FDCWD, out, unix.RENAME_EXCHANGE)
	if err == nil {
		return nil
	}
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOTSUP) {
		return swapByRenames(next, out)
	}
	return &os.LinkError{Op: "renameat2", Old: next, New: out, Err: err}
}
