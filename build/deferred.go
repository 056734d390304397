package build

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// A fresh back buffer: when the back buffer is empty (the build after the
// first, or after a build that changed nothing) while the published folder
// holds a complete site, every unchanged file would have to be hard-linked
// from the published folder into the back buffer before the swap: as many
// links as the site has files, the whole cost of a warm build. Instead the
// links are deferred (output.pending): a file whose bytes the published
// folder already holds is only recorded, and linked at commit, and only if
// the build changed something. A build that changed nothing leaves the
// published folder as it is, does not swap, and leaves the back buffer clean
// and empty for the next build to do the same.

// deferLink records that back needs front's copy of rel, which this build
// found unchanged. The caller holds o.mu.
func (o *output) deferLink(rel string) {
	if o.pending == nil {
		o.pending = map[string]bool{}
	}
	o.pending[rel] = true
}

// unchanged reports whether this build wrote exactly the published files.
func (o *output) unchanged() bool {
	if o.frontHashes == nil || len(o.written) != len(o.frontHashes) {
		return false
	}
	for p, h := range o.written {
		if o.frontHashes[p] != h {
			return false
		}
	}
	return true
}

// linkPending makes the deferred hard links, a folder at a time on a pool
// of workers (links cost a system call each, and the file system takes them
// in parallel for different folders).
func (o *output) linkPending() error {
	byDir := map[string][]string{}
	for p := range o.pending {
		dir := filepath.Dir(filepath.Join(o.back, filepath.FromSlash(p)))
		byDir[dir] = append(byDir[dir], p)
	}
	dirs := sortedKeys(byDir)
	err := parallel(context.Background(), len(dirs), func(i int) error {
		// Back began empty and nothing else wrote these names: plain links.
		// (A name already there is replaced atomically.)
		if err := os.MkdirAll(dirs[i], 0o755); err != nil {
			return err
		}
		for _, p := range byDir[dirs[i]] {
			src, dst := filepath.Join(o.front, filepath.FromSlash(p)), filepath.Join(o.back, filepath.FromSlash(p))
			err := os.Link(src, dst)
			if errors.Is(err, fs.ErrExist) {
				err = linkAtomic(src, dst)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for p := range o.pending {
		o.backHashes[p] = o.written[p]
	}
	o.pending = nil
	return nil
}

// readPending reads a file of the back buffer that may still be a deferred
// link: then front's copy, which has the same bytes.
func (o *output) readPending(rel string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(o.back, filepath.FromSlash(rel)))
	if errors.Is(err, fs.ErrNotExist) {
		o.mu.Lock()
		pending := o.pending[rel]
		o.mu.Unlock()
		if pending {
			return os.ReadFile(filepath.Join(o.front, filepath.FromSlash(rel)))
		}
	}
	return data, err
}
