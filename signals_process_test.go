package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/archivegen"
	"github.com/nonopress/nonopress/puzzle"
)

// buildBinary builds nonopress into a temporary folder.
func buildBinary(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no go command to build nonopress with")
		}
		t.Skip("no go command to build nonopress with")
	}
	bin := filepath.Join(t.TempDir(), "nonopress")
	cmd := exec.Command(goTool, "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// A real process given SIGINT or SIGTERM in the middle of a long build or
// check stops promptly with the status README's "Stopping" documents: the
// command's own failure status 1 when it returns within the grace after
// the signal (an interrupted check saying so), else 130 or 143. Never 0.
func TestSignalStopsProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and a large archive")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "content")
	// Large enough that neither command is done when the signal comes,
	// however fast the machine: the archive, and n-Dom puzzles, which take
	// the solver tens of seconds.
	if _, err := archivegen.Write(src, archivegen.Options{Puzzles: 3000, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	for n := 15; n <= 16; n++ {
		name := filepath.Join(src, fmt.Sprintf("dom-%d.non", n))
		if err := os.WriteFile(name, nDomPuzzle(t, n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name string
		args []string
		sig  syscall.Signal
	}{
		{"build SIGINT", []string{"build", "-src", src, "-out", filepath.Join(dir, "public")}, syscall.SIGINT},
		{"build SIGTERM", []string{"build", "-src", src, "-out", filepath.Join(dir, "public")}, syscall.SIGTERM},
		{"check SIGINT", []string{"check", src}, syscall.SIGINT},
		{"check SIGTERM", []string{"check", src}, syscall.SIGTERM},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stderr := runAndSignal(t, bin, c.args, c.sig)
			signalled := 128 + int(c.sig)
			switch {
			case code == 1 && c.args[0] == "check" && !strings.Contains(stderr, "check interrupted"):
				t.Errorf("exit 1 without saying the check was interrupted; stderr:\n%s", stderr)
			case code == signalled && !strings.Contains(stderr, "stopped by"):
				t.Errorf("exit %d without saying it was stopped; stderr:\n%s", code, stderr)
			case code != 1 && code != signalled:
				t.Errorf("exit %d, want 1 or %d; stderr:\n%s", code, signalled, stderr)
			}
			t.Logf("exit %d", code)
		})
	}
}

// nDomPuzzle is the n-Dom puzzle in .non (after Josh Greifer and Jan
// Wolter): on a (2n+1)-square grid, n dominoes down the anti-diagonal, each
// a bar of three cells and a tail of two below its right end. Line logic
// barely starts on it, and search grows steeply with n.
func nDomPuzzle(t *testing.T, n int) []byte {
	t.Helper()
	size := 2*n + 1
	img := puzzle.NewImage(size, size)
	for k := range n {
		right := size - 1 - 2*k
		for x := right - 2; x <= right; x++ {
			img.Set(x, 2*k, 1)
		}
		img.Set(right, 2*k+1, 1)
		img.Set(right, 2*k+2, 1)
	}
	rows, cols := puzzle.CluesOf(img)
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: size, Height: size, Rows: rows, Cols: cols,
		Palette: puzzle.DefaultPalette(), Meta: puzzle.Meta{Title: fmt.Sprintf("%d-Dom", n)}}
	var b bytes.Buffer
	if err := formats.WriteNon(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// runAndSignal starts bin with args, sends sig once it has worked for a
// moment, and returns its exit status and standard error. It fails the test
// if the process ended before the signal (the input was not slow enough)
// or has not ended well after it (a hang: the grace is 1.5 s).
func runAndSignal(t *testing.T, bin string, args []string, sig syscall.Signal) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		t.Fatalf("%v ended before the signal (%v): the input is not slow enough; stderr:\n%s", args, err, stderr.String())
	case <-time.After(time.Second):
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-exited:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("%v still running 30 s after %v", args, sig)
	}
	var exit *exec.ExitError
	if err == nil {
		return 0, stderr.String()
	}
	if !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return exit.ExitCode(), stderr.String()
}
