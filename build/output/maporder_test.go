package output

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Of several published files that cannot be linked into the back buffer
// (gone from the published folder), the error names the first by path,
// every time: not the first met in map order.
func TestLinkIntoErrorNamesFirstFile(t *testing.T) {
	dir := t.TempDir()
	s := &Store{front: filepath.Join(dir, "front"), back: filepath.Join(dir, "back")}
	files := map[string]bool{}
	for _, name := range []string{"c/e.html", "c/a.html", "c/d.html", "c/b.html", "c/f.html"} {
		files[name] = true
	}
	want := filepath.Join("front", "c", "a.html")
	for range 20 {
		_, err := s.linkInto(context.Background(), files)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("error %v, want one naming %s", err, want)
		}
	}
}

// Of several stale files of the back buffer that cannot be removed (here
// folders a manifest lists as files, with something in them), the error
// names the first by path, every time.
func TestRemoveStaleKnownErrorNamesFirstFile(t *testing.T) {
	back := t.TempDir()
	s := &Store{back: back, backHashes: map[string]string{}, written: map[string]string{}}
	for _, name := range []string{"c/e.html", "c/a.html", "c/d.html", "c/b.html", "c/f.html"} {
		s.backHashes[name] = "h"
		if err := os.MkdirAll(filepath.Join(back, filepath.FromSlash(name), "kept"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	want := filepath.Join("c", "a.html")
	for range 20 {
		err := s.removeStaleKnown()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("error %v, want one naming %s", err, want)
		}
	}
}

// A stale file of the back buffer that cannot be removed (b.html, a folder
// with something in it) does not stop the removal of those after it (the
// rule of every removal from the back buffer, the drop of taken-over files
// after a swap included): the error names it, and the others are gone.
func TestRemoveStaleTriesEveryFile(t *testing.T) {
	back := t.TempDir()
	s := &Store{back: back, backHashes: map[string]string{}, written: map[string]string{}}
	for _, name := range []string{"a.html", "b.html/kept/x", "c.html"} {
		userFile(t, back, name, "")
		s.backHashes[strings.TrimSuffix(name, "/kept/x")] = "h"
	}
	err := s.removeStaleKnown()
	if err == nil || !strings.Contains(err.Error(), "b.html") {
		t.Errorf("error %v, want one naming b.html", err)
	}
	goneAfterAFailure(t, back, "a.html", "c.html")
}

// A temporary file at the top of the back buffer that cannot be removed
// (here a folder of such a name with something in it) follows the same
// rule: the temporary file after it and the stale files are removed, and
// the error names it.
func TestRemoveStaleGoesOnPastATemporaryFile(t *testing.T) {
	back := t.TempDir()
	s := &Store{back: back, backHashes: map[string]string{"a.html": "h"}, written: map[string]string{}}
	for _, name := range []string{".np-1.tmp/kept/x", ".np-2.tmp", "a.html"} {
		userFile(t, back, name, "")
	}
	err := s.removeStaleKnown()
	if err == nil || !strings.Contains(err.Error(), ".np-1.tmp") {
		t.Errorf("error %v, want one naming .np-1.tmp", err)
	}
	goneAfterAFailure(t, back, ".np-2.tmp", "a.html")
}

// goneAfterAFailure fails t for each of names that is still in back.
func goneAfterAFailure(t *testing.T, back string, names ...string) {
	t.Helper()
	for _, name := range names {
		if _, err := os.Lstat(filepath.Join(back, name)); err == nil {
			t.Errorf("%s is left after the failure before it", name)
		}
	}
}
