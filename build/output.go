package build

import (
	"github.com/nonopress/nonopress/internal/atomicfile"

	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// output is the pair of output folders of the double-buffered build (see the
// package documentation): front is the published site, back the one being
// brought up to date, swapped in only once complete.
type output struct {
	front, back string
	minify      *minifier
	markers     *markerCache      // manifests kept between builds, or nil
	frontHashes map[string]string // the published files' hashes (nil: unknown)
	backHashes  map[string]string // hashes known to be right in back
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
}

// outputFolders returns the absolute paths of the published folder and its
// back buffer. An output folder reached through a symbolic link is swapped
// where it is, beside its back buffer, leaving the link as it was.
func outputFolders(out string) (front, back string, err error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", "", fmt.Errorf("output folder: %w", err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	return abs, backName(abs), nil
}

// backName returns the back buffer's path for an output folder: a hidden
// sibling, on the same file system so that the two can be swapped.
func backName(out string) string {
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".nonopress-next")
}

// openOutput checks that both folders are nonopress's (or absent, or empty)
// and prepares the back buffer for writing.
func openOutput(out string, m *minifier, markers *markerCache) (*output, error) {
	front, back, err := outputFolders(out)
	if err != nil {
		return nil, err
	}
	o := &output{front: front, back: back, minify: m, markers: markers, written: map[string]string{}}
	for _, dir := range []string{o.front, o.back} {
		if err := checkOwned(dir); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(o.back, 0o755); err != nil {
		return nil, fmt.Errorf("create output folder: %w", err)
	}
	unlock, err := lockOutput(o.back)
	if err != nil {
		return nil, err
	}
	o.unlock = unlock
	o.frontHashes, _ = markers.read(o.front)
	if _, err := os.Stat(filepath.Join(o.back, markerName)); errors.Is(err, fs.ErrNotExist) {
		// A new back buffer (empty: checkOwned saw to it). Marked before it
		// is filled, so that a build killed while linking leaves a folder
		// the next build knows as its own.
		if err := writeMarker(o.back, markerDirty, nil); err != nil {
			o.close()
			return nil, err
		}
		o.backClean = true
	} else {
		o.backHashes, _ = markers.read(o.back)
		o.backHashes = maps.Clone(o.backHashes) // reuse adds to it
		o.backClean = o.backHashes != nil
	}
	if o.backHashes == nil {
		o.backHashes = map[string]string{}
	}
	// A build writes about as many files as the last: sized for those, the
	// map never grows (on a large site, growing it cost more than filling it).
	o.written = make(map[string]string, max(len(o.frontHashes), len(o.backHashes)))
	o.fresh = o.backClean && len(o.backHashes) == 0 && len(o.frontHashes) > 0
	// From here on back is being changed: say so before touching anything.
	if err := writeMarker(o.back, markerDirty, nil); err != nil {
		o.close()
		return nil, err
	}
	return o, nil
}

// close releases the output folders for another build.
func (o *output) close() {
	if o.unlock != nil {
		o.unlock()
		o.unlock = nil
	}
}

// hashOf is the manifest's hash of a file's bytes.
func hashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// put makes back/rel hold data (minified by its extension), writing the file
// only if its bytes differ. It is safe for concurrent use.
func (o *output) put(rel string, data []byte) error {
	_, err := o.putHash(rel, data)
	return err
}

// putHash is put, returning the hash of the bytes written.
func (o *output) putHash(rel string, data []byte) (string, error) {
	data, err := o.minify.bytes(rel, data)
	if err != nil {
		return "", fmt.Errorf("minify %s: %w", rel, err)
	}
	return o.putExact(rel, data)
}

// putExact is putHash for bytes that are final already (minified by their
// maker, as render's SVGs are): they are written as they are.
func (o *output) putExact(rel string, data []byte) (string, error) {
	h := hashOf(data)
	o.mu.Lock()
	if _, dup := o.written[rel]; dup {
		o.mu.Unlock()
		return "", fmt.Errorf("two pages would be written to %s", rel)
	}
	o.written[rel] = h
	old, inBack := o.backHashes[rel]
	known := inBack && old == h
	if !known && o.fresh && o.frontHashes[rel] == h {
		o.deferLink(rel)
		known = true
	}
	o.mu.Unlock()
	if known {
		return h, nil
	}
	dst := filepath.Join(o.back, filepath.FromSlash(rel))
	if !o.backClean {
		// Unknown content (an interrupted build): compare the bytes.
		if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, data) {
			return h, nil
		}
	}
	// In a clean back buffer, a file not in the manifest does not exist.
	return h, writeBack(dst, data, inBack || !o.backClean)
}

// writeBack writes a file of the back buffer. The back buffer is never
// served and is marked dirty while it is written, so a file there may be
// written in place, and a half-written one is found and rewritten by the next
// build; but never through a hard link it shares with the published folder:
// the old name is unlinked first.
func writeBack(path string, data []byte, mayExist bool) error {
	if mayExist {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("write output: %w", err)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	}
	if err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// writeAtomic writes a file through a temporary file in the same folder and
// a rename, so that no reader ever sees it half written.
func writeAtomic(path string, data []byte) error {
	if err := atomicfile.Write(path, data); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// removeStale deletes from back every file this build did not write (and
// folders left empty), and returns how many files it removed.
func (o *output) removeStale() (int, error) {
	if o.backClean {
		return o.removeStaleKnown()
	}
	removed := 0
	var dirs []string
	err := filepath.WalkDir(o.back, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(o.back, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." {
				dirs = append(dirs, p)
			}
			return nil
		}
		if rel == markerName {
			return nil
		}
		if _, ok := o.written[rel]; !ok {
			removed++
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return removed, fmt.Errorf("remove stale output: %w", err)
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		os.Remove(dirs[i]) // fails, as it should, unless empty
	}
	return removed, nil
}

// commit completes the back buffer (stale files removed, manifest written) and
// swaps it with the published folder. It returns the output paths that differ
// from the previously published site, sorted, and how many were removed.
func (o *output) commit() (changed []string, written, removed int, err error) {
	if o.fresh {
		if o.unchanged() {
			// Nothing to publish: the back buffer stays clean and empty.
			err := writeMarker(o.back, markerClean, nil)
			if err == nil {
				o.markers.remember(o.back, map[string]string{})
			}
			return nil, 0, 0, err
		}
		if err := o.linkPending(); err != nil {
			return nil, 0, 0, fmt.Errorf("link unchanged output: %w", err)
		}
	}
	if _, err := o.removeStale(); err != nil {
		return nil, 0, 0, err
	}
	if err := writeMarker(o.back, markerClean, o.written); err != nil {
		return nil, 0, 0, err
	}
	if err := swapDirs(o.back, o.front); err != nil {
		return nil, 0, 0, fmt.Errorf("publish output: %w", err)
	}
	// The folders have swapped names, and their markers with them.
	o.markers.remember(o.front, o.written)
	o.markers.remember(o.back, o.frontHashes)
	for p, h := range o.written {
		if o.frontHashes[p] != h {
			changed = append(changed, p)
			written++
		}
	}
	for p := range o.frontHashes {
		if _, ok := o.written[p]; !ok {
			changed = append(changed, p)
			removed++
		}
	}
	sort.Strings(changed)
	return changed, written, removed, nil
}

// reuse records files that an earlier build wrote, given by path and hash,
// without producing them again: each must already be in back with that hash,
// or in front, from where it is hard-linked into back. It is all or nothing:
// it returns false, recording none, if any file is missing.
func (o *output) reuse(files map[string]string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	var fromFront []string
	for p, h := range files {
		if _, dup := o.written[p]; dup {
			return false
		}
		switch {
		case o.backHashes[p] == h:
		case o.frontHashes[p] == h:
			fromFront = append(fromFront, p)
		default:
			return false
		}
	}
	sort.Strings(fromFront)
	if o.fresh {
		for _, p := range fromFront {
			o.deferLink(p)
		}
		fromFront = nil
	}
	for _, p := range fromFront {
		if err := linkAtomic(filepath.Join(o.front, filepath.FromSlash(p)), filepath.Join(o.back, filepath.FromSlash(p))); err != nil {
			return false // already linked ones are harmless: recorded or removed as stale
		}
		o.backHashes[p] = files[p]
	}
	for p, h := range files {
		o.written[p] = h
	}
	return true
}

// readBack reads a file of the back buffer.
func (o *output) readBack(rel string) ([]byte, error) {
	return o.readPending(rel)
}

// linkAtomic makes dst a hard link to src, replacing dst atomically.
func linkAtomic(src, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp := dst + ".np-link.tmp"
	os.Remove(tmp)
	if err := os.Link(src, tmp); err != nil {
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
