package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
)

// settingsResults checks the nonopress.toml of each site the paths are in
// (the nearest folder at or above each that holds one), as a build reads
// it, and returns an error result (index -1) for each that a build would
// stop at: an unknown key, a value of the wrong kind. A CI job that runs
// check before build thus fails on it at check, as on a puzzle's mistake,
// instead of passing and then failing to build.
func settingsResults(paths []string) []checkResult {
	var out []checkResult
	seen := map[string]bool{}
	for _, p := range paths {
		src := siteFolderOf(p)
		if src == "" || seen[src] {
			continue
		}
		seen[src] = true
		if _, err := content.ReadSettings(src); err != nil {
			file := filepath.Join(src, content.ConfigFile)
			out = append(out, *fileResult(file, diag.List{content.SettingsDiagnostic(file, err)}, nil))
		}
	}
	return out
}

// siteFolderOf is the nearest folder at or above path that holds
// nonopress.toml, as a path from the working folder when it is below it
// (as the path was given), else absolute; "" when there is none.
func siteFolderOf(path string) string {
	dir, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		dir = filepath.Dir(dir)
	}
	for {
		if info, err := os.Stat(filepath.Join(dir, content.ConfigFile)); err == nil && info.Mode().IsRegular() {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return rel
		}
	}
	return dir
}
