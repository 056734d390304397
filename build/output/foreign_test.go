package output

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// publish builds a site of pages (one folder each, the first changed by
// every call, so that each commit swaps) into out and returns what the
// commit kept, and how many folders the walk for user files read.
func publish(t *testing.T, out string, pages int) (Foreign, int) {
	t.Helper()
	c, s, err := commitPages(t, out, pages)
	if err != nil {
		t.Fatal(err)
	}
	return c.Foreign, s.foreign.dirsRead
}

// commitPages puts the pages p/a/index.txt, p/b/index.txt, ... into out
// (the first with new bytes each time) and commits them: the commit's
// result, and the store (closed).
func commitPages(t *testing.T, out string, pages int) (Changes, *Store, error) {
	generation++
	t.Helper()
	s, err := Open(out, NewMinifier(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i := range pages {
		data := []byte{byte(i)}
		if i == 0 {
			data = append(data, byte(generation))
		}
		if _, err := s.Put(filepath.ToSlash(filepath.Join("p", string(rune('a'+i)), "index.txt")), data); err != nil {
			t.Fatal(err)
		}
	}
	c, err := s.Commit()
	return c, s, err
}

var generation int

// After a commit that recorded the files it kept, the next build reads only
// the folders changed since (not every folder of the site), and still finds
// a file added, between two builds, to a folder of the site, to a user's
// folder, or in a new folder, along with the files kept before.
func TestForeignCheapPathFindsNewFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 20)
	write := func(rel string) { userFile(t, out, rel, rel) }
	write("CNAME")
	write("mine/deep/notes.txt")
	f, _ := publish(t, out, 20) // walks: no list yet
	if want := []string{"CNAME", "mine/deep/notes.txt"}; !slices.Equal(f.Kept, want) {
		t.Fatalf("kept %q, want %q", f.Kept, want)
	}
	f, read := publish(t, out, 20) // the cheap path: nothing changed
	if want := []string{"CNAME", "mine/deep/notes.txt"}; !slices.Equal(f.Kept, want) {
		t.Fatalf("cheap path kept %q, want %q", f.Kept, want)
	}
	if read > 3 {
		t.Errorf("an unchanged site of 24 folders: %d folders read, want at most the top (and the few the clock's tick may hide)", read)
	}
	write("p/c/extra.txt")
	write("mine/deep/more.txt")
	write("new/folder/file.txt")
	os.Remove(filepath.Join(out, "CNAME"))
	f, _ = publish(t, out, 20)
	want := []string{"mine/deep/more.txt", "mine/deep/notes.txt", "new/folder/file.txt", "p/c/extra.txt"}
	if !slices.Equal(f.Kept, want) {
		t.Errorf("after adding files: kept %q, want %q", f.Kept, want)
	}
	for _, rel := range want {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(rel))); err != nil {
			t.Errorf("%s lost: %v", rel, err)
		}
	}
}

// A list of kept files changed after the marker is not trusted: the whole
// folder is walked, so that a list that lost names loses no file.
func TestForeignListChangedAfterMarkerWalks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 5)
	if err := os.WriteFile(filepath.Join(out, "robots.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	publish(t, out, 5)
	if err := os.WriteFile(filepath.Join(out, UserListName), []byte(userListHeader+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if f, _ := publish(t, out, 5); !slices.Equal(f.Kept, []string{"robots.txt"}) {
		t.Errorf("kept %q after the list was emptied, want robots.txt", f.Kept)
	}
}

// A user's file kept across commits leaves nothing beside it: the second
// commit links it over the same file (a hard link of it, kept by the
// first), which must not leave the temporary name of the link behind, in
// the back buffer or, after the swap, in the published site
// (CNAME.np-link.tmp served beside CNAME).
func TestKeptFileLeavesNoTemporaryLink(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	for _, rel := range []string{"CNAME", "mine/notes.txt"} {
		userFile(t, out, rel, rel)
	}
	for i := range 4 {
		if f, _ := publish(t, out, 3); !slices.Equal(f.Kept, []string{"CNAME", "mine/notes.txt"}) {
			t.Fatalf("commit %d kept %q", i+1, f.Kept)
		}
		for _, dir := range []string{out, BackName(out)} {
			filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err == nil && isTempName(d.Name()) {
					t.Errorf("commit %d left %s", i+1, p)
				}
				return nil
			})
		}
	}
}

// A file system that refuses hard links (EXDEV from a mount inside the
// folder, EPERM from the kernel's protection of another owner's file)
// must not cost the user their files: each is copied into the new site
// instead, a symbolic link as a link, and none is taken for a file the
// site now writes (nothing goes to the kept folder).
func TestForeignKeptWhereHardLinksAreRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	userFile(t, out, "CNAME", "example.org")
	userFile(t, out, "mine/notes.txt", "notes")
	if err := os.Symlink("notes.txt", filepath.Join(out, "mine", "link.txt")); err != nil {
		t.Fatal(err)
	}
	defer func(link func(string, string) error) { hardLink = link }(hardLink)
	hardLink = func(src, dst string) error { return &os.LinkError{Op: "link", Old: src, New: dst, Err: syscall.EXDEV} }
	for range 2 {
		f, _ := publish(t, out, 3)
		if want := []string{"CNAME", "mine/link.txt", "mine/notes.txt"}; !slices.Equal(f.Kept, want) || len(f.Replaced) != 0 {
			t.Fatalf("kept %q, replaced %v; want %q kept, none replaced", f.Kept, f.Replaced, want)
		}
		if data, err := os.ReadFile(filepath.Join(out, "CNAME")); err != nil || string(data) != "example.org" {
			t.Fatalf("CNAME after the commit: %q, %v", data, err)
		}
		if target, err := os.Readlink(filepath.Join(out, "mine", "link.txt")); err != nil || target != "notes.txt" {
			t.Fatalf("mine/link.txt after the commit: %q, %v (want a link to notes.txt)", target, err)
		}
	}
	if _, err := os.Stat(KeptName(out)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a kept folder was made (%v): no file was taken over", err)
	}
}

// An empty folder a user makes in the published folder, at the top (mine/)
// or in a folder of the site (p/a/e/), is kept in place like a file of
// theirs, through every build after (each swaps the site, and the one
// before with it); a folder the user fills then is no longer listed (its
// file is), and one the user removes stays removed.
func TestForeignEmptyFolderIsKept(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	for _, d := range []string{"mine", "p/a/e"} {
		if err := os.MkdirAll(filepath.Join(out, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		f, _ := publish(t, out, 3)
		if want := []string{"mine/", "p/a/e/"}; !slices.Equal(f.Kept, want) {
			t.Errorf("build %d: kept %q, want %q", i+1, f.Kept, want)
		}
		for _, d := range []string{"mine", "p/a/e"} {
			if info, err := os.Stat(filepath.Join(out, filepath.FromSlash(d))); err != nil || !info.IsDir() {
				t.Errorf("build %d: %s is gone from the published folder (%v)", i+1, d, err)
			}
		}
	}
	userFile(t, out, "mine/a.txt", "a")
	if err := os.Remove(filepath.Join(out, "p", "a", "e")); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		f, _ := publish(t, out, 3)
		if want := []string{"mine/a.txt"}; !slices.Equal(f.Kept, want) {
			t.Errorf("build %d after the change: kept %q, want %q", i+1, f.Kept, want)
		}
		if _, err := os.Lstat(filepath.Join(out, "p", "a", "e")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("build %d after the change: p/a/e is back (%v)", i+1, err)
		}
	}
}

// A file (or folder) a user removes from the published folder stays
// removed: the builds after do not bring it back from the back buffer,
// which holds the site before (the file with it).
func TestForeignRemovedFileStaysRemoved(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	userFile(t, out, "CNAME", "example.org")
	userFile(t, out, "mine/notes.txt", "notes")
	publish(t, out, 3)
	publish(t, out, 3)
	for _, rel := range []string{"CNAME", "mine"} {
		if err := os.RemoveAll(filepath.Join(out, rel)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		f, _ := publish(t, out, 3)
		if len(f.Kept) != 0 {
			t.Errorf("build %d after the removal: kept %q", i+1, f.Kept)
		}
		for _, rel := range []string{"CNAME", "mine/notes.txt", "mine"} {
			if _, err := os.Lstat(filepath.Join(out, filepath.FromSlash(rel))); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("build %d after the removal: %s is back (%v)", i+1, rel, err)
			}
		}
	}
}

// An empty folder of a user's that the site later writes a file in place
// of (the user removed the folder, p/d/index.txt, and the site adds the
// page p/d): the commit's clean-up of the user's files the old site held
// leaves the site's file be, and the page is published.
func TestForeignEmptyFolderGivesWayToAPage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	folder := filepath.Join(out, "p", "d", "index.txt")
	if err := os.MkdirAll(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if f, _ := publish(t, out, 3); !slices.Equal(f.Kept, []string{"p/d/index.txt/"}) {
			t.Fatalf("kept %q, want the empty folder", f.Kept)
		}
	}
	if err := os.RemoveAll(filepath.Join(out, "p", "d")); err != nil {
		t.Fatal(err)
	}
	publish(t, out, 4)
	if data, err := os.ReadFile(folder); err != nil || string(data) != "\x03" {
		t.Errorf("p/d/index.txt: %q, %v; want the site's page", data, err)
	}
}

// A commit opens the back buffer once for all the empty folders it keeps,
// not once for each: a folder kept after the back buffer has moved away
// (here, renamed) still goes where the first went.
func TestFolderKeeperOpensTheBackBufferOnce(t *testing.T) {
	dir := t.TempDir()
	back, moved := filepath.Join(dir, "back"), filepath.Join(dir, "moved")
	if err := os.Mkdir(back, 0o755); err != nil {
		t.Fatal(err)
	}
	k := &folderKeeper{back: back}
	defer k.close()
	if !k.keep("a") {
		t.Fatal("a: not kept")
	}
	if err := os.Rename(back, moved); err != nil {
		t.Fatal(err)
	}
	if !k.keep("b/c") {
		t.Fatal("b/c: not kept after the back buffer moved: it was opened again")
	}
	for _, d := range []string{"a", "b/c"} {
		if info, err := os.Stat(filepath.Join(moved, filepath.FromSlash(d))); err != nil || !info.IsDir() {
			t.Errorf("%s: not in the back buffer opened first (%v)", d, err)
		}
	}
}

// A file the site now writes where a user's file has a folder (the site's
// p/q, the user's p/q/mine.txt) is in the way as a folder of the site's
// is: the user's file is kept aside, not an error.
func TestForeignFileUnderASitesFileIsKeptAside(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	publish(t, out, 3)
	userFile(t, out, "p/q/mine.txt", "mine")
	s, err := Open(out, NewMinifier(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Put("p/q", []byte("the site's")); err != nil {
		t.Fatal(err)
	}
	c, err := s.Commit()
	if err != nil {
		t.Fatal(err)
	}
	wantKept(t, "a file where the user's folder was", out, c.Foreign, [][3]string{{"p/q/mine.txt", "p/q/mine.txt", "mine"}})
}
