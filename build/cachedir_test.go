package build

import (
	"os"
	"path/filepath"
	"testing"
)

// By default the caches live beside the content folder: a build writes
// nothing into its input.
func TestCacheBesideContent(t *testing.T) {
	s := newSite(t, smallSite)
	before := snapshot(t, s.src)
	s.mustBuild(Config{})
	if d := diffSnapshots(before, snapshot(t, s.src)); d != "" {
		t.Errorf("the build changed the content folder:\n%s", d)
	}
	for _, name := range []string{storeFile} {
		if _, err := os.Stat(filepath.Join(filepath.Dir(s.src), CacheDir, name)); err != nil {
			t.Errorf("no %s beside the content folder: %v", name, err)
		}
	}
}

// nonopress.toml's cache_dir moves the caches, relative to the content folder.
func TestCacheDirConfigured(t *testing.T) {
	s := newSite(t, smallSite+"-- nonopress.toml --\ncache_dir = \"work/cache\"\n")
	s.mustBuild(Config{})
	if _, err := os.Stat(filepath.Join(s.src, "work", "cache", storeFile)); err != nil {
		t.Errorf("no verdicts in the configured cache folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(s.src), CacheDir)); !os.IsNotExist(err) {
		t.Errorf("the default cache folder was made anyway (%v)", err)
	}
}
