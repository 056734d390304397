package output

import (
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Drop names the published files a build does not carry over: Files, and
// every file under the folders of Dirs (slash-terminated paths).
type Drop struct {
	Files, Dirs []string
}

// Has reports whether d names rel.
func (d Drop) Has(rel string) bool {
	if slices.Contains(d.Files, rel) {
		return true
	}
	for _, dir := range d.Dirs {
		if strings.HasPrefix(rel, dir) {
			return true
		}
	}
	return false
}

// in returns the paths of order (sorted) that d names, found by binary
// search instead of a pass over every path.
func (d Drop) in(order []string) map[string]bool {
	found := map[string]bool{}
	for _, f := range d.Files {
		if i, ok := slices.BinarySearch(order, f); ok {
			found[order[i]] = true
		}
	}
	for _, dir := range d.Dirs {
		i, _ := slices.BinarySearch(order, dir)
		for ; i < len(order) && strings.HasPrefix(order[i], dir); i++ {
			found[order[i]] = true
		}
	}
	return found
}

// CarryPublished keeps, unchanged, every file of the published site that
// this build has not put or reused and that drop does not name: a build that
// knows exactly what it changed (serve's answer to an edit) puts those files
// and carries the rest over, instead of reusing them one by one. A file
// dropped and not put is removed at commit. The back buffer holds the
// carried files afterwards: those it had already (the common case, linked
// when it was prepared) are left alone, the others linked from the
// published folder. The store takes no other file after it.
//
// When the store knows what the last commit changed between the two
// folders (Manifests), the carried files are not listed one by one: the
// back buffer lacks only what that commit wrote, and the commit that follows
// works from the change set alone (commitCarried).
func (s *Store) CarryPublished(drop Drop) error {
	if s.Damaged() {
		return fmt.Errorf("output folder %s: files its manifest lists are gone or replaced: they cannot be carried over", s.front)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil || s.fresh || s.frontKept.sums == nil {
		return s.carryEach(drop.Has)
	}
	s.dropped = drop.in(s.frontKept.order)
	for _, p := range s.last.written {
		if _, done := s.written[p]; done || s.dropped[p] {
			continue
		}
		if h := s.frontHashes[p]; s.backHashes[p] != h {
			if err := s.linkFromFront(p); err != nil {
				return err
			}
			s.backHashes[p] = h
		}
	}
	s.carried = true
	return nil
}

// carryEach is CarryPublished by a pass over every published file.
func (s *Store) carryEach(drop func(rel string) bool) error {
	var link []string
	for p, h := range s.frontHashes {
		if _, done := s.written[p]; done || drop(p) {
			continue
		}
		if s.backHashes[p] != h {
			link = append(link, p)
			continue
		}
		s.written[p] = h
	}
	sort.Strings(link)
	for _, p := range link {
		if s.fresh {
			s.deferLink(p)
		} else if err := s.linkFromFront(p); err != nil {
			return err
		} else {
			s.backHashes[p] = s.frontHashes[p]
		}
		s.written[p] = s.frontHashes[p]
	}
	return nil
}

// linkFromFront hard-links the published copy of rel into the back buffer.
func (s *Store) linkFromFront(rel string) error {
	if err := s.dirtyMarked(); err != nil {
		return err
	}
	if err := linkAtomic(filepath.Join(s.front, filepath.FromSlash(rel)), filepath.Join(s.back, filepath.FromSlash(rel))); err != nil {
		return fmt.Errorf("write output %s: %w", rel, err)
	}
	return nil
}

// commitCarried is Commit after a CarryPublished that knew the last change
// set: the back buffer holds what front held before its last commit
// (backHashes), brought up to date by the links CarryPublished made and the
// files put. The stale files are those the last commit removed and those
// dropped, unless put; the new manifest is the published one with the
// files put and dropped merged in, written from the kept order without a
// lookup a path; backHashes, with the same changes, becomes the kept
// manifest of the new published folder. No step passes over every file.
func (s *Store) commitCarried() (Changes, error) {
	var stale []string
	for _, p := range slices.Concat(s.last.removed, slices.Sorted(maps.Keys(s.dropped))) {
		_, put := s.written[p]
		if _, inBack := s.backHashes[p]; inBack && !put {
			stale = append(stale, p)
		}
	}
	if err := s.removeFromBack(stale); err != nil {
		return Changes{}, err
	}
	foreign, err := s.keepForeign()
	if err != nil {
		return Changes{}, err
	}
	was := s.frontManifest()
	now, written, removed := s.carriedManifest(was)
	if err := writeManifestLines(s.back, markerClean, now.order, now.sums); err != nil {
		return Changes{}, err
	}
	if err := s.swapIn(foreign.Replaced); err != nil {
		return Changes{}, err
	}
	for _, p := range stale {
		delete(s.backHashes, p)
	}
	for p, h := range s.written {
		s.backHashes[p] = h
	}
	now.hashes = s.backHashes
	s.now = now
	s.manifests.rememberCommit(s.front, s.back, now, was, written, removed)
	c := changesOf(written, removed)
	c.Foreign = foreign
	return c, nil
}

// carriedManifest merges the files put and dropped into was, the published
// manifest: it returns the new manifest's paths and hashes in order (and
// its folders, when they are was's), and the paths written anew and
// removed, sorted.
func (s *Store) carriedManifest(was *keptMarker) (now *keptMarker, written, removed []string) {
	touched := slices.Sorted(maps.Keys(s.written))
	for p := range s.dropped {
		if _, put := s.written[p]; !put {
			touched = append(touched, p)
		}
	}
	slices.Sort(touched)
	now = &keptMarker{dirs: was.dirs}
	n := len(was.order) + len(s.written)
	now.order, now.sums = make([]string, 0, n), make([]string, 0, n)
	i := 0 // in was.order
	for _, p := range touched {
		j, inFront := slices.BinarySearch(was.order[i:], p)
		now.order = append(now.order, was.order[i:i+j]...)
		now.sums = append(now.sums, was.sums[i:i+j]...)
		i += j
		old := ""
		if inFront {
			old = was.sums[i]
			i++
		}
		h, put := s.written[p]
		switch {
		case !put:
			removed = append(removed, p)
			continue
		case h != old:
			written = append(written, p)
		}
		now.order, now.sums = append(now.order, p), append(now.sums, h)
		if !inFront && was.dirs != nil && !was.dirs.has(path.Dir(p)) {
			now.dirs = nil // a new folder: found again by the next scan
		}
	}
	now.order = append(now.order, was.order[i:]...)
	now.sums = append(now.sums, was.sums[i:]...)
	return now, written, removed
}
