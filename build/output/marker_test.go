package output

import (
	"maps"
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
