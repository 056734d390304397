package build

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/nonopress/nonopress/internal/browsertest"
)

// TestBrowserSearchAndFilter uses the demo site from disk (file://), as a
// visitor would: the header's search box finds puzzles by title, author,
// size and difficulty, the search page lists them from its address, and a
// collection's filter that matches nothing says so.
func TestBrowserSearchAndFilter(t *testing.T) {
	ctx := browsertest.New(t)
	src := copyTree(t, filepath.Join("..", "content"))
	out := filepath.Join(t.TempDir(), "public")
	s := &testSite{t: t, src: src, out: out}
	s.mustBuild(Config{})

	type result struct {
		Titles []string
		Hidden bool
	}
	query := func(q string) result {
		t.Helper()
		do(t, ctx,
			chromedp.Navigate(fileURL(t, out, "first-steps/index.html")),
			chromedp.WaitReady(chromedp.CSS("form.np-search input")),
			chromedp.SendKeys(chromedp.CSS("form.np-search input"), q),
		)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.querySelector(".np-search-results").hidden`)); err != nil {
			t.Fatalf("search %q: no results shown: %v", q, err)
		}
		return eval[result](t, ctx, `({Titles: [...document.querySelectorAll(".np-search-results a")].map(a => a.firstChild.textContent),
			Hidden: document.querySelector(".np-search-results").hidden})`)
	}
	if r := query("sailb"); len(r.Titles) != 1 || r.Titles[0] != "Sailboat" {
		t.Errorf("search sailb: %q", r.Titles)
	}
	if r := query("64x64"); len(r.Titles) != 1 || r.Titles[0] != "Balloon at sunset" {
		t.Errorf("search 64x64: %q", r.Titles)
	}
	if r := query("zzzz"); len(r.Titles) != 0 {
		t.Errorf("search zzzz: %q", r.Titles)
	}
	if msg := eval[string](t, ctx, `document.querySelector(".np-search-results").textContent`); msg != "No puzzle matches “zzzz”." {
		t.Errorf("no-match message: %q", msg)
	}
	// A result's link leads to its page.
	query("sailb")
	// The click starts a navigation: wait for an element only a puzzle page
	// has, not for the h1 of the page being left (reading that raced with the
	// navigation).
	do(t, ctx, chromedp.Click(chromedp.CSS(".np-search-results a")), chromedp.WaitReady(chromedp.CSS(".np-play-slot")))
	if h1 := eval[string](t, ctx, `document.querySelector("h1").textContent`); h1 != "Sailboat" {
		t.Errorf("the result led to %q", h1)
	}

	// The search page answers the query in its address.
	do(t, ctx, chromedp.Navigate(fileURL(t, out, "search/index.html")+"?q=ada+grid"))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list a").length > 0`)); err != nil {
		t.Fatalf("search page: no results: %v", err)
	}
	status := eval[string](t, ctx, `document.querySelector(".np-search-status").textContent`)
	if n := eval[int](t, ctx, `document.querySelectorAll(".np-search-list a").length`); n < 2 || status != fmtFound(n) {
		t.Errorf("search page: %d results, status %q", n, status)
	}

	// A filter that matches nothing says so, and clearing it hides the message.
	do(t, ctx,
		chromedp.Navigate(fileURL(t, out, "first-steps/index.html")),
		chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")),
		chromedp.SendKeys(chromedp.CSS(".np-filter"), "no such puzzle"),
	)
	if eval[bool](t, ctx, `document.querySelector(".np-cards-none").hidden`) {
		t.Errorf("no message when the filter matches nothing")
	}
	eval[bool](t, ctx, `(() => { const f = document.querySelector(".np-filter"); f.value = ""; f.dispatchEvent(new Event("input")); return true })()`)
	if !eval[bool](t, ctx, `document.querySelector(".np-cards-none").hidden`) {
		t.Errorf("the no-match message stays when the filter is cleared")
	}
}

// fmtFound is the search page's status for n results.
func fmtFound(n int) string {
	if n == 1 {
		return "1 puzzle found."
	}
	return strconv.Itoa(n) + " puzzles found."
}
