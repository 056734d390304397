package output

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// site is a site of pages files, p/<letter>/index.txt, the first holding
// gen: a build that changes gen publishes a change.
func site(pages int, gen byte) map[string][]byte {
	files := map[string][]byte{}
	for i := range pages {
		files[filepath.ToSlash(filepath.Join("p", string(rune('a'+i)), "index.txt"))] = []byte{byte(i), gen}
	}
	return files
}

// commitSite opens out, puts files, checks what Damaged says, and commits.
func commitSite(t *testing.T, out string, files map[string][]byte, damaged bool) {
	t.Helper()
	s, err := Open(out, NewMinifier(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Damaged() != damaged {
		t.Errorf("Damaged() = %v, want %v", s.Damaged(), damaged)
	}
	for rel, data := range files {
		if _, err := s.PutExact(rel, data); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Commit(); err != nil {
		t.Fatalf("commit: %v", err)
	}
}

// checkHolds fails unless dir holds files, and its manifest lists only
// files it holds, with their hashes.
func checkHolds(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for rel, data := range files {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil || string(got) != string(data) {
			t.Errorf("%s: %s holds %q (%v), want %q", dir, rel, got, err, data)
		}
	}
	hashes, _ := ReadManifest(dir)
	for rel, h := range hashes {
		if data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel))); err != nil || hashOf(data) != h {
			t.Errorf("%s: the manifest lists %s, which is gone or changed (%v)", dir, rel, err)
		}
	}
}

// emptyFolder removes dir's entries but its dotfiles (`rm -rf dir/*`).
func emptyFolder(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.Name()[0] != '.' {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}

// A published folder emptied but for its marker, with a fresh back buffer
// (the deferred links) and with a complete one: the store sees the files
// gone and the commit publishes them all; the back buffer's manifest, the
// emptied site's after the swap, lists only what it holds.
func TestCheckFrontEmptied(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	files := site(6, 1)
	commitSite(t, out, files, false)
	commitSite(t, out, files, false) // unchanged: the back buffer stays empty
	emptyFolder(t, out)
	commitSite(t, out, files, true)
	checkHolds(t, out, files)
	checkHolds(t, BackName(out), nil)

	changed := site(6, 2)
	commitSite(t, out, changed, false)
	checkHolds(t, out, changed)
	emptyFolder(t, out)
	commitSite(t, out, changed, true)
	checkHolds(t, out, changed)
	commitSite(t, out, changed, false)
	checkHolds(t, out, changed)
}

// A file deleted deep in the published folder, and one replaced by a
// folder, are written again; a file a user added is kept.
func TestCheckFrontDeletedFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	files := site(6, 1)
	commitSite(t, out, files, false)
	if err := os.Remove(filepath.Join(out, "p", "c", "index.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(out, "p", "e", "index.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(out, "p", "e", "index.txt"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "p", "b", "mine.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitSite(t, out, files, true)
	checkHolds(t, out, files)
	checkHolds(t, BackName(out), nil)
	if _, err := os.Stat(filepath.Join(out, "p", "b", "mine.txt")); err != nil {
		t.Errorf("the user's file is lost: %v", err)
	}
	commitSite(t, out, files, false)
	checkHolds(t, out, files)
}

// FoldersDigest changes when a file of a folder is deleted, or a folder
// removed, and not otherwise.
func TestFoldersDigest(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	commitSite(t, out, site(4, 1), false)
	folders := []string{".", "p", "p/a", "p/b", "p/c", "p/d"}
	digest := func() string {
		t.Helper()
		d, err := FoldersDigest(out, folders)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	// Change times tick coarsely (a few milliseconds): a change within
	// the tick of the commit's last one would not show.
	time.Sleep(30 * time.Millisecond)
	first := digest()
	if again := digest(); again != first {
		t.Fatal("the digest of an unchanged folder changed")
	}
	if err := os.Remove(filepath.Join(out, "p", "c", "index.txt")); err != nil {
		t.Fatal(err)
	}
	second := digest()
	if second == first {
		t.Error("deleting a deep file did not change the digest")
	}
	emptyFolder(t, out)
	if digest() == second {
		t.Error("emptying the folder did not change the digest")
	}
}

// A file replaced by another (an editor's save: a new file renamed over
// the old) in a folder of the published site is written again, and the
// back buffer's manifest does not list the replaced copy as the site's.
func TestCheckFrontReplacedFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	files := site(6, 1)
	commitSite(t, out, files, false)
	time.Sleep(30 * time.Millisecond) // past the tick of the marker's change time
	page := filepath.Join(out, "p", "d", "index.txt")
	if err := os.WriteFile(page+".new", []byte("edited by hand"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(page+".new", page); err != nil {
		t.Fatal(err)
	}
	commitSite(t, out, files, true)
	checkHolds(t, out, files)
	checkHolds(t, BackName(out), nil)
	commitSite(t, out, files, false)
	checkHolds(t, out, files)
	checkHolds(t, BackName(out), nil)
}
