package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file of several puzzles lists them per_page cards a page, as a
// collection does: a bundle of thousands made one page of them all (1,000
// cards, 636 KB). A new per_page pages it again, though the file has not
// changed (the file's memo key covers the settings).
func TestBundlePagination(t *testing.T) {
	var set []string
	for i := 1; i <= 5; i++ {
		set = append(set, dot(fmt.Sprintf("Puzzle %d", i)))
	}
	s := newSite(t, "-- nonopress.toml --\nper_page = 2\n-- c/set.nonpack --\n"+strings.Join(set, "====\n")+
		"-- c/set.md --\n---\ntitle: The set\n---\nA note about the set.\n")
	s.mustBuild(Config{})
	checkListPages(t, s, []listPage{
		{"c/set/index.html", 2, []string{"1/index.html", "2/index.html", "A note about the set.", `href="page/3/index.html"`, "Puzzles 1–2 of 5 · page 1 of 3"}},
		{"c/set/page/2/index.html", 2, []string{`href="../../3/index.html"`, `href="../../4/index.html"`, "The set – page 2", `href="../../index.html"`}},
		{"c/set/page/3/index.html", 1, []string{`href="../../5/index.html"`, "Puzzle 5 of 5 · page 3 of 3"}},
	})
	if strings.Contains(s.read("c/set/page/2/index.html"), "A note about the set.") {
		t.Errorf("the bundle's note repeated on its page 2")
	}
	checkLinks(t, s.out)

	if err := os.WriteFile(filepath.Join(s.src, "nonopress.toml"), []byte("per_page = 100\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{})
	checkListPages(t, s, []listPage{{"c/set/index.html", 5, nil}})
	if s.exists("c/set/page/2/index.html") {
		t.Errorf("per_page 100: the bundle's page 2 left")
	}
}
