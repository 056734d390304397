package build

import (
	"os"
	"path/filepath"
	"strings"
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

// A store that cannot be saved (here a folder stands where it goes) is a
// warning at the store's path, in the form of every other: the build
// itself succeeds.
func TestStoreNotSavedWarnsAtItsPath(t *testing.T) {
	s := newSite(t, smallSite)
	store := filepath.Join(filepath.Dir(s.src), CacheDir, storeFile)
	if err := os.MkdirAll(filepath.Join(store, "in-the-way"), 0o755); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	s.mustBuild(Config{Log: &log})
	if want := store + ": warning: cache store not saved: "; !strings.Contains(log.String(), "\n"+want) && !strings.HasPrefix(log.String(), want) {
		t.Errorf("the log has no line starting %q:\n%s", want, log.String())
	}
}
