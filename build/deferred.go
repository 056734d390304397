package build

import (
	"context"
	"errors"
	"fmt"
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

// linkPending makes the deferred hard links (see linkInto).
func (o *output) linkPending() error {
	linked, err := o.linkInto(context.Background(), o.pending)
	if err != nil {
		return err
	}
	for p := range linked {
		o.backHashes[p] = o.written[p]
	}
	o.pending = nil
	return nil
}

// linkInto hard-links the given published files into the back buffer, which
// began empty, a folder at a time on a pool of workers (links cost a system
// call each, and the file system takes them in parallel for different
// folders). It returns the files linked: all of them, or when ctx ends or an
// error stops it, those of the folders it completed.
func (o *output) linkInto(ctx context.Context, files map[string]bool) (map[string]bool, error) {
	byDir := map[string][]string{}
	for p := range files {
		dir := filepath.Dir(filepath.Join(o.back, filepath.FromSlash(p)))
		byDir[dir] = append(byDir[dir], p)
	}
	dirs := sortedKeys(byDir)
	done := make([]bool, len(dirs))
	err := parallel(ctx, len(dirs), func(i int) error {
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
		done[i] = true
		return nil
	})
	linked := map[string]bool{}
	for i, dir := range dirs {
		if done[i] {
			for _, p := range byDir[dir] {
				linked[p] = true
			}
		}
	}
	return linked, err
}

// PrepareBack readies the back buffer for quick rebuilds. When it is empty
// (after the first build into a new folder) the next build that changes
// something must first link every unchanged file into it, as many system
// calls as the site has files; PrepareBack makes those links ahead of time,
// so that build writes only what changed. serve calls it after its first
// build, before any edit comes. Stopped by ctx, it leaves the back buffer
// clean with the files linked so far.
func (b *Builder) PrepareBack(ctx context.Context) error {
	_, back, err := outputFolders(b.cfg.Out)
	if err != nil {
		return err
	}
	if hashes, _ := b.markers.read(back); len(hashes) > 0 {
		return nil // a complete older site already
	}
	o, err := openOutput(b.cfg.Out, b.min, &b.markers)
	if err != nil {
		return err
	}
	defer o.close()
	if !o.fresh {
		// Nothing to do: put the marker back as openOutput found it.
		if !o.backClean {
			return nil
		}
		if err := writeMarker(o.back, markerClean, o.backHashes); err != nil {
			return err
		}
		o.markers.remember(o.back, o.backHashes)
		return nil
	}
	files := make(map[string]bool, len(o.frontHashes))
	for p := range o.frontHashes {
		files[p] = true
	}
	linked, err := o.linkInto(ctx, files)
	if err != nil && ctx.Err() == nil {
		// A folder may be half linked: the marker stays dirty, and the
		// next build compares what it finds.
		return fmt.Errorf("prepare back buffer: %w", err)
	}
	manifest := make(map[string]string, len(linked))
	for p := range linked {
		manifest[p] = o.frontHashes[p]
	}
	if err := writeMarker(o.back, markerClean, manifest); err != nil {
		return err
	}
	o.markers.remember(o.back, manifest)
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
