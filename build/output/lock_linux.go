//go:build linux

package output

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// lockOutput takes an exclusive lock on the back buffer folder itself, so
// that two builds (a `serve` and a `build`, say) never update it at once. The
// lock belongs to the folder, not to its name, so it holds across the swap;
// the kernel drops it if the process dies.
func lockOutput(dir string) (func(), error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("lock output folder: %w", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, fmt.Errorf("output folder %s: %w", dir, ErrBusy)
		}
		return nil, fmt.Errorf("lock output folder: %w", err)
	}
	return func() { f.Close() }, nil
}
