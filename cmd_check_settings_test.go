package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// A title beyond the build's cap is an error of check too, at the
// puzzle's line, as build gives it when it leaves the puzzle out; check
// passed such a puzzle that build then refused.
func TestCheckRefusesATitleTheBuildRefuses(t *testing.T) {
	dir := t.TempDir()
	long := writeFile(t, dir, "long.non", "title \""+strings.Repeat("x", content.MaxTitleBytes+1)+"\"\nlicense CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
	want := fmt.Sprintf("%s:1: error: title of %d bytes: at most %d\n", long, content.MaxTitleBytes+1, content.MaxTitleBytes)
	if code, stdout, _ := runCLI(t, "check", long); code != 1 || !strings.Contains(stdout, want) {
		t.Errorf("check: exit %d,\n%s\nwant 1 and %q", code, stdout, want)
	}
}
