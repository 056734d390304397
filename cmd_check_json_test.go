package main

import (
	"encoding/json"
	"fmt"
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
		var s []string
		for _, key := range []string{"file", "index", "id", "title", "author", "license", "width", "height", "colors", "color_names", "errors", "warnings", "seconds"} {
			s = append(s, fmt.Sprintf("%s:%T", key, m[key]))
		}
		if shape == "" {
			shape = strings.Join(s, " ")
		} else if got := strings.Join(s, " "); got != shape {
			t.Errorf("object %s\nhas the shape %s\nwant %s", l, got, shape)
		}
	}
	if objects != 4 {
		t.Errorf("%d objects, want 4 (puzzle, unreadable file, note, empty folder):\n%s", objects, out)
	}
}
