package build

import (
	"io"
	"maps"
	"os"
	"sync"

	"github.com/nonopress/nonopress/validate"
)

// verdictStore holds the solver's verdicts: those of the store file, read
// from it a verdict at a time when a build first asks for one (a warm
// build whose files all come from the memo never does; one that changed a
// file asks for that file's), and those the build stored, which saving
// merges into the file's (verdictsection.go). Verdicts are keyed by puzzle
// id (a hash of the clues and colours), and validate verifies each against
// the puzzle's clues before using it, since the store file lives where
// others may write it.
type verdictStore struct {
	mu      sync.Mutex
	section verdictSection  // where the store file holds them
	index   map[string]span // the section's records by id; nil until a lookup
	file    *os.File        // the section's file, opened at the first read
	cache   *validate.Cache // nil until a build needs a verdict
	// written is where write put the records, the index once saved.
	written map[string]span
	// asked are the ids looked up, when the section writes only those
	// again (onlyAsked).
	asked map[string]bool
}

// reset takes the verdicts of the section s.
func (v *verdictStore) reset(s verdictSection) {
	v.mu.Lock()
	v.closeFile()
	v.section, v.index, v.cache, v.asked = s, nil, nil, nil
	if s.onlyAsked {
		v.asked = map[string]bool{}
	}
	v.mu.Unlock()
}

// closeFile closes the section's file if it is open; v.mu is held.
func (v *verdictStore) closeFile() {
	if v.file != nil {
		v.file.Close()
		v.file = nil
	}
}

// get returns the cache, made on first use.
func (v *verdictStore) get() *validate.Cache {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.cache == nil {
		v.cache = validate.NewCacheOver(v.older)
	}
	return v.cache
}

// older reads id's verdict from the store file, indexing its records at
// the first call and keeping the file open for the next ones (a build that
// processes every file again looks up every verdict).
func (v *verdictStore) older(id string) (validate.CacheEntry, bool) {
	v.mu.Lock()
	if v.index == nil {
		v.index = v.section.index()
	}
	sp, ok := v.index[id]
	if ok && v.asked != nil {
		v.asked[id] = true
	}
	if ok && v.file == nil {
		v.file, _ = v.section.open() // nil when the file is gone or replaced
	}
	s, f := v.section, v.file
	v.mu.Unlock()
	if !ok || f == nil {
		return validate.CacheEntry{}, false
	}
	return s.read(f, sp)
}

// write writes the verdicts' records for a new store file: the old file's
// with the build's merged in.
func (v *verdictStore) write(w io.Writer) error {
	v.mu.Lock()
	s, index, changes := v.section, v.index, v.cache.Changes()
	keep := maps.Clone(v.asked) // nil when every record is kept
	v.mu.Unlock()
	written, err := writeVerdicts(w, s, index, changes, keep)
	v.mu.Lock()
	v.written = written
	v.mu.Unlock()
	return err
}

// changed reports whether the verdicts changed since they were read or
// last saved.
func (v *verdictStore) changed() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.cache.Changed()
}

// saved records that the store file at path holds the verdicts write
// wrote, size bytes from start: a server's next lookup reads the new file
// without indexing it again.
func (v *verdictStore) saved(path string, start, size int64) {
	info, err := os.Stat(path)
	v.mu.Lock()
	defer v.mu.Unlock()
	v.cache.Saved()
	written := v.written
	v.closeFile()
	v.section, v.index, v.written, v.asked = verdictSection{}, nil, nil, nil
	if err == nil {
		v.section = verdictSection{path: path, start: start, size: size, file: info}
		v.index = written
	}
}
