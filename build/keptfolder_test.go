package build

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/output"
)

// With the output folder's manifest untrusted, a user's page at a path the
// site then writes cannot be told from the old site's by its path: it is
// copied to the kept folder before it is written over (the old pages that
// changed are not: they hold the bytes the manifest records), and one
// warning at the folder counts the copies and says where they are, none
// naming each. The copy survives the builds after.
func TestUntrustedManifestCopiesWhatTheSiteWritesOver(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{Quiet: true})
	writeTree(t, s.out, "-- zebras/index.html --\nmy page")
	forgeManifest(t, s.out, "../elsewhere")
	writeTree(t, s.src, "-- zebras/stripes.non --\n"+tinyNon("Stripes", 2))
	sum := s.mustBuild(Config{Quiet: true})
	kept := output.KeptName(s.out)
	mine := filepath.Join(kept, "zebras", "index.html")
	if data, err := os.ReadFile(mine); err != nil || string(data) != "my page" {
		t.Errorf("the user's page is not kept: %q, %v", data, err)
	}
	copies := 0
	filepath.WalkDir(kept, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			copies++
		}
		return err
	})
	if copies != 1 {
		t.Errorf("%d files copied to the kept folder, want the user's page alone (old pages are known by the bytes the manifest records)", copies)
	}
	said := fmt.Sprintf(", and every file at a path the site writes that held neither the site's bytes nor those the manifest recorded for it (%d: yours, pages edited by hand, or old pages it did not record) was copied to %s, at its path there", copies, kept)
	var atFolder []string
	for _, w := range sum.Warnings {
		if strings.HasPrefix(w, s.out+":") {
			atFolder = append(atFolder, w)
		}
		if strings.Contains(w, "nonopress-kept/") {
			t.Errorf("a warning names a copy: %s", w)
		}
	}
	if len(atFolder) != 1 || !strings.Contains(atFolder[0], said) {
		t.Errorf("warnings at the folder %q, want one saying %q", atFolder, said)
	}
	for i := range 2 {
		writeTree(t, s.src, "-- zebras/more"+string(rune('a'+i))+".non --\n"+tinyNon("More", i))
		if sum := s.mustBuild(Config{Quiet: true}); len(sum.Warnings) != 0 {
			t.Errorf("build %d after: warnings %q", i+1, sum.Warnings)
		}
	}
	if data, err := os.ReadFile(mine); err != nil || string(data) != "my page" {
		t.Errorf("two builds after: the user's page is not kept: %q, %v", data, err)
	}
}

// A file of a user's own at a path the site later writes gives way to the
// site's, and is kept beside the output folder (public.nonopress-kept, at
// the same path), as the warning says: it survives the builds that follow,
// a failed one among them (which writes into the back buffer, where the
// old site went), as every build before kept the user's copy there and the
// next one wrote over it.
func TestUserFileTheSiteLaterWritesIsKept(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{Quiet: true})
	writeTree(t, s.out, "-- zebras/index.html --\nmy page")
	writeTree(t, s.src, "-- zebras/stripes.non --\n"+tinyNon("Stripes", 2))
	sum := s.mustBuild(Config{Quiet: true})
	mine := filepath.Join(output.KeptName(s.out), "zebras", "index.html")
	want := filepath.Join(s.out, "zebras", "index.html") + ": not written by nonopress, but the site now has a page or file of that name: the new site has the build's, and yours is now at " + mine + ", where no build writes over it or deletes it"
	if !slices.Contains(sum.Warnings, want) {
		t.Errorf("warnings %q, want %q", sum.Warnings, want)
	}
	if s.read("zebras/index.html") == "my page" {
		t.Error("the user's page is published, not the site's")
	}
	check := func(when string) {
		t.Helper()
		if data, err := os.ReadFile(mine); err != nil || string(data) != "my page" {
			t.Errorf("%s: the user's copy is not where the warning said: %q, %v", when, data, err)
		}
	}
	check("taken over")
	writeTree(t, s.src, "-- zebras/more.non --\n"+tinyNon("More", 1)+"-- zebras/broken.non --\nwidth 0\n")
	if _, err := s.build(Config{Quiet: true}); err == nil {
		t.Fatal("a build with a broken puzzle did not fail")
	}
	check("after a failed build")
	if err := os.Remove(filepath.Join(s.src, "zebras", "broken.non")); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{Quiet: true})
	writeTree(t, s.src, "-- zebras/last.non --\n"+tinyNon("Last", 0))
	if sum := s.mustBuild(Config{Quiet: true}); len(sum.Warnings) != 0 {
		t.Errorf("a build after the take-over warns: %q", sum.Warnings)
	}
	check("two builds after")
}

// With the output folder inside the content tree, the kept folder beside
// it is no content: its files are not published (a kept puzzle file would
// be, as a puzzle of a collection public.nonopress-kept).
func TestKeptFolderInsideTheContentTreeIsNotPublished(t *testing.T) {
	s := newSite(t, smallSite)
	s.out = filepath.Join(s.src, "public")
	s.mustBuild(Config{Quiet: true})
	mine := "-- zebras/stripes.non --\n" + tinyNon("My stripes", 1)
	writeTree(t, s.out, mine)
	writeTree(t, s.src, "-- zebras/stripes.non --\n"+tinyNon("Stripes", 2))
	s.mustBuild(Config{Quiet: true})
	if _, err := os.Stat(filepath.Join(output.KeptName(s.out), "zebras", "stripes.non")); err != nil {
		t.Fatalf("the user's puzzle file is not kept: %v", err)
	}
	writeTree(t, s.src, "-- zebras/more.non --\n"+tinyNon("More", 1))
	s.mustBuild(Config{Quiet: true})
	for rel, data := range snapshot(t, s.out) {
		if strings.Contains(string(data), "My stripes") {
			t.Errorf("the kept puzzle is published, in %s", rel)
		}
	}
}
