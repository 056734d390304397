package output

import (
	"context"

	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/internal/treefile"

	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// MarkerName is the file by which nonopress knows an output folder as its own.
// It also holds the folder's manifest: the hash of every file in it.
const MarkerName = ".nonopress"

// markerHeader heads the marker; markerClean follows it once the folder holds a
// complete site, markerDirty while a build is updating it.
const (
	markerHeader = "nonopress output folder: written by `nonopress build`, do not edit"
	markerClean  = "state clean"
	markerDirty  = "state dirty"
)

// checkOwned refuses a folder that exists, is not empty and has no marker:
// nonopress never writes over what it did not create.
func checkOwned(dir string) error {
	info, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("output folder: %w", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("output folder %s: is a file, not a folder", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, MarkerName)); err == nil {
		return nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("output folder: %w", err)
	}
	if len(ents) > 0 {
		return fmt.Errorf("output folder %s: refusing to write into a non-empty folder that nonopress did not create (no %s file); choose another folder or empty it", dir, MarkerName)
	}
	return nil
}

// ReadManifest reads a folder's manifest: path → hash. It returns nil when
// the folder has no marker or was left dirty by an interrupted build. It is
// the one place a manifest is read.
func ReadManifest(dir string) (map[string]string, error) {
	// A regular file only: a marker committed or restored as a FIFO or a
	// link to a device must not block or exhaust the build.
	data, err := treefile.ReadFile(context.Background(), filepath.Join(dir, MarkerName), maxMarkerBytes)
	if err != nil {
		return nil, err
	}
	return parseMarker(data), nil
}

// parseMarker parses a marker's bytes; nil unless it says clean.
func parseMarker(data []byte) map[string]string {
	header := markerHeader + "\n" + markerClean + "\n"
	if !bytes.HasPrefix(data, []byte(header)) {
		return nil
	}
	data = data[len(header):]
	hashes := make(map[string]string, bytes.Count(data, []byte("\n")))
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		if h, p, ok := bytes.Cut(line, []byte(" ")); ok {
			hashes[string(p)] = string(h)
		}
	}
	if !validManifest(hashes) {
		return nil // a path leaving the folder: forged, trust none of it
	}
	return hashes
}

// writeMarker writes a folder's marker atomically, with its manifest in path
// order.
func writeMarker(dir, state string, hashes map[string]string) error {
	_, err := writeMarkerOrdered(dir, state, hashes, nil)
	return err
}

// writeMarkerOrdered is writeMarker given order, the paths of an earlier
// manifest in order, which is used when it holds exactly the paths of
// hashes (an edit in serve mode rarely adds or removes a file): checking
// that costs a lookup a path, sorting a large site's paths afresh many
// string comparisons each. It returns the paths in order.
func writeMarkerOrdered(dir, state string, hashes map[string]string, order []string) ([]string, error) {
	head := markerHeader + "\n" + state + "\n"
	b, ok := manifestBytes(head, hashes, order)
	paths := order
	if !ok {
		paths = make([]string, 0, len(hashes))
		for p := range hashes {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		b, _ = manifestBytes(head, hashes, paths)
	}
	// A dirty marker must reach the disk before the folder is changed; a
	// clean one that a crash tears reads as dirty, so it need not wait.
	write := atomicfile.Write
	if state == markerClean {
		write = atomicfile.WriteNoSync
	}
	if err := write(filepath.Join(dir, MarkerName), b); err != nil {
		return nil, fmt.Errorf("write output: %w", err)
	}
	return paths, nil
}

// manifestBytes is a marker: head, then a line for each path of order with
// its hash, in one pass over order. ok is false, and the bytes unfinished,
// when order does not hold exactly the paths of hashes.
func manifestBytes(head string, hashes map[string]string, order []string) (b []byte, ok bool) {
	if len(order) != len(hashes) {
		return nil, false
	}
	b = make([]byte, 0, len(head)+len(order)*96) // a path and its hash are about 80 bytes
	b = append(b, head...)
	for _, p := range order {
		h, ok := hashes[p]
		if !ok {
			return nil, false
		}
		b = append(b, h...)
		b = append(b, ' ')
		b = append(b, p...)
		b = append(b, '\n')
	}
	return b, true
}

// Manifests keeps the manifests of a builder's two output folders between
// its builds (serve mode), where reading and parsing them would cost a large
// site more than the rest of a build after an edit. A kept manifest stands
// only while the folder's marker is the very file it was written as (same
// inode, size and time): markers are replaced by rename, never rewritten in
// place, so any other writer, or a dirty marker, makes it be read again.
type Manifests struct {
	mu   sync.Mutex
	kept map[string]keptMarker // by folder
}

type keptMarker struct {
	info   os.FileInfo
	hashes map[string]string
	order  []string // its paths in order, if known
}

// read is ReadManifest, from the cache when the marker is unchanged. The
// caller must not change the map it gets.
func (c *Manifests) read(dir string) (map[string]string, error) {
	if c != nil {
		c.mu.Lock()
		k, ok := c.kept[dir]
		c.mu.Unlock()
		if info, err := os.Stat(filepath.Join(dir, MarkerName)); ok && err == nil && sameFile(k.info, info) {
			return k.hashes, nil
		}
	}
	return ReadManifest(dir)
}

// remember keeps the manifest just written to dir's marker (nil forgets it).
func (c *Manifests) remember(dir string, hashes map[string]string) {
	c.rememberOrdered(dir, hashes, nil)
}

// order returns the paths of dir's kept manifest in order, if known (nil
// otherwise; writeMarkerOrdered checks them before use).
func (c *Manifests) order(dir string) []string {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.kept[dir].order
}

// rememberOrdered is remember with the manifest's paths in order.
func (c *Manifests) rememberOrdered(dir string, hashes map[string]string, order []string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kept == nil {
		c.kept = map[string]keptMarker{}
	}
	info, err := os.Stat(filepath.Join(dir, MarkerName))
	if err != nil || hashes == nil {
		delete(c.kept, dir)
		return
	}
	c.kept[dir] = keptMarker{info: info, hashes: hashes, order: order}
}

// sameFile reports whether two stats are of the same, unchanged file.
func sameFile(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}
