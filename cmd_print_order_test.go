package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestPrintFolderInSiteOrder: a folder's puzzles print in the site's order,
// by weight then by name in natural order ("2" before "10"), then its
// sub-collections', as the contents page read back with pdftotext shows; a
// file given by name keeps its place among the PATHs.
func TestPrintFolderInSiteOrder(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "set")
	puzzle := func(title string) string {
		return fmt.Sprintf("license CC0-1.0\ntitle %q\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n", title)
	}
	writeFile(t, dir, "set/10.non", puzzle("Ten"))
	writeFile(t, dir, "set/2.non", puzzle("Two"))
	writeFile(t, dir, "set/b.non", puzzle("Bee"))
	writeFile(t, dir, "set/b.md", "---\nweight: -1\n---\n")
	writeFile(t, dir, "set/a-sub/1.non", puzzle("Sub one"))
	writeFile(t, dir, "loose.non", puzzle("Loose"))

	files, err := printFiles([]string{filepath.Join(dir, "loose.non"), set})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		names = append(names, filepath.ToSlash(rel))
	}
	want := []string{"loose.non", "set/b.non", "set/2.non", "set/10.non", "set/a-sub/1.non"}
	if !slices.Equal(names, want) {
		t.Errorf("print's files %q, want the site's order %q", names, want)
	}

	text := printedText(t, set)
	// The contents come first; the answer key's captions repeat them.
	contents := regexp.MustCompile(`(?m)^\d+\. (.+)$`).FindAllStringSubmatch(text, 4)
	var titles []string
	for _, m := range contents {
		titles = append(titles, m[1])
	}
	if wantTitles := []string{"Bee", "Two", "Ten", "Sub one"}; !slices.Equal(titles, wantTitles) {
		t.Errorf("contents list %q, want %q:\n%s", titles, wantTitles, text)
	}
}
