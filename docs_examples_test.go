package main

import (
	"regexp"
	"strings"
	"testing"
)

// docsExample is a puzzle file docs/authoring.md gives whole, for an author
// to save and check: a paragraph that ends "`stairs.non`:", then the file,
// indented as a code block.
var docsExample = regexp.MustCompile("(?m)`([\\w-]+\\.(?:non|nonpack|xml))`:\n\n((?:    .*\n|\n)+)")

// TestAuthoringExamplesCheckClean: each puzzle file the guide shows, saved
// as it says, checks with -strict without an error or a warning, and is
// one unique puzzle per puzzle it holds; and the guide shows a .non, a
// colour .non, a .nonpack and an XML file.
func TestAuthoringExamplesCheckClean(t *testing.T) {
	guide := docText(t, "docs/authoring.md")
	examples := docsExample.FindAllStringSubmatch(guide, -1)
	var names []string
	for _, m := range examples {
		name, body := m[1], m[2]
		names = append(names, name)
		var text strings.Builder
		for _, l := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
			text.WriteString(strings.TrimPrefix(l, "    ") + "\n")
		}
		dir := t.TempDir()
		path := writeFile(t, dir, name, text.String())
		code, stdout, stderr := runCLI(t, "check", "-strict", path)
		if code != 0 || !strings.Contains(stdout, "0 errors, 0 warnings") || strings.Contains(stdout, ": multiple") || stderr != "" {
			t.Errorf("the guide's %s: check -strict exits %d:\n%s%s", name, code, stdout, stderr)
		}
	}
	if want := []string{"stairs.non", "flag.non", "minis.nonpack", "stairs.xml"}; strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("the guide shows the files %q, want %q", names, want)
	}
}
