package build

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/internal/gittest"
)

// dot is a 1×1 puzzle file titled title.
func dot(title string) string {
	return fmt.Sprintf("title %q\nby \"Ann\"\nlicense CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n", title)
}

// navLinks returns the previous and next links of a puzzle page ("" for none).
func navLinks(page string) (prev, next string) {
	if m := regexp.MustCompile(`<a class="?np-prev"? href="?([^" >]+)"?`).FindStringSubmatch(page); m != nil {
		prev = m[1]
	}
	if m := regexp.MustCompile(`<a class="?np-next"? href="?([^" >]+)"?`).FindStringSubmatch(page); m != nil {
		next = m[1]
	}
	return prev, next
}

func TestPrevNextNaturalOrderAndWeight(t *testing.T) {
	s := newSite(t, "-- c/p10.non --\n"+dot("Ten")+"-- c/p2.non --\n"+dot("Two")+"-- c/p1.non --\n"+dot("One")+
		"-- c/z.non --\n"+dot("Zed")+"-- c/z.md --\n---\nweight: -1\ntitle: Zed\n---\n"+
		"-- c/set.nonpack --\n"+dot("Set A")+"====\n"+dot("Set B")+
		"-- c/draft.non --\n"+dot("Draft")+"-- c/draft.md --\n---\ndraft: true\n---\n")
	s.mustBuild(Config{})
	// z (weight -1) first, then natural order: p1, p2, p10, set (two puzzles).
	order := []string{"c/z/", "c/p1/", "c/p2/", "c/p10/", "c/set/1/", "c/set/2/"}
	for i, dir := range order {
		prev, next := navLinks(s.read(dir + "index.html"))
		wantPrev, wantNext := "", ""
		if i > 0 {
			wantPrev = content.RelURL(dir, order[i-1]+"index.html")
		}
		if i+1 < len(order) {
			wantNext = content.RelURL(dir, order[i+1]+"index.html")
			if order[i+1] == "c/set/1/" {
				wantNext = content.RelURL(dir, "c/set/index.html") // the file's page lists its puzzles
			}
		}
		if prev != wantPrev || next != wantNext {
			t.Errorf("%s: prev %q next %q, want %q and %q", dir, prev, next, wantPrev, wantNext)
		}
	}
	// A neighbour is named as its page is: by its note's title, else by
	// its puzzle's title (a set's own for a file of several), else by its
	// file name; within a file by its puzzle's title.
	page := s.read("c/p1/index.html")
	if !strings.Contains(page, "Zed</a>") || !strings.Contains(page, "Two</a>") {
		t.Errorf("neighbours' titles not shown")
	}
	if !strings.Contains(s.read("c/set/1/index.html"), "Set B</a>") {
		t.Errorf("a sibling in a file is not named by its title")
	}
	// The collection lists its cards in the same order.
	coll := s.read("c/index.html")
	last := -1
	for _, dir := range []string{"z/", "p1/", "p2/", "p10/", "set/1/"} {
		at := strings.Index(coll, dir+"index.html")
		if at < last {
			t.Errorf("collection page: %s out of order", dir)
		}
		last = at
	}
	checkLinks(t, s.out)
}

func TestPagination(t *testing.T) {
	tree := "-- nonopress.toml --\nper_page = 2\n"
	for i := 1; i <= 5; i++ {
		tree += fmt.Sprintf("-- c/p%d.non --\n%s-- c/p%d.md --\n---\ntags: [dots]\n---\n", i, dot(fmt.Sprintf("Puzzle %d", i)), i)
	}
	s := newSite(t, tree)
	s.mustBuild(Config{})
	cards := regexp.MustCompile(`class="?np-card"? `)
	for _, c := range []struct {
		page  string
		cards int
		has   []string
	}{
		{"c/index.html", 2, []string{"p1/index.html", "p2/index.html", `href="page/2/index.html"`, `href="page/3/index.html"`}},
		{"c/page/2/index.html", 2, []string{"p3/index.html", "p4/index.html", `href="../../index.html"`, `aria-current="page"`}},
		{"c/page/3/index.html", 1, []string{"p5/index.html", "c – page 3"}},
		{"tags/dots/index.html", 2, []string{"c/p1/index.html", `href="page/3/index.html"`}},
		{"tags/dots/page/3/index.html", 1, []string{"c/p5/index.html", "Tag: dots – page 3"}},
	} {
		page := s.read(c.page)
		if n := len(cards.FindAllString(page, -1)); n != c.cards {
			t.Errorf("%s: %d cards, want %d", c.page, n, c.cards)
		}
		for _, h := range c.has {
			if !strings.Contains(page, h) {
				t.Errorf("%s lacks %q", c.page, h)
			}
		}
	}
	if s.exists("c/page/4/index.html") || s.exists("c/page/1/index.html") {
		t.Errorf("pages beyond the list, or a page/1/ beside index.html")
	}
	checkLinks(t, s.out)

	// With the default of 100, five puzzles are one page.
	os.Remove(filepath.Join(s.src, "nonopress.toml"))
	s.mustBuild(Config{})
	if s.exists("c/page/2/index.html") || strings.Contains(s.read("c/index.html"), "np-pager") {
		t.Errorf("a short list paginated")
	}
}

func TestDatesFromFrontMatter(t *testing.T) {
	s := newSite(t, "-- a.non --\n"+dot("Dated")+"-- a.md --\n---\ndate: 2024-03-02\nlastmod: 2024-04-05T06:07:08Z\n---\n"+
		"-- b.non --\n"+dot("Newer")+"-- b.md --\n+++\ndate = 2025-01-01\n+++\n"+
		"-- c.non --\n"+dot("Undated"))
	s.mustBuild(Config{BaseURL: "https://example.org"})
	page := s.read("a/index.html")
	for _, want := range []string{"2 March 2024", `datetime="2024-03-02T00:00:00Z"`, "5 April 2024"} {
		if !strings.Contains(page, want) {
			t.Errorf("puzzle page lacks %q", want)
		}
	}
	if strings.Contains(s.read("c/index.html"), "Added") {
		t.Errorf("an undated puzzle shows a date")
	}
	home := s.read("index.html")
	recent := home[strings.Index(home, "Recently added"):]
	recent = recent[:strings.Index(recent, "</section>")]
	if !(strings.Index(recent, "b/index.html") < strings.Index(recent, "a/index.html")) || strings.Contains(recent, "c/index.html") {
		t.Errorf("recently added: want Newer then Dated, no Undated")
	}
	sitemap := s.read("sitemap.xml")
	if !strings.Contains(sitemap, "<loc>https://example.org/a/</loc>\n  <lastmod>2024-04-05T06:07:08Z</lastmod>") ||
		!strings.Contains(sitemap, "<loc>https://example.org/b/</loc>\n  <lastmod>2025-01-01T00:00:00Z</lastmod>") ||
		!strings.Contains(sitemap, "<loc>https://example.org/c/</loc>\n </url>") {
		t.Errorf("sitemap lastmod wrong:\n%s", sitemap)
	}
	feed := s.read("atom.xml")
	if strings.Count(feed, "<entry>") != 2 || strings.Contains(feed, "Undated") || !strings.Contains(feed, "<updated>2025-01-01T00:00:00Z</updated>") {
		t.Errorf("feed: want the two dated puzzles, updated at the newest:\n%s", feed)
	}
	if _, err := New(Config{Src: s.src, Out: s.out}); err != nil {
		t.Fatal(err)
	}
	writeTree(t, s.src, "-- d.non --\n"+dot("Bad")+"-- d.md --\n---\ntitle: x\nlastmod: soon\n---\n")
	if _, err := s.build(Config{}); err == nil || !strings.Contains(err.Error(), "d.md:3: front matter: lastmod") {
		t.Errorf("a bad lastmod: %v", err)
	}
}

func TestDatesFromGit(t *testing.T) {
	gittest.Need(t)
	s := newSite(t, "-- nonopress.toml --\ngit_info = true\n-- old.non --\n"+dot("Old")+"-- new.non --\n"+dot("New")+
		"-- fm.non --\n"+dot("Front")+"-- fm.md --\n---\ndate: 2020-01-01\n---\n")
	repo := filepath.Dir(s.src)
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "init", "-q")
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "add", "content")
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "commit", "-qm", "first")
	writeTree(t, s.src, "-- new.non --\n"+dot("New!"))
	gittest.Run(t, repo, "2024-06-07T08:09:10Z", "commit", "-qam", "second")
	writeTree(t, s.src, "-- uncommitted.non --\n"+dot("Uncommitted"))

	s.mustBuild(Config{BaseURL: "https://example.org"})
	sitemap := s.read("sitemap.xml")
	for _, want := range []string{
		"<loc>https://example.org/new/</loc>\n  <lastmod>2024-06-07T08:09:10Z</lastmod>",
		"<loc>https://example.org/old/</loc>\n  <lastmod>2024-01-02T03:04:05Z</lastmod>",
		// front matter's date wins; its lastmod is then the last commit
		"<loc>https://example.org/fm/</loc>\n  <lastmod>2024-01-02T03:04:05Z</lastmod>",
		"<loc>https://example.org/uncommitted/</loc>\n </url>",
	} {
		if !strings.Contains(sitemap, want) {
			t.Errorf("sitemap lacks %q:\n%s", want, sitemap)
		}
	}
	if !strings.Contains(s.read("fm/index.html"), "1 January 2020") {
		t.Errorf("front matter date not shown")
	}
	// A new commit changes dates without changing a file: the build stamp
	// must see it.
	gittest.Run(t, repo, "2025-05-05T05:05:05Z", "add", "content/uncommitted.non")
	gittest.Run(t, repo, "2025-05-05T05:05:05Z", "commit", "-qm", "third")
	if sum := s.mustBuild(Config{BaseURL: "https://example.org"}); sum.Unchanged {
		t.Errorf("a commit went unnoticed by the build stamp")
	}
	if !strings.Contains(s.read("sitemap.xml"), "<loc>https://example.org/uncommitted/</loc>\n  <lastmod>2025-05-05T05:05:05Z</lastmod>") {
		t.Errorf("the new commit's date not used")
	}

	// Without git_info, git plays no part.
	writeTree(t, s.src, "-- nonopress.toml --\n")
	s.mustBuild(Config{BaseURL: "https://example.org"})
	if strings.Contains(s.read("sitemap.xml"), "2024-06-07") {
		t.Errorf("git dates used without git_info")
	}
}

func TestWarningsForAuthorsOnly(t *testing.T) {
	free := "title \"Free\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n" // no license: a warning
	s := newSite(t, "-- free.non --\n"+free)
	sum := s.mustBuild(Config{})
	if len(sum.Warnings) != 1 || !strings.Contains(sum.Warnings[0], "license") {
		t.Fatalf("Warnings = %q", sum.Warnings)
	}
	const msg = "no license: say under which terms"
	if page := s.read("free/index.html"); strings.Contains(page, "np-warnings") || strings.Contains(page, msg) {
		t.Errorf("visitors see the author's warning %q", msg)
	}
	// A site may show them publicly.
	writeTree(t, s.src, "-- nonopress.toml --\npublic_warnings = true\n")
	s.mustBuild(Config{})
	if page := s.read("free/index.html"); !strings.Contains(page, "np-warnings") || !strings.Contains(page, msg) {
		t.Errorf("public_warnings does not show the warning")
	}
}

func TestVisitorWordsAndMeta(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{BaseURL: "https://example.org"})
	page := s.read("animals/cross/index.html")
	for _, want := range []string{"Unique solution", "Easy – line logic", "What the grades mean", "<summary>About this puzzle</summary>",
		`<meta name="description"`, `property="og:title" content="The Cross"`, `property="og:image" content="https://example.org/static/og.png"`,
		`rel="icon"`} {
		if !strings.Contains(page, want) {
			t.Errorf("puzzle page lacks %q", want)
		}
	}
	if strings.Contains(page, "Verdict") || strings.Contains(page, "<dt>Id") {
		t.Errorf("puzzle page still says Verdict or Id")
	}
	if !s.exists("static/og.png") || !s.exists("static/favicon.svg") || !s.exists("search-index.js") {
		t.Errorf("og image, favicon or search index missing")
	}
	// Every page has a non-empty meta description.
	empty := regexp.MustCompile(`<meta name="?description"? content=""`)
	for name, data := range snapshot(t, s.out) {
		if strings.HasSuffix(name, ".html") && (empty.Match(data) || !strings.Contains(string(data), `name="description"`)) {
			t.Errorf("%s: no meta description", name)
		}
	}
	// Breadcrumbs are a list: no separator left dangling in the text.
	if strings.Contains(page, "› </nav>") || strings.Contains(page, "›</nav>") {
		t.Errorf("dangling breadcrumb separator")
	}
}

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
