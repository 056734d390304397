package build

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/puzzle"
)

// forgeManifest adds lines to an output folder's marker, as anyone who can
// commit public/ or restore it from a cache could.
func forgeManifest(t *testing.T, dir string, paths ...string) {
	t.Helper()
	marker := filepath.Join(dir, output.MarkerName)
	data, err := os.ReadFile(marker)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		data = append(data, "00112233445566778899aabbccddeeff "+p+"\n"...)
	}
	if err := os.WriteFile(marker, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A manifest naming files outside its folder, directly or through a link
// planted in the back buffer, makes no build delete (or publish) them.
func TestForgedManifestsDeleteNothingOutside(t *testing.T) {
	s := newSite(t, smallSite)
	parent := filepath.Dir(s.out)
	back := output.BackName(s.out)
	victims := map[string]string{}
	for _, name := range []string{"victim.txt", "outside/secret.txt", "outside/x/index.html"} {
		p := filepath.Join(parent, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("precious"), 0o644)
		victims[name] = p
	}
	s.mustBuild(Config{Quiet: true})
	s.mustBuild(Config{Quiet: true}) // back buffer now clean, with a manifest
	os.Symlink(filepath.Join(parent, "outside"), filepath.Join(back, "planted"))
	for _, dir := range []string{s.out, back} {
		forgeManifest(t, dir, "../victim.txt", "../outside/secret.txt", "a/../../victim.txt",
			filepath.Join(parent, "victim.txt"), "planted/secret.txt", "planted/x/index.html", "planted")
	}
	for i := range 3 {
		// A change each time, so that each build swaps.
		writeTree(t, s.src, "-- animals/new"+string(rune('a'+i))+".non --\n"+tinyNon("n", i))
		s.mustBuild(Config{Quiet: true})
	}
	for name, p := range victims {
		if data, err := os.ReadFile(p); err != nil || string(data) != "precious" {
			t.Errorf("%s outside the output: %q, %v", name, data, err)
		}
	}
	if s.exists("planted/secret.txt") {
		t.Error("a file outside the output was published through a planted link")
	}
}

// A back buffer that is a symbolic link is refused: a build deletes in it.
func TestLinkedBackBufferRefused(t *testing.T) {
	s := newSite(t, smallSite)
	elsewhere := filepath.Join(t.TempDir(), "elsewhere")
	os.MkdirAll(elsewhere, 0o755)
	if err := os.Symlink(elsewhere, output.BackName(s.out)); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if _, err := s.build(Config{Quiet: true}); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("build with a linked back buffer: %v", err)
	}
}

// Files a user adds to the output folder stay in place across builds that
// swap, and across failed builds, each with a warning saying where such a
// file belongs.
func TestUserFilesInTheOutputAreKept(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{Quiet: true})
	mine := map[string]string{"CNAME": "puzzles.example.org\n", "robots.txt": "User-agent: *\n", "mine/deep/notes.txt": "my notes"}
	for name, data := range mine {
		p := filepath.Join(s.out, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
	}
	check := func(when string) {
		t.Helper()
		for name, data := range mine {
			if s.exists(name) && s.read(name) == data {
				continue
			}
			t.Errorf("%s: %s lost", when, name)
		}
	}
	for i := range 3 {
		writeTree(t, s.src, "-- animals/new"+string(rune('a'+i))+".non --\n"+tinyNon("n", i))
		sum := s.mustBuild(Config{Quiet: true})
		check("build " + string(rune('1'+i)))
		if w := strings.Join(sum.Warnings, "\n"); !strings.Contains(w, filepath.Join(s.out, "CNAME")+": not written by nonopress: kept") || !strings.Contains(w, "templates/static/") {
			t.Errorf("build %d: warnings do not name the kept file:\n%s", i+1, w)
		}
	}
	writeTree(t, s.src, "-- animals/broken.non --\nwidth x\n")
	if _, err := s.build(Config{Quiet: true}); err == nil {
		t.Fatal("a broken puzzle built")
	}
	check("failed build")
	os.Remove(filepath.Join(s.src, "animals", "broken.non"))
	writeTree(t, s.src, "-- animals/newz.non --\n"+tinyNon("z", 2))
	s.mustBuild(Config{Quiet: true})
	check("build after the failed one")
}

// A file a user added to the output folder is not lost when the folder's
// manifest cannot be trusted (a path in it leaves the folder): the build
// that finds it so keeps every file it does not write, warning of the
// manifest and naming the file, and the file is still published after the
// next build, which writes over the back buffer the old site went to.
func TestUserFilesKeptPastAnUntrustedManifest(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{Quiet: true})
	writeTree(t, s.out, "-- CNAME --\npuzzles.example.org\n")
	forgeManifest(t, s.out, "../elsewhere")
	kept := filepath.Join(s.out, "CNAME") + ": not written by nonopress: kept in place"
	for i, untrusted := range []bool{true, false} {
		writeTree(t, s.src, "-- animals/new"+string(rune('a'+i))+".non --\n"+tinyNon("n", i))
		w := strings.Join(s.mustBuild(Config{Quiet: true}).Warnings, "\n")
		if !s.exists("CNAME") || s.read("CNAME") != "puzzles.example.org\n" {
			t.Fatalf("build %d: CNAME lost", i+1)
		}
		if !strings.Contains(w, kept) {
			t.Errorf("build %d: no warning names the kept CNAME:\n%s", i+1, w)
		}
		said := strings.Contains(w, s.out+": its manifest (.nonopress) was damaged or named paths outside the folder") &&
			strings.Contains(w, "every file and empty folder there the new site does not write was kept as yours (1 file, each named")
		if said != untrusted {
			t.Errorf("build %d: warned of the untrusted manifest %v, want %v:\n%s", i+1, said, untrusted, w)
		}
	}
}

// Past an untrusted manifest, the warning counts the kept files and the
// kept empty folders each by its name, not all as files.
func TestUntrustedManifestCountsKeptFoldersApart(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{Quiet: true})
	writeTree(t, s.out, "-- CNAME --\npuzzles.example.org\n")
	if err := os.Mkdir(filepath.Join(s.out, "mine"), 0o755); err != nil {
		t.Fatal(err)
	}
	forgeManifest(t, s.out, "../elsewhere")
	writeTree(t, s.src, "-- animals/newa.non --\n"+tinyNon("n", 0))
	w := strings.Join(s.mustBuild(Config{Quiet: true}).Warnings, "\n")
	if want := "was kept as yours (1 file and 1 empty folder, each named in its own warning"; !strings.Contains(w, want) {
		t.Errorf("warnings do not say %q:\n%s", want, w)
	}
}

// An empty folder a user makes in the output folder (mine/, and e/ in a
// folder of the site) is kept in place through every build after, each
// warning of it as such, and stays gone once the user removes it.
func TestUserEmptyFolderIsKept(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{Quiet: true})
	mine, e := filepath.Join(s.out, "mine"), filepath.Join(s.out, "animals", "e")
	for _, d := range []string{mine, e} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		writeTree(t, s.src, "-- animals/new"+string(rune('a'+i))+".non --\n"+tinyNon("n", i%3))
		sum := s.mustBuild(Config{Quiet: true})
		for _, d := range []string{mine, e} {
			if info, err := os.Stat(d); err != nil || !info.IsDir() {
				t.Errorf("build %d: %s is gone (%v)", i+1, d, err)
			}
			if want := d + ": an empty folder nonopress did not make: kept in place"; !strings.Contains(strings.Join(sum.Warnings, "\n"), want) {
				t.Errorf("build %d: no warning %q in %q", i+1, want, sum.Warnings)
			}
		}
	}
	if err := os.Remove(mine); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		writeTree(t, s.src, "-- animals/more"+string(rune('a'+i))+".non --\n"+tinyNon("m", i))
		s.mustBuild(Config{Quiet: true})
		if _, err := os.Lstat(mine); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("build %d after its removal: %s is back (%v)", i+1, mine, err)
		}
	}
}

// The build that finds the output folder's manifest untrusted leaves no
// stamp: the build after it, which changes nothing, does not answer from
// one with the warning of the manifest (which is trusted again), but warns
// of the user's file alone; the one after that answers from its stamp.
func TestUntrustedManifestWarnedOnce(t *testing.T) {
	s := newSite(t, smallSite)
	mustBuildWith(t, stampedBuilder(s, Config{Quiet: true}))
	writeTree(t, s.out, "-- CNAME --\nexample.org\n")
	forgeManifest(t, s.out, "../elsewhere")
	untrusted := s.out + ": its manifest (.nonopress) was damaged"
	kept := filepath.Join(s.out, "CNAME") + ": not written by nonopress: kept in place"
	for i, want := range []struct{ untrusted, stamped bool }{{true, false}, {false, false}, {false, true}} {
		sum := mustBuildWith(t, stampedBuilder(s, Config{Quiet: true}))
		w := strings.Join(sum.Warnings, "\n")
		if strings.Contains(w, untrusted) != want.untrusted || !strings.Contains(w, kept) || sum.Unchanged != want.stamped {
			t.Errorf("build %d: unchanged by its stamp %v, warnings:\n%s\nwant the manifest's %v, the CNAME's, stamped %v", i+1, sum.Unchanged, w, want.untrusted, want.stamped)
		}
	}
	if s.read("CNAME") != "example.org\n" {
		t.Error("CNAME lost")
	}
}

// A build that changes nothing warns of the files a user added to the
// output folder as a build that publishes does, in the log and its
// summary line: the build that finds the file (nothing to swap), and each
// build after it, answered by the stamp, until a file is added beside the
// user's own (in a folder of theirs) or removed. The files stay in place.
func TestUserFilesWarnedByBuildsThatChangeNothing(t *testing.T) {
	s := newSite(t, smallSite)
	mustBuildWith(t, stampedBuilder(s, Config{Quiet: true}))
	add := func(rel string) { writeTree(t, s.out, "-- "+rel+" --\n"+rel) }
	// build checks that a build changes nothing and warns of exactly the
	// files want (by path), then that they are there.
	build := func(when string, stamped bool, want ...string) {
		t.Helper()
		var log strings.Builder
		sum := mustBuildWith(t, stampedBuilder(s, Config{Log: &log}))
		if sum.Written != 0 || sum.Removed != 0 || sum.Unchanged != stamped {
			t.Fatalf("%s: %d written, %d removed, unchanged by its stamp %v; want nothing changed, %v", when, sum.Written, sum.Removed, sum.Unchanged, stamped)
		}
		var lines []string
		for _, rel := range want {
			line := filepath.Join(s.out, filepath.FromSlash(rel)) + ": warning: not written by nonopress: kept in place; to make it part of the site, put it in the content tree's templates/static/ folder (published under static/) or, for an image, a PDF or a .txt file, in the content tree at its path (a CNAME, _redirects or _headers in the content folder itself)"
			lines = append(lines, line)
			if !strings.Contains(log.String(), "\n"+line) && !strings.HasPrefix(log.String(), line) {
				t.Errorf("%s: no line %q in the log:\n%s", when, line, log.String())
			}
			if !s.exists(rel) || s.read(rel) != rel {
				t.Errorf("%s: %s not kept in place", when, rel)
			}
		}
		if len(sum.Warnings) != len(want) {
			t.Errorf("%s: warnings %q, want one for each of %q", when, sum.Warnings, want)
		}
		summary := fmt.Sprintf("0 files changed, 0 removed, %s,", puzzle.Plural(len(want), "warning"))
		if !strings.Contains(log.String(), summary) {
			t.Errorf("%s: the summary line does not say %q:\n%s", when, summary, log.String())
		}
	}
	build("nothing added", true)
	add("CNAME")
	build("a file added", false, "CNAME")
	build("again", true, "CNAME")
	build("and again", true, "CNAME")
	add("mine/a.txt")
	build("a folder of the user's added", false, "CNAME", "mine/a.txt")
	build("again after the folder", true, "CNAME", "mine/a.txt")
	add("mine/b.txt")
	build("a file added in the user's folder", false, "CNAME", "mine/a.txt", "mine/b.txt")
	if err := os.Remove(filepath.Join(s.out, "mine", "a.txt")); err != nil {
		t.Fatal(err)
	}
	build("a file removed from the user's folder", false, "CNAME", "mine/b.txt")
	build("again after the removal", true, "CNAME", "mine/b.txt")
}

// A host's files (GitHub Pages' CNAME, Netlify's _redirects and _headers)
// in the content folder itself are published at the site's root as they
// are, so that a CNAME need not be kept in public/ by hand, warned of at
// every build; in a collection's folder they are no file of the site.
func TestHostFilesArePublishedFromTheContentFolder(t *testing.T) {
	s := newSite(t, smallSite+"-- CNAME --\npuzzles.example.org\n-- _redirects --\n/old /animals/ 301\n-- _headers --\n/*\n  X-Frame-Options: DENY\n-- animals/CNAME --\nnot.example.org\n")
	sum := s.mustBuild(Config{Quiet: true})
	for name, want := range map[string]string{"CNAME": "puzzles.example.org\n", "_redirects": "/old /animals/ 301\n", "_headers": "/*\n  X-Frame-Options: DENY\n"} {
		if !s.exists(name) || s.read(name) != want {
			t.Errorf("%s not published as it is", name)
		}
	}
	if s.exists("animals/CNAME") {
		t.Error("a CNAME in a collection's folder was published")
	}
	if w := strings.Join(sum.Warnings, "\n"); strings.Contains(w, "CNAME") {
		t.Errorf("warnings name the CNAME:\n%s", w)
	}
}
