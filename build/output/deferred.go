package output

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/nonopress/nonopress/build/internal/parallel"
)

// A fresh back buffer: when the back buffer is empty (the build after the
// first, or after a build that changed nothing) while the published folder
// holds a complete site, every unchanged file would have to be hard-linked
// from the published folder into the back buffer before the swap: as many
// links as the site has files, the whole cost of a warm build. Instead the
// links are deferred (Store.pending): a file whose bytes the published
// folder already holds is only recorded, and linked at commit, and only if
// the build changed something. A build that changed nothing leaves the
// published folder as it is, does not swap, and leaves the back buffer clean
// and empty for the next build to do the same.

// unchanged reports whether this build wrote exactly the published files.
func (s *Store) unchanged() bool {
	return s.frontHashes != nil && maps.Equal(s.written, s.frontHashes)
}

// linkPending makes the deferred hard links (see linkInto).
func (s *Store) linkPending() error {
	linked, err := s.linkInto(context.Background(), s.pending)
	if err != nil {
		return err
	}
	for p := range linked {
		s.backHashes[p] = s.written[p]
	}
	s.pending = nil
	return nil
}

// linkInto hard-links the given published files into the back buffer, which
// began empty, a folder at a time on a pool of workers (links cost a system
// call each, and the file system takes them in parallel for different
// folders). It returns the files linked: all of them, or when ctx ends or an
// error stops it, those of the folders it completed.
func (s *Store) linkInto(ctx context.Context, files map[string]bool) (map[string]bool, error) {
	byDir := map[string][]string{}
	for p := range files {
		dir := filepath.Dir(filepath.Join(s.back, filepath.FromSlash(p)))
		byDir[dir] = append(byDir[dir], p)
	}
	dirs := slices.Sorted(maps.Keys(byDir))
	done := make([]bool, len(dirs))
	err := parallel.Do(ctx, len(dirs), func(i int) error {
		// Back began empty and nothing else wrote these names: plain links.
		// (A name already there is replaced atomically.)
		if err := os.MkdirAll(dirs[i], 0o755); err != nil {
			return err
		}
		slices.Sort(byDir[dirs[i]]) // in order: of several failing links, the first is said
		for _, p := range byDir[dirs[i]] {
			src, dst := filepath.Join(s.front, filepath.FromSlash(p)), filepath.Join(s.back, filepath.FromSlash(p))
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

// Prepare readies the back buffer of out for quick rebuilds. When it is
// empty (after the first build into a new folder) the next build that
// changes something must first link every unchanged file into it, as many
// system calls as the site has files; Prepare makes those links ahead of
// time, so that build writes only what changed. Stopped by ctx, it leaves
// the back buffer clean with the files linked so far.
func Prepare(ctx context.Context, out string, min *Minifier, manifests *Manifests) error {
	_, back, err := Folders(out)
	if err != nil {
		return err
	}
	if hashes, _ := manifests.read(back); len(hashes) > 0 {
		return nil // a complete older site already
	}
	s, err := Open(out, min, manifests)
	if err != nil {
		return err
	}
	defer s.Close()
	if err := s.dirtyMarked(); err != nil {
		return err
	}
	if !s.fresh || s.Damaged() {
		// Nothing to do, or files to link are gone from the published
		// folder (the next build writes them): put the marker back as Open
		// found it.
		if !s.backClean {
			return nil
		}
		if err := writeMarker(s.back, markerClean, s.backHashes); err != nil {
			return err
		}
		s.manifests.remember(s.back, s.backHashes)
		return nil
	}
	files := make(map[string]bool, len(s.frontHashes))
	for p := range s.frontHashes {
		files[p] = true
	}
	linked, err := s.linkInto(ctx, files)
	if err != nil && ctx.Err() == nil {
		// A folder may be half linked: the marker stays dirty, and the
		// next build compares what it finds.
		return fmt.Errorf("prepare back buffer: %w", err)
	}
	manifest := make(map[string]string, len(linked))
	for p := range linked {
		manifest[p] = s.frontHashes[p]
	}
	if err := writeMarker(s.back, markerClean, manifest); err != nil {
		return err
	}
	// The published folder differs from the back buffer by the files not
	// linked (if any), as after a commit that wrote them.
	var missing []string
	for p := range s.frontHashes {
		if !linked[p] {
			missing = append(missing, p)
		}
	}
	slices.Sort(missing)
	now := s.frontKept
	if now == nil {
		now = &keptMarker{hashes: s.frontHashes}
	}
	s.manifests.rememberCommit(s.front, s.back, now, &keptMarker{hashes: manifest}, missing, nil)
	return nil
}

// readPending reads a file of the back buffer that may still be a deferred
// link: then front's copy, which has the same bytes.
func (s *Store) readPending(rel string) ([]byte, error) {
	data, err := readOutput(filepath.Join(s.back, filepath.FromSlash(rel)))
	if errors.Is(err, fs.ErrNotExist) {
		s.mu.Lock()
		pending := s.pending[rel]
		s.mu.Unlock()
		if pending {
			return readOutput(filepath.Join(s.front, filepath.FromSlash(rel)))
		}
	}
	return data, err
}
