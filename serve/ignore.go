package serve

import (
	"os"
	"path/filepath"
	"strings"
)

// ignored reports whether a file is an editor's or the system's temporary
// file, whose events must not trigger a rebuild: backups (`*~`, `*.bak`), Vim
// swap files (`.swp`, `.swo`, `.swx`, `4913`), Emacs locks and autosaves
// (`.#*`, `#*#`), `*.tmp`, the leftovers of a merge or patch (`*.orig`,
// `*.rej`), GNOME's `.goutputstream*` and JetBrains' `___jb_*` safe-write
// files, and `sed -i`'s own (`sed` and six letters or digits, renamed over
// the file it edits). The build reads none of them. A folder of any such
// name ("old.bak", "sedSpring") is none: the build reads the puzzles in
// it, so it is watched.
func ignored(path string) bool {
	return ignoredName(filepath.Base(path)) && !isFolder(path)
}

// ignoredName reports whether name is one of those of ignored.
func ignoredName(name string) bool {
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
		strings.Contains(name, "___jb_"),
		sedTemp(name):
		return true
	}
	return false
}

// isFolder reports whether path is a folder (not a symbolic link to one).
func isFolder(path string) bool {
	info, err := os.Lstat(path)
	return err == nil && info.IsDir()
}

// sedTemp reports whether name is one `sed -i` writes before renaming it
// over the file it edits: "sedK1rPMn", six random letters or digits, of
// which one at least is not a small letter (rarely all are: that build is
// harmless), so that a word such as "sediments", a folder's name, is not
// taken for one.
func sedTemp(name string) bool {
	if len(name) != len("sed")+6 || !strings.HasPrefix(name, "sed") {
		return false
	}
	word := true
	for _, r := range name[len("sed"):] {
		switch {
		case 'a' <= r && r <= 'z':
		case 'A' <= r && r <= 'Z' || '0' <= r && r <= '9':
			word = false
		default:
			return false
		}
	}
	return !word
}
