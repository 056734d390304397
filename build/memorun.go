package build

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"

	"github.com/nonopress/nonopress/build/content"
)

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
	r.memo.hits.Store(0)
	k := key.New(r.memo.program, "site")
	k.String(memoVersion)
	k.String(r.memo.templates)
	k.Value(r.site) // every setting of nonopress.toml
	k.Bool(r.strict)
	k.Bool(r.cfg.SkipInvalid)
	k.String(r.pub.Title)
	lk := key.New("", "links")
	for _, p := range sortedKeys(r.pub.Links) {
		lk.String(p)
		lk.String(r.pub.Links[p])
	}
	r.memoRun = &memoRun{memo: r.memo, site: k.Sum(), linksHash: lk.Sum(),
		used: make(map[string]*fileRecord, len(r.memo.old)), missed: map[string]*missedFile{}}
}

// key is the key of a puzzle file's work: the program, the site's
// configuration and templates, the file's bytes, name and place (its output
// folder and name, its collection's path and the titles of the collections
// above it and which of them are wrappers, for breadcrumbs, and the tags
// and credits their notes give it), its note's bytes, and when the note has
// a body the content tree's links, which its links are rewritten by and
// checked against, its
// neighbours (the previous and next links of its pages) and its git date. A
// file's place in path order is not in it: no puzzle page shows it. Nor
// are the headings of the collections' notes, which its note's fragments
// are checked against: the record says which it names (anchorDeps).
func (m *memoRun) key(f *content.PuzzleFile, fileHash, noteHash string, noteBlank bool, siteTitle string) string {
	k := key.New(m.site, "file")
	k.String(f.Rel)
	k.String(f.Abs)
	k.String(f.Slug)
	k.String(f.Original)
	k.String(f.Coll.Dir)
	k.String(f.Coll.URL)
	// Its neighbours, linked from its pages, and its date from git.
	for _, l := range []content.Link{f.Prev, f.Next} {
		k.String(l.Title)
		k.String(l.Page)
	}
	k.String(f.GitAdded).String(f.GitChanged)
	for c := f.Coll; c != nil; c = c.Parent {
		k.String(c.URL)
		k.String(c.Title(siteTitle))
		k.Bool(c.Wrapper)
		// Its puzzles carry the tags, and may be credited by the notes.
		k.String(strings.Join(c.Note.Front.Tags, "\x00"))
		k.String(c.Note.Front.Author).String(c.Note.Front.License).String(c.Note.Front.Copyright)
	}
	k.String(fileHash)
	k.String(f.NotePath)
	k.String(noteHash)
	if !noteBlank {
		k.String(m.linksHash)
	}
	return k.Sum()
}

// enabled reports whether the build has a memo: not when the running
// program could not be fingerprinted.
func (m *memoRun) enabled() bool { return m.memo.program != "" }

// fileKey is the key of a puzzle file's work (key), from the digests of the
// file and its note, which it returns too.
func (m *memoRun) fileKey(f *content.PuzzleFile, siteTitle string) (string, sourceDigests, error) {
	var d sourceDigests
	var err error
	if d.file, _, err = m.memo.stats.digest(f.Abs); err != nil {
		return "", d, fmt.Errorf("read puzzle file: %w", err)
	}
	noteBlank := true
	if f.NotePath != "" {
		if d.note, noteBlank, err = m.memo.stats.digest(f.NotePath); err != nil {
			return "", d, fmt.Errorf("read note: %w", err)
		}
	}
	return m.key(f, d.file, d.note, noteBlank, siteTitle), d, nil
}

// hit keeps the record of a file whose work this build reuses.
func (m *memoRun) hit(key string, rec *fileRecord) {
	m.mu.Lock()
	m.used[key] = rec
	m.mu.Unlock()
	m.memo.hits.Add(1)
}

// miss notes a file processed anew, whose record recordMisses makes.
func (m *memoRun) miss(key string, f *content.PuzzleFile, res *fileResult) {
	m.mu.Lock()
	m.missed[f.Coll.URL+f.Slug+"/"] = &missedFile{key: key, f: f, res: res}
	m.mu.Unlock()
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
	rec := &fileRecord{Diags: res.diags, LeftOut: res.leftOut, Outputs: outputs, Anchors: res.anchors}
	if rec.Outputs == nil {
		rec.Outputs = map[string]string{}
	}
	for _, e := range res.entries {
		rec.Entries = append(rec.Entries, *e)
	}
	if b := res.bundle; b != nil {
		rec.Bundle = &bundleRecord{Dir: b.Dir, Title: b.Title, Description: b.Description, Note: string(b.Note)}
	}
	return rec
}

// keepMemo keeps the records this build used for the next, and the stamp,
// in memory, and on disk unless the build answers an edit in serve mode
// (buildQuick), where the full build that follows writes them.
func (r *run) keepMemo(stamp buildStamp) error {
	return r.memo.keep(r.memoRun.used, r.assets.used, stamp, !r.quick)
}

// A warm build reads every puzzle file and note only to hash them for the
// file memo's keys. The memo also keeps, per file, what its metadata was
// when it was hashed (size, modification and change times, inode), and a
// file whose metadata has not changed is not read again. A file modified
// within the file system's timestamp granularity of the time it was hashed
// could keep its metadata with new bytes, so a file changed less than
// racyWindow before it was hashed is not remembered (git's "racy clean"
// problem, solved the same way).
const racyWindow = 2 * time.Second

// fileStat is a file's metadata and the digest of its bytes.
type fileStat struct {
	Size, ModNs, ChangeNs int64
	Inode                 uint64
	Hash                  string
	Blank                 bool // only white space
}

// fileStats remembers file digests by path, safe for concurrent use.
type fileStats struct {
	window   time.Duration // racyWindow; tests shorten it
	reads    atomic.Int64  // files read, for tests
	mu       sync.Mutex
	old, now map[string]fileStat
}

// digest returns the hash of a file's bytes and whether it is blank, reading
// it only when its metadata differs from what was remembered.
func (s *fileStats) digest(path string) (hash string, blank bool, err error) {
	info, err := os.Stat(path)
	if err != nil {
		return "", false, err
	}
	st := fileStat{Size: info.Size(), ModNs: info.ModTime().UnixNano()}
	st.Inode, st.ChangeNs = inodeAndChange(info)
	s.mu.Lock()
	old, ok := s.old[path]
	s.mu.Unlock()
	if ok && old.Size == st.Size && old.ModNs == st.ModNs && old.ChangeNs == st.ChangeNs && old.Inode == st.Inode {
		s.keep(path, old)
		return old.Hash, old.Blank, nil
	}
	data, err := readSource(context.Background(), path, formats.MaxFileSize)
	if err != nil {
		return "", false, err
	}
	s.reads.Add(1)
	st.Hash, st.Blank = fileHashOf(data), len(bytes.TrimSpace(data)) == 0
	newest := max(st.ModNs, st.ChangeNs)
	if int64(len(data)) == st.Size && time.Since(time.Unix(0, newest)) > s.window {
		s.keep(path, st)
	}
	return st.Hash, st.Blank, nil
}

func (s *fileStats) keep(path string, st fileStat) {
	s.mu.Lock()
	if s.now == nil {
		s.now = map[string]fileStat{}
	}
	s.now[path] = st
	s.mu.Unlock()
}

// What the title pass parsed is reused the same way, within one build.

// parsedSource is a puzzle file's bytes and what formats.Read made of
// them.
type parsedSource struct {
	data    []byte
	puzzles []*puzzle.Puzzle
	err     error // formats.Read's
}

// parsedSources keeps the files the title pass (titlePass.name) read and
// parsed, by path, until their publish step takes them: so a cold build
// reads and parses each puzzle file once.
type parsedSources struct {
	mu sync.Mutex
	m  map[string]parsedSource
}

// keep keeps src, the file at path as read now.
func (s *parsedSources) keep(path string, src parsedSource) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]parsedSource{}
	}
	s.m[path] = src
}

// take returns the file at path as kept, and forgets it; ok is false when
// none was kept.
func (s *parsedSources) take(path string) (src parsedSource, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	src, ok = s.m[path]
	delete(s.m, path)
	return src, ok
}

// reset forgets every file kept (a file whose note is broken is not
// published).
func (s *parsedSources) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m = nil
}

// readParsed reads and parses a puzzle file; ok is false for a picture
// (its note titles it) or a file that cannot be read (its publishing
// reports why).
func readParsed(ctx context.Context, f *content.PuzzleFile) (src parsedSource, ok bool) {
	if !formats.Known(f.Abs) {
		return src, false
	}
	data, err := readSource(ctx, f.Abs, formats.MaxFileSize)
	if err != nil {
		return src, false
	}
	src.data = data
	src.puzzles, src.err = formats.Read(f.Abs, data)
	return src, true
}
