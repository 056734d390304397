package build

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"

	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/internal/treefile"
)

// fileMemo is the builder's incremental store: what publishing each
// puzzle file gave, by a key of everything that work depends on (memoKey),
// so that a build where a file and its surroundings have not changed skips
// reading its puzzles, checking them, rendering their files and executing
// their page templates: it only checks that an output buffer still holds
// the file's outputs with the recorded hashes (output.Reuse) and takes the
// recorded entries for the lists. A warm build is then mostly the site's
// lists. Beside the records it holds the asset cache's outputs, the files'
// stats, the solver's verdicts (verdicts.go) and the build stamp.
//
// The builder keeps it in memory between builds (serve mode), and each
// successful full build saves it to the store file (storefile.go), so that
// a new process (`nonopress build` again) starts warm. Only the keys used by
// the last build are kept. A missing, unreadable or foreign file is an empty
// store.
type fileMemo struct {
	path string
	// program identifies the running binary; "" (unknown) disables the
	// records (verdicts are kept: they depend on the solver only).
	program string
	// templates fingerprints the page templates the builder loaded.
	templates string

	mu     sync.Mutex
	loaded bool
	old    map[string]*fileRecord // key → record, from the last build
	// assets are the asset cache's outputs the last build used.
	assets map[string]map[string]string
	// stamp is the build stamp the store holds.
	stamp buildStamp
	// unsaved: the records in old are newer than the store file on disk;
	// onDisk: there is such a file (read or written by this memo).
	unsaved, onDisk bool
	// hits counts the files the last build took from the memo.
	hits atomic.Int64
	// stats spares reading unchanged files to hash them (fileStats, memorun.go).
	stats fileStats
	// verdicts are the solver's cached results (verdicts.go).
	verdicts verdictStore
}

// fileRecord is what processing a file gave: what processFile returns (its
// diagnostics too: they depend on nothing but the key and the headings its
// note names, Anchors), and the files it wrote. Its entries are kept as they are (entry's exported fields).
type fileRecord struct {
	Entries []site.Entry
	Diags   diag.List
	LeftOut []Skip // fileResult.leftOut
	Bundle  *bundleRecord
	// Outputs are the files written, from the site root, with their hashes.
	Outputs map[string]string
	// Anchors are the links of its note to headings of other notes, and
	// what the headings said of them.
	Anchors anchorDeps
}

// anchorDeps are the links of a file's note to the headings of the
// collections' notes (content.AnchorLinks), and what those headings said of
// them when its work was done (content.Anchors.State): its work holds for
// the same key only while they say the same. A heading its note does not
// name plays no part, so renaming one makes no puzzle's work again.
type anchorDeps struct {
	Links []content.AnchorLink
	State string
}

// hold reports whether the work that depended on d still holds with the
// headings of a.
func (d anchorDeps) hold(a content.Anchors) bool { return a.State(d.Links) == d.State }

// bundleRecord is a bundle page as kept in the memo (without its entries,
// which are the record's).
type bundleRecord struct {
	Dir, Title, Description string
	Note                    string
}

// memoVersion changes whenever the store file, fileRecord or memoKey change
// meaning.
const memoVersion = "nonopress store 9"

// storeFile is the name of the store file in the cache folder.
const storeFile = "store.gob"

func newFileMemo(cacheDir, program string, tpl *site.Templates) *fileMemo {
	m := &fileMemo{path: filepath.Join(cacheDir, storeFile), program: program, templates: tpl.Fingerprint()}
	m.stats.window = racyWindow
	return m
}

// load reads the saved store on the builder's first build. On later builds
// the store is in memory, unless its file has gone: a removed cache folder
// means starting afresh, for a running server too. (A store that quick
// builds have kept in memory only has no file yet, and stands.)
func (m *fileMemo) load() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.loaded {
		if _, err := os.Stat(m.path); err != nil && m.onDisk {
			m.old, m.assets, m.stamp = map[string]*fileRecord{}, nil, buildStamp{}
			m.stats.old = nil
			m.verdicts.reset(verdictSection{})
			m.onDisk = false
		}
		return
	}
	m.loaded = true
	m.old = map[string]*fileRecord{}
	// A regular file only: a cache restored or planted as a FIFO must not
	// block the build (it is then rebuilt, and replaced by keep).
	f, err := treefile.OpenRegular(m.path)
	if err != nil {
		return
	}
	defer f.Close()
	d, verdicts, err := readStoreFile(f, m.path)
	if err != nil {
		// An earlier release's store (or a damaged head): its records are
		// not this program's, but its verdicts hold.
		var ok bool
		if verdicts, ok = trailingVerdicts(f, m.path); !ok {
			return
		}
	} else if m.program != "" {
		m.old, m.assets, m.stats.old = d.records, d.assets, d.stats
	}
	m.stamp = d.stamp
	m.verdicts.reset(verdicts)
	m.onDisk = true
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

// keep makes a build's records, asset outputs and stamp the store, in
// memory, and on disk (the store file) if persist.
func (m *fileMemo) keep(used map[string]*fileRecord, assets map[string]map[string]string, stamp buildStamp, persist bool) error {
	if m.program == "" {
		used, assets = map[string]*fileRecord{}, nil
	}
	m.mu.Lock()
	same := sameRecords(m.old, used) && sameOutputs(m.assets, assets) && !m.unsaved
	m.old, m.assets = used, assets
	m.unsaved = !persist
	m.mu.Unlock()
	m.stats.mu.Lock()
	same = same && maps.Equal(m.stats.old, m.stats.now)
	m.stats.old, m.stats.now = m.stats.now, nil
	m.stats.mu.Unlock()
	if !persist {
		return nil // kept in memory; the next build that persists writes it
	}
	same = same && reflect.DeepEqual(m.stamp, stamp)
	m.stamp = stamp
	return m.save(same)
}

// save writes the store file, unless it holds what is in memory already
// (same, and the verdicts unchanged).
func (m *fileMemo) save(same bool) error {
	if _, err := os.Stat(m.path); same && !m.verdicts.changed() && err == nil {
		return nil // the file holds these already
	}
	if err := os.MkdirAll(filepath.Dir(m.path), 0o755); err != nil {
		return err
	}
	m.mu.Lock()
	d := storeData{stamp: m.stamp, records: m.old, assets: m.assets, stats: m.stats.old}
	m.mu.Unlock()
	var start, size int64
	err := atomicfile.WriteWith(m.path, func(w io.Writer) (err error) {
		start, size, err = writeStoreWith(w, d, m.verdicts.write)
		return err
	})
	if err == nil {
		m.verdicts.saved(m.path, start, size)
	}
	m.mu.Lock()
	m.onDisk = err == nil
	m.mu.Unlock()
	return err
}

// warnNotSaved logs that the store could not be saved, at its path (said
// once: an error about that path is given without it): the next build does
// again the work it would have kept.
func (m *fileMemo) warnNotSaved(log io.Writer, err error) {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == m.path {
		err = fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	fmt.Fprintln(log, diag.Warningf(m.path, "cache store not saved: %v", err).Labelled())
}

// saveVerdicts saves the store when the solver's verdicts changed: after a
// failed build, whose records are not kept, its verdicts still are.
func (m *fileMemo) saveVerdicts() error {
	if !m.verdicts.changed() {
		return nil
	}
	return m.save(false)
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
