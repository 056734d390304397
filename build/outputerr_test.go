package build

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/output"
)

// Every output that cannot be written names what it was made from: a
// puzzle's files their puzzle file, a resource its file, a site-wide page
// (a collection's pages, its booklet, the lists, catalogue.json, a static
// asset) the note and folder or the puzzles it is built from. Writes are
// made to fail by a folder planted where the output file goes, in a back
// buffer whose manifest is not trusted (so every file is compared and
// written): that fails for root too, where a read-only folder would not.
func TestOutputWriteFailuresNameTheSource(t *testing.T) {
	cases := []struct {
		output string // the output path made unwritable
		want   string // in the error, with the source's path relative to the content folder
		site   bool   // a SiteError (else a SourceError)
	}{
		{"animals/cross/index.html", "animals/cross.non: ", false},
		{"animals/index.html", "site-wide page animals/index.html built from {src}/animals/_index.md and the puzzles of {src}/animals: ", true},
		{"index.html", "site-wide page index.html built from {src}/README.md and the puzzles of {src}: ", true},
		{"animals/booklet.pdf", "site-wide page animals/booklet.pdf built from {src}/animals/_index.md and the puzzles of {src}/animals: ", true},
		{"authors/index.html", "site-wide page authors/index.html built from every published puzzle: ", true},
		{"catalogue.json", "site-wide page catalogue.json built from every published puzzle: ", true},
		{"404.html", "site-wide page 404.html built from the site's templates: ", true},
		{"static/site.css", "site-wide page static/site.css built from the site's templates: ", true},
	}
	for _, c := range cases {
		t.Run(c.output, func(t *testing.T) {
			s := newSite(t, smallSite)
			back := output.BackName(s.out)
			planted := filepath.Join(back, filepath.FromSlash(c.output), "planted")
			if err := os.MkdirAll(planted, 0o755); err != nil {
				t.Fatal(err)
			}
			// A marker that is not a clean manifest: the folder is
			// nonopress's, its contents unknown.
			if err := os.WriteFile(filepath.Join(back, output.MarkerName), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := s.build(Config{Quiet: true})
			if err == nil {
				t.Fatalf("the build wrote %s over a folder", c.output)
			}
			t.Log(err)
			want := strings.ReplaceAll(c.want, "{src}", s.src)
			if !c.site {
				want = filepath.Join(s.src, filepath.FromSlash(c.want))
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q\nwant it to contain %q", err, want)
			}
			var se *SiteError
			var fe *SourceError
			if c.site && !errors.As(err, &se) || !c.site && !errors.As(err, &fe) {
				t.Errorf("error %T %v: not the error type that names its source", err, err)
			}
		})
	}
}
