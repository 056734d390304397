package build

import (
	"os"

	"github.com/nonopress/nonopress/validate"
)

// The caches a build reads from .nonopress-cache/ (solver verdicts, rendered
// assets) are kept by the builder between its builds, so that serve mode's
// rebuilds do not decode them again; a cache whose file has gone is read
// afresh (empty), as a new process would.
type keptCaches struct {
	solver     *validate.Cache
	solverPath string
	assets     map[string]map[string]string // the asset keys the last build used
	assetsPath string
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

// assetCache opens the asset cache at path, or starts from the keys kept.
func (b *Builder) assetCache(path string) *assetCache {
	if k := &b.kept; k.assets != nil && k.assetsPath == path && b.fingerprint != "" {
		if _, err := os.Stat(path); err == nil {
			return &assetCache{path: path, fingerprint: b.fingerprint, old: k.assets, used: map[string]map[string]string{}}
		}
	}
	return openAssetCache(path, b.fingerprint)
}

// keepAssets keeps a saved asset cache's keys for the next build.
func (b *Builder) keepAssets(c *assetCache) {
	b.kept.assets, b.kept.assetsPath = c.used, c.path
}
