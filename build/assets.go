package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"sync"
)

// assetCache remembers, between builds, which files a puzzle's rendering gave
// (sheet, solution, thumbnail, PDF...) by a key of everything they depend on:
// the program itself, the puzzle file's bytes, the puzzle's place in it, its
// solution and the options. A warm build that finds a puzzle's key and its
// files (by hash) in either output buffer reuses them instead of rendering
// again: rendering PDFs is most of a build's work.
//
// The file memo keeps its outputs between builds, in memory and in the store
// file (storefile.go). Only the keys used by the last build are kept, so it
// does not grow without bound.
type assetCache struct {
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

// newAssetCache starts a build's asset cache from the outputs the last
// build used.
func newAssetCache(fingerprint string, old map[string]map[string]string) *assetCache {
	return &assetCache{fingerprint: fingerprint, old: old, used: make(map[string]map[string]string, len(old))}
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
