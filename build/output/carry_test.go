package output

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// siteStep is one build of a sequence: the files it puts (path → bytes)
// and, for an edit, what it drops of the published site (carry is false
// for a full build, which puts every file).
type siteStep struct {
	put   map[string]string
	carry bool
	drop  Drop
	// before, if set, changes the output folder out before the build, as
	// its user would.
	before func(t *testing.T, out string)
}

// fullSite is a site of 3 collections of 4 puzzles of 3 files each, the
// bytes tagged with gen.
func fullSite(gen string) map[string]string {
	files := map[string]string{"index.html": "home " + gen}
	for c := range 3 {
		files[fmt.Sprintf("c%d/index.html", c)] = "list " + gen
		for p := range 4 {
			for _, f := range []string{"index.html", "sheet.svg", "thumb.svg"} {
				files[fmt.Sprintf("c%d/p%d/%s", c, p, f)] = fmt.Sprintf("%d %d %s", c, p, f)
			}
		}
	}
	return files
}

// runSteps runs the steps on a new output folder, kept manifests or none,
// and returns each step's changes and the published folder's files after it.
func runSteps(t *testing.T, manifests *Manifests, steps []siteStep) (changes []Changes, sites []map[string]string, carried int) {
	out := filepath.Join(t.TempDir(), "public")
	for i, st := range steps {
		if st.before != nil {
			st.before(t, out)
		}
		s, err := Open(out, NewMinifier(), manifests)
		if err != nil {
			t.Fatal(err)
		}
		for p, data := range st.put {
			if _, err := s.PutExact(p, []byte(data)); err != nil {
				t.Fatal(err)
			}
		}
		if st.carry {
			if err := s.CarryPublished(st.drop); err != nil {
				t.Fatal(err)
			}
		}
		c, err := s.Commit()
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if s.carried {
			carried++
		}
		s.Close()
		changes = append(changes, c)
		sites = append(sites, readTree(t, out))
		if i == 0 {
			if err := Prepare(context.Background(), out, NewMinifier(), manifests); err != nil {
				t.Fatal(err)
			}
		}
	}
	return changes, sites, carried
}

// readTree returns every file of dir (the marker included) by path.
func readTree(t *testing.T, dir string) map[string]string {
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// An edit carried from the last commit's change set (kept manifests)
// publishes the very site, marker included, and reports the same changes,
// as one carried by a pass over every published file (no manifests kept):
// over edits that change, add and drop files, after a prepared back buffer
// and after a full build.
func TestCarryFromChangeSetMatchesFullPass(t *testing.T) {
	edit := func(put map[string]string, drop Drop) siteStep {
		return siteStep{put: put, carry: true, drop: drop}
	}
	steps := []siteStep{
		{put: fullSite("1")},
		edit(map[string]string{"c0/p1/index.html": "edited", "c0/p1/sheet.svg": "0 1 sheet.svg", "c0/p1/new.svg": "new", "c0/index.html": "list 2"},
			Drop{Dirs: []string{"c0/p1/"}, Files: []string{"c0/index.html", "index.html"}}),
		edit(map[string]string{"c2/p3/index.html": "edited too", "index.html": "home 1"},
			Drop{Dirs: []string{"c2/p3/"}, Files: []string{"index.html", "c2/index.html"}}),
		edit(map[string]string{"c0/p1/index.html": "edited again"},
			Drop{Dirs: []string{"c0/p1/"}}),
		{put: fullSite("3")},
		edit(map[string]string{"c1/p0/index.html": "after a full build", "c1/p0/thumb.svg": "1 0 thumb.svg"},
			Drop{Dirs: []string{"c1/p0/"}}),
	}
	wantChanges, wantSites, _ := runSteps(t, nil, steps)
	var kept Manifests
	changes, sites, carried := runSteps(t, &kept, steps)
	if carried != 4 {
		t.Errorf("%d edits carried from the change set, want 4", carried)
	}
	for i := range steps {
		if !reflect.DeepEqual(changes[i], wantChanges[i]) {
			t.Errorf("step %d: changes %+v, want %+v", i, changes[i], wantChanges[i])
		}
		if !reflect.DeepEqual(sites[i], wantSites[i]) {
			t.Errorf("step %d: published\n%v\nwant\n%v", i, sites[i], wantSites[i])
		}
	}
}

// A file a user removes from the published folder stays removed through
// the builds that carry the published site over from the last commit's
// change set (serve's answer to an edit), as through full builds: the back
// buffer, which holds the site before with the file, does not bring it
// back with the swap.
func TestCarriedBuildsKeepARemovedUserFileRemoved(t *testing.T) {
	edit := func(text string, before func(t *testing.T, out string)) siteStep {
		return siteStep{put: map[string]string{"c0/p1/index.html": text}, carry: true, drop: Drop{Files: []string{"c0/p1/index.html"}}, before: before}
	}
	steps := []siteStep{
		{put: fullSite("1")},
		edit("a", func(t *testing.T, out string) { userFile(t, out, "CNAME", "example.org") }),
		edit("b", nil),
		edit("c", func(t *testing.T, out string) {
			if err := os.Remove(filepath.Join(out, "CNAME")); err != nil {
				t.Fatal(err)
			}
		}),
		edit("d", nil),
	}
	var kept Manifests
	changes, sites, carried := runSteps(t, &kept, steps)
	if carried != 4 {
		t.Errorf("%d edits carried from the change set, want 4", carried)
	}
	for i, want := range []bool{false, true, true, false, false} {
		if _, has := sites[i]["CNAME"]; has != want {
			t.Errorf("step %d: CNAME published %v, want %v (kept %q)", i, has, want, changes[i].Foreign.Kept)
		}
	}
}
