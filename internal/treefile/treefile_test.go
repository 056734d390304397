//go:build unix

package treefile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tree makes a content tree with a file, links inside and out, a loop and a
// FIFO.
func tree(t *testing.T) (*Tree, string) {
	t.Helper()
	dir := t.TempDir()
	root := filepath.Join(dir, "content")
	os.MkdirAll(filepath.Join(root, "sub"), 0o755)
	os.WriteFile(filepath.Join(root, "sub", "note.md"), []byte("hello"), 0o644)
	os.WriteFile(filepath.Join(dir, "secret"), []byte("password"), 0o644)
	links := map[string]string{
		"inside.md":  "sub/note.md",
		"abs.md":     filepath.Join(root, "sub", "note.md"),
		"outside.md": "../secret",
		"etc.md":     "/etc/passwd",
		"zero.md":    "/dev/zero",
		"dirlink":    "..",
		"loop.md":    "loop.md",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.md"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	tr, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	return tr, root
}

// Links are followed inside the tree only; loops, special files and files
// beyond the limit are refused, each with a reason, and none blocks.
func TestReadFollowsTheTreesRules(t *testing.T) {
	tr, root := tree(t)
	ctx := context.Background()
	for _, name := range []string{"sub/note.md", "inside.md", "abs.md"} {
		data, err := tr.Read(ctx, filepath.Join(root, name), 100)
		if err != nil || string(data) != "hello" {
			t.Errorf("%s: %q, %v", name, data, err)
		}
	}
	for name, want := range map[string]error{
		"outside.md":        ErrOutside,
		"etc.md":            ErrOutside,
		"zero.md":           ErrOutside,
		"dirlink/secret":    ErrOutside,
		"fifo.md":           ErrNotRegular,
		"sub":               ErrNotRegular,
		"dirlink/content/x": nil, // missing: an ordinary error
	} {
		done := make(chan error, 1)
		go func() {
			_, err := tr.Read(ctx, filepath.Join(root, name), 100)
			done <- err
		}()
		select {
		case err := <-done:
			var te *Error
			if err == nil || !errors.As(err, &te) || (want != nil && !errors.Is(err, want)) {
				t.Errorf("%s: %v, want %v", name, err, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Read blocked", name)
		}
	}
	if _, err := tr.Read(ctx, filepath.Join(root, "loop.md"), 100); err == nil || !strings.Contains(err.Error(), "loop") {
		t.Errorf("loop: %v", err)
	}
	if _, err := tr.Read(ctx, filepath.Join(root, "sub/note.md"), 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := tr.Read(cancelled, filepath.Join(root, "sub/note.md"), 100); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// A tree reached through a symbolic link is the folder the link leads to.
func TestTreeThroughALink(t *testing.T) {
	_, root := tree(t)
	link := filepath.Join(t.TempDir(), "site")
	os.Symlink(root, link)
	tr, err := New(link)
	if err != nil {
		t.Fatal(err)
	}
	if data, err := tr.Read(context.Background(), filepath.Join(link, "inside.md"), 100); err != nil || string(data) != "hello" {
		t.Errorf("through the link: %q, %v", data, err)
	}
}

// TestReadFileSizes reads files around the limit and past one read's chunk:
// every byte comes back, exactly limit bytes is allowed, one more is
// ErrTooLarge.
func TestReadFileSizes(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1, 700, chunk - 1, chunk, 2*chunk + 3} {
		data := bytes.Repeat([]byte("0123456789abcdef"), size/16+1)[:size]
		path := filepath.Join(dir, fmt.Sprint(size))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(t.Context(), path, int64(size))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%d bytes, limit %d: %d bytes back, err %v", size, size, len(got), err)
		}
		if size > 0 {
			if _, err := ReadFile(t.Context(), path, int64(size-1)); !errors.Is(err, ErrTooLarge) {
				t.Errorf("%d bytes, limit %d: err %v, want ErrTooLarge", size, size-1, err)
			}
		}
	}
}
