package diag

import "path/filepath"

// Hints are the fixes a report has given in full, each with the file it
// was given for. A later diagnostic of another file with the same fix
// names that file instead, "(as for a.non)": the fix for "no license" said
// in full across a folder of a hundred .nin files hid the diagnostics that
// differ, and leaving it out, as the build's log once did, left the later
// files with no fix at all. build, check and print report so.
type Hints map[string]string

// Shorten returns d as a report that gave the fixes of h prints it: its
// hint "as for" the file it was first given for, when that is another
// file; else d as it is, its fix remembered. A diagnostic without a file
// (its message names what it is about) keeps its hint.
func (h Hints) Shorten(d Diagnostic) Diagnostic {
	if d.Hint == "" || d.File == "" {
		return d
	}
	first, ok := h[d.Hint]
	if !ok {
		h[d.Hint] = d.File
		return d
	}
	if first != d.File {
		d.Hint = "as for " + nearName(first, d.File)
	}
	return d
}

// nearName is path as seen from beside file: its base name when the two
// share a folder.
func nearName(path, file string) string {
	if filepath.Dir(path) == filepath.Dir(file) {
		return filepath.Base(path)
	}
	return path
}
