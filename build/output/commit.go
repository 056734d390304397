package output

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Changes says what a commit published, compared with the site it replaced.
type Changes struct {
	// Paths are the output paths (slash-separated) written or removed, sorted.
	Paths []string
	// Written and Removed count the files that are new or changed, and gone.
	Written, Removed int
	// Foreign lists the files of the published folder nonopress did not
	// write, kept in place (foreign.go).
	Foreign Foreign
}

// Commit completes the back buffer (stale files removed, manifest written)
// and swaps it with the published folder.
func (s *Store) Commit() (Changes, error) {
	if err := s.dirtyMarked(); err != nil {
		return Changes{}, err
	}
	if s.fresh {
		if s.unchanged() {
			// Nothing to publish: the back buffer stays clean and empty.
			err := writeMarker(s.back, markerClean, nil)
			if err == nil {
				s.manifests.remember(s.back, map[string]string{})
			}
			s.now = s.frontManifest()
			s.now.dirs = s.frontFolders()
			if err != nil {
				return Changes{}, err
			}
			// Not swapped: the user's files stay where they are, and are
			// said as by a commit that swaps.
			foreign, err := s.foundForeign()
			return Changes{Foreign: foreign}, err
		}
		if err := s.linkPending(); err != nil {
			return Changes{}, fmt.Errorf("link unchanged output: %w", err)
		}
	}
	if s.carried {
		return s.commitCarried()
	}
	if err := s.removeStale(); err != nil {
		return Changes{}, err
	}
	foreign, err := s.keepForeign()
	if err != nil {
		return Changes{}, err
	}
	was := s.frontManifest()
	order, sums, err := writeManifest(s.back, markerClean, s.written, was.order)
	if err != nil {
		return Changes{}, err
	}
	if err := s.swapIn(foreign.Replaced); err != nil {
		return Changes{}, err
	}
	if err := s.repairBackMarker(was); err != nil {
		return Changes{}, err
	}
	c, written, removed := s.changes()
	c.Foreign = foreign
	// The folders have swapped names, and their markers with them.
	now := &keptMarker{hashes: s.written, order: order, sums: sums}
	if len(order) > 0 && len(order) == len(was.order) && &order[0] == &was.order[0] {
		now.dirs = was.dirs // the same paths
	} else if len(removed) == 0 && len(s.written) == len(s.frontHashes) && !s.Damaged() {
		now.dirs = s.frontFolders() // the same paths, as read
	}
	s.now = now
	s.manifests.rememberCommit(s.front, s.back, now, was, written, removed)
	return c, nil
}

// frontManifest is the published folder's manifest as kept (order, sums
// and folders if known), for keeping as the back buffer's after a swap.
func (s *Store) frontManifest() *keptMarker {
	if s.frontKept == nil {
		return &keptMarker{hashes: s.frontHashes}
	}
	k := *s.frontKept
	return &k
}

// changes compares the files this build wrote with the published ones:
// what the commit changes, and the paths written anew and removed, sorted.
func (s *Store) changes() (c Changes, written, removed []string) {
	kept := 0 // published files still there
	for p, h := range s.written {
		old, ok := s.frontHashes[p]
		if ok {
			kept++
		}
		if !ok || old != h {
			written = append(written, p)
		}
	}
	if kept < len(s.frontHashes) { // else none was removed
		for p := range s.frontHashes {
			if _, ok := s.written[p]; !ok {
				removed = append(removed, p)
			}
		}
	}
	slices.Sort(written)
	slices.Sort(removed)
	return changesOf(written, removed), written, removed
}

// changesOf is the Changes of a commit that wrote written and removed
// removed (both sorted).
func changesOf(written, removed []string) Changes {
	c := Changes{Written: len(written), Removed: len(removed)}
	c.Paths = make([]string, 0, len(written)+len(removed))
	c.Paths = append(append(c.Paths, written...), removed...)
	slices.Sort(c.Paths)
	if len(c.Paths) == 0 {
		c.Paths = nil
	}
	return c
}

// removeStale deletes from back every file this build did not write (and
// folders left empty).
func (s *Store) removeStale() error {
	if s.backClean {
		return s.removeStaleKnown()
	}
	var dirs []string
	err := filepath.WalkDir(s.back, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(s.back, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." {
				dirs = append(dirs, p)
			}
			return nil
		}
		if _, ok := s.written[rel]; !ok && rel != MarkerName {
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("remove stale output: %w", err)
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		os.Remove(dirs[i]) // fails, as it should, unless empty
	}
	return nil
}

// removeStaleKnown is removeStale for a back buffer that was clean when the
// build began: it held the files of its manifest (backHashes) and those of
// a user's its list names (backUserFiles), and the build has added only
// files it recorded, so the stale files are the manifest's that this build
// did not write and the user's, found without walking the whole folder (a
// walk costs as much as a warm build of a large site). Folders left empty
// by their removal are removed too. One thing may be there that no manifest
// lists: the temporary file of a marker being written when a build was
// killed (before the marker said dirty); it is at the top.
func (s *Store) removeStaleKnown() error {
	var stale []string
	for rel := range s.backHashes {
		if _, ok := s.written[rel]; !ok && rel != MarkerName {
			stale = append(stale, rel)
		}
	}
	slices.Sort(stale) // in order: of several failing removals, the first is said
	return s.removeFromBack(stale)
}

// swapIn swaps the completed back buffer with the published folder, then
// drops from the old site the user's files the site took over, taken
// (dropTakenOver).
func (s *Store) swapIn(taken []Takeover) error {
	if err := swapDirs(s.back, s.front); err != nil {
		return fmt.Errorf("publish output: %w", err)
	}
	s.dropTakenOver(taken)
	return nil
}
