//go:build unix

package treefile

import (
	"os"
	"syscall"
)

// openNoBlock opens a file for reading without waiting for a writer, should
// a FIFO have taken the name since it was checked.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
