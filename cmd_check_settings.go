package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

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
			out = append(out, *fileResult(file, diag.List{settingsDiagnostic(file, err)}, nil))
		}
	}
	return out
}

// siteFolderOf is siteFolder of path as a path from the working folder
// when it is below it (as the path was given), else absolute; "" when
// there is none.
func siteFolderOf(path string) string {
	dir, err := siteFolder(path)
	if dir == "" || err != nil {
		return ""
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, ok := treefile.Inside(wd, dir); ok {
			return rel
		}
	}
	return dir
}

// settingsDiagnostic is the error content.ReadSettings gave for file: a
// diagnostic as it is, or a message "file:8: unknown key "x" (did you mean
// "y"?)" with its line and its "did you mean" taken out, as check gives a
// puzzle's.
func settingsDiagnostic(file string, err error) diag.Diagnostic {
	d := diag.FromError(file, err)
	rest, ok := strings.CutPrefix(d.Message, file+":")
	if d.Line != 0 || !ok {
		return d
	}
	num, msg, ok := strings.Cut(rest, ": ")
	if line, err := strconv.Atoi(num); ok && err == nil {
		d.Line, d.Message = line, msg
	} else {
		d.Message = strings.TrimSpace(rest)
	}
	if msg, hint, ok := strings.Cut(d.Message, " (did you mean "); ok && strings.HasSuffix(hint, ")") {
		d.Message, d.Hint = msg, "did you mean "+strings.TrimSuffix(hint, ")")
	}
	return d
}
