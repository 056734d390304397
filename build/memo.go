package build

import (
	"bufio"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"

	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/internal/treefile"
)

// fileMemo remembers what publishing each puzzle file gave, by a key of
// everything that work depends on (memoKey), so that a build where a file
// and its surroundings have not changed skips reading its puzzles, checking
// them, rendering their files and executing their page templates: it only
// checks that an output buffer still holds the file's outputs with the
// recorded hashes (output.reuse) and takes the recorded entries for the
// lists. A warm build is then mostly the site's lists.
//
// The builder keeps the memo in memory between builds (serve mode), and each
// successful full build saves it, with the asset cache's outputs, to the
// store file (memofile.go), so that a new process (`nonopress build` again)
// starts warm. Only the keys used by the last build are kept. A missing,
// unreadable or foreign file is an empty memo.
type fileMemo struct {
	path string
	// program identifies the running binary; "" (unknown) disables the memo.
	program string
	// templates fingerprints the page templates the builder loaded.
	templates string

	mu     sync.Mutex
	loaded bool
	old    map[string]*fileRecord // key → record, from the last build
	// assets are the asset cache's outputs the last build used.
	assets map[string]map[string]string
	// unsaved: the records in old are newer than the memo file on disk;
	// onDisk: there is such a file (read or written by this memo).
	unsaved, onDisk bool
	// hits counts the files the last build took from the memo.
	hits atomic.Int64
	// stats spares reading unchanged files to hash them (filestat.go).
	stats fileStats
}

// fileRecord is what processing a file gave: what processFile returns (its
// diagnostics too: they depend on nothing but the key), and the files it
// wrote. Its entries are kept as they are (entry's exported fields).
type fileRecord struct {
	Entries []site.Entry
	Diags   diag.List
	LeftOut []string // fileResult.leftOut
	Bundle  *bundleRecord
	// Outputs are the files written, from the site root, with their hashes.
	Outputs map[string]string
}

// bundleRecord is a bundle page as kept in the memo (without its entries,
// which are the record's).
type bundleRecord struct {
	Dir, Title, Description string
	Note                    string
}

// memoVersion changes whenever fileRecord or memoKey change meaning.
const memoVersion = "nonopress store 2"

// storeFile is the name of the store file in the cache folder.
const storeFile = "store.gob"

func newFileMemo(cacheDir, program string, tpl *site.Templates) *fileMemo {
	m := &fileMemo{path: filepath.Join(cacheDir, storeFile), program: program, templates: tpl.Fingerprint()}
	m.stats.window = racyWindow
	return m
}

// load reads the saved memo on the builder's first build. On later builds
// the memo is in memory, unless its file has gone: a removed cache folder
// means starting afresh, for a running server too. (A memo that quick
// builds have kept in memory only has no file yet, and stands.)
func (m *fileMemo) load() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.loaded {
		if _, err := os.Stat(m.path); err != nil && m.onDisk {
			m.old, m.assets = map[string]*fileRecord{}, nil
			m.stats.old = nil
			m.onDisk = false
		}
		return
	}
	m.loaded = true
	m.old = map[string]*fileRecord{}
	if m.program == "" {
		return
	}
	// A regular file only: a cache restored or planted as a FIFO must not
	// block the build (it is then rebuilt, and replaced by Save).
	f, err := treefile.OpenRegular(m.path)
	if err != nil {
		return
	}
	defer f.Close()
	if d, err := readMemo(bufio.NewReader(f)); err == nil {
		m.old, m.assets, m.stats.old = d.records, d.assets, d.stats
		m.onDisk = true
	}
}

// assetOutputs returns the asset cache's outputs of the last build (the
// caller must not change the map).
func (m *fileMemo) assetOutputs() map[string]map[string]string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.assets == nil {
		return map[string]map[string]string{}
	}
	return m.assets
}

// lookup returns the record of a key from the last build.
func (m *fileMemo) lookup(key string) *fileRecord {
	if m.program == "" {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.old[key]
}

// keep makes a build's records and asset outputs the memo, in memory, and
// on disk (the store file) if persist.
func (m *fileMemo) keep(used map[string]*fileRecord, assets map[string]map[string]string, persist bool) error {
	if m.program == "" {
		return nil
	}
	m.mu.Lock()
	same := sameRecords(m.old, used) && sameOutputs(m.assets, assets) && !m.unsaved
	m.old, m.assets = used, assets
	m.unsaved = !persist
	m.mu.Unlock()
	m.stats.mu.Lock()
	same = same && maps.Equal(m.stats.old, m.stats.now)
	m.stats.old, m.stats.now = m.stats.now, nil
	stats := m.stats.old
	m.stats.mu.Unlock()
	if !persist {
		return nil // kept in memory; the next build that persists writes it
	}
	if _, err := os.Stat(m.path); same && err == nil {
		return nil // the file holds these already
	}
	if err := os.MkdirAll(filepath.Dir(m.path), 0o755); err != nil {
		return err
	}
	d := storeData{records: used, assets: assets, stats: stats}
	err := atomicfile.WriteWith(m.path, func(w io.Writer) error { return writeMemo(w, d) })
	m.mu.Lock()
	m.onDisk = err == nil
	m.mu.Unlock()
	return err
}

// sameRecords reports whether a build used exactly the records of the last.
func sameRecords(old, used map[string]*fileRecord) bool {
	if len(old) != len(used) {
		return false
	}
	for k, rec := range used {
		if old[k] != rec {
			return false
		}
	}
	return true
}
