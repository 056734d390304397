package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/build/content"
)

// check of many files of a site looks for its nonopress.toml once per
// folder, not once per file: each folder's possible nonopress.toml is
// looked at once, however many of the paths are in or below it.
func TestCheckLooksForTheSiteConfigurationOncePerFolder(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "content/nonopress.toml", "per_pgae = 50\n")
	var paths []string
	for _, name := range []string{"a/x.non", "a/y.non", "a/z.non", "b/u.non", "b/v.non"} {
		paths = append(paths, writeFile(t, dir, "content/"+name, dancerNon))
	}
	sites := newSiteFinder()
	looked := map[string]int{}
	sites.stat = func(name string) (os.FileInfo, error) {
		if filepath.Base(name) == content.ConfigFile {
			looked[name]++
		}
		return os.Stat(name)
	}
	results := settingsResults(paths, sites)
	if len(results) != 1 || results[0].File != filepath.Join(dir, "content", content.ConfigFile) {
		t.Fatalf("results %+v, want the one of content/nonopress.toml", results)
	}
	for name, n := range looked {
		if n > 1 {
			t.Errorf("%s looked for %d times", name, n)
		}
	}
	if len(looked) != 3 { // a, b, content
		t.Errorf("looked for %v, want in a, b and content", looked)
	}
}
