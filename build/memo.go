package build

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"html/template"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"

	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/puzzle"
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
// successful build saves it to .nonopress-cache/files.gob, so that a new
// process (`nonopress build` again) starts warm. Only the keys used by the
// last build are kept. A missing, unreadable or foreign file is an empty memo.
type fileMemo struct {
	path string
	// program identifies the running binary; "" (unknown) disables the memo.
	program string
	// templates fingerprints the page templates the builder loaded.
	templates string

	mu     sync.Mutex
	loaded bool
	old    map[string]*fileRecord // key → record, from the last build
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
	Entries []entry
	Diags   diag.List
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
const memoVersion = "nonopress file memo 6"

func newFileMemo(cacheDir, program string, tpl *pageTemplates) *fileMemo {
	m := &fileMemo{path: filepath.Join(cacheDir, "files.gob"), program: program, templates: tpl.fingerprint()}
	m.stats.window = racyWindow
	return m
}

// memoHeader heads the memo as saved. The file is a stream of gob values,
// written and read one at a time so that the memo of a large archive is
// never encoded whole in memory: a memoHeader, then that many memoRecords
// and memoStats, in key order.
type memoHeader struct {
	Version        string
	Records, Stats int
}

type memoRecord struct {
	Key    string
	Record *fileRecord
}

type memoStat struct {
	Path string
	Stat fileStat
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
			m.old = map[string]*fileRecord{}
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
	f, err := os.Open(m.path)
	if err != nil {
		return
	}
	defer f.Close()
	if records, stats, err := readMemo(bufio.NewReader(f)); err == nil {
		m.old, m.stats.old = records, stats
		m.onDisk = true
	}
}

// readMemo decodes the memo file's stream (see memoHeader).
func readMemo(r io.Reader) (map[string]*fileRecord, map[string]fileStat, error) {
	dec := gob.NewDecoder(r)
	var h memoHeader
	if err := dec.Decode(&h); err != nil {
		return nil, nil, err
	}
	if h.Version != memoVersion || h.Records < 0 || h.Stats < 0 {
		return nil, nil, errors.New("not this version's memo")
	}
	records := make(map[string]*fileRecord, min(h.Records, 1<<20))
	for range h.Records {
		var rec memoRecord
		if err := dec.Decode(&rec); err != nil {
			return nil, nil, err
		}
		records[rec.Key] = rec.Record
	}
	stats := make(map[string]fileStat, min(h.Stats, 1<<20))
	for range h.Stats {
		var st memoStat
		if err := dec.Decode(&st); err != nil {
			return nil, nil, err
		}
		stats[st.Path] = st.Stat
	}
	return records, stats, nil
}

// writeMemo encodes records and stats as the memo file's stream.
func writeMemo(w io.Writer, records map[string]*fileRecord, stats map[string]fileStat) error {
	enc := gob.NewEncoder(w)
	if err := enc.Encode(memoHeader{Version: memoVersion, Records: len(records), Stats: len(stats)}); err != nil {
		return err
	}
	for _, k := range sortedKeys(records) {
		if err := enc.Encode(memoRecord{Key: k, Record: records[k]}); err != nil {
			return err
		}
	}
	for _, p := range sortedKeys(stats) {
		if err := enc.Encode(memoStat{Path: p, Stat: stats[p]}); err != nil {
			return err
		}
	}
	return nil
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

// keep makes a build's records the memo, in memory and on disk.
func (m *fileMemo) keep(used map[string]*fileRecord, persist bool) error {
	if m.program == "" {
		return nil
	}
	m.mu.Lock()
	same := sameRecords(m.old, used) && !m.unsaved
	m.old = used
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
	err := atomicfile.WriteWith(m.path, func(w io.Writer) error { return writeMemo(w, used, stats) })
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

// fingerprint hashes the parsed page templates (parse trees, before any
// execution changes them), so that a site's own templates count in memo
// keys; the embedded ones count through the program's fingerprint anyway.
func (pt *pageTemplates) fingerprint() string {
	k, sum := newKey("", "templates")
	for _, kind := range sortedKeys(pt.byKind) {
		k.str(kind)
		ts := pt.byKind[kind].Templates()
		sort.Slice(ts, func(i, j int) bool { return ts[i].Name() < ts[j].Name() })
		for _, t := range ts {
			k.str(t.Name())
			if t.Tree != nil && t.Tree.Root != nil {
				k.str(t.Tree.Root.String())
			}
		}
	}
	return sum()
}

// memoRun is a build's use of the memo.
type memoRun struct {
	memo      *fileMemo
	site      string // the key part of everything site-wide but links
	linksHash string // the content tree's links, for files with a note

	mu     sync.Mutex
	used   map[string]*fileRecord // records of this build, by key
	missed map[string]*missedFile // files processed anew, by output folder
}

// missedFile is a file processed anew, whose record is made once every file
// is processed (its outputs are found in what the build wrote).
type missedFile struct {
	key string
	f   *content.PuzzleFile
	res *fileResult
}

// startMemo prepares the memo for a build.
func (r *run) startMemo() {
	r.memo.load()
	r.memo.hits.Store(0)
	k, sum := newKey(r.memo.program, "site")
	k.str(memoVersion)
	k.str(r.memo.templates)
	k.str(fmt.Sprintf("%#v", r.site))
	k.bool(r.strict)
	k.bool(r.cfg.SkipInvalid)
	k.str(r.title)
	lk, lsum := newKey("", "links")
	for _, p := range sortedKeys(r.links) {
		lk.str(p)
		lk.str(r.links[p])
	}
	r.memoRun = &memoRun{memo: r.memo, site: sum(), linksHash: lsum(),
		used: make(map[string]*fileRecord, len(r.memo.old)), missed: map[string]*missedFile{}}
}

// memoKey is the key of a puzzle file's work: the program, the site's
// configuration and templates, the file's bytes, name and place (its output
// folder and name, its collection's path and the titles of the collections
// above it, for breadcrumbs), its note's bytes, and when the note has a body
// the content tree's links, which its links are rewritten by. A file's place
// in path order is not in it: no puzzle page shows it.
func (m *memoRun) key(f *content.PuzzleFile, fileHash, noteHash string, noteBlank bool, siteTitle string) string {
	k, sum := newKey(m.site, "file")
	k.str(f.Rel)
	k.str(f.Abs)
	k.str(f.Slug)
	k.str(f.Original)
	k.str(f.Coll.Dir)
	k.str(f.Coll.URL)
	for c := f.Coll; c != nil; c = c.Parent {
		k.str(c.URL)
		k.str(c.Title(siteTitle))
	}
	k.str(fileHash)
	k.str(f.NotePath)
	k.str(noteHash)
	if !noteBlank {
		k.str(m.linksHash)
	}
	return sum()
}

// processFileMemo is processFile, skipped when the memo knows the file's
// work and its outputs are still at hand.
func (r *run) processFileMemo(ctx context.Context, f *content.PuzzleFile) fileResult {
	m := r.memoRun
	if m.memo.program == "" {
		return r.processFile(ctx, f)
	}
	fileHash, _, err := m.memo.stats.digest(f.Abs)
	if err != nil {
		return fileResult{fatal: fmt.Errorf("read puzzle file: %w", err)}
	}
	noteHash, noteBlank := "", true
	if f.NotePath != "" {
		if noteHash, noteBlank, err = m.memo.stats.digest(f.NotePath); err != nil {
			return fileResult{fatal: fmt.Errorf("read note: %w", err)}
		}
	}
	key := m.key(f, fileHash, noteHash, noteBlank, r.title)
	if rec := m.memo.lookup(key); rec != nil && r.out.Reuse(rec.Outputs) {
		m.mu.Lock()
		m.used[key] = rec
		m.mu.Unlock()
		m.memo.hits.Add(1)
		res := r.resultOf(f, rec)
		if res.bundle != nil {
			res.bundle.memoKey = key
		}
		return res
	}
	res := r.processFile(ctx, f)
	if res.bundle != nil {
		res.bundle.memoKey = key
	}
	if res.fatal == nil && ctx.Err() == nil {
		m.mu.Lock()
		m.missed[f.Coll.URL+f.Slug+"/"] = &missedFile{key: key, f: f, res: &res}
		m.mu.Unlock()
	}
	return res
}

// resultOf turns a file's record back into its result.
func (r *run) resultOf(f *content.PuzzleFile, rec *fileRecord) fileResult {
	res := fileResult{diags: rec.Diags}
	pages := make([]string, 0, len(rec.Entries))
	for i := range rec.Entries {
		e := rec.Entries[i] // a copy: the record stays as kept
		e.coll, e.file, e.order = f.Coll, f, f.Order<<20|e.Index
		if e.AssetKey != "" {
			r.assets.store(e.AssetKey, e.Assets)
		}
		res.entries = append(res.entries, &e)
		pages = append(pages, e.Page)
	}
	if rec.Bundle != nil {
		res.bundle = &bundlePage{coll: f.Coll, dir: rec.Bundle.Dir, title: rec.Bundle.Title,
			description: rec.Bundle.Description, note: template.HTML(rec.Bundle.Note), entries: res.entries}
	}
	r.mu.Lock()
	r.pages = append(r.pages, pages...)
	r.mu.Unlock()
	return res
}

// recordMisses makes the records of the files processed anew, once every
// file is processed: a file's outputs are what the build wrote in its output
// folder (no other file's work writes there) and its published copy.
func (r *run) recordMisses() {
	m := r.memoRun
	if len(m.missed) == 0 {
		return
	}
	outputs := map[*missedFile]map[string]string{}
	r.out.EachWritten(func(p, h string) {
		for i := strings.IndexByte(p, '/'); i >= 0; {
			if mf, ok := m.missed[p[:i+1]]; ok {
				if outputs[mf] == nil {
					outputs[mf] = map[string]string{}
				}
				outputs[mf][p] = h
				break
			}
			j := strings.IndexByte(p[i+1:], '/')
			if j < 0 {
				break
			}
			i += j + 1
		}
	})
	for _, mf := range m.missed {
		if len(mf.res.entries) == 0 {
			continue // a draft: nothing published, no copy of the file
		}
		orig := mf.f.Coll.URL + mf.f.Original
		h, ok := r.out.Hash(orig)
		if !ok {
			continue
		}
		if outputs[mf] == nil {
			outputs[mf] = map[string]string{}
		}
		outputs[mf][orig] = h
	}
	for _, mf := range m.missed {
		m.used[mf.key] = recordOf(mf.res, outputs[mf])
	}
}

// recordOf makes a file's record from its result and outputs.
func recordOf(res *fileResult, outputs map[string]string) *fileRecord {
	rec := &fileRecord{Diags: res.diags, Outputs: outputs}
	if rec.Outputs == nil {
		rec.Outputs = map[string]string{}
	}
	for _, e := range res.entries {
		rec.Entries = append(rec.Entries, *e)
	}
	if b := res.bundle; b != nil {
		rec.Bundle = &bundleRecord{Dir: b.dir, Title: b.title, Description: b.description, Note: string(b.note)}
	}
	return rec
}

// keepMemo keeps the records this build used for the next, in memory, and
// on disk unless the build answers an edit in serve mode
// (BuildQuick), where the full build that follows writes them.
func (r *run) keepMemo() error {
	return r.memo.keep(r.memoRun.used, !r.quick)
}

// bookletPart is a puzzle's part of its collection's booklet key: its file's
// bytes, its place in the file and its solution.
func bookletPart(fileHash string, index int, sol *puzzle.Image) string {
	k, sum := newKey("", "booklet part")
	k.str(fileHash)
	k.int(index)
	k.image(sol)
	return sum()
}
