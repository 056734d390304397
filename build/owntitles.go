package build

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/internal/parallel"
	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/puzzle"
)

// Links to the previous and next file of a collection show the title of
// the page they lead to. Where a file's note gives none, that is a title
// in the file (its puzzle's, or a set's own), which the tree scan does not
// read: the builder reads it before the files of its collection are
// published, so that the links (and the memo keys that include them) are
// right in the first build. Titles are kept by file, size and modification
// time, between builds (serve) and in titles.json in the cache folder
// between runs, so that a build reads only the files that changed.

// ownTitles keeps the titles read from puzzle files.
type ownTitles struct {
	mu     sync.Mutex
	loaded bool
	m      map[titleKey]string
	// parsed are the files read for their titles, for their publish step.
	parsed parsedSources
}

// titleKey is a file as last seen: a changed file is read again.
type titleKey struct {
	Path  string    `json:"path"`
	Size  int64     `json:"size"`
	Mtime time.Time `json:"mtime"`
}

// titleRecord is a line of titles.json.
type titleRecord struct {
	titleKey
	Title string `json:"title"`
}

// titlesFile is titles.json: the program that read the titles (another
// one reads them again), and the titles by file.
type titlesFile struct {
	Program string        `json:"program"`
	Files   []titleRecord `json:"files"`
}

// titlePass is a build's title pass, made a batch of whole collections
// at a time (name) just before the batch is published, so that the
// parses it keeps for the files' publish steps are held for one batch,
// not the whole tree. It holds the titles' lock until done.
type titlePass struct {
	b    *Builder
	t    *ownTitles
	seen map[titleKey]string // the titles of this build's files so far
	read bool                // some file was read, not found in titles.json
}

// startTitles starts the title pass of a build, locking the kept titles.
func (b *Builder) startTitles() *titlePass {
	t := b.lockTitles()
	t.parsed.reset()
	return &titlePass{b: b, t: t, seen: map[titleKey]string{}}
}

// name reads the own title of each of files whose note gives none (on all
// cores: on a cold build that is every such file) and links their
// collections' files to their neighbours again with them. files holds
// every file of their collections.
func (p *titlePass) name(ctx context.Context, files []*content.PuzzleFile) {
	t := p.t
	keys := make([]titleKey, len(files))
	titles := make([]string, len(files))
	var named, unread []int
	for i, f := range files {
		if f.Title != "" || ctx.Err() != nil {
			continue
		}
		k, ok := titleKeyOf(f)
		if !ok {
			continue // publishing the file reports it
		}
		keys[i], named = k, append(named, i)
		if title, kept := t.m[k]; kept {
			titles[i] = title
		} else {
			unread = append(unread, i)
		}
	}
	_ = parallel.Do(ctx, len(unread), func(j int) error {
		f := files[unread[j]]
		if src, ok := readParsed(ctx, f); ok {
			titles[unread[j]] = titleOf(src.puzzles)
			t.parsed.keep(f.Abs, src)
		}
		return nil
	})
	p.read = p.read || len(unread) > 0
	for _, i := range named {
		p.seen[keys[i]] = titles[i]
		files[i].OwnTitle = titles[i]
	}
	content.Relink(files)
	if p.b.afterTitles != nil {
		p.b.afterTitles()
	}
}

// done keeps the titles of the files named, and only those, for the next
// build, and unlocks them.
func (p *titlePass) done() {
	t := p.t
	if p.read || len(p.seen) != len(t.m) {
		saveTitles(p.b.titlesPath(), p.b.fingerprint, p.seen) // a cache: a failure costs reading again
	}
	t.m = p.seen
	t.mu.Unlock()
}

// lockTitles locks the kept titles, loaded from titles.json on first use;
// the caller unlocks them.
func (b *Builder) lockTitles() *ownTitles {
	t := &b.titles
	t.mu.Lock()
	if !t.loaded {
		t.m, t.loaded = loadTitles(b.titlesPath(), b.fingerprint), true
	}
	return t
}

// titlesPath is titles.json in the cache folder.
func (b *Builder) titlesPath() string { return filepath.Join(b.cacheDir, "titles.json") }

// own returns f's own title and the key it is kept under: the kept one
// when f is as it was when read, else read now. ok is false when f cannot
// be stat'ed. The caller holds t.mu.
func (t *ownTitles) own(ctx context.Context, f *content.PuzzleFile) (k titleKey, title string, ok bool) {
	if k, ok = titleKeyOf(f); !ok {
		return k, "", false
	}
	if title, kept := t.m[k]; kept {
		return k, title, true
	}
	return k, fileTitle(ctx, f), true
}

// titleKeyOf is f as it is now; ok is false when it cannot be stat'ed.
func titleKeyOf(f *content.PuzzleFile) (titleKey, bool) {
	info, err := os.Stat(f.Abs)
	if err != nil {
		return titleKey{}, false
	}
	return titleKey{f.Abs, info.Size(), info.ModTime().UTC()}, true
}

// loadTitles reads titles.json; none when it is missing, unreadable or
// written by another program.
func loadTitles(path, program string) map[titleKey]string {
	m := map[titleKey]string{}
	data, err := os.ReadFile(path)
	if err != nil {
		return m
	}
	var f titlesFile
	if json.Unmarshal(data, &f) != nil || f.Program != program || program == "" {
		return m
	}
	for _, r := range f.Files {
		m[r.titleKey] = r.Title
	}
	return m
}

// saveTitles writes titles.json, files in path order.
func saveTitles(path, program string, m map[titleKey]string) {
	if program == "" || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	f := titlesFile{Program: program}
	for k, title := range m {
		f.Files = append(f.Files, titleRecord{k, title})
	}
	slices.SortFunc(f.Files, func(a, b titleRecord) int { return strings.Compare(a.Path, b.Path) })
	if data, err := json.Marshal(f); err == nil {
		_ = atomicfile.WriteNoSync(path, data)
	}
}

// fileTitle is the title a puzzle file gives the page its neighbours link
// to (titleOf its puzzles); "" when it gives none or cannot be read (its
// publishing reports why).
func fileTitle(ctx context.Context, f *content.PuzzleFile) string {
	src, ok := readParsed(ctx, f)
	if !ok {
		return ""
	}
	return titleOf(src.puzzles)
}

// titleOf is the title of a file of these puzzles: a set's own title for a
// file of several (the page listing them), else its puzzle's.
func titleOf(puzzles []*puzzle.Puzzle) string {
	switch {
	case len(puzzles) > 1:
		return setTitle(puzzles)
	case len(puzzles) == 1:
		return puzzles[0].Meta.Title
	}
	return ""
}
