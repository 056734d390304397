package build

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFileStatsReadOnlyChangedFiles: a file whose metadata is unchanged is
// not read again; a changed one is, and gets its new digest.
func TestFileStatsReadOnlyChangedFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.non")
	if err := os.WriteFile(path, []byte("width 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var s fileStats                              // window 0: every file is old enough to remember
	next := func() { s.old, s.now = s.now, nil } // as a new build does
	h1, blank, err := s.digest(path)
	if err != nil || blank || h1 != fileHashOf([]byte("width 1\n")) {
		t.Fatalf("digest = %q, %v, %v", h1, blank, err)
	}
	next()
	if h, _, _ := s.digest(path); h != h1 || s.reads.Load() != 1 {
		t.Errorf("unchanged file: digest %q, %d reads; want %q, 1 read", h, s.reads.Load(), h1)
	}
	next()
	if err := os.WriteFile(path, []byte("width 12\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if h, _, _ := s.digest(path); h != fileHashOf([]byte("width 12\n")) || s.reads.Load() != 2 {
		t.Errorf("changed file: digest %q, %d reads; want the new digest, 2 reads", h, s.reads.Load())
	}
	// A file changed just now is not remembered: it could change again
	// within the same timestamp.
	s = fileStats{window: racyWindow}
	s.digest(path)
	if len(s.now) != 0 {
		t.Error("a file changed just now was remembered")
	}
}
