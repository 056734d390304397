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
	hashes, err := readClaims(dir)
	if !validManifest(hashes) {
		return nil, err // a path leaving the folder: forged, trust none of it
	}
	return hashes, err
}

// readClaims reads a folder's manifest as it stands, trusted or not (nil
// when there is none, or it says dirty): it may name paths outside the
// folder, and is used only to recognise a file by its bytes, never to
// choose what to delete, follow or serve.
func readClaims(dir string) (map[string]string, error) {
	// A regular file only: a marker committed or restored as a FIFO or a
	// link to a device must not block or exhaust the build.
	data, err := treefile.ReadFile(context.Background(), filepath.Join(dir, MarkerName), maxMarkerBytes)
	if err != nil {
		return nil, err
	}
	return parseClaims(data), nil
}

// parseClaims parses a marker's bytes, whatever paths they name; nil
// unless it says clean.
func parseClaims(data []byte) map[string]string {
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
	paths, _, err := writeManifest(dir, state, hashes, order)
	return paths, err
}

// writeManifest is writeMarkerOrdered, returning also the hashes of the
// paths in order.
func writeManifest(dir, state string, hashes map[string]string, order []string) (paths, sums []string, err error) {
	sums, ok := sumsOf(hashes, order)
	paths = order
	if !ok {
		paths = make([]string, 0, len(hashes))
		for p := range hashes {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		sums, _ = sumsOf(hashes, paths)
	}
	return paths, sums, writeManifestLines(dir, state, paths, sums)
}

// sumsOf returns the hashes of the paths of order, in one pass over order;
// ok is false when order does not hold exactly the paths of hashes.
func sumsOf(hashes map[string]string, order []string) (sums []string, ok bool) {
	if len(order) != len(hashes) {
		return nil, false
	}
	sums = make([]string, len(order))
	for i, p := range order {
		if sums[i], ok = hashes[p]; !ok {
			return nil, false
		}
	}
	return sums, true
}

// writeManifestLines writes dir's marker: its state, then a line for each
// path of paths (in order) with its hash, from sums.
func writeManifestLines(dir, state string, paths, sums []string) error {
	head := markerHeader + "\n" + state + "\n"
	b := make([]byte, 0, len(head)+len(paths)*96) // a path and its hash are about 80 bytes
	b = append(b, head...)
	for i, p := range paths {
		b = append(b, sums[i]...)
		b = append(b, ' ')
		b = append(b, p...)
		b = append(b, '\n')
	}
	// A dirty marker must reach the disk before the folder is changed; a
	// clean one that a crash tears reads as dirty, so it need not wait.
	write := atomicfile.Write
	if state == markerClean {
		write = atomicfile.WriteNoSync
	}
	if err := write(filepath.Join(dir, MarkerName), b); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}
