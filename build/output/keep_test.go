package output

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// userFile writes a file of a user's own into the published folder out.
func userFile(t *testing.T, out, rel, text string) {
	t.Helper()
	p := filepath.Join(out, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// wantKept checks that the kept copies of f are exactly want (path in the
// published folder → path in the kept folder of out) and hold texts.
func wantKept(t *testing.T, when, out string, f Foreign, want [][3]string) {
	t.Helper()
	wantCopied(t, when, out, f.Replaced, want)
}

// wantCopied checks that the copies made are exactly want (path in the
// published folder → path in the kept folder of out) and hold texts.
func wantCopied(t *testing.T, when, out string, made []Takeover, want [][3]string) {
	t.Helper()
	var got []Takeover
	for _, w := range want {
		got = append(got, Takeover{Path: w[0], Copy: filepath.Join(KeptName(out), filepath.FromSlash(w[1]))})
	}
	if !slices.Equal(made, got) {
		t.Errorf("%s: copied %q, want %q", when, made, got)
	}
	for _, w := range want {
		checkCopy(t, when, out, w[1], w[2])
	}
}

// checkCopy checks that the kept folder of out holds text at rel.
func checkCopy(t *testing.T, when, out, rel, text string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(KeptName(out), filepath.FromSlash(rel)))
	if err != nil || string(data) != text {
		t.Errorf("%s: kept copy %s holds %q (%v), want %q", when, rel, data, err, text)
	}
}

// A file of a user's own at a path the site then writes, in a folder of
// the user's own (p/d/) and where the site makes a folder (p/e, a file of
// the user's, becomes the site's folder p/e/), is copied to the kept folder
// beside the published one, at the same path, before the swap; the copy
// survives the builds that follow (which write over the back buffer, where
// the old site and the user's file went). Taken over a second time, with
// other bytes, the new copy takes a numbered name and the first is kept;
// with the same bytes (a build run again after one that failed), the copy
// there is used.
func TestTakenOverFileIsKept(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	userFile(t, out, "p/d/index.txt", "mine")
	userFile(t, out, "p/e", "my e")
	f, _ := publish(t, out, 5)
	wantKept(t, "taken over", out, f, [][3]string{{"p/d/index.txt", "p/d/index.txt", "mine"}, {"p/e", "p/e", "my e"}})
	for i := range 3 {
		f, _ := publish(t, out, 5)
		if len(f.Replaced) != 0 {
			t.Errorf("build %d after: taken over %q again", i+1, f.Replaced)
		}
		checkCopy(t, "builds after", out, "p/d/index.txt", "mine")
		checkCopy(t, "builds after", out, "p/e", "my e")
	}

	publish(t, out, 3) // the site no longer writes p/d/ or p/e/
	userFile(t, out, "p/d/index.txt", "mine again")
	userFile(t, out, "p/e", "my e") // the same bytes
	f, _ = publish(t, out, 5)
	wantKept(t, "taken over again", out, f, [][3]string{{"p/d/index.txt", "p/d/index.1.txt", "mine again"}, {"p/e", "p/e", "my e"}})
	checkCopy(t, "taken over again", out, "p/d/index.txt", "mine")
	if ents, _ := os.ReadDir(KeptName(out)); len(ents) != 1 {
		t.Errorf("the kept folder holds %d entries, want p/ alone (no temporary file)", len(ents))
	}
}

// A kept folder that is a symbolic link, or one holding a link that leads
// outside it, makes the commit fail without writing outside it; the
// published folder (the user's file in it) stays as it was.
func TestKeptFolderLinksAreRefused(t *testing.T) {
	for _, c := range []struct{ name, link string }{{"kept folder", "."}, {"folder in it", "p"}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out, outside := filepath.Join(dir, "public"), filepath.Join(dir, "outside")
			if err := os.MkdirAll(outside, 0o755); err != nil {
				t.Fatal(err)
			}
			link := filepath.Clean(filepath.Join(KeptName(out), c.link))
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, link); err != nil {
				t.Fatal(err)
			}
			publish(t, out, 3)
			userFile(t, out, "p/d/index.txt", "mine")
			s, err := Open(out, NewMinifier(), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for _, rel := range []string{"p/a/index.txt", "p/d/index.txt"} {
				if _, err := s.Put(rel, []byte("site")); err != nil {
					t.Fatal(err)
				}
			}
			_, err = s.Commit()
			if err == nil {
				t.Fatal("the commit kept the user's file through a symbolic link")
			}
			if want := map[string]error{".": ErrLinkedKeptFolder, "p": ErrKeptLinkOutside}[c.link]; !errors.Is(err, want) {
				t.Errorf("error %v, want %v", err, want)
			}
			// Worded as the other errors of keeping a file the site now
			// writes: with an untrusted manifest it may be an old page,
			// not a file of the user's.
			said := "keep " + filepath.Join(out, "p", "d", "index.txt") + ", a file the site now writes"
			if c.link == "p" {
				said += ", in " + KeptName(out)
			}
			if !strings.HasPrefix(err.Error(), said+": ") {
				t.Errorf("error %q, want it to start %q", err, said)
			}
			if ents, _ := os.ReadDir(outside); len(ents) != 0 {
				t.Errorf("the commit wrote outside the kept folder: %d entries", len(ents))
			}
			if data, err := os.ReadFile(filepath.Join(out, "p", "d", "index.txt")); err != nil || string(data) != "mine" {
				t.Errorf("the published folder changed: %q, %v", data, err)
			}
		})
	}
}

func TestNumberedName(t *testing.T) {
	for _, c := range []struct {
		name string
		i    int
		want string
	}{
		{"robots.txt", 0, "robots.txt"},
		{"robots.txt", 2, "robots.2.txt"},
		{filepath.Join("a", "index.html"), 1, filepath.Join("a", "index.1.html")},
		{"CNAME", 1, "CNAME.1"},
		{".htaccess", 1, ".htaccess.1"},
	} {
		if got := numberedName(c.name, c.i); got != c.want {
			t.Errorf("numberedName(%q, %d) = %q, want %q", c.name, c.i, got, c.want)
		}
	}
}

// A file of a user's own kept in place (p/z), where the site later makes a
// folder (p/z/index.txt), is taken over and kept aside like any other: the
// build does not fail on its twin in the back buffer (the old site), which
// stands where the folder must be made ("not a directory").
func TestKeptFileWhereTheSiteMakesAFolder(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	userFile(t, out, "p/z", "mine")
	if f, _ := publish(t, out, 3); !slices.Equal(f.Kept, []string{"p/z"}) {
		t.Fatalf("kept %q, want p/z", f.Kept)
	}
	f, _ := publish(t, out, 26)
	wantKept(t, "taken over", out, f, [][3]string{{"p/z", "p/z", "mine"}})
	publish(t, out, 26)
	checkCopy(t, "a build after", out, "p/z", "mine")
}

// A symbolic link of a user's own that the site takes over is kept as a
// link to the same target, not followed: its target is neither copied nor
// changed, even one outside the published folder.
func TestTakenOverLinkIsKeptAsALink(t *testing.T) {
	dir := t.TempDir()
	out, target := filepath.Join(dir, "public"), filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(target, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	publish(t, out, 3)
	if err := os.MkdirAll(filepath.Join(out, "p", "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(out, "p", "d", "index.txt")); err != nil {
		t.Fatal(err)
	}
	f, _ := publish(t, out, 4)
	copy := filepath.Join(KeptName(out), "p", "d", "index.txt")
	if want := []Takeover{{Path: "p/d/index.txt", Copy: copy}}; !slices.Equal(f.Replaced, want) {
		t.Errorf("taken over %q, want %q", f.Replaced, want)
	}
	publish(t, out, 4)
	if got, err := os.Readlink(copy); err != nil || got != target {
		t.Errorf("kept %q (%v), want a link to %s", got, err, target)
	}
	if data, err := os.ReadFile(target); err != nil || string(data) != "secret" {
		t.Errorf("the link's target changed: %q, %v", data, err)
	}
}

// Dropping a taken-over file from the back buffer, where a folder of its
// path has been replaced by a symbolic link since the scan, removes nothing
// outside the back buffer: neither the file nor the folders left empty are
// looked for through the link.
func TestDropTakenOverStaysInTheBackBuffer(t *testing.T) {
	dir := t.TempDir()
	back, outside := filepath.Join(dir, "back"), filepath.Join(dir, "outside")
	if err := os.MkdirAll(filepath.Join(outside, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(back, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(back, "p")); err != nil {
		t.Fatal(err)
	}
	s := &Store{back: back}
	s.dropTakenOver([]Takeover{{Path: "p/d/index.txt"}})
	if _, err := os.Stat(filepath.Join(outside, "d")); err != nil {
		t.Errorf("a folder outside the back buffer was removed: %v", err)
	}
}

// A file taken over where a file kept before stands at one of its folders
// (p/e, kept when the site made a folder there; then, the site's folder
// gone, the user's p/e/index.txt, taken over in turn) is kept in a numbered
// folder beside it (p/e.1/index.txt): the build does not fail on the kept
// file, and that file is not written over.
func TestTakenOverFileWhereAFileIsKept(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	userFile(t, out, "p/e", "my e")
	f, _ := publish(t, out, 5)
	wantKept(t, "a file taken over", out, f, [][3]string{{"p/e", "p/e", "my e"}})
	publish(t, out, 3) // the site no longer writes p/e/
	userFile(t, out, "p/e/index.txt", "mine")
	f, _ = publish(t, out, 5)
	wantKept(t, "a file in its place taken over", out, f, [][3]string{{"p/e/index.txt", "p/e.1/index.txt", "mine"}})
	checkCopy(t, "a file in its place taken over", out, "p/e", "my e")
}

// A file this build put is never cleared out of the way of a folder a
// later Put makes at its path: the second Put fails, the first file stays.
func TestPutDoesNotClearAFileItPut(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish(t, out, 3)
	s, err := Open(out, NewMinifier(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Put("p/x", []byte("page")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put("p/x/index.txt", []byte("under it")); err == nil {
		t.Error("a file was put under a file this build put")
	}
	if data, err := os.ReadFile(filepath.Join(BackName(out), "p", "x")); err != nil || string(data) != "page" {
		t.Errorf("the file put first holds %q (%v), want it kept", data, err)
	}
}

// A symbolic link of a user's kept in the kept folder (p/d, leading outside
// it) where a later take-over must make a folder (p/d/index.txt) makes the
// commit fail, writing nothing through the link and leaving the published
// folder as it was, with an error that names the link and says to move or
// delete it; once it is moved, the take-over goes through.
func TestKeptLinkInTheWayOfATakeover(t *testing.T) {
	dir := t.TempDir()
	out, outside := filepath.Join(dir, "public"), filepath.Join(dir, "outside")
	if err := os.Mkdir(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	publish(t, out, 3)
	if err := os.Symlink(outside, filepath.Join(out, "p", "d")); err != nil {
		t.Fatal(err)
	}
	f, _ := publish(t, out, 4)
	link := filepath.Join(KeptName(out), "p", "d")
	if want := []Takeover{{Path: "p/d", Copy: link}}; !slices.Equal(f.Replaced, want) {
		t.Fatalf("taken over %q, want %q", f.Replaced, want)
	}
	publish(t, out, 3)
	userFile(t, out, "p/d/index.txt", "mine")
	_, _, err := commitPages(t, out, 4)
	if !errors.Is(err, ErrKeptLinkOutside) || !strings.Contains(err.Error(), link+": ") {
		t.Errorf("error %v, want %v naming %s", err, ErrKeptLinkOutside, link)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("the commit wrote through the link: %d entries", len(ents))
	}
	if data, err := os.ReadFile(filepath.Join(out, "p", "d", "index.txt")); err != nil || string(data) != "mine" {
		t.Errorf("the published folder changed: %q, %v", data, err)
	}
	if err := os.Rename(link, link+".moved"); err != nil {
		t.Fatal(err)
	}
	f, _ = publish(t, out, 4)
	wantKept(t, "the link moved", out, f, [][3]string{{"p/d/index.txt", "p/d/index.txt", "mine"}})
}
