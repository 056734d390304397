package output

import (
	"os"
	"path/filepath"
	"sync"
)

// Manifests keeps the manifests of a builder's two output folders between
// its builds (serve mode), where reading and parsing them would cost a large
// site more than the rest of a build after an edit. A kept manifest stands
// only while the folder's marker is the very file it was written as (same
// inode, size and time): markers are replaced by rename, never rewritten in
// place, so any other writer, or a dirty marker, makes it be read again.
//
// It also keeps what the last commit changed between the two folders (the
// paths the published folder holds anew, and those only the back buffer
// still holds), so that the next build that knows exactly what it changes
// (CarryPublished) brings the back buffer up to date from that change set
// alone, not from a pass over every file of the site.
type Manifests struct {
	mu   sync.Mutex
	kept map[string]*keptMarker // by folder
	last lastCommit
}

type keptMarker struct {
	info   os.FileInfo
	hashes map[string]string
	order  []string // its paths in order, if known
	sums   []string // the hashes of order's paths, if known
	dirs   *folderSet
}

// lastCommit is what a commit changed: front, the published folder, holds
// Written anew (new or changed files) and no longer holds Removed, both
// sorted, compared with back, its back buffer. It stands while both
// folders' markers are those the commit left (frontMark, backMark).
type lastCommit struct {
	front, back         string
	frontMark, backMark os.FileInfo
	written, removed    []string
}

// read is ReadManifest, from the cache when the marker is unchanged. The
// caller must not change the map it gets.
func (c *Manifests) read(dir string) (map[string]string, error) {
	if k := c.lookup(dir); k != nil {
		return k.hashes, nil
	}
	return ReadManifest(dir)
}

// lookup returns the kept marker of dir if the marker is still that file.
func (c *Manifests) lookup(dir string) *keptMarker {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	k := c.kept[dir]
	c.mu.Unlock()
	if info, err := os.Stat(filepath.Join(dir, MarkerName)); k != nil && err == nil && sameFile(k.info, info) {
		return k
	}
	return nil
}

// take is read for a folder about to be changed: the caller owns the map it
// gets, which the cache forgets.
func (c *Manifests) take(dir string) (map[string]string, error) {
	k := c.lookup(dir)
	if k == nil {
		return ReadManifest(dir)
	}
	c.mu.Lock()
	delete(c.kept, dir)
	c.mu.Unlock()
	return k.hashes, nil
}

// remember keeps the manifest just written to dir's marker (nil forgets it).
func (c *Manifests) remember(dir string, hashes map[string]string) {
	c.keep(dir, &keptMarker{hashes: hashes})
}

// keep keeps k as the manifest just written to dir's marker (k.hashes nil
// forgets it); it sets k.info.
func (c *Manifests) keep(dir string, k *keptMarker) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kept == nil {
		c.kept = map[string]*keptMarker{}
	}
	info, err := os.Stat(filepath.Join(dir, MarkerName))
	if err != nil || k.hashes == nil {
		delete(c.kept, dir)
		return
	}
	k.info = info
	c.kept[dir] = k
}

// rememberCommit keeps what a commit just swapped in: front now holds the
// manifest now (the build's), back holds was (the site it replaced), and
// front differs from back by the paths of written and removed.
func (c *Manifests) rememberCommit(front, back string, now, was *keptMarker, written, removed []string) {
	if c == nil {
		return
	}
	c.keep(front, now)
	c.keep(back, was)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.last = lastCommit{}
	if c.kept[front] == now && c.kept[back] == was {
		c.last = lastCommit{front: front, back: back, frontMark: now.info, backMark: was.info, written: written, removed: removed}
	}
}

// lastChange returns what the last commit changed between front and back,
// if both markers are still those it left: front was read as frontMark,
// back's marker is backMark (as read before the build began changing it).
func (c *Manifests) lastChange(front, back string, frontMark, backMark os.FileInfo) (lastCommit, bool) {
	if c == nil || frontMark == nil || backMark == nil {
		return lastCommit{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.last
	ok := l.front == front && l.back == back && l.frontMark != nil &&
		sameFile(l.frontMark, frontMark) && sameFile(l.backMark, backMark)
	return l, ok
}

// sameFile reports whether two stats are of the same, unchanged file.
func sameFile(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}
