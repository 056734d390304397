package output

import (
	"fmt"
	"path/filepath"
	"sort"
)

// CarryPublished keeps, unchanged, every file of the published site that
// this build has not put or reused and that drop does not name: a build that
// knows exactly what it changed (serve's answer to an edit) puts those files
// and carries the rest over, instead of reusing them one by one. A file
// dropped and not put is removed at commit. The back buffer holds the
// carried files afterwards: those it had already (the common case, linked
// when it was prepared) are left alone, the others linked from the
// published folder.
func (s *Store) CarryPublished(drop func(rel string) bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
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
		} else if err := linkAtomic(filepath.Join(s.front, filepath.FromSlash(p)), filepath.Join(s.back, filepath.FromSlash(p))); err != nil {
			return fmt.Errorf("write output %s: %w", p, err)
		} else {
			s.backHashes[p] = s.frontHashes[p]
		}
		s.written[p] = s.frontHashes[p]
	}
	return nil
}
