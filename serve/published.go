package serve

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/nonopress/nonopress/build/output"
)

// published is the set of files the last build published in the output
// folder, from the folder's manifest: the only paths the server answers. A
// dotfile, the manifest itself, a cache, a file a user left in the folder,
// or anything in a folder nonopress does not own (no manifest) is never
// served. The manifest is read again after each of serve's builds
// (refresh), and by a request that finds its marker file changed (another
// build's: builds replace it by rename).
type published struct {
	dir  string
	mu   sync.Mutex
	info os.FileInfo
	set  map[string]string
	// changed is told each manifest read again, with the one before.
	changed func(old, now map[string]string)
}

// newPublished answers what the build published in dir; changed, when not
// nil, is told of each new manifest before any answer from it.
func newPublished(dir string, changed func(old, now map[string]string)) *published {
	return &published{dir: dir, changed: changed}
}

// refresh reads the manifest again when its marker changed: serve calls it
// after each build, so that what changed is worked out once, from each
// build's manifest to the next, not by the first request after it (which
// compared the manifest it had with one several builds later: a page
// renamed, then edited before its browser asked for it, was not followed).
func (p *published) refresh() {
	info, err := os.Stat(filepath.Join(p.dir, output.MarkerName))
	if err != nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.load(info)
}

// load reads the manifest again when the marker's stat info is not the
// one it was read at, and tells changed; p.mu is held.
func (p *published) load(info os.FileInfo) bool {
	if p.info != nil && sameMarker(p.info, info) {
		return true
	}
	set, err := output.ReadManifest(p.dir)
	if err != nil {
		return false
	}
	if p.changed != nil && p.set != nil {
		p.changed(p.set, set)
	}
	p.info, p.set = info, set
	return true
}

// has reports whether rel (slash-separated, from the site root, without a
// leading slash) is a file the build published.
func (p *published) has(rel string) bool {
	info, err := os.Stat(filepath.Join(p.dir, output.MarkerName))
	if err != nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.load(info) {
		return false
	}
	_, ok := p.set[rel]
	return ok && rel != output.MarkerName
}

// sameMarker reports whether two stats are of the same, unchanged file.
func sameMarker(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}
