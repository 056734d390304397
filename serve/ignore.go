package serve

import (
	"path/filepath"
	"strings"
)

// ignored reports whether a file name is an editor's or the system's temporary
// file, whose events must not trigger a rebuild: backups (`*~`, `*.bak`), Vim
// swap files (`.swp`, `.swo`, `.swx`, `4913`), Emacs locks and autosaves
// (`.#*`, `#*#`), `*.tmp`, the leftovers of a merge or patch (`*.orig`,
// `*.rej`), GNOME's `.goutputstream*` and JetBrains' `___jb_*` safe-write
// files. The build reads none of them.
func ignored(path string) bool {
	name := filepath.Base(path)
	switch {
	case name == "4913",
		strings.HasSuffix(name, "~"),
		strings.HasSuffix(name, ".bak"),
		strings.HasSuffix(name, ".orig"),
		strings.HasSuffix(name, ".rej"),
		strings.HasSuffix(name, ".swp"),
		strings.HasSuffix(name, ".swo"),
		strings.HasSuffix(name, ".swx"),
		strings.HasSuffix(name, ".tmp"),
		strings.HasPrefix(name, ".#"),
		strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#"),
		strings.HasPrefix(name, ".goutputstream"),
		strings.Contains(name, "___jb_"):
		return true
	}
	return false
}
