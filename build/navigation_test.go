package build

import (
	"fmt"
	"os"
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

// listPage is a page of a list built: how many cards it shows, and what it
// holds.
type listPage struct {
	page  string
	cards int
	has   []string
}

// checkListPages checks each page's count of cards and what it holds.
func checkListPages(t *testing.T, s *testSite, pages []listPage) {
	t.Helper()
	cards := regexp.MustCompile(`class="?np-card"? `)
	for _, c := range pages {
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
}

func TestPagination(t *testing.T) {
	tree := "-- nonopress.toml --\nper_page = 2\n"
	for i := 1; i <= 5; i++ {
		tree += fmt.Sprintf("-- c/p%d.non --\n%s-- c/p%d.md --\n---\ntags: [dots]\n---\n", i, dot(fmt.Sprintf("Puzzle %d", i)), i)
	}
	s := newSite(t, tree)
	s.mustBuild(Config{})
	checkListPages(t, s, []listPage{
		{"c/index.html", 2, []string{"p1/index.html", "p2/index.html", `href="page/2/index.html"`, `href="page/3/index.html"`}},
		{"c/page/2/index.html", 2, []string{"p3/index.html", "p4/index.html", `href="../../index.html"`, `aria-current="page"`, "Puzzles 3–4 of 5 · page 2 of 3"}},
		{"c/page/3/index.html", 1, []string{"p5/index.html", "c – page 3", "Puzzle 5 of 5 · page 3 of 3"}},
		{"tags/dots/index.html", 2, []string{"c/p1/index.html", `href="page/3/index.html"`, "Puzzles 1–2 of 5 · page 1 of 3"}},
		{"tags/dots/page/3/index.html", 1, []string{"c/p5/index.html", "Tag: dots – page 3"}},
		// An author's and a license's puzzles are paged as a tag's, and
		// their indexes list no puzzle: no page grows with the archive.
		{"authors/ann/page/3/index.html", 1, []string{"c/p5/index.html", "Ann – page 3", `href="../../../index.html"`}},
		{"licenses/cc0-1-0/page/2/index.html", 2, []string{"c/p3/index.html", "Puzzles 3–4 of 5 · page 2 of 3"}},
		{"authors/index.html", 0, []string{`href="ann/index.html"`, "5 puzzles"}},
		{"licenses/index.html", 0, []string{`href="cc0-1-0/index.html"`, "5 puzzles"}},
		{"c/p1/index.html", 0, []string{`href="../../authors/ann/index.html"`, `href="../../licenses/cc0-1-0/index.html"`}},
	})
	for _, index := range []string{"authors/index.html", "licenses/index.html"} {
		if strings.Contains(s.read(index), "p1/index.html") {
			t.Errorf("%s lists a puzzle", index)
		}
	}
	if s.exists("c/page/4/index.html") || s.exists("c/page/1/index.html") {
		t.Errorf("pages beyond the list, or a page/1/ beside index.html")
	}
	checkLinks(t, s.out)

	// With the default of 100, five puzzles are one page.
	os.Remove(filepath.Join(s.src, "nonopress.toml"))
	s.mustBuild(Config{})
	if s.exists("c/page/2/index.html") || strings.Contains(s.read("c/index.html"), "np-pager") || strings.Contains(s.read("c/index.html"), "np-page-of") {
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
	if _, err := s.build(Config{}); err == nil || !strings.Contains(err.Error(), "d.md:3: error: front matter: lastmod") {
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
	// A puzzle changed since is as old as it was: added when its file was
	// first committed, though its lastmod (above) is the change.
	if added := regexp.MustCompile(`Added <time[^<]*</time>`).FindString(s.read("new/index.html")); added != `Added <time datetime="2024-01-02T03:04:05Z">2 January 2024</time>` {
		t.Errorf("a changed puzzle says %q, not the date of the commit that added it", added)
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

// TestTagsPageWithoutTags: an archive without tags still has the Tags
// page the header links to; it sends the visitor to the collections,
// authors, licenses and search instead of ending there.
func TestTagsPageWithoutTags(t *testing.T) {
	s := newSite(t, "-- a/one.non --\n"+dot("One"))
	s.mustBuild(Config{})
	page := s.read("tags/index.html")
	page = page[strings.Index(page, "<main"):strings.Index(page, "</main>")] // the header links to them all
	for _, want := range []string{`href="../index.html"`, `href="../authors/index.html"`, `href="../licenses/index.html"`, `href="../search/index.html"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the tags page of an archive without tags lacks %s", want)
		}
	}
	checkLinks(t, s.out)
}

// TestGitInfoFailureWarnsAtTheContent: with git_info, a git log that fails
// (a repository without a commit) is a warning at the content folder, in
// the form of every other, and the build goes on without git dates.
func TestGitInfoFailureWarnsAtTheContent(t *testing.T) {
	gittest.Need(t)
	s := newSite(t, "-- nonopress.toml --\ngit_info = true\n-- old.non --\n"+dot("Old"))
	gittest.Run(t, filepath.Dir(s.src), "2024-01-02T03:04:05Z", "init", "-q")
	var log strings.Builder
	s.mustBuild(Config{Log: &log})
	if want := s.src + ": warning: git_info: puzzles not dated from git: "; !strings.HasPrefix(log.String(), want) {
		t.Errorf("the log does not start %q:\n%s", want, log.String())
	}
}
