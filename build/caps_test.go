package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/site"
)

// The caps of README's "Limits" that other tests do not reach: a
// nonopress.toml, a site template, a static asset and a resource one byte
// beyond their cap are each refused, by an error naming the file, before
// they are decoded (the big files are sparse: nothing is written to disk).
func TestSetupAndAssetCaps(t *testing.T) {
	cases := []struct {
		name string // the file, relative to the content folder
		size int64
		want string // in the error
	}{
		{"nonopress.toml", 64<<10 + 1, "nonopress.toml"},
		{"templates/base.html", 1<<20 + 1, filepath.Join("templates", "base.html")},
		{"templates/static/big.js", site.MaxAssetBytes + 1, filepath.Join("templates", "static", "big.js")},
		{"animals/big.png", site.MaxAssetBytes + 1, filepath.Join("animals", "big.png")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSite(t, smallSite)
			p := filepath.Join(s.src, filepath.FromSlash(c.name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			// Text that is valid as far as it goes: comments for the TOML.
			if err := os.WriteFile(p, []byte("# "+strings.Repeat("x", 100)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(p, c.size); err != nil {
				t.Fatal(err)
			}
			_, err := s.build(Config{Quiet: true})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("a %s of %d bytes: build error %v, want one naming it", c.name, c.size, err)
			}
			t.Log(err)
		})
	}
}
