// Package output is the transactional output store of a build: it brings a
// hidden back buffer up to date beside the published folder, writing only the
// files whose bytes changed, and swaps the two at commit, so that the
// published folder is at every instant a complete site.
//
//	s, err := output.Open("public", output.NewMinifier(), &manifests)
//	defer s.Close()
//	s.Put("index.html", page)      // or Reuse files an earlier build wrote
//	changes, err := s.Commit()
//
// Each folder carries a marker (.nonopress) whose manifest lists the hash of
// every file in it; it is read in one place (ReadManifest) and trusted only
// when it says clean. Open marks the back buffer dirty before touching it;
// Commit removes the files this build did not put, marks it clean and swaps
// the folders with renameat2(RENAME_EXCHANGE), so that a failed or killed
// build leaves the published folder as it was. A file of the back buffer is
// unlinked before it is written, so that a hard link it shares with the
// published folder (Reuse, Prepare) is never written through. A folder
// without a marker that is not empty is refused, and a lock (flock) keeps
// two builds of one output apart.
package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Store is the pair of output folders of one build: front is the published
// site, back the one being brought up to date, swapped in only once
// complete. Its methods are safe for concurrent use, but for Commit and
// Close.
type Store struct {
	front, back string
	minify      *Minifier
	manifests   *Manifests        // manifests kept between builds, or nil
	frontHashes map[string]string // the published files' hashes (nil: unknown)
	backHashes  map[string]string // hashes known to be right in back (owned)
	frontKept   *keptMarker       // front's manifest as kept by manifests, or nil
	// frontCheck is what checkFront found of front (nil: not checked), and
	// frontDirs the folders of its manifest as read.
	frontCheck *folderCheck
	frontDirs  *folderSet
	// now is the published manifest as the commit left it (nil before).
	now *keptMarker
	// last: what the last commit changed between front and back, when both
	// are as it left them (nil otherwise).
	last *lastCommit
	// backClean: back held exactly the files of backHashes when the build
	// began (a complete earlier output, or a fresh folder).
	backClean bool

	unlock func() // releases the lock that keeps other builds out

	mu      sync.Mutex
	written map[string]string // this build's files and their hashes

	// fresh: back began empty and front holds a complete site; links from
	// front are then deferred until commit (deferred.go).
	fresh   bool
	pending map[string]bool

	// dirty is closed once back's marker says dirty (dirtyErr: it could not
	// be written); see markDirty.
	dirty    chan struct{}
	dirtyErr error

	// foreign finds, beside the build, the files of front that nonopress
	// did not write (foreign.go).
	foreign *foreignScan

	// carried: CarryPublished kept every published file but those of
	// dropped without recording them in written (carry.go).
	carried bool
	dropped map[string]bool
}

// Folders returns the absolute paths of the published folder and its back
// buffer. An output folder reached through a symbolic link is swapped where
// it is, beside its back buffer, leaving the link as it was.
func Folders(out string) (front, back string, err error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", "", fmt.Errorf("output folder: %w", err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	return abs, BackName(abs), nil
}

// BackName returns the back buffer's path for an output folder: a hidden
// sibling, on the same file system so that the two can be swapped.
func BackName(out string) string {
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".nonopress-next")
}

// Open checks that both folders are nonopress's (or absent, or empty), locks
// them against other builds and prepares the back buffer for writing. min
// minifies what Put is given; manifests, if not nil, keeps the folders'
// manifests between the builds of one process.
func Open(out string, min *Minifier, manifests *Manifests) (*Store, error) {
	front, back, err := Folders(out)
	if err != nil {
		return nil, err
	}
	s := &Store{front: front, back: back, minify: min, manifests: manifests}
	if err := checkNotLink(back, ErrLinkedBackBuffer); err != nil {
		return nil, err
	}
	for _, dir := range []string{s.front, s.back} {
		if err := checkOwned(dir); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(s.back, 0o755); err != nil {
		return nil, fmt.Errorf("create output folder: %w", err)
	}
	if s.unlock, err = lockOutput(s.back); err != nil {
		return nil, err
	}
	if err := s.readManifests(); err != nil {
		s.Close()
		return nil, err
	}
	// A build writes about as many files as the last: sized for those, the
	// map never grows (on a large site, growing it cost more than filling it).
	s.written = make(map[string]string, max(len(s.frontHashes), len(s.backHashes)))
	s.fresh = s.backClean && len(s.backHashes) == 0 && len(s.frontHashes) > 0
	s.startForeignScan()
	// From here on back is being changed: say so before touching anything
	// (markDirty: every change waits for the marker).
	s.markDirty()
	return s, nil
}

// readManifests reads both folders' manifests, marking a new back buffer.
func (s *Store) readManifests() error {
	if s.frontKept = s.manifests.lookup(s.front); s.frontKept != nil {
		s.frontHashes = s.frontKept.hashes
	} else {
		s.frontHashes, _ = ReadManifest(s.front)
	}
	if err := s.checkFront(); err != nil {
		return err
	}
	backMark, err := os.Stat(filepath.Join(s.back, MarkerName))
	if errors.Is(err, fs.ErrNotExist) {
		// A new back buffer (empty: checkOwned saw to it). Marked before it
		// is filled, so that a build killed while linking leaves a folder
		// the next build knows as its own.
		if err := writeMarker(s.back, markerDirty, nil); err != nil {
			return err
		}
		s.backClean = true
	} else {
		s.backHashes, _ = s.manifests.take(s.back) // Reuse adds to it
		s.backClean = s.backHashes != nil
		if s.backClean && s.frontKept != nil {
			if last, ok := s.manifests.lastChange(s.front, s.back, s.frontKept.info, backMark); ok {
				s.last = &last
			}
		}
	}
	if s.backHashes == nil {
		s.backHashes = map[string]string{}
	}
	return nil
}

// Close releases the output folders for another build.
func (s *Store) Close() {
	if s.dirty != nil {
		<-s.dirty // the marker is written into back: let it land before another build reads it
	}
	if s.foreign != nil {
		<-s.foreign.done // the walk reads front: let it end before another build swaps it
	}
	if s.unlock != nil {
		s.unlock()
		s.unlock = nil
	}
}

// Hash returns the hash of a file this build put, reused or carried.
func (s *Store) Hash(rel string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.written[rel]
	if !ok && s.carried && !s.dropped[rel] {
		h, ok = s.frontHashes[rel]
	}
	return h, ok
}

// Published returns the hash of a file of the published site as the build
// began.
func (s *Store) Published(rel string) (string, bool) {
	h, ok := s.frontHashes[rel]
	return h, ok
}

// EachWritten calls fn for every file this build put, reused or carried
// so far, in no particular order. fn must not call the store.
func (s *Store) EachWritten(fn func(rel, hash string)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p, h := range s.written {
		fn(p, h)
	}
	if !s.carried {
		return
	}
	for p, h := range s.frontHashes {
		if _, put := s.written[p]; !put && !s.dropped[p] {
			fn(p, h)
		}
	}
}

// Trusted reports whether the published folder's manifest was read and
// trusted as the build began: false for a folder with no site yet, and
// for one whose manifest is damaged or names a path outside it, whose
// files nonopress cannot tell from a user's (see keepForeign).
func (s *Store) Trusted() bool {
	return s.frontHashes != nil
}

// ReadBack reads a file this build put or reused.
func (s *Store) ReadBack(rel string) ([]byte, error) {
	return s.readPending(rel)
}
