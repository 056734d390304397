package build

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
)

// Breadcrumbs, set titles, and the titles of links to neighbouring files.

// TestBreadcrumbsOnEveryPage checks that every page but the home page and
// the 404 page (served at any depth) has breadcrumbs: a list of links, the
// first to the home page, each item a link (the separator is drawn between
// items by site.css, so none dangles), none to the page itself.
func TestBreadcrumbsOnEveryPage(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	crumbs := regexp.MustCompile(`<nav class="?np-crumbs np-noprint"? aria-label="?Breadcrumbs"?><ol>(.*?)</ol></nav>`)
	item := regexp.MustCompile(`^<li><a href="?([^" >]+)"?>[^<]+</a></li>`)
	pages := 0
	err := filepath.WalkDir(s.out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, s.out+string(filepath.Separator)))
		if rel == "index.html" || rel == "404.html" {
			return nil
		}
		pages++
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		m := crumbs.FindStringSubmatch(string(data))
		if m == nil {
			t.Errorf("%s has no breadcrumbs", rel)
			return nil
		}
		list, n := m[1], 0
		for list != "" {
			it := item.FindStringSubmatch(list)
			if it == nil {
				t.Errorf("%s: breadcrumb %d is not a link: %.80q", rel, n+1, list)
				break
			}
			if n == 0 && it[1] != content.RelURL(rel, "index.html") {
				t.Errorf("%s: first breadcrumb links to %s, want the home page", rel, it[1])
			}
			if it[1] == path.Base(rel) || it[1] == "index.html" && strings.HasSuffix(rel, "/index.html") && n > 0 {
				t.Errorf("%s: a breadcrumb links to the page itself", rel)
			}
			list, n = list[len(it[0]):], n+1
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"authors/index.html", "licenses/index.html", "tags/index.html", "search/index.html"} {
		if !s.exists(want) {
			t.Errorf("no %s to check", want)
		}
	}
	if pages < 10 {
		t.Errorf("checked %d pages, want the whole site", pages)
	}
}

// TestSetTitles checks that a bundle's own title (a .nonpack's first block
// of shared keys, an XML <puzzleset>'s <title>) titles its page, is the
// breadcrumb of its puzzles' pages, linking to that page, and names the
// links to it from the files beside it; and that a file's puzzle's title
// names the links to it, in the first build and after it changes.
func TestSetTitles(t *testing.T) {
	xml := `<?xml version="1.0"?>
<puzzleset><title>Kitchen things</title><author>Bo</author>
<puzzle type="grid" defaultcolor="white"><title>Cup</title><color name="white" char=".">FFFFFF</color><color name="black" char="X">000000</color>
<clues type="columns"><line><count color="black">1</count></line></clues><clues type="rows"><line><count color="black">1</count></line></clues></puzzle>
<puzzle type="grid" defaultcolor="white"><title>Pan</title><color name="white" char=".">FFFFFF</color><color name="black" char="X">000000</color>
<clues type="columns"><line><count color="black">1</count></line></clues><clues type="rows"><line><count color="black">1</count></line></clues></puzzle>
</puzzleset>
`
	s := newSite(t, "-- c/beasts.nonpack --\ntitle \"Small beasts\"\nlicense CC0-1.0\n====\n"+dot("Ant")+"====\n"+dot("Bee")+
		"-- c/kitchen.xml --\n"+xml)
	s.mustBuild(Config{})
	crumbs := regexp.MustCompile(`aria-label="?Breadcrumbs"?><ol>(.*?)</ol>`)
	for _, c := range []struct{ dir, title, puzzle string }{
		{"c/beasts/", "Small beasts", "Bee"},
		{"c/kitchen/", "Kitchen things", "Pan"},
	} {
		page := s.read(c.dir + "index.html")
		if !strings.Contains(page, "<title>"+c.title+" · ") || !strings.Contains(page, "<h1>"+c.title+"</h1>") {
			t.Errorf("%sindex.html is not titled %q", c.dir, c.title)
		}
		m := crumbs.FindStringSubmatch(s.read(c.dir + "2/index.html"))
		if m == nil {
			t.Fatalf("%s2/index.html has no breadcrumbs", c.dir)
		}
		if want := `<a href="?../index.html"?>` + c.title + `</a></li>`; !regexp.MustCompile(want + `$`).MatchString(m[1]) {
			t.Errorf("%s2/: breadcrumbs %s, want the last one %q linking to the set's page", c.dir, m[1], c.title)
		}
		if !regexp.MustCompile(`<h1 class="?np-noprint"?>` + c.puzzle + `</h1>`).MatchString(s.read(c.dir + "2/index.html")) {
			t.Errorf("%s2/ is not titled by its own puzzle's title %q", c.dir, c.puzzle)
		}
	}
	// Links across files show the title of the page they lead to: the
	// set's, or a single puzzle's from its file (no note names either).
	neighbours := func(dir string) (string, string) {
		t.Helper()
		page := s.read(dir + "index.html")
		prev := regexp.MustCompile(`class="?np-prev"?[^>]*><small>[^<]*</small>([^<]*)</a>`).FindStringSubmatch(page)
		next := regexp.MustCompile(`class="?np-next"?[^>]*><small>[^<]*</small>([^<]*)</a>`).FindStringSubmatch(page)
		get := func(m []string) string {
			if m == nil {
				return ""
			}
			return m[1]
		}
		return get(prev), get(next)
	}
	if _, next := neighbours("c/beasts/2/"); next != "Kitchen things" {
		t.Errorf("the last of the beasts links to the next file as %q, want its set's title", next)
	}
	if prev, next := neighbours("c/kitchen/1/"); prev != "Small beasts" || next != "Pan" {
		t.Errorf("the first of the kitchen set links to %q and %q, want the beasts' set title and its sibling", prev, next)
	}
	if err := os.WriteFile(filepath.Join(s.src, "c", "z.non"), []byte(dot("Zebra")), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{})
	if _, next := neighbours("c/kitchen/2/"); next != "Zebra" {
		t.Errorf("the kitchen set's last puzzle links to the next file as %q, want its puzzle's title", next)
	}
	// A changed title reaches the neighbours' links in the next build.
	if err := os.WriteFile(filepath.Join(s.src, "c", "z.non"), []byte(dot("Zebra crossing")), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{})
	if _, next := neighbours("c/kitchen/2/"); next != "Zebra crossing" {
		t.Errorf("after a title changed, the link to its file says %q", next)
	}
}

// TestWrapperFoldersShowAsOne checks that a chain of folders that each hold
// one folder and nothing else (nonny/data/puzzles/) is shown as one
// collection: the home page's card and the breadcrumbs lead past the
// wrappers to the first collection with something to show, titled by the
// whole chain; a folder with a note is no wrapper; and a puzzle added to a
// wrapper, making it a collection of its own, reaches the breadcrumbs of
// the pages below it in the next build.
func TestWrapperFoldersShowAsOne(t *testing.T) {
	s := newSite(t, "-- nonny/data/puzzles/easy/a.non --\n"+dot("Ant")+
		"-- nonny/data/puzzles/hard/b.non --\n"+dot("Bee")+
		"-- wrapped/only/c.non --\n"+dot("Cat")+
		"-- noted/README.md --\n---\ntitle: Noted\n---\nA note.\n"+
		"-- noted/inner/d.non --\n"+dot("Dog")+
		"-- credited/README.md --\n---\nauthor: Eve\n---\n"+ // nothing to show: still a wrapper
		"-- credited/inner/e.non --\n"+dot("Eel"))
	s.mustBuild(Config{})
	cards := map[string]string{}
	for _, m := range regexp.MustCompile(`class="?np-coll-title"? href="?([^" >]+)"?>(.*?)</a>`).FindAllStringSubmatch(s.read("index.html"), -1) {
		cards[strings.ReplaceAll(m[2], "<wbr>", "")] = m[1]
	}
	for title, url := range map[string]string{"nonny / data / puzzles": "nonny/data/puzzles/index.html", "wrapped / only": "wrapped/only/index.html", "Noted": "noted/index.html",
		"credited / inner": "credited/inner/index.html"} {
		if cards[title] != url {
			t.Errorf("home page: card %q links to %q, want %q (cards: %v)", title, cards[title], url, cards)
		}
	}
	crumbsOf := func(page string) string {
		t.Helper()
		m := regexp.MustCompile(`aria-label="?Breadcrumbs"?><ol>(.*?)</ol>`).FindStringSubmatch(s.read(page))
		if m == nil {
			t.Fatalf("%s has no breadcrumbs", page)
		}
		return strings.NewReplacer(`"`, "", "<li>", "", "</li>", " | ").Replace(m[1])
	}
	if got, want := crumbsOf("nonny/data/puzzles/index.html"), "<a href=../../../index.html>Nonograms</a> | "; got != want {
		t.Errorf("the chain's page has breadcrumbs %q, want %q", got, want)
	}
	if page := s.read("nonny/data/puzzles/index.html"); !strings.Contains(page, "<h1>nonny / data / puzzles</h1>") {
		t.Errorf("the chain's page is not titled by the chain")
	}
	if got, want := crumbsOf("nonny/data/puzzles/easy/a/index.html"), "<a href=../../../../../index.html>Nonograms</a> | <a href=../../index.html>nonny / data / puzzles</a> | <a href=../index.html>easy</a> | "; got != want {
		t.Errorf("a puzzle below the chain has breadcrumbs\n%q, want\n%q", got, want)
	}
	// The chain's booklet is titled as its page.
	if cover, _, _ := strings.Cut(bookletText(t, s, "wrapped/only/booklet.pdf"), "\f"); !strings.Contains(cover, "wrapped / only") {
		t.Errorf("the booklet of wrapped/only has the cover\n%s\nwant it titled wrapped / only", cover)
	}
	if !strings.Contains(s.read("credited/inner/e/index.html"), "Eve") {
		t.Errorf("the wrapper's note no longer credits the puzzle below it")
	}
	// The wrappers' own pages, no longer linked, forward to the chain's.
	for page, want := range map[string]string{"nonny/index.html": "data/puzzles/index.html", "nonny/data/index.html": "puzzles/index.html",
		"credited/index.html": "inner/index.html"} {
		if m := refreshPattern.FindStringSubmatch(s.read(page)); m == nil || m[1] != want {
			t.Errorf("%s does not forward to %s: %v", page, want, m)
		}
	}
	// A puzzle of nonny's own makes it a collection; data stays a wrapper.
	if err := os.WriteFile(filepath.Join(s.src, "nonny", "z.non"), []byte(dot("Zebra")), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustBuild(Config{})
	if got, want := crumbsOf("nonny/data/puzzles/easy/a/index.html"), "<a href=../../../../../index.html>Nonograms</a> | <a href=../../../../index.html>nonny</a> | <a href=../../index.html>data / puzzles</a> | <a href=../index.html>easy</a> | "; got != want {
		t.Errorf("after nonny/z.non is added, a puzzle below has breadcrumbs\n%q, want\n%q", got, want)
	}
}
