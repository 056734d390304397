package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// serve runs from the command line until its context ends, then exits 0.
func TestServeCommand(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "content/dancer.non", dancerNon)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	exit := make(chan int, 1)
	go func() {
		exit <- run(ctx, []string{"serve", "-src", filepath.Join(dir, "content"), "-out", filepath.Join(dir, "public"),
			"-addr", "127.0.0.1:0", "-poll"}, io.Discard, pw)
		pw.Close()
	}()
	url := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if m := regexp.MustCompile(`at (http://\S+) `).FindStringSubmatch(sc.Text()); m != nil {
				url <- m[1]
			}
		}
	}()
	select {
	case u := <-url:
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", u, resp.StatusCode)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve never said where it listens")
	}
	cancel()
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("serve exited %d after Ctrl-C, want 0", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// An -addr that is no HOST:PORT (a bare port, a port out of range) is a
// usage mistake named before any build, not a listening error (exit 1).
func TestServeAddrMistake(t *testing.T) {
	src := filepath.Join(t.TempDir(), "content")
	for _, addr := range []string{"8080", "127.0.0.1:99999", "localhost"} {
		code, _, stderr := runCLI(t, "serve", "-src", src, "-addr", addr)
		if want := `nonopress serve: -addr "` + addr + `": want HOST:PORT`; code != 2 || !strings.HasPrefix(stderr, want) {
			t.Errorf("-addr %s: exit %d, stderr %q; want 2 and %q", addr, code, stderr, want)
		}
	}
}

// A port another program holds is said with what to do about it.
func TestServeBusyPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := t.TempDir()
	writeFile(t, dir, "content/dancer.non", dancerNon)
	code, _, stderr := runCLI(t, "serve", "-src", filepath.Join(dir, "content"), "-out", filepath.Join(dir, "public"), "-addr", ln.Addr().String())
	if want := "address already in use: another program has the port; pass -addr with another"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("serve on a busy port: exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
}
