package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Replace writes through a symbolic link: the link stays, its target changes.
func TestReplaceWritesThroughSymlinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.pdf")
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.pdf")
	if err := os.Symlink("real.pdf", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	chain := filepath.Join(dir, "chain.pdf")
	os.Symlink(link, chain)
	if err := Replace(chain, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link replaced: %v %v", info.Mode(), err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Errorf("target holds %q, want new", got)
	}
	// A dangling link is written through: its target is created.
	dangling := filepath.Join(dir, "dangling")
	os.Symlink("later.pdf", dangling)
	if err := Replace(dangling, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "later.pdf")); string(got) != "x" {
		t.Errorf("dangling link's target holds %q", got)
	}
	loop := filepath.Join(dir, "loop")
	os.Symlink("loop", loop)
	if err := Replace(loop, []byte("x")); !errors.Is(err, ErrLinkLoop) {
		t.Errorf("Replace(link loop) = %v, want ErrLinkLoop", err)
	}
}

// Replace keeps an existing file's permission bits; a new file gets 0644.
func TestReplaceKeepsTheMode(t *testing.T) {
	dir := t.TempDir()
	private := filepath.Join(dir, "private")
	os.WriteFile(private, []byte("old"), 0o600)
	os.Chmod(private, 0o600)
	if err := Replace(private, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(private); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", info.Mode().Perm())
	}
	fresh := filepath.Join(dir, "fresh")
	if err := Replace(fresh, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(fresh); info.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644", info.Mode().Perm())
	}
}
