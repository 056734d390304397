//go:build !linux

package output

import (
	"errors"
	"os"
)

// swapDirs makes next the published folder out (see swap_linux.go); here,
// without an atomic exchange, by renames.
func swapDirs(next, out string) error {
	if _, err := os.Stat(out); errors.Is(err, os.ErrNotExist) {
		return os.Rename(next, out)
	}
	return swapByRenames(next, out)
}
