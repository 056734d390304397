//go:build unix

package build

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nonopress/nonopress/build/content"
)

// A cache_dir that is absolute or leaves the content folder (by "..", or by
// a symbolic link in the tree) is refused, naming the file and line, and
// nothing is written there.
func TestCacheDirOutsideRefused(t *testing.T) {
	outside := t.TempDir()
	for name, value := range map[string]string{
		"absolute": outside,
		"parent":   "../elsewhere",
		"climbs":   "a/../../elsewhere",
		"link":     "link/cache",
	} {
		t.Run(name, func(t *testing.T) {
			s := newSite(t, smallSite+"-- nonopress.toml --\ntitle = \"x\"\ncache_dir = \""+value+"\"\n")
			if err := os.Symlink(outside, filepath.Join(s.src, "link")); err != nil {
				t.Fatal(err)
			}
			_, err := s.build(Config{Quiet: true})
			want := filepath.Join(s.src, content.ConfigFile) + ":2: cache_dir"
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "inside the content folder") {
				t.Fatalf("build: %v, want an error at %s with a hint", err, want)
			}
			if ents, _ := os.ReadDir(outside); len(ents) > 0 {
				t.Errorf("the build wrote %s outside the content folder", ents[0].Name())
			}
		})
	}
}

// The cache file (the store: verdicts, file memo, build stamp) planted as a FIFO is
// not read, so it cannot block the build (before, reading one blocked for
// ever).
func TestFIFOCachesDoNotBlock(t *testing.T) {
	for _, name := range []string{storeFile} {
		t.Run(name, func(t *testing.T) {
			s := newSite(t, smallSite)
			mustBuildWith(t, stampedBuilder(s, Config{Quiet: true}))
			path := filepath.Join(s.cache(), name)
			if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(path, 0o644); err != nil {
				t.Skip("no FIFOs:", err)
			}
			// Stamped, so that the build reads the stamp (a tree built just
			// now is otherwise not).
			done := make(chan error, 1)
			go func() {
				_, err := stampedBuilder(s, Config{Quiet: true}).Build(context.Background())
				done <- err
			}()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("build: %v", err)
				}
			case <-time.After(time.Minute):
				t.Fatal("the build blocked on the FIFO")
			}
		})
	}
}
