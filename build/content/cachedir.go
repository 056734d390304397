package content

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// ErrCacheDirOutside is why a cache_dir is refused: it is absolute or
// leaves the content folder, so that a pull request to an archive built in
// CI could make the build read forged caches from, or write caches to, any
// place the CI can reach.
var ErrCacheDirOutside = errors.New("must be a folder inside the content folder, given relative to it (for example \".cache\"); leave cache_dir out to keep the caches in .nonopress-cache beside the content folder")

// checkCacheDir refuses a cache_dir that is absolute, climbs out of src with
// "..", or already exists as a symbolic link (on the way) leading out of src.
func checkCacheDir(src, dir string) error {
	slash := filepath.ToSlash(dir)
	if strings.HasPrefix(slash, "/") || filepath.IsAbs(dir) || !filepath.IsLocal(filepath.FromSlash(slash)) {
		return ErrCacheDirOutside
	}
	root, err := filepath.EvalSymlinks(src)
	if err != nil {
		return nil // the content folder's own errors are reported where it is read
	}
	// The longest part of the path that exists must resolve inside src.
	for p := filepath.Join(root, filepath.FromSlash(slash)); p != root; p = filepath.Dir(p) {
		real, err := filepath.EvalSymlinks(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%w (%v)", ErrCacheDirOutside, err)
		}
		if rel, err := filepath.Rel(root, real); err != nil || !filepath.IsLocal(rel) {
			return fmt.Errorf("%w (it is a symbolic link to %s)", ErrCacheDirOutside, real)
		}
		return nil
	}
	return nil
}
