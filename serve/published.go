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
// served. The manifest is read again only when its marker file changes
// (builds replace it by rename).
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

// has reports whether rel (slash-separated, from the site root, without a
// leading slash) is a file the build published.
func (p *published) has(rel string) bool {
	info, err := os.Stat(filepath.Join(p.dir, output.MarkerName))
	if err != nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.info == nil || !sameMarker(p.info, info) {
		set, err := output.ReadManifest(p.dir)
		if err != nil {
			return false
		}
		if p.changed != nil && p.set != nil {
			p.changed(p.set, set)
		}
		p.info, p.set = info, set
	}
	_, ok := p.set[rel]
	return ok && rel != output.MarkerName
}

// sameMarker reports whether two stats are of the same, unchanged file.
func sameMarker(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}
