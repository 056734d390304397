package output

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// forgeMarker adds a path outside the folder to out's manifest, which makes
// it untrusted.
func forgeMarker(t *testing.T, out string) {
	t.Helper()
	marker := filepath.Join(out, MarkerName)
	data, err := os.ReadFile(marker)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(marker, append(data, "00112233 ../elsewhere\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// With a published manifest that cannot be trusted (a path in it leaves the
// folder), the commit keeps every file of the published folder that the
// build does not write: the user's, and an old page of the site, which it
// cannot tell apart. A file at a path the build writes is the build's. The
// kept files are still published after the next commit, which writes over
// the back buffer the old site went to. A symbolic link is kept as one.
func TestForeignUntrustedManifestKeepsWhatTheBuildDoesNotWrite(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	userFile(t, out, "CNAME", "puzzles.example.org\n")
	userFile(t, out, "mine/notes.txt", "my notes")
	outside := t.TempDir() // a link to a folder is kept as a link, never walked into
	userFile(t, outside, "secret.txt", "not in the site")
	if err := os.Symlink(outside, filepath.Join(out, "link")); err != nil {
		t.Fatal(err)
	}
	forgeMarker(t, out)
	f, _ := publish(t, out, 2)
	if want := []string{"CNAME", "link", "mine/notes.txt", "p/c/index.txt"}; !f.Unknown || !slices.Equal(f.Kept, want) || len(f.Replaced) != 0 {
		t.Fatalf("untrusted manifest: %+v, want unknown, kept %q", f, want)
	}
	f, _ = publish(t, out, 2)
	if want := []string{"CNAME", "link", "mine/notes.txt", "p/c/index.txt"}; f.Unknown || !slices.Equal(f.Kept, want) {
		t.Fatalf("the commit after: %+v, want kept %q", f, want)
	}
	for rel, text := range map[string]string{"CNAME": "puzzles.example.org\n", "mine/notes.txt": "my notes", "p/c/index.txt": "\x02"} {
		if got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(rel))); err != nil || string(got) != text {
			t.Errorf("%s after two commits: %q, %v; want %q", rel, got, err, text)
		}
	}
	if target, err := os.Readlink(filepath.Join(out, "link")); err != nil || target != outside {
		t.Errorf("link after two commits: %q, %v; want a link to %s", target, err, outside)
	}
}

// With a published manifest that cannot be trusted, a file at a path the
// site writes cannot be told from the old site's page there by its path:
// each whose bytes differ both from the site's and from those the
// manifest records for it (a user's file written over a page, p/b; a
// user's file where the site adds a page, p/d) is copied to the kept
// folder before the swap, as a file taken over is; an old page that
// changed since (p/a, the bytes the manifest records) and one holding the
// site's bytes (p/c) are not. The copies survive the builds that follow,
// which copy nothing again.
func TestUntrustedManifestKeepsWhatTheSiteWritesOver(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	userFile(t, out, "p/b/index.txt", "mine")
	userFile(t, out, "p/d/index.txt", "my d")
	forgeMarker(t, out)
	f, _ := publish(t, out, 5)
	if !f.Unknown || len(f.Replaced) != 0 {
		t.Errorf("untrusted manifest: %+v, want unknown, none replaced", f)
	}
	want := [][3]string{{"p/b/index.txt", "p/b/index.txt", "mine"}, {"p/d/index.txt", "p/d/index.txt", "my d"}}
	wantCopied(t, "untrusted manifest", out, f.Overwritten, want)
	for _, site := range []string{"a", "c"} {
		if _, err := os.Stat(filepath.Join(KeptName(out), "p", site)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("p/%s, the site's own page, was copied (%v)", site, err)
		}
	}
	for i := range 2 {
		f, _ := publish(t, out, 5)
		if len(f.Overwritten)+len(f.Replaced) != 0 {
			t.Errorf("build %d after: copied %v, %v again", i+1, f.Overwritten, f.Replaced)
		}
		for _, w := range want {
			checkCopy(t, "builds after", out, w[1], w[2])
		}
	}
}

// A published manifest damaged beyond reading (its state line garbled)
// records no bytes: each file at a path the site writes whose bytes
// differ from the site's, an old page that changed since among them
// (p/a), is copied to the kept folder, as the warning then says.
func TestUnreadableManifestCopiesChangedPages(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	old, err := os.ReadFile(filepath.Join(out, "p", "a", "index.txt"))
	if err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(out, MarkerName)
	data, err := os.ReadFile(marker)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(marker, bytes.Replace(data, []byte(markerClean), []byte("state c1ean"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	f, _ := publish(t, out, 3)
	if !f.Unknown {
		t.Errorf("garbled manifest: %+v, want unknown", f)
	}
	wantCopied(t, "garbled manifest", out, f.Overwritten, [][3]string{{"p/a/index.txt", "p/a/index.txt", string(old)}})
}
