//go:build !linux

package build

import "io"

// isTerminal reports whether w is a terminal; elsewhere than Linux nonopress
// does not ask, and shows no progress line.
func isTerminal(w io.Writer) bool { return false }
