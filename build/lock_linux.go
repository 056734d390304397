//go:build linux

package build

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// lockOutput takes an exclusive lock on a file beside the output folders, so
// that two builds (a `serve` and a `build`, say) never update the same back
// buffer at once. The kernel drops the lock if the process dies.
func lockOutput(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock output folder: %w", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, fmt.Errorf("output folder: another build is writing it (lock %s)", path)
		}
		return nil, fmt.Errorf("lock output folder: %w", err)
	}
	return func() { f.Close() }, nil
}
