package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// convert -o and print -o write through a symbolic link to its target, keep
// an existing file's mode, and refuse what is not a regular file.
func TestOutputFileFlagsRespectWhatIsThere(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "dancer.non", dancerNon)
	for _, cmd := range [][]string{{"convert", "-to", "xml"}, {"print"}} {
		name := cmd[0]
		target := writeFile(t, dir, name+"-target", "old")
		os.Chmod(target, 0o600)
		link := filepath.Join(dir, name+"-link")
		if err := os.Symlink(target, link); err != nil {
			t.Skip("no symbolic links:", err)
		}
		args := append(append([]string{}, cmd...), "-o", link, src)
		if code, _, stderr := runCLI(t, args...); code != 0 {
			t.Fatalf("%s -o link: exit %d: %s", name, code, stderr)
		}
		if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s -o replaced the symbolic link (%v)", name, err)
		}
		got, _ := os.ReadFile(target)
		if string(got) == "old" || len(got) == 0 {
			t.Errorf("%s -o left the link's target stale: %.20q", name, got)
		}
		if info, _ := os.Stat(target); info.Mode().Perm() != 0o600 {
			t.Errorf("%s -o made a 0600 file %v", name, info.Mode().Perm())
		}

		fifo := filepath.Join(dir, name+".fifo")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip("no FIFOs:", err)
		}
		args = append(append([]string{}, cmd...), "-o", fifo, src)
		code, _, stderr := runCLI(t, args...)
		if code != 1 || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("%s -o FIFO: exit %d, %q; want 1 and not a regular file", name, code, stderr)
		}
		if info, _ := os.Lstat(fifo); info.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s -o replaced a FIFO by %v", name, info.Mode())
		}
	}
}

// A check that is interrupted fails and says so: a CI job stopped mid-check
// must not report success.
func TestInterruptedCheckFails(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "dancer.non", dancerNon)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr strings.Builder
	code := run(ctx, []string{"check", dir}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("interrupted check: exit %d, stderr %q; want 1 and interrupted", code, stderr.String())
	}
	code = run(ctx, []string{"check", "-json", dir}, &stdout, &stderr)
	if code != 1 {
		t.Errorf("interrupted check -json: exit %d, want 1", code)
	}
}

// Empty folders and base URLs that cannot prefix a page's path are usage
// mistakes, from the flags; the same base URL in nonopress.toml is an error
// naming the file.
func TestFolderAndBaseURLMistakes(t *testing.T) {
	dir := t.TempDir()
	content := filepath.Join(dir, "content")
	writeFile(t, content, "dancer.non", dancerNon)
	out := filepath.Join(dir, "public")
	for _, args := range [][]string{
		{"build", "-src", content, "-out", ""},
		{"build", "-src", "", "-out", out},
		{"serve", "-src", content, "-out", "", "-addr", "127.0.0.1:0"},
		{"build", "-src", content, "-out", out, "-base-url", "https://example.org/p?x=1"},
		{"build", "-src", content, "-out", out, "-base-url", "https://example.org/p#frag"},
		{"build", "-src", content, "-out", out, "-base-url", "https://example.org/#"},
		{"build", "-src", content, "-out", out, "-base-url", "https:///path"},
	} {
		if code, _, stderr := runCLI(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", args, code, stderr)
		}
	}
	writeFile(t, content, "nonopress.toml", "title = \"x\"\nbase_url = \"https://example.org/?utm=1\"\n")
	code, _, stderr := runCLI(t, "build", "-quiet", "-src", content, "-out", out)
	if code != 1 || !strings.Contains(stderr, "nonopress.toml:2") || !strings.Contains(stderr, "query") {
		t.Errorf("base_url with a query in nonopress.toml: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a build with a bad base URL wrote the output folder")
	}
}

// serve takes its address before it builds: a busy port is reported at once,
// and nothing is built for a server that cannot start.
func TestServeChecksItsAddressFirst(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback:", err)
	}
	defer ln.Close()
	dir := t.TempDir()
	writeFile(t, dir, "content/dancer.non", dancerNon)
	out := filepath.Join(dir, "public")
	code, _, stderr := runCLI(t, "serve", "-src", filepath.Join(dir, "content"), "-out", out, "-addr", ln.Addr().String(), "-poll")
	if code != 1 || !strings.Contains(stderr, "address already in use") {
		t.Errorf("serve on a busy port: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("serve built the site before finding its address busy")
	}
}

// A puzzle path that is a FIFO or a device is refused at once: reading it
// would block check, convert and print, or never end.
func TestPuzzlePathsMustBeRegularFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "puzzle.non")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	for _, args := range [][]string{{"check", fifo}, {"convert", "-to", "xml", fifo}, {"print", "-o", fifo + ".pdf", fifo}, {"check", os.DevNull}} {
		done := make(chan struct{})
		var code int
		var stderr string
		go func() {
			defer close(done)
			code, _, stderr = runCLI(t, args...)
		}()
		select {
		case <-done:
			if code != 1 || !strings.Contains(stderr, "not a regular file") {
				t.Errorf("%q: exit %d, %q", args, code, stderr)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%q blocked on a FIFO", args)
		}
	}
}
