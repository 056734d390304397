//go:build linux

package build

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the master end (what a terminal shows)
// and the slave end (what a program writes to).
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetUint32(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

func TestProgressOnTerminal(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		master, slave := openPTY(t)
		if !isTerminal(slave) {
			t.Fatal("pty slave not taken for a terminal")
		}
		s := newSite(t, smallSite)
		s.mustBuild(Config{Log: slave, Quiet: quiet})
		slave.Close()
		master.SetReadDeadline(time.Now().Add(5 * time.Second))
		var got strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			got.Write(buf[:n])
			if err != nil || strings.Contains(got.String(), "built 4 puzzles") {
				if err != nil && err != io.EOF && !strings.Contains(got.String(), "built") {
					t.Fatalf("reading the terminal: %v", err)
				}
				break
			}
		}
		cleared := strings.Contains(got.String(), "\r\x1b[K")
		if cleared == quiet || !strings.Contains(got.String(), "built 4 puzzles") {
			t.Errorf("quiet=%v: terminal shows %q", quiet, got.String())
		}
	}
}
