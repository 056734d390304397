package archivegen

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/solve"
)

func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if !d.IsDir() {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(dir, path)
			files[rel] = data
		}
		return nil
	})
	return files
}

func TestWriteIsDeterministicAndReadable(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	n, err := Write(a, Options{Puzzles: 60, Seed: 7, MaxSide: 20})
	if err != nil || n != 60 {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if _, err := Write(b, Options{Puzzles: 60, Seed: 7, MaxSide: 20}); err != nil {
		t.Fatal(err)
	}
	fa, fb := readTree(t, a), readTree(t, b)
	if len(fa) != len(fb) {
		t.Fatalf("%d files vs %d", len(fa), len(fb))
	}
	formatsSeen := map[string]bool{}
	puzzles, unique, multicolour := 0, 0, 0
	for name, data := range fa {
		if !bytes.Equal(data, fb[name]) {
			t.Errorf("%s differs between two runs with the same seed", name)
		}
		if !formats.Known(name) {
			continue
		}
		formatsSeen[filepath.Ext(name)] = true
		ps, err := formats.Read(name, data)
		if err != nil {
			t.Fatalf("generated file does not read: %v", err)
		}
		for _, p := range ps {
			puzzles++
			if p.Meta.Author == "" || p.Meta.License == "" {
				t.Errorf("%s: puzzle without author or license", name)
			}
			if p.Colors() > 1 {
				multicolour++
			}
			res, err := solve.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict == solve.Unique {
				unique++
			}
		}
	}
	if puzzles != 60 {
		t.Errorf("read %d puzzles, want 60", puzzles)
	}
	for _, ext := range []string{".non", ".nonpack", ".xml"} {
		if !formatsSeen[ext] {
			t.Errorf("no %s file in the archive", ext)
		}
	}
	if unique < puzzles*8/10 {
		t.Errorf("only %d of %d puzzles are unique", unique, puzzles)
	}
	if multicolour == 0 {
		t.Error("no multicolour puzzle")
	}
	t.Logf("%d puzzles, %d unique, %d multicolour", puzzles, unique, multicolour)
}

// FirstNon finds the first single-puzzle file in path order, and says when
// there is none.
func TestFirstNon(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(dir, Options{Puzzles: 30, Seed: 1, MaxSide: 10}); err != nil {
		t.Fatal(err)
	}
	got, err := FirstNon(dir)
	if err != nil {
		t.Fatal(err)
	}
	var want string
	for name := range readTree(t, dir) {
		if filepath.Ext(name) == ".non" && (want == "" || filepath.ToSlash(name) < filepath.ToSlash(want)) {
			want = name
		}
	}
	if rel, _ := filepath.Rel(dir, got); rel != want {
		t.Errorf("FirstNon = %s, want %s", rel, want)
	}
	if _, err := FirstNon(t.TempDir()); err == nil {
		t.Error("FirstNon of an empty folder: no error")
	}
}
