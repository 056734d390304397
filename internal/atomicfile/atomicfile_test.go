package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReplacesAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	for _, data := range []string{"first", "second, longer"} {
		if err := Write(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Fatalf("read %q, %v; want %q", got, err, data)
		}
	}
	info, _ := os.Stat(path)
	if info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the file", len(entries))
	}
}

func TestFailedWriteKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	Write(path, []byte("old"))
	// A folder where the file should go makes the rename fail.
	target := filepath.Join(dir, "sub")
	os.MkdirAll(filepath.Join(target, "x"), 0o755)
	if err := Write(target, []byte("new")); err == nil {
		t.Fatal("renaming over a non-empty folder succeeded")
	}
	for _, e := range mustReadDir(t, dir) {
		if IsTemp(e.Name()) {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("old file now %q", got)
	}
	if err := Write(filepath.Join(dir, "missing", "f"), nil); err == nil {
		t.Error("writing into a missing folder succeeded")
	}
}

func TestIsTemp(t *testing.T) {
	for name, want := range map[string]bool{".np-123.tmp": true, ".np-.tmp": true, "np-1.tmp": false, ".np-1.txt": false} {
		if IsTemp(name) != want {
			t.Errorf("IsTemp(%q) = %v", name, !want)
		}
	}
}

func mustReadDir(t *testing.T, dir string) []os.DirEntry {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return es
}

// A WriteWith whose producer fails leaves the old file and no temporary.
func TestWriteWithFailingProducer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	Write(path, []byte("old"))
	failed := errors.New("producer failed")
	err := WriteWith(path, func(w io.Writer) error {
		w.Write(bytes.Repeat([]byte("x"), 1<<20)) // more than the buffer
		return failed
	})
	if !errors.Is(err, failed) {
		t.Fatalf("WriteWith = %v, want the producer's error", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("old file now %.20q", got)
	}
	if entries := mustReadDir(t, dir); len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the file", len(entries))
	}
}

func TestWriteNoSyncReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	Write(path, []byte("old"))
	if err := WriteNoSync(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new" {
		t.Errorf("file now %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the file", len(entries))
	}
}

func TestErrorsNameTheTargetNotTheTemporaryFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "f.txt")
	err := Write(path, []byte("x"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Write into a missing folder = %v, want not-exist", err)
	}
	if want := "write " + path + ": "; !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), tempPrefix) {
		t.Errorf("Write = %q, want it to start %q and name no temporary file", err, want)
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "d")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(target, "inside"), []byte("x"), 0o644)
	err = Write(target, []byte("x")) // the rename over a full folder fails
	if err == nil || !strings.HasPrefix(err.Error(), "write "+target+": ") || strings.Contains(err.Error(), tempPrefix) {
		t.Errorf("Write over a folder = %v, want an error naming %s only", err, target)
	}
}
