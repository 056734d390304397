package build

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sync"

	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/internal/jsonmap"
	"github.com/nonopress/nonopress/puzzle"
)

// assetCache remembers, between builds, which files a puzzle's rendering gave
// (sheet, solution, thumbnail, PDF...) by a key of everything they depend on:
// the program itself, the puzzle file's bytes, the puzzle's place in it, its
// solution and the options. A warm build that finds a puzzle's key and its
// files (by hash) in either output buffer reuses them instead of rendering
// again: rendering PDFs is most of a build's work.
//
// It is kept in .nonopress-cache/assets.json; a missing or corrupt file is an
// empty cache. Only the keys used by the last build are saved, so it does not
// grow without bound.
type assetCache struct {
	path        string
	fingerprint string // of the running program; "" disables the cache
	mu          sync.Mutex
	old, used   map[string]map[string]string // key → output name → hash
}

// programFingerprint hashes the running executable, so that a new version of
// nonopress (or of a test binary) never reuses what an older one rendered. It
// returns "" when the executable cannot be read.
func programFingerprint() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

func openAssetCache(path, fingerprint string) *assetCache {
	c := &assetCache{path: path, fingerprint: fingerprint, old: map[string]map[string]string{}}
	if data, err := os.ReadFile(path); err == nil {
		if json.Unmarshal(data, &c.old) != nil {
			c.old = map[string]map[string]string{}
		}
	}
	c.used = make(map[string]map[string]string, len(c.old))
	return c
}

// lookup returns the outputs recorded for key.
func (c *assetCache) lookup(key string) (map[string]string, bool) {
	if c.fingerprint == "" {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	m, ok := c.old[key]
	return m, ok
}

// store records the outputs of key for the next build.
func (c *assetCache) store(key string, outputs map[string]string) {
	c.mu.Lock()
	c.used[key] = outputs
	c.mu.Unlock()
}

// save writes the keys used by this build (map keys are sorted by
// encoding/json: stable bytes).
func (c *assetCache) save() error {
	if c.fingerprint == "" {
		return nil
	}
	if _, err := os.Stat(c.path); err == nil && sameOutputs(c.old, c.used) {
		return nil // the file holds these already
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteWith(c.path, func(w io.Writer) error { return jsonmap.Encode(w, c.used) })
}

// keyer builds an asset key.
type keyer struct{ h io.Writer }

func newKey(fingerprint, kind string) (keyer, func() string) {
	h := sha256.New()
	k := keyer{h}
	k.str(fingerprint)
	k.str(kind)
	return k, func() string { return hex.EncodeToString(h.Sum(nil)[:16]) }
}

func (k keyer) str(s string) {
	k.int(len(s))
	io.WriteString(k.h, s)
}

func (k keyer) int(n int) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(n))
	k.h.Write(b[:])
}

func (k keyer) bool(v bool) {
	if v {
		k.int(1)
	} else {
		k.int(0)
	}
}

func (k keyer) image(g *puzzle.Image) {
	if g == nil {
		k.int(-1)
		return
	}
	k.int(g.Width)
	k.int(g.Height)
	k.str(string(g.Cells))
}

// puzzleAssetKey is the key of a puzzle's rendered files.
func (r *run) puzzleAssetKey(fileHash string, index int, sol *puzzle.Image) string {
	k, sum := newKey(r.assets.fingerprint, "puzzle")
	k.str(fileHash)
	k.int(index)
	k.image(sol)
	k.str(r.site.Paper)
	k.bool(r.site.MonoSafe)
	k.bool(r.site.SolutionThumbnails)
	return sum()
}

// reuseAssets publishes a puzzle's files from an earlier build if the cache
// knows them and an output buffer still has them, all or nothing. It
// returns the names reused.
func (r *run) reuseAssets(dir, key string) (map[string]string, bool) {
	outputs, ok := r.assets.lookup(key)
	if !ok {
		return nil, false
	}
	paths := map[string]string{}
	for name, h := range outputs {
		paths[dir+name] = h
	}
	if !r.out.Reuse(paths) {
		return nil, false
	}
	return outputs, true
}

// fileHashOf hashes a puzzle file's bytes for asset keys.
func fileHashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return fmt.Sprintf("%x", sum[:16])
}

// sameOutputs reports whether a build used exactly the keys of the last.
func sameOutputs(old, used map[string]map[string]string) bool {
	if len(old) != len(used) {
		return false
	}
	for k, outputs := range used {
		if o, ok := old[k]; !ok || !maps.Equal(o, outputs) {
			return false
		}
	}
	return true
}
