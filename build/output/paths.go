package output

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/nonopress/nonopress/internal/treefile"
)

// ValidPath reports whether rel may name a file of an output folder: a
// clean, relative, slash-separated path that stays inside the folder ("a/b",
// never "../b", "/b", "a/../b", "a//b", "./a", "" or a name holding a
// backslash or NUL). Every path read back from a manifest or a cache is
// checked with it before it is opened, linked or deleted: those files live
// where anyone who can commit to the repository (or restore a CI cache) can
// write them.
func ValidPath(rel string) bool {
	if rel == "" || rel == "." || strings.ContainsAny(rel, "\\\x00") || path.IsAbs(rel) || path.Clean(rel) != rel {
		return false
	}
	return rel != ".." && !strings.HasPrefix(rel, "../")
}

// validManifest reports whether every path of a manifest is valid: one bad
// line makes the whole manifest untrusted (the folder is then treated as
// left by an interrupted build, its files compared byte by byte).
func validManifest(hashes map[string]string) bool {
	for p := range hashes {
		if !ValidPath(p) {
			return false
		}
	}
	return true
}

// ErrLinkedBackBuffer is returned when the back buffer is a symbolic link:
// a build deletes files in it, so it must be the folder it appears to be.
var ErrLinkedBackBuffer = errors.New("the back buffer is a symbolic link; nonopress writes and deletes in it, so it must be a real folder: remove the link")

// checkNotLink refuses a folder of nonopress's beside the output (the back
// buffer, the kept folder) that is a symbolic link, with linked: a
// committed or restored one could point anywhere.
func checkNotLink(dir string, linked error) error {
	info, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("output folder: %w", err)
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("output folder %s: %w", dir, linked)
	}
	return nil
}

// maxMarkerBytes caps a marker file: its manifest lists every file of a
// site, some 70 bytes each.
const maxMarkerBytes = 1 << 30

// maxOutputBytes caps an output file read back (a booklet is the largest).
const maxOutputBytes = 1 << 30

// readOutput reads back a file of an output folder: a regular file only (a
// FIFO or a device planted in a restored folder must not block the build).
func readOutput(path string) ([]byte, error) {
	return treefile.ReadFile(context.Background(), path, maxOutputBytes)
}
