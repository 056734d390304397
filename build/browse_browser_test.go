package build

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/nonopress/nonopress/internal/browsertest"
)

// TestBrowserFilterOnOnePageOfMany: on a collection of several pages, the
// cards' filter and sort say they see this page only, and the filter links
// to the site's search for the same words, which finds the puzzle on
// another page.
func TestBrowserFilterOnOnePageOfMany(t *testing.T) {
	ctx := browsertest.New(t)
	s := fiveOnThreePages(t)

	do(t, ctx,
		chromedp.Navigate(fileURL(t, s.out, "c/index.html")),
		chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")),
		chromedp.SendKeys(chromedp.CSS(".np-filter"), "kettle"),
	)
	read := func() elsewhere { return readElsewhere(t, ctx) }
	st := read()
	if st.NoneHidden || st.None != "No puzzle on this page matches this filter." {
		t.Errorf("no match on this page: %+v", st)
	}
	if st.ElsewhereHidden || st.Elsewhere != "Filter and sort see this page's puzzles only. Search all puzzles for “kettle”" || !strings.HasSuffix(st.Href, "/search/index.html?q=kettle") {
		t.Fatalf("no way to the other pages' puzzles: %+v", st)
	}
	follow(t, ctx, chromedp.Click(chromedp.CSS(".np-cards-elsewhere a")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.querySelectorAll(".np-search-list a")].some(a => a.firstChild.textContent === "Kettle")`)); err != nil {
		t.Errorf("the search for the filter's words does not find the puzzle on page 3: %v", err)
	}

	// An emptied filter hides the line again.
	do(t, ctx, chromedp.NavigateBack(), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")))
	eval[bool](t, ctx, `(() => { const f = document.querySelector(".np-filter"); f.value = ""; f.dispatchEvent(new Event("input")); return true })()`)
	if st := read(); !st.ElsewhereHidden || !st.NoneHidden {
		t.Errorf("an empty filter still says something: %+v", st)
	}
	// Sorted, the page says the sort sees this page only, with no search.
	eval[bool](t, ctx, `(() => { const s = document.querySelector(".np-sort"); s.value = "size"; s.dispatchEvent(new Event("change")); return true })()`)
	if st := read(); st.ElsewhereHidden || st.Elsewhere != "Filter and sort see this page's puzzles only. " {
		t.Errorf("sorted: %+v", st)
	}
}

// fiveOnThreePages builds a site of five puzzles by Ann, in collection c,
// two to a page.
func fiveOnThreePages(t *testing.T) *testSite {
	t.Helper()
	tree := "-- nonopress.toml --\nper_page = 2\n"
	for _, name := range []string{"Apple", "Bell", "Cherry", "Drum", "Kettle"} {
		tree += "-- c/" + strings.ToLower(name) + ".non --\n" + dot(name)
	}
	s := newSite(t, tree)
	s.mustBuild(Config{})
	return s
}

// elsewhere is what a page of a longer list says of its filter: that no
// card matches, and the line that says it sees this page only, with its
// link.
type elsewhere struct {
	None, Elsewhere string
	NoneHidden      bool
	ElsewhereHidden bool
	Href            string
}

func readElsewhere(t *testing.T, ctx context.Context) elsewhere {
	t.Helper()
	return eval[elsewhere](t, ctx, `(() => { const n = document.querySelector(".np-cards-none"), e = document.querySelector(".np-cards-elsewhere");
		return {None: n.textContent, NoneHidden: n.hidden, Elsewhere: e ? e.textContent : "", ElsewhereHidden: !e || e.hidden, Href: e ? e.querySelector("a").href : ""} })()`)
}

// TestBrowserFilterOnAnAuthorsPage: on a page of an author's puzzles, the
// filter's link searches the author's name with its words, and a sort links
// to the search of the name in that sort.
func TestBrowserFilterOnAnAuthorsPage(t *testing.T) {
	ctx := browsertest.New(t)
	s := fiveOnThreePages(t)
	do(t, ctx, chromedp.Navigate(fileURL(t, s.out, "authors/ann/index.html")), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")),
		chromedp.SendKeys(chromedp.CSS(".np-filter"), "kettle"))
	if st := readElsewhere(t, ctx); !strings.HasSuffix(st.Elsewhere, "Search all puzzles for “Ann kettle”") || !strings.HasSuffix(st.Href, "/search/index.html?q=Ann%20kettle") {
		t.Errorf("the filter's link on Ann's page: %+v", st)
	}
	eval[bool](t, ctx, `(() => { const f = document.querySelector(".np-filter"); f.value = ""; f.dispatchEvent(new Event("input"));
		const s = document.querySelector(".np-sort"); s.value = "size"; s.dispatchEvent(new Event("change")); return true })()`)
	st := readElsewhere(t, ctx)
	if st.ElsewhereHidden || !strings.HasSuffix(st.Elsewhere, "Sort all the results for “Ann” on the search page") || !strings.HasSuffix(st.Href, "/search/index.html?q=Ann&sort=size") {
		t.Fatalf("sorted on Ann's page: %+v", st)
	}
	follow(t, ctx, chromedp.Click(chromedp.CSS(".np-cards-elsewhere a")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list a").length === 5 && document.querySelector("#np-sort").value === "size"`)); err != nil {
		t.Errorf("the search of Ann's puzzles by size: %v", err)
	}
}

// TestBrowserFilterBySizeAndDifficulty: a collection's filter finds cards
// by what they show, not only their titles, authors and tags: their size
// written either way and their difficulty, each word anywhere.
func TestBrowserFilterBySizeAndDifficulty(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	do(t, ctx, chromedp.Navigate(fileURL(t, out, "first-steps/index.html")), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")))
	type cards struct{ Shown, Want []string }
	filter := func(q, want string) cards {
		t.Helper()
		return eval[cards](t, ctx, `(() => { const f = document.querySelector(".np-filter"); f.value = `+strconv.Quote(q)+`; f.dispatchEvent(new Event("input"));
			const all = [...document.querySelectorAll(".np-card")], title = c => c.querySelector(".np-card-title").textContent;
			return {Shown: all.filter(c => !c.hidden).map(title), Want: all.filter(c => `+want+`).map(title)} })()`)
	}
	for _, c := range []struct{ q, want string }{
		{"5x5", `c.querySelector(".np-card-meta").textContent.startsWith("5×5 ")`},
		{"5×5", `c.querySelector(".np-card-meta").textContent.startsWith("5×5 ")`},
		{"easy 5x5", `c.querySelector(".np-card-meta").textContent.startsWith("5×5 ") && c.textContent.includes("Easy")`},
		{"black and white", `c.querySelector(".np-card-meta").textContent.includes("black and white")`},
	} {
		got := filter(c.q, c.want)
		if len(got.Want) == 0 || !reflect.DeepEqual(got.Shown, got.Want) {
			t.Errorf("filter %q shows %q, want %q", c.q, got.Shown, got.Want)
		}
	}
}

// TestBrowserHomeShortcuts: the home page offers ready searches (a
// difficulty, small grids, a size), and one leads to the search page
// listing those puzzles.
func TestBrowserHomeShortcuts(t *testing.T) {
	ctx := browsertest.New(t)
	s := newSite(t, "-- a/one.non --\n"+dot("One")+"-- a/two.non --\n"+dot("Two")+"-- b/three.non --\n"+dot("Three"))
	s.mustBuild(Config{})

	do(t, ctx, chromedp.Navigate(fileURL(t, s.out, "index.html")), chromedp.WaitReady(chromedp.CSS("main")))
	labels := eval[[]string](t, ctx, `[...document.querySelectorAll(".np-shortcuts a")].map(a => a.textContent)`)
	if want := []string{"Easy", "Small, up to 10×10", "1×1"}; !reflect.DeepEqual(labels, want) {
		t.Fatalf("home page shortcuts %q, want %q", labels, want)
	}
	follow(t, ctx, chromedp.Click(chromedp.CSS(`.np-shortcuts li:nth-child(2) a`)))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list a").length === 3`)); err != nil {
		t.Errorf("the small grids' shortcut: %q (%v)", eval[string](t, ctx, `document.querySelector(".np-search-status").textContent`), err)
	}
	if v := eval[string](t, ctx, `document.querySelector("#np-q").value`); v != "small" {
		t.Errorf("the search page's box holds %q", v)
	}
}

// TestBrowserSearchNarrowing: the search page offers, for a search of many
// results, words that narrow it with how many each finds, and following
// one shows those.
func TestBrowserSearchNarrowing(t *testing.T) {
	ctx := browsertest.New(t)
	tree := ""
	for i := range 22 {
		if i < 12 {
			tree += fmt.Sprintf("-- c/p%d.non --\n%s", i, dot(fmt.Sprintf("Puzzle %d", i)))
		} else {
			tree += fmt.Sprintf("-- c/p%d.non --\ntitle \"Puzzle %d\"\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n", i, i)
		}
	}
	s := newSite(t, tree)
	s.mustBuild(Config{})

	do(t, ctx, chromedp.Navigate(fileURL(t, s.out, "search/index.html")+"?q=puzzle"), chromedp.WaitReady(chromedp.CSS(".np-search-list")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list a").length === 22`)); err != nil {
		t.Fatalf("search puzzle: %v", err)
	}
	offers := eval[[]string](t, ctx, `[...document.querySelectorAll(".np-search-narrow a")].map(a => a.textContent)`)
	if want := []string{"1×1 (12)", "2×1 (10)"}; !reflect.DeepEqual(offers, want) {
		t.Fatalf("narrowing offered %q, want %q", offers, want)
	}
	// The link leads to a new page of the search: waiting for its list
	// would find the list of the page being left.
	follow(t, ctx, chromedp.Click(chromedp.CSS(`.np-search-narrow li:nth-child(2) a`)))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list a").length === 10 && document.querySelector("#np-q").value === "puzzle 2x1"`)); err != nil {
		t.Errorf("after 2×1: %q (%v)", eval[string](t, ctx, `document.querySelector(".np-search-status").textContent`), err)
	}
	if eval[string](t, ctx, `getComputedStyle(document.querySelector(".np-search-narrow")).display`) != "none" {
		t.Errorf("a search of 10 results still offers to narrow it")
	}
}

// TestBrowserFilterKeptOnBack: a visitor filters and sorts a collection's
// cards, opens a puzzle and comes back. The browser gives the filter and
// the sort back the words and choice they held (pages opened from disk are
// not kept whole in its history, as many are not): the cards must show
// them applied, not the whole list in its first order under a filter that
// says otherwise.
func TestBrowserFilterKeptOnBack(t *testing.T) {
	ctx := browsertest.New(t)
	s := newSite(t, "-- c/a.non --\n"+dot("Zed Bell")+"-- c/b.non --\n"+dot("Cherry")+"-- c/c.non --\n"+dot("Zed Apple"))
	s.mustBuild(Config{})
	do(t, ctx, chromedp.Navigate(fileURL(t, s.out, "c/index.html")), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")),
		chromedp.SendKeys(chromedp.CSS(".np-filter"), "zed"), chromedp.SetValue(chromedp.CSS(".np-sort"), "title"))
	eval[bool](t, ctx, `document.querySelector(".np-sort").dispatchEvent(new Event("change"))`)
	shown := `[...document.querySelectorAll(".np-card")].filter(c => !c.hidden).map(c => c.dataset.title)`
	want := []string{"Zed Apple", "Zed Bell"}
	if got := eval[[]string](t, ctx, shown); !reflect.DeepEqual(got, want) {
		t.Fatalf("filtered by \"zed\" and sorted by title: %q, want %q", got, want)
	}
	follow(t, ctx, chromedp.Click(chromedp.CSS(".np-card:not([hidden]) .np-card-title")))
	follow(t, ctx, chromedp.NavigateBack())
	type state struct {
		Filter, Sort string
		Shown        []string
	}
	got := eval[state](t, ctx, `({Filter: document.querySelector(".np-filter").value, Sort: document.querySelector(".np-sort").value, Shown: `+shown+`})`)
	if got.Filter != "zed" || got.Sort != "title" {
		t.Skipf("this browser did not give the filter back on Back (%+v): nothing to check", got)
	}
	if !reflect.DeepEqual(got.Shown, want) {
		t.Errorf("back on the collection, the filter says %q sorted by %s but the cards shown are %q, want %q", got.Filter, got.Sort, got.Shown, want)
	}
}

// TestBrowserSearchWidening: a search of several words that finds nothing
// is no dead end: the page offers the query less each word that keeps it
// from finding any, with how many it finds, and following one shows them.
func TestBrowserSearchWidening(t *testing.T) {
	ctx := browsertest.New(t)
	s := newSite(t, "-- a/one.non --\n"+dot("Kettle")+"-- a/two.non --\n"+dot("Kettle drum")+"-- b/three.non --\n"+dot("Bell"))
	s.mustBuild(Config{})

	do(t, ctx, chromedp.Navigate(fileURL(t, s.out, "search/index.html")+"?q=kettle%20zebra"), chromedp.WaitReady(chromedp.CSS(".np-search-list")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector(".np-search-status").textContent.startsWith("No puzzle matches")`)); err != nil {
		t.Fatalf("kettle zebra: %q (%v)", eval[string](t, ctx, `document.querySelector(".np-search-status").textContent`), err)
	}
	offers := eval[[]string](t, ctx, `[...document.querySelectorAll(".np-search-narrow:not([hidden]) a")].map(a => a.textContent)`)
	if want := []string{"kettle (2)"}; !reflect.DeepEqual(offers, want) {
		t.Fatalf("a search that finds nothing offers %q, want %q", offers, want)
	}
	if name := eval[string](t, ctx, `document.querySelector(".np-search-narrow").getAttribute("aria-label")`); name != "Widen the search" {
		t.Errorf("the offers are named %q", name)
	}
	follow(t, ctx, chromedp.Click(chromedp.CSS(`.np-search-narrow a`)))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list a").length === 2 && document.querySelector("#np-q").value === "kettle"`)); err != nil {
		t.Errorf("after kettle: %q (%v)", eval[string](t, ctx, `document.querySelector(".np-search-status").textContent`), err)
	}
}
