package build

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current output")

// TestGoldenPages compares the pages that hold no rendered image (those
// belong to package render and have golden files there) with
// testdata/golden. Run `go test ./build -run Golden -update` after an
// intended change, and review the diff.
func TestGoldenPages(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{BaseURL: "https://example.org/puzzles"})
	for _, name := range []string{"index.html", "animals/index.html", "shapes/index.html", "authors/index.html",
		"licenses/index.html", "404.html", "catalogue.json", "sitemap.xml", "atom.xml"} {
		got := s.read(name)
		golden := filepath.Join("testdata", "golden", strings.ReplaceAll(name, "/", "_")+".golden")
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if got != string(want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s differs from %s at byte %d:\ngot:  %.120q\nwant: %.120q", name, golden, i, got[max(0, i-40):], want[max(0, i-40):])
		}
	}
}
