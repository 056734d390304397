package serve

import (
	"path/filepath"
	"strings"
)

// ignored reports whether a file name is an editor's or the system's temporary
// file, whose events must not trigger a rebuild: backups (`*~`), Vim swap files
// (`.swp`, `.swx`, `4913`), Emacs locks and autosaves (`.#*`, `#*#`), `*.tmp`,
// GNOME's `.goutputstream*` and JetBrains' `___jb_*` safe-write files.
func ignored(path string) bool {
	name := filepath.Base(path)
	switch {
	case name == "4913",
		strings.HasSuffix(name, "~"),
		strings.HasSuffix(name, ".swp"),
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
