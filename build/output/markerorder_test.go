package output

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A marker is written in path order whatever order hint it is given: the
// hint is used only when it holds exactly the manifest's paths.
func TestWriteMarkerOrdered(t *testing.T) {
	dir := t.TempDir()
	hashes := map[string]string{"b/index.html": "2", "a.css": "1", "c/d/e.svg": "3"}
	sorted := []string{"a.css", "b/index.html", "c/d/e.svg"}
	for name, hint := range map[string][]string{
		"no hint":            nil,
		"the paths in order": sorted,
		"one path missing":   {"a.css", "c/d/e.svg"},
		"another path":       {"a.css", "b/index.html", "z.html"},
		"one path more":      {"a.css", "b/index.html", "c/d/e.svg", "z.html"},
	} {
		order, err := writeMarkerOrdered(dir, markerClean, hashes, hint)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(order, sorted) {
			t.Errorf("%s: order %v, want %v", name, order, sorted)
		}
		data, err := os.ReadFile(filepath.Join(dir, MarkerName))
		if err != nil {
			t.Fatal(err)
		}
		want := markerHeader + "\n" + markerClean + "\n1 a.css\n2 b/index.html\n3 c/d/e.svg\n"
		if string(data) != want {
			t.Errorf("%s: marker\n%s\nwant\n%s", name, data, want)
		}
	}
}
