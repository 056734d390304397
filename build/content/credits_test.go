package content

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/validate"
)

// TestCredit checks that a puzzle's note states its credits over its
// file's, that its folders' notes fill in only what is still missing, the
// nearest first, and that the puzzle given is never changed.
func TestCredit(t *testing.T) {
	p := &puzzle.Puzzle{Meta: puzzle.Meta{Title: "Cup", Author: "Ann", Copyright: "© Ann"}}
	own := FrontMatter{Copyright: "© 2026 Ann"}
	folders := []FrontMatter{{License: "MIT"}, {License: "CC0-1.0", Author: "Bo"}}
	q := Credit(p, own, folders)
	if want := (puzzle.Meta{Title: "Cup", Author: "Ann", Copyright: "© 2026 Ann", License: "MIT"}); !reflect.DeepEqual(q.Meta, want) {
		t.Errorf("credited %+v, want %+v", q.Meta, want)
	}
	if p.Meta.License != "" || p.Meta.Copyright != "© Ann" {
		t.Errorf("the puzzle given was changed: %+v", p.Meta)
	}
	if Credit(p, FrontMatter{}, []FrontMatter{{Author: "Bo"}}) != p {
		t.Errorf("credits that change nothing made a copy")
	}
	if got := Credit(&puzzle.Puzzle{}, FrontMatter{}, folders).Meta.Author; got != "Bo" {
		t.Errorf("an author from the second folder up: %q, want Bo", got)
	}
}

// TestFolderFronts checks which folders' notes credit a puzzle file read
// outside a build: up to the folder with nonopress.toml, else up to the
// widest folder named on the command line, else its own folder's.
func TestFolderFronts(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) { writeTestFile(t, root, rel, text) }
	note := func(license string) string { return "---\nlicense: " + license + "\n---\n" }
	write("README.md", note("above"))
	write("site/nonopress.toml", "")
	write("site/README.md", note("site"))
	write("site/a/README.md", note("a"))
	write("site/a/b/x.non", "")
	write("loose/README.md", note("loose"))
	write("loose/c/README.md", note("c"))
	write("loose/c/d/y.non", "")
	licenses := func(fs []FrontMatter) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.License)
		}
		return out
	}
	for _, c := range []struct {
		file string
		tops []string
		want []string
	}{
		{"site/a/b/x.non", nil, []string{"a", "site"}},
		{"site/a/b/x.non", []string{root}, []string{"a", "site"}}, // the site's root bounds it
		{"loose/c/d/y.non", []string{filepath.Join(root, "loose/c"), filepath.Join(root, "loose")}, []string{"c", "loose"}},
		{"loose/c/d/y.non", []string{filepath.Join(root, "loose/c")}, []string{"c"}},
		{"loose/c/d/y.non", nil, nil},
	} {
		got := licenses(NewFolderNotes(c.tops).Fronts(filepath.Join(root, c.file)))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Fronts of %s, tops %v = %q, want %q", c.file, c.tops, got, c.want)
		}
	}
	// One run reads a folder's note once, for all the files below it.
	notes := NewFolderNotes(nil)
	notes.Fronts(filepath.Join(root, "site/a/b/x.non"))
	write("site/a/README.md", note("changed"))
	if got := licenses(notes.Fronts(filepath.Join(root, "site/a/b/y.non"))); !reflect.DeepEqual(got, []string{"a", "site"}) {
		t.Errorf("a second file of the run: %q, want the notes as first read", got)
	}
}

// TestNoteLicenseCheckedOnceAtNote checks that a license a folder's note
// gives, written with spaces, is warned about by the note's own check,
// once and at its key's line, and not by the validation of each puzzle it
// credits, whose file says nothing of it; and that a puzzle's own license,
// which comes before its folder's, is still checked at the puzzle's line.
func TestNoteLicenseCheckedOnceAtNote(t *testing.T) {
	n, err := ParseNote("README.md", []byte("---\nauthor: Ann\nlicense: CC BY 4.0\n---\n"))
	if err != nil {
		t.Fatal(err)
	}
	licenseWarnings := func(file string, data string) []string {
		t.Helper()
		ps, err := formats.Read(file, []byte(data))
		if err != nil || len(ps) != 1 {
			t.Fatalf("%s: %v", file, err)
		}
		rep := validate.Check(context.Background(), Credit(ps[0], FrontMatter{}, []FrontMatter{n.Front}), validate.Options{})
		var out []string
		for _, d := range rep.Warnings {
			if strings.HasPrefix(d.Message, "license ") {
				out = append(out, d.String())
			}
		}
		return out
	}
	for _, file := range []string{"a.nin", "b.nin"} {
		if ws := licenseWarnings(file, "1 1\n1\n1\n"); len(ws) != 0 {
			t.Errorf("%s, credited by the note: warned %q, want nothing (the note says it)", file, ws)
		}
	}
	ws := n.Front.LicenseWarnings()
	if len(ws) != 1 || !strings.HasPrefix(ws[0].String(), `README.md:3: license "CC BY 4.0" is an SPDX identifier written with spaces`) {
		t.Errorf("the note's license warnings %v, want one at README.md:3", ws)
	}
	own := "license \"CC BY-SA 4.0\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"
	if ws := licenseWarnings("own.non", own); len(ws) != 1 || !strings.HasPrefix(ws[0], `own.non:1: license "CC BY-SA 4.0"`) {
		t.Errorf("a puzzle's own license over the note's: warned %q, want one at own.non:1", ws)
	}
}
