// Package atomicfile writes files so that no reader ever sees one half
// written and a failure leaves the old file in place: the data goes to a
// temporary file in the same folder, which is flushed to disk (fsync) and
// then renamed over the target, so that a crash after the rename cannot leave
// the new name holding no data.
package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tempPrefix and tempSuffix frame the names of temporary files, so that a
// cleaner can recognise those a killed process left behind (IsTemp).
const tempPrefix, tempSuffix = ".np-", ".tmp"

// Write writes data to path (mode 0644) through a temporary file, synced to
// disk, and a rename. The folder must exist.
func Write(path string, data []byte) error {
	return WriteWith(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteWith is Write for data that write produces into a buffered writer, so
// that a large file (a cache of a hundred thousand puzzles) is never whole
// in memory. If write fails, the target is left as it was.
func WriteWith(path string, write func(io.Writer) error) error {
	return writeFile(path, 0o644, write, true)
}

// WriteNoSync is Write without the fsync: the file is never seen half
// written, but a crash of the machine may leave the new name with missing
// data. It is for files whose reader takes a torn copy for no copy (a clean
// marker of an output folder, which then reads as dirty), where waiting for
// the disk buys nothing.
func WriteNoSync(path string, data []byte) error {
	return writeFile(path, 0o644, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, false)
}

// writeFile is WriteWith giving the new file the permission bits mode, and
// syncing the temporary file before the rename if sync is set. An error of
// the file system names path, not the temporary file (which its user never
// asked for); one of write is returned as it is.
func writeFile(path string, mode os.FileMode, write func(io.Writer) error, sync bool) error {
	f, err := os.CreateTemp(filepath.Dir(path), tempPrefix+"*"+tempSuffix)
	if err != nil {
		return onTarget(err, path)
	}
	tmp := f.Name()
	bw := bufio.NewWriterSize(f, 256<<10)
	if err := write(bw); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	err = bw.Flush()
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return onTarget(err, path)
	}
	return nil
}

// onTarget returns err, an error of an operation on the temporary file
// written for path, as an error writing path.
func onTarget(err error, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: "write", Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: "write", Path: path, Err: le.Err}
	}
	return err
}

// IsTemp reports whether a file name is one of Write's temporary files.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, tempPrefix) && strings.HasSuffix(name, tempSuffix)
}
