//go:build unix

package output

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A user's file that cannot be linked or copied into the new site for a
// reason other than the site's own file or folder in the way (here: hard
// links refused, and the file turned into a pipe after the scan found it,
// which cannot be copied) fails the commit with an error naming the file:
// it is not taken for a file the site now writes, copied aside with that
// warning, and the published folder keeps it where it was.
func TestForeignLinkFailureIsAnError(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	userFile(t, out, "CNAME", "example.org")
	publish(t, out, 3) // CNAME is in the list of kept files now
	defer func(link func(string, string) error) { hardLink = link }(hardLink)
	hardLink = func(src, dst string) error { return &os.LinkError{Op: "link", Old: src, New: dst, Err: syscall.EXDEV} }
	s, err := Open(out, NewMinifier(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	<-s.foreign.done
	cname := filepath.Join(out, "CNAME")
	if err := os.Remove(cname); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(cname, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if _, err := s.Put("p/a/index.txt", []byte("changed")); err != nil {
		t.Fatal(err)
	}
	c, err := s.Commit()
	if err == nil || !strings.Contains(err.Error(), cname+", ") || strings.Contains(err.Error(), "the site now writes") {
		t.Errorf("commit: %v (replaced %v), want an error naming %s", err, c.Foreign.Replaced, cname)
	}
	if _, err := os.Stat(KeptName(out)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a kept folder was made (%v): the file was taken for one the site writes", err)
	}
	if info, err := os.Lstat(cname); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the published folder lost the user's file: %v, %v", info, err)
	}
}
