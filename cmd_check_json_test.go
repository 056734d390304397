package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every object check -json prints has the same fields with the same JSON
// types, whatever it is about: a puzzle, a file that cannot be read, a note
// in error, a folder with no puzzle. A list is [] when empty, never null, so
// that a CI script may take its length.
func TestCheckJSONObjectsShareTheirShape(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a/dancer.non", dancerNon)
	writeFile(t, dir, "a/broken.non", "widht 5\nheight 1\nrows\n1\ncolumns\n1\n")
	writeFile(t, dir, "a/README.md", "---\ntags: \"a, b\"\n---\n")
	writeFile(t, dir, "empty/notes.txt", "no puzzle here")
	_, out, _ := runCLI(t, "check", "-json", dir, dir+"/empty")
	var shape string // the first object's: key and JSON type of each field
	objects := 0
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		objects++
		if shape == "" {
			shape = checkJSONShape(m)
		} else if got := checkJSONShape(m); got != shape {
			t.Errorf("object %s\nhas the shape %s\nwant %s", l, got, shape)
		}
	}
	if objects != 4 {
		t.Errorf("%d objects, want 4 (puzzle, unreadable file, note, empty folder):\n%s", objects, out)
	}
}

// checkJSONShape is the key and JSON type of each documented field of an
// object check -json printed (a field missing is "<nil>").
func checkJSONShape(m map[string]any) string {
	var s []string
	for _, key := range []string{"file", "index", "id", "title", "author", "license", "width", "height", "colors", "color_names", "errors", "warnings", "seconds"} {
		s = append(s, fmt.Sprintf("%s:%T", key, m[key]))
	}
	return strings.Join(s, " ")
}

// A path named to check -json that does not exist, or is no regular file,
// is an object of index -1 with its error, shaped as a file that cannot
// be read, and the other paths are checked still (exit 1): a script
// reading the output got nothing, only the line on standard error (which
// stays, for the person who typed the path).
func TestCheckJSONGivesAPathThatDoesNotExistAnObject(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "dancer.non", dancerNon)
	broken := writeFile(t, dir, "broken.non", "widht 5\nheight 1\nrows\n1\ncolumns\n1\n")
	missing := filepath.Join(dir, "nope.non")
	code, out, stderr := runCLI(t, "check", "-json", broken, missing, good)
	if want := "nonopress check: " + missing + ": no such file or directory\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 1 and %q, as without -json", code, stderr, want)
	}
	objects := map[string]map[string]any{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		objects[m["file"].(string)] = m
	}
	m, ok := objects[missing]
	if !ok || objects[good] == nil {
		t.Fatalf("no object for %s, or none for %s:\n%s", missing, good, out)
	}
	if got, want := checkJSONShape(m), checkJSONShape(objects[broken]); got != want {
		t.Errorf("the missing path's object has the shape %s\nwant an unreadable file's, %s", got, want)
	}
	errs, _ := m["errors"].([]any)
	if m["index"] != -1.0 || len(errs) != 1 || errs[0].(map[string]any)["message"] != "no such file or directory" {
		t.Errorf("the missing path's object: %v", m)
	}
}

// check of a site's folder, or of a file in it, reads its nonopress.toml
// as the build does, and a mistake there is an error at its line (exit 1,
// and an object of index -1 in -json): a CI job that runs check before
// build no longer passes check and then fails to build.
func TestCheckReadsTheSiteConfiguration(t *testing.T) {
	dir, content, toml := siteWithSettings(t, "title = \"Club\"\nper_pgae = 50\n")
	for _, path := range []string{content, filepath.Join(content, "animals", "dancer.non")} {
		code, out, _ := runCLI(t, "check", path)
		if want := toml + `:2: error: unknown key "per_pgae" (did you mean "per_page"?)`; code != 1 || !strings.Contains(out, want+"\n") {
			t.Errorf("check %s: exit %d, want 1 and %q:\n%s", path, code, want, out)
		}
	}
	code, out, _ := runCLI(t, "check", "-json", content)
	r, _ := firstCheckObject(t, out)
	if code != 1 || r.File != toml || r.Index != -1 || len(r.Errors) != 1 || r.Errors[0].Line != 2 ||
		r.Errors[0].Message != `unknown key "per_pgae"` || r.Errors[0].Hint != `did you mean "per_page"?` {
		t.Errorf("check -json: exit %d, first object %+v", code, r)
	}
	writeFile(t, dir, "content/nonopress.toml", "title = \"Club\"\nper_page = 50\n")
	if code, out, _ := runCLI(t, "check", content); code != 0 || strings.Contains(out, "nonopress.toml") {
		t.Errorf("check with a good nonopress.toml: exit %d\n%s", code, out)
	}
	// A nonopress.toml the build cannot read, here a folder, stops check
	// as it stops the build.
	if err := os.Remove(toml); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(toml, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI(t, "check", content); code != 1 || !strings.Contains(out, toml+": error: read site configuration") {
		t.Errorf("check with a folder for nonopress.toml: exit %d, want 1 and the error of reading it\n%s", code, out)
	}
}

// A mistake of nonopress.toml whose line is not known (a key written in
// quotes, which the line search does not find) is the file's as a whole:
// check says so without a line (and line 0 in -json), and build in the
// same words, never "nonopress.toml:0:".
func TestCheckSiteConfigurationMistakeWithoutALine(t *testing.T) {
	dir, content, toml := siteWithSettings(t, "\"paper\" = \"b9\"\n")
	const mistake = `paper "b9": want a3, a4, a5 or letter`
	if code, out, _ := runCLI(t, "check", content); code != 1 || !strings.HasPrefix(out, toml+": error: "+mistake+"\n") {
		t.Errorf("check: exit %d, want 1 and %q first:\n%s", code, toml+": error: "+mistake, out)
	}
	_, out, _ := runCLI(t, "check", "-json", content)
	r, first := firstCheckObject(t, out)
	if len(r.Errors) != 1 || r.Errors[0].Line != 0 || r.Errors[0].Message != mistake || r.Errors[0].Hint != "" {
		t.Errorf("check -json: first object %s", first)
	}
	code, _, stderr := runCLI(t, "build", "-quiet", "-src", content, "-out", filepath.Join(dir, "public"))
	if want := toml + ": error: " + mistake + "\n"; code != 1 || stderr != want {
		t.Errorf("build: exit %d, stderr %q, want %q", code, stderr, want)
	}
}

// checkObject is what the tests of the site's configuration read of an
// object check -json prints.
type checkObject struct {
	File   string
	Index  int
	Errors []struct {
		Line          int
		Message, Hint string
	}
}

// firstCheckObject decodes the first line of check -json's output, and
// returns it as printed too.
func firstCheckObject(t *testing.T, out string) (checkObject, string) {
	t.Helper()
	first, _, _ := strings.Cut(out, "\n")
	var r checkObject
	if err := json.Unmarshal([]byte(first), &r); err != nil {
		t.Fatal(err)
	}
	return r, first
}

// check names a site's nonopress.toml as the paths it was given name the
// site: from the working folder when the site is in it, else in full.
func TestCheckNamesTheSiteConfigurationAsGiven(t *testing.T) {
	dir, _, _ := siteWithSettings(t, "per_pgae = 50\n")
	const mistake = `:1: error: unknown key "per_pgae"`
	t.Chdir(dir)
	for _, path := range []string{"content", filepath.Join("content", "animals", "dancer.non"), filepath.Join(dir, "content")} {
		if code, out, _ := runCLI(t, "check", path); code != 1 || !strings.HasPrefix(out, filepath.Join("content", "nonopress.toml")+mistake) {
			t.Errorf("check %s: exit %d, want 1 and the mistake of content/nonopress.toml first:\n%s", path, code, out)
		}
	}
	t.Chdir(filepath.Join(dir, "content", "animals"))
	if code, out, _ := runCLI(t, "check", "."); code != 1 || !strings.HasPrefix(out, filepath.Join(dir, "content", "nonopress.toml")+mistake) {
		t.Errorf("check . below the site: exit %d, want 1 and the mistake of its nonopress.toml in full first:\n%s", code, out)
	}
}

// check -json titles each puzzle as catalogue.json does, so that a script
// joining the two by id sees one title: an untitled puzzle by its file's
// name ("data001"), an untitled one of a bundle by the bundle's and its
// number ("pair #2"), one its note titles by the note's. The line check
// prints for a person still says "(untitled)".
func TestCheckJSONTitlesAsTheCatalogue(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "content")
	dot := "license CC0-1.0\nwidth %d\nheight 1\nrows\n%d\ncolumns\n%s"
	puzzle := func(n int) string { return fmt.Sprintf(dot, n, n, strings.Repeat("1\n", n)) }
	writeFile(t, src, "club/data001.non", puzzle(1))
	writeFile(t, src, "club/named.non", "title \"Named\"\n"+puzzle(2))
	writeFile(t, src, "club/noted.non", puzzle(3))
	writeFile(t, src, "club/noted.md", "---\ntitle: From the note\n---\n")
	writeFile(t, src, "club/pair.nonpack", puzzle(4)+"====\n"+puzzle(5))
	if code, _, stderr := runCLI(t, "build", "-quiet", "-src", src, "-out", filepath.Join(dir, "public")); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "public", "catalogue.json"))
	if err != nil {
		t.Fatal(err)
	}
	var catalogue []struct{ ID, Title string }
	if err := json.Unmarshal(data, &catalogue); err != nil {
		t.Fatal(err)
	}
	published := map[string]string{}
	for _, e := range catalogue {
		published[e.ID] = e.Title
	}
	_, out, _ := runCLI(t, "check", "-json", src)
	var titles []string
	for l := range strings.Lines(out) {
		var r struct{ ID, Title string }
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		if r.ID == "" {
			continue
		}
		titles = append(titles, r.Title)
		if r.Title != published[r.ID] {
			t.Errorf("check -json titles %s %q, catalogue.json %q", r.ID, r.Title, published[r.ID])
		}
	}
	if got, want := strings.Join(titles, "|"), "data001|Named|From the note|pair #1|pair #2"; got != want || len(catalogue) != 5 {
		t.Errorf("check -json titles %s, want %s (the catalogue lists %d puzzles)", got, want, len(catalogue))
	}
	_, human, _ := runCLI(t, "check", filepath.Join(src, "club", "data001.non"))
	if !strings.Contains(human, `data001.non: "(untitled)" 1x1`) {
		t.Errorf("check says of an untitled puzzle:\n%s", human)
	}
}

// check -json gives verdict and difficulty as catalogue.json does, but null
// where the catalogue has "", as README.md's "Commands" says: difficulty
// when the verdict is not unique, and both when a puzzle in error was not
// solved.
func TestCheckJSONVerdictAndDifficultyAreNullWhereTheCatalogueHasEmpty(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "multiple.non", "license CC0-1.0\nwidth 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
	writeFile(t, dir, "wide.non", "license CC0-1.0\nwidth 3\nheight 1\nrows\n2 2\ncolumns\n1\n0\n1\n")
	writeFile(t, dir, "unique.non", dancerNon)
	_, out, _ := runCLI(t, "check", "-json", dir)
	got := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct {
			File                string
			Verdict, Difficulty any
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		got[filepath.Base(r.File)] = fmt.Sprintf("%#v %#v", r.Verdict, r.Difficulty)
	}
	for file, want := range map[string]string{
		"multiple.non": `"multiple" <nil>`,
		"wide.non":     `<nil> <nil>`,
		"unique.non":   `"unique" "line"`,
	} {
		if got[file] != want {
			t.Errorf("%s: verdict and difficulty %s, want %s\n%s", file, got[file], want, out)
		}
	}
}

// siteWithSettings makes a site in a new folder dir: content/ with one
// puzzle and a nonopress.toml of settings; it returns dir, the content
// folder and the nonopress.toml.
func siteWithSettings(t *testing.T, settings string) (dir, content, toml string) {
	t.Helper()
	dir = t.TempDir()
	toml = writeFile(t, dir, "content/nonopress.toml", settings)
	writeFile(t, dir, "content/animals/dancer.non", dancerNon)
	return dir, filepath.Join(dir, "content"), toml
}
