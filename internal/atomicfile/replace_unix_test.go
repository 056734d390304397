//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Replace refuses what is not a regular file, and leaves it as it was.
func TestReplaceRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	folder := filepath.Join(dir, "folder")
	os.Mkdir(folder, 0o755)
	link := filepath.Join(dir, "to-fifo")
	os.Symlink(fifo, link)
	for _, path := range []string{fifo, folder, link, os.DevNull} {
		err := Replace(path, []byte("x"))
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("Replace(%s) = %v, want ErrNotRegular", path, err)
		}
	}
	if info, _ := os.Lstat(fifo); info.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("FIFO replaced by %v", info.Mode())
	}
	for _, e := range mustReadDir(t, dir) {
		if IsTemp(e.Name()) {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}
