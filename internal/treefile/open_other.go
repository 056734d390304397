//go:build !unix

package treefile

import "os"

// openNoBlock opens a file for reading.
func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
