//go:build unix

package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/output"
)

// buildWithin builds s, failing the test if the build does not end within
// a minute (a FIFO read would block it forever).
func buildWithin(t *testing.T, s *testSite) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := s.build(Config{Quiet: true})
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatal("the build blocked")
		return nil
	}
}

// No file of the content tree that a link leads out of the tree is read:
// notes, templates, static assets, the configuration. Each is an error
// naming the file, and the secret is published nowhere.
func TestLinksOutOfTheTreeAreNotRead(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	os.WriteFile(secret, []byte("title = \"SECRET-TOKEN\"\n"), 0o644)
	for _, name := range []string{"README.md", "animals/_index.md", "animals/cross.md", "templates/base.html",
		"templates/static/own.css", "nonopress.toml"} {
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			s := newSite(t, smallSite)
			link := filepath.Join(s.src, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(link), 0o755)
			os.Remove(link)
			if err := os.Symlink(secret, link); err != nil {
				t.Skip("no symbolic links:", err)
			}
			err := buildWithin(t, s)
			if err == nil || !strings.Contains(err.Error(), link) || !strings.Contains(err.Error(), "outside the content tree") {
				t.Errorf("build: %v; want an error naming %s", err, link)
			}
			for _, dir := range []string{s.out, output.BackName(s.out)} {
				if _, err := os.Stat(dir); err != nil {
					continue
				}
				for p, data := range snapshot(t, dir) {
					if strings.Contains(string(data), "SECRET-TOKEN") {
						t.Errorf("the secret was written to %s", p)
					}
				}
			}
		})
	}
}

// Links inside the tree are followed; a loop, a FIFO, a device and a note
// beyond the cap are errors naming the file, and none blocks the build.
func TestNotesMustBeRegularFilesInTheTree(t *testing.T) {
	s := newSite(t, smallSite+"-- shared.md --\n---\ntitle: Shared words\n---\nShared.\n")
	os.Remove(filepath.Join(s.src, "animals", "_index.md"))
	if err := os.Symlink("../shared.md", filepath.Join(s.src, "animals", "_index.md")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	s.mustBuild(Config{Quiet: true})
	if !strings.Contains(s.read("animals/index.html"), "Shared words") {
		t.Error("a note linked inside the tree was not followed")
	}
	note := filepath.Join(s.src, "shapes", "README.md")
	for what, make := range map[string]func() error{
		"loop":          func() error { return os.Symlink("README.md", note) },
		"not a regular": func() error { return syscall.Mkfifo(note, 0o644) },
		"outside":       func() error { return os.Symlink("/dev/zero", note) },
		"too large": func() error {
			return os.WriteFile(note, []byte(strings.Repeat("words ", content.MaxNoteBytes/5)), 0o644)
		},
	} {
		os.Remove(note)
		if err := make(); err != nil {
			t.Fatal(err)
		}
		err := buildWithin(t, s)
		if err == nil || !strings.Contains(err.Error(), note) || !strings.Contains(err.Error(), what) {
			t.Errorf("%s: build: %v", what, err)
		}
	}
}

// Front matter, titles and tags beyond their caps are errors naming the
// file, found before any quadratic work on them.
func TestFrontMatterAndTitleCaps(t *testing.T) {
	huge := strings.Repeat("&", 400<<10)
	for what, archive := range map[string]string{
		"front matter of":     "-- a/x.md --\n+++\n" + tomlKeys(20000) + "+++\n",
		"TOML with 2000 keys": "-- a/x.md --\n+++\n" + tomlTables(2000) + "+++\n",
		"title of":            "-- a/x.md --\n---\ntitle: \"" + strings.Repeat("t", 2000) + "\"\n---\n",
		"tags":                "-- a/x.md --\n---\ntags: [" + strings.Repeat("t,", 200) + "t]\n---\n",
		"a tag of":            "-- a/x.md --\n---\ntags: [" + strings.Repeat("t", 300) + "]\n---\n",
		"title of 409600 ":    "-- a/y.non --\n" + strings.Replace(tinyNon("T", 1), "\"T\"", "\""+huge+"\"", 1),
	} {
		s := newSite(t, "-- a/x.non --\n"+tinyNon("x", 0)+archive)
		err := buildWithin(t, s)
		if err == nil || !strings.Contains(err.Error(), what) || !strings.Contains(err.Error(), filepath.Join(s.src, "a")) {
			t.Errorf("%s: build: %.300v", what, err)
		}
	}
}

// tomlKeys is TOML setting n different keys.
func tomlKeys(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "k%d = 1\n", i)
	}
	return b.String()
}

// tomlTables is TOML defining n tables.
func tomlTables(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[t%d]\n", i)
	}
	return b.String()
}

// nonopress.toml with too many keys is refused before it is decoded.
func TestConfigKeyCap(t *testing.T) {
	s := newSite(t, "-- a/x.non --\n"+tinyNon("x", 0)+"-- nonopress.toml --\n"+tomlTables(3000))
	if err := buildWithin(t, s); err == nil || !strings.Contains(err.Error(), "nonopress.toml:1: TOML with 3000 keys") {
		t.Errorf("build: %.200v", err)
	}
}

// A marker planted as a FIFO (a restored output folder) does not block the
// build: it is not a regular file, so the folder's manifest is untrusted.
func TestFIFOMarkerDoesNotBlock(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{Quiet: true})
	s.mustBuild(Config{Quiet: true})
	for _, dir := range []string{s.out, output.BackName(s.out)} {
		marker := filepath.Join(dir, output.MarkerName)
		os.Remove(marker)
		if err := syscall.Mkfifo(marker, 0o644); err != nil {
			t.Skip("no FIFOs:", err)
		}
	}
	writeTree(t, s.src, "-- animals/new.non --\n"+tinyNon("n", 1))
	buildWithin(t, s) // refused or built, but never blocked
}
