package build

import (
	"fmt"
	"os"
	"sync"

	"github.com/nonopress/nonopress/validate"
)

// The solver's verdicts (validate's cache, verdicts.json in the cache
// folder) are kept by the builder between its builds, so that serve mode's
// rebuilds do not decode them again; a cache whose file has gone is read
// afresh (empty), as a new process would. (The file memo keeps the other
// caches: memo.go.)
type keptCaches struct {
	solver     *validate.Cache
	solverPath string
	titles     ownTitles // the files' own titles (owntitles.go)
}

// solverCache opens the solver cache at path, or returns the one kept.
func (b *Builder) solverCache(path string) (*validate.Cache, error) {
	if k := &b.kept; k.solver != nil && k.solverPath == path {
		if _, err := os.Stat(path); err == nil {
			return k.solver, nil
		}
	}
	c, err := validate.OpenCache(path)
	if err != nil {
		return nil, err
	}
	b.kept.solver, b.kept.solverPath = c, path
	return c, nil
}

// assetCache starts a build's asset cache from what the file memo kept.
func (b *Builder) assetCache() *assetCache {
	return newAssetCache(b.fingerprint, b.memo.assetOutputs())
}

// lazySolver opens the solver cache when a build first needs it: a warm
// build, whose files all come from the file memo, never does, and decoding
// the verdicts of a large archive costs more than the rest of such a build.
type lazySolver struct {
	b     *Builder
	path  string
	once  sync.Once
	cache *validate.Cache
}

func (b *Builder) lazySolverCache(path string) *lazySolver {
	return &lazySolver{b: b, path: path}
}

// get returns the cache, opening it on first use. A cache that cannot be
// opened is left out (nil caches nothing), with a warning.
func (l *lazySolver) get() *validate.Cache {
	l.once.Do(func() {
		c, err := l.b.solverCache(l.path)
		if err != nil {
			fmt.Fprintf(l.b.log, "warning: solver cache not used: %v\n", err)
		}
		l.cache = c
	})
	return l.cache
}

// opened returns the cache if this build opened it.
func (l *lazySolver) opened() *validate.Cache {
	l.once.Do(func() {}) // after this, get opens nothing
	return l.cache
}
