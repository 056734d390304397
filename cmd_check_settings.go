package main

import (
	"os"
	"path/filepath"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/treefile"
)

// settingsResults checks the nonopress.toml of each site the paths are in
// (the nearest folder at or above each that holds one), as a build reads
// it, and returns an error result (index -1) for each that a build would
// stop at: an unknown key, a value of the wrong kind. A CI job that runs
// check before build thus fails on it at check, as on a puzzle's mistake,
// instead of passing and then failing to build.
func settingsResults(paths []string, sites *siteFinder) []checkResult {
	var out []checkResult
	seen := map[string]bool{}
	wd, _ := os.Getwd() // once for all the paths; "" names every site in full
	for _, p := range paths {
		abs, src, err := siteFolderOf(sites, wd, p)
		if err != nil {
			out = append(out, *fileResult(p, diag.List{diag.FromError(p, err)}, nil))
			continue
		}
		if abs == "" || seen[src] {
			continue
		}
		seen[src] = true
		if _, err := content.ReadSettings(src); err != nil {
			file := filepath.Join(src, content.ConfigFile)
			out = append(out, *fileResult(file, diag.List{diag.FromError(file, err)}, nil))
		}
	}
	return out
}

// siteFolderOf is siteFolder of path (found by sites), absolute (dir), and
// named (name) as a path from the working folder wd when it is below it
// (as the path was given), else absolute; "" for both when there is none.
func siteFolderOf(sites *siteFinder, wd, path string) (dir, name string, err error) {
	dir, err = sites.siteFolder(path)
	if dir == "" || err != nil {
		return "", "", err
	}
	if rel, ok := treefile.Inside(wd, dir); wd != "" && ok {
		return dir, rel, nil
	}
	return dir, dir, nil
}
