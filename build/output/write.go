package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// Reuse records files that an earlier build wrote, given by path and hash,
// without producing them again: each must already be in back with that hash,
// or in front, from where it is hard-linked into back. It is all or nothing:
// it returns false, recording none, if any file is missing.
func (s *Store) Reuse(files map[string]string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	var fromFront []string
	for p, h := range files {
		if _, dup := s.written[p]; dup || !ValidPath(p) {
			return false
		}
		switch {
		case s.backHashes[p] == h:
		case s.frontHashes[p] == h:
			fromFront = append(fromFront, p)
		default:
			return false
		}
	}
	sort.Strings(fromFront)
	if s.fresh {
		for _, p := range fromFront {
			s.deferLink(p)
		}
		fromFront = nil
	}
	for _, p := range fromFront {
		if s.dirtyMarked() != nil {
			return false
		}
		if err := linkAtomic(filepath.Join(s.front, filepath.FromSlash(p)), filepath.Join(s.back, filepath.FromSlash(p))); err != nil {
			return false // already linked ones are harmless: recorded or removed as stale
		}
		s.backHashes[p] = files[p]
	}
	for p, h := range files {
		s.written[p] = h
	}
	return true
}

// linkAtomic makes dst a hard link to src (a copy where the file system
// refuses hard links), replacing dst atomically. When
// dst is already a link to src (a user's file kept by the commit before,
// found again in the folder that commit swapped out), the rename does
// nothing and leaves the temporary name, which is then removed: it would
// otherwise be published beside the file.
func linkAtomic(src, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp := dst + ".np-link.tmp"
	os.Remove(tmp)
	if err := hardLink(src, tmp); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return err
		}
		// Refused (a file system without hard links, a mount inside the
		// folder, or the kernel's protection of another owner's file): a
		// copy serves as well, costing the bytes.
		if cerr := copyAside(src, tmp); cerr != nil {
			os.Remove(tmp)
			return fmt.Errorf("%w (and copying: %v)", err, cerr)
		}
	}
	err := os.Rename(tmp, dst)
	os.Remove(tmp) // gone unless the rename failed or did nothing
	return err
}

// hardLink is os.Link; tests replace it to play a file system that refuses
// hard links.
var hardLink = os.Link
