package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRepeatedHintSaidAlike: build, check and print say a warning that
// three files share (too few to be grouped) alike: the fix in full for
// the first file, "(as for a.non)" for the others. The build's log once
// left the later ones with no fix at all.
func TestRepeatedHintSaidAlike(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "content")
	var files []string
	for i, name := range []string{"a.non", "b.non", "c.non"} {
		// a row of i+1 filled cells: three puzzles, no duplicates
		n := strconv.Itoa(i + 1)
		files = append(files, writeFile(t, src, name, "width "+n+"\nheight 1\nrows\n"+n+"\ncolumns\n"+strings.Repeat("1\n", i+1)))
	}
	const fix = `add a line such as "license CC-BY-4.0", or put "license: CC-BY-4.0" in the front matter of its note, or of its folder's README.md for the whole folder`
	want := "a.non:1: warning: no license: say under which terms the puzzle may be shared (" + fix + ")\n" +
		"b.non:1: warning: no license: say under which terms the puzzle may be shared (as for a.non)\n" +
		"c.non:1: warning: no license: say under which terms the puzzle may be shared (as for a.non)\n"
	for _, args := range [][]string{
		{"build", "-quiet", "-src", src, "-out", filepath.Join(dir, "public")},
		append([]string{"check"}, files...),
		append([]string{"print", "-o", filepath.Join(dir, "b.pdf")}, files...),
	} {
		_, stdout, stderr := runCLI(t, args...)
		var got strings.Builder
		for line := range strings.Lines(stdout + stderr) {
			if strings.Contains(line, "no license") {
				got.WriteString(strings.TrimPrefix(line, src+string(filepath.Separator)))
			}
		}
		if got.String() != want {
			t.Errorf("%s says\n%swant\n%s", args[0], got.String(), want)
		}
	}
}
