// Package treefile reads the files of a content tree the way a build must
// when the tree comes from strangers (a pull request built in CI): a
// symbolic link is followed only when it ends inside the tree (a loop is an
// error), only regular files are read (never a FIFO, a device or a socket,
// which could block forever or never end), every read is capped in size and
// stops when its context ends.
package treefile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Errors a Read may wrap in an *Error; test for them with errors.Is.
var (
	// ErrOutside: the path, or a symbolic link on the way, leads out of the tree.
	ErrOutside = errors.New("leads outside the content tree")
	// ErrNotRegular: the file is a folder, FIFO, device or socket.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge: the file holds more than the limit for its kind.
	ErrTooLarge = errors.New("file too large")
)

// Error is a file of the tree that was not read, and why.
type Error struct {
	Path string // as given to Read
	Err  error
}

func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

// Tree is a content tree: a folder whose files may be read.
type Tree struct {
	root string // absolute, symbolic links resolved
}

// New returns the tree rooted at dir (which may itself be reached through
// a symbolic link: the tree is where it leads).
func New(dir string) (*Tree, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	return &Tree{root: real}, nil
}

// Root returns the tree's folder, absolute and with links resolved.
func (t *Tree) Root() string { return t.root }

// Resolve returns the real path of path (which names a file inside the
// tree, absolute or relative to the working folder), following symbolic
// links only as long as they stay inside, and checks that it is a regular
// file.
func (t *Tree) Resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", &Error{path, err}
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		if strings.Contains(err.Error(), "too many links") {
			return "", &Error{path, fmt.Errorf("symbolic link loop: %w", err)}
		}
		return "", &Error{path, unwrapPath(err)}
	}
	if !t.contains(real) {
		return "", &Error{path, fmt.Errorf("%w (it is a symbolic link to %s): not read", ErrOutside, real)}
	}
	info, err := os.Stat(real)
	if err != nil {
		return "", &Error{path, unwrapPath(err)}
	}
	if !info.Mode().IsRegular() {
		return "", &Error{path, fmt.Errorf("%w (%s): not read", ErrNotRegular, Kind(info.Mode()))}
	}
	return real, nil
}

// contains reports whether real (absolute, resolved) is the root or below it.
func (t *Tree) contains(real string) bool {
	_, ok := Inside(t.root, real)
	return ok
}

// Inside reports whether path is the folder dir or inside it, and if so
// path relative to dir ("." for dir itself). Both are absolute, or both
// relative to the same folder (one of each is never inside); they are
// compared as written, cleaned but with no symbolic link followed, so
// "a/bc" is not inside "a/b" and "a/b/../c" is not inside "a/b".
func Inside(dir, path string) (rel string, ok bool) {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// chunk is how much Read reads between looks at its context.
const chunk = 1 << 20

// Read returns the bytes of path, a file of the tree: see Resolve for what
// is refused. More than limit bytes is an error (ErrTooLarge); when ctx ends
// the read stops with ctx's error.
func (t *Tree) Read(ctx context.Context, path string, limit int64) ([]byte, error) {
	real, err := t.Resolve(path)
	if err != nil {
		return nil, err
	}
	data, err := ReadFile(ctx, real, limit)
	var te *Error
	if errors.As(err, &te) {
		te.Path = path
	}
	return data, err
}

// ReadFile reads a file already known to be inside the tree (Resolve): it
// refuses anything but a regular file without blocking on it, stops at
// limit bytes (ErrTooLarge) and when ctx ends.
func ReadFile(ctx context.Context, path string, limit int64) ([]byte, error) {
	f, info, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Sized by the file, one byte over to see its end (or that it grew past
	// limit) without growing: a puzzle of a few hundred bytes costs that,
	// not a chunk.
	out := make([]byte, 0, min(max(info.Size(), 0), limit)+1)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(out) == cap(out) {
			out = append(out, 0)[:len(out)] // the file grew since its size was read
		}
		n, err := f.Read(out[len(out):min(cap(out), len(out)+chunk)])
		out = out[:len(out)+n]
		if int64(len(out)) > limit {
			return nil, &Error{path, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)}
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, &Error{path, unwrapPath(err)}
		}
	}
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Kind names a file's type for an error message: "a folder", "a named
// pipe"...
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	default:
		return "a special file"
	}
}

// OpenRegular opens path for reading only if it is a regular file, without
// blocking on a FIFO (ErrNotRegular otherwise), for files read as a stream
// rather than whole, such as a build's caches.
func OpenRegular(path string) (*os.File, error) {
	f, _, err := openRegular(path)
	return f, err
}

// openRegular is OpenRegular that also returns what the opened file is.
func openRegular(path string) (*os.File, fs.FileInfo, error) {
	f, err := openNoBlock(path)
	if err != nil {
		return nil, nil, &Error{path, unwrapPath(err)}
	}
	// Checked on what was opened: the name may have been swapped since.
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, &Error{path, fmt.Errorf("%w: not read", ErrNotRegular)}
	}
	return f, info, nil
}
