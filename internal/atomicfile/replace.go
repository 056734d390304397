package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/nonopress/nonopress/internal/treefile"
)

// ErrNotRegular is the reason Replace refuses a destination that exists and
// is not a regular file (a folder, a FIFO, a device node, a socket).
var ErrNotRegular = errors.New("not a regular file")

// ErrLinkLoop is the reason Replace gives up on a chain of symbolic links
// that does not end.
var ErrLinkLoop = errors.New("too many levels of symbolic links")

// maxLinkHops bounds the symbolic links Replace follows, as the kernel does.
const maxLinkHops = 40

// Replace writes data to path the way a user expects of an editor's save or
// a command's -o: through a symbolic link to the file it names (the link is
// kept and its target updated), keeping an existing file's permission bits
// (a 0600 file stays 0600; a new one is 0644), and refusing a destination
// that is not a regular file, which a rename would silently replace. The
// write itself is atomic, as Write's.
func Replace(path string, data []byte) error {
	target, err := resolveLinks(path)
	if err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	info, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	case !info.Mode().IsRegular():
		return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, treefile.Kind(info.Mode()))}
	default:
		mode = info.Mode().Perm()
	}
	return writeFile(target, mode, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, true)
}

// resolveLinks follows path's symbolic links, if any, to the name they end
// at, which need not exist yet (a dangling link is written through, as the
// shell's > does).
func resolveLinks(path string) (string, error) {
	start := path
	for range maxLinkHops {
		info, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", &fs.PathError{Op: "write", Path: start, Err: ErrLinkLoop}
}
