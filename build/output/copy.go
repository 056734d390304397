package output

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// The copies a build makes of files it did not write (a user's), each
// through an os.Root at either end: into the back buffer where a hard link
// is refused (copyAside), into the kept folder (keeper). The keeper's Roots
// are the published folder and the kept folder themselves, so that a symbolic
// link swapped in for a folder below them cannot lead the read or the
// write elsewhere; copyAside's are the file's own folders, which guards
// the file itself (a link is copied as a link, never followed) but not the
// folders above it: those are the ones the scan found by walking the
// published folder without following links.

// copyAside makes tmp a copy of src: a symbolic link as a link to the same
// target (never followed), a regular file with its bytes and permissions.
// Each is opened through a Root of its folder (see above for what that
// guards).
func copyAside(src, tmp string) error {
	from, err := os.OpenRoot(filepath.Dir(src))
	if err != nil {
		return err
	}
	defer from.Close()
	to, err := os.OpenRoot(filepath.Dir(tmp))
	if err != nil {
		return err
	}
	defer to.Close()
	name, tmpName := filepath.Base(src), filepath.Base(tmp)
	info, err := from.Lstat(name)
	if err != nil {
		return err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		target, err := from.Readlink(name)
		if err != nil {
			return err
		}
		return to.Symlink(target, tmpName)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", src)
	}
	return copyRegular(from, name, to, tmpName, info.Mode().Perm(), false)
}

// copyRegular copies the file name of from to tmp, a new file of to (one
// there already is an error), with perm, and syncs it if asked.
func copyRegular(from *os.Root, name string, to *os.Root, tmp string, perm fs.FileMode, sync bool) error {
	src, err := from.Open(name)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := to.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	if err == nil && sync {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	return err
}
