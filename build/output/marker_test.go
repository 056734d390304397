package output

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A marker reads back as written; a dirty one as no manifest.
func TestMarkerRoundTrip(t *testing.T) {
	dir := t.TempDir()
	want := map[string]string{"index.html": "aa", "a b/c.svg": "bb"}
	if err := writeMarker(dir, markerClean, want); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadManifest(dir); err != nil || !maps.Equal(got, want) {
		t.Errorf("ReadManifest = %v, %v; want %v", got, err, want)
	}
	if err := writeMarker(dir, markerDirty, want); err != nil {
		t.Fatal(err)
	}
	if got, _ := ReadManifest(dir); got != nil {
		t.Errorf("dirty marker read as %v", got)
	}
}

// The marker cache gives the kept manifest only while the marker file is the
// one it was kept with.
func TestMarkerCache(t *testing.T) {
	dir := t.TempDir()
	first := map[string]string{"index.html": "aa"}
	if err := writeMarker(dir, markerClean, first); err != nil {
		t.Fatal(err)
	}
	var c Manifests
	c.remember(dir, first)
	got, _ := c.read(dir)
	if !maps.Equal(got, first) {
		t.Fatalf("read = %v, want %v", got, first)
	}
	got["sentinel"] = "x" // the kept map itself: the cache did not read the file
	if again, _ := c.read(dir); again["sentinel"] != "x" {
		t.Error("an unchanged marker was read again")
	}
	// Another build rewrites the marker: it must be read from disk.
	second := map[string]string{"index.html": "cc"}
	if err := writeMarker(dir, markerClean, second); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.read(dir); !maps.Equal(got, second) {
		t.Errorf("after the marker changed, read = %v, want %v", got, second)
	}
	// A dirty marker is no manifest, whatever was kept.
	c.remember(dir, second)
	if err := writeMarker(dir, markerDirty, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.read(dir); got != nil {
		t.Errorf("dirty marker read as %v", got)
	}
}

// The back buffer is marked dirty in the background as a store opens, but
// before any file of it changes: a file put is never found beside a marker
// that still says clean.
func TestBackMarkedDirtyBeforeChange(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	for i := range 20 {
		s, err := Open(out, NewMinifier(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.PutExact(fmt.Sprintf("p%d.txt", i), []byte("x")); err != nil {
			t.Fatal(err)
		}
		marker, err := os.ReadFile(filepath.Join(s.back, MarkerName))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(marker), markerDirty) {
			t.Fatalf("build %d: a file was put while the marker said\n%s", i, marker)
		}
		if _, err := s.Commit(); err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
}
