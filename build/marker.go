package build

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// markerName is the file by which nonopress knows an output folder as its own.
// It also holds the folder's manifest: the hash of every file in it.
const markerName = ".nonopress"

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
	if _, err := os.Stat(filepath.Join(dir, markerName)); err == nil {
		return nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("output folder: %w", err)
	}
	if len(ents) > 0 {
		return fmt.Errorf("output folder %s: refusing to write into a non-empty folder that nonopress did not create (no %s file); choose another folder or empty it", dir, markerName)
	}
	return nil
}

// readMarker reads a folder's manifest: path → hash. It returns nil when the
// folder has no marker or was left dirty by an interrupted build.
func readMarker(dir string) (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(dir, markerName))
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	if !sc.Scan() || sc.Text() != markerHeader || !sc.Scan() || sc.Text() != markerClean {
		return nil, nil
	}
	hashes := map[string]string{}
	for sc.Scan() {
		h, p, ok := strings.Cut(sc.Text(), " ")
		if ok {
			hashes[p] = h
		}
	}
	return hashes, sc.Err()
}

// writeMarker writes a folder's marker atomically, with its manifest in path
// order.
func writeMarker(dir, state string, hashes map[string]string) error {
	var b bytes.Buffer
	b.WriteString(markerHeader + "\n" + state + "\n")
	paths := make([]string, 0, len(hashes))
	for p := range hashes {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		b.WriteString(hashes[p] + " " + p + "\n")
	}
	return writeAtomic(filepath.Join(dir, markerName), b.Bytes())
}
