package build

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
)

// tinyNon is a valid 2×1 puzzle; its variant (0, 1 or 2) sets its clues,
// and so its id, which the title does not change.
func tinyNon(title string, variant int) string {
	clues := []string{"rows\n1\ncolumns\n1\n0\n", "rows\n1\ncolumns\n0\n1\n", "rows\n2\ncolumns\n1\n1\n"}[variant]
	return "title \"" + title + "\"\nlicense CC0-1.0\nwidth 2\nheight 1\n" + clues
}

// Valid long names (a file, a folder, a tag) build: every output name fits
// the file system's 255-byte limit, long names sharing a start get
// different slugs, and lower-casing that lengthens a name is allowed for.
func TestLongNamesFitTheFileSystem(t *testing.T) {
	grow := strings.Repeat("Ⱥ", 120)         // 240 bytes, 360 once lower-cased
	long := strings.Repeat("a", 250)         // 250 + ".non"
	tag := strings.Repeat("Ⱥ", 100)          // a tag page's folder
	img := strings.Repeat("p", 240) + ".png" // a resource renamed file-...
	s := newSite(t, "-- "+grow+".non --\n"+tinyNon("one", 0)+
		"-- "+long+".non --\n"+tinyNon("two", 0)+
		"-- "+long[:249]+"b.non --\n"+tinyNon("three", 0)+
		"-- "+grow+"/x.non --\n"+tinyNon("four", 0)+
		"-- "+long+".md --\n---\ntags: [\""+tag+"\"]\n---\nA note.\n"+
		"-- "+img+" --\nnot really a png\n"+
		"-- "+strings.TrimSuffix(img, ".png")+".non --\n"+tinyNon("five", 0))
	s.mustBuild(Config{Quiet: true})
	slugs := map[string]bool{}
	err := filepath.WalkDir(s.out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if len(d.Name()) > 255 {
			t.Errorf("output name of %d bytes: %s", len(d.Name()), d.Name())
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), "aaaa") {
			slugs[d.Name()] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(slugs) != 2 {
		t.Errorf("two long names sharing 200 bytes got %d folders, want 2", len(slugs))
	}
}

// An output that cannot be written names the source file it came from.
func TestOutputErrorsNameTheSource(t *testing.T) {
	err := fromSource(&content.PuzzleFile{Abs: "content/x.non"}, errors.New("write output: mkdir public/x: file name too long"))
	var se *SourceError
	if !errors.As(err, &se) || se.File != "content/x.non" || !strings.HasPrefix(err.Error(), "content/x.non: write output") {
		t.Errorf("fromSource = %v", err)
	}
	if fromSource(&content.PuzzleFile{}, nil) != nil {
		t.Error("fromSource(nil) is not nil")
	}
}

// The same puzzle published twice (in two files, or twice in a bundle) is
// named in a warning giving both places, by number only in a bundle;
// -strict makes it fatal.
func TestDuplicatePuzzlesAreNamed(t *testing.T) {
	s := newSite(t, "-- a/first.non --\n"+tinyNon("same", 0)+
		"-- b/copy.non --\n"+tinyNon("same", 0)+
		"-- b/pack.nonpack --\n"+tinyNon("other", 1)+"====\n"+tinyNon("same", 0)+
		"-- c/distinct.non --\n"+tinyNon("different", 2))
	sum := s.mustBuild(Config{Quiet: true})
	var dups []string
	for _, w := range sum.Warnings {
		if strings.Contains(w, "duplicate") {
			dups = append(dups, w)
		}
	}
	first := filepath.Join(s.src, "a", "first.non") + ", id "
	if len(dups) != 2 ||
		!strings.HasPrefix(dups[0], filepath.Join(s.src, "b", "copy.non")+": duplicate: ") || !strings.Contains(dups[0], first) ||
		!strings.HasPrefix(dups[1], filepath.Join(s.src, "b", "pack.nonpack")+": puzzle 2: duplicate: ") || !strings.Contains(dups[1], first) {
		t.Errorf("duplicate warnings:\n%s", strings.Join(dups, "\n"))
	}
	os.RemoveAll(s.out)
	if _, err := s.build(Config{Quiet: true, Strict: true}); err == nil || !strings.Contains(err.Error(), "duplicate") {
		t.Errorf("strict build with duplicates: %v", err)
	}
}
