package output

import "os"

// swapByRenames exchanges two folders with three renames. Unlike
// RENAME_EXCHANGE it leaves a moment where out does not exist; it is the
// fallback for systems without an atomic exchange.
func swapByRenames(next, out string) error {
	tmp := next + ".swap"
	if err := os.Rename(out, tmp); err != nil {
		return err
	}
	if err := os.Rename(next, out); err != nil {
		os.Rename(tmp, out)
		return err
	}
	return os.Rename(tmp, next)
}
