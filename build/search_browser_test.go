package build

import (
	"context"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/nonopress/nonopress/internal/browsertest"
)

// TestBrowserSearchAndFilter uses the demo site from disk (file://), as a
// visitor would: the header's search box finds puzzles by title, author,
// size and difficulty, the search page lists them from its address, and a
// collection's filter that matches nothing says so.
func TestBrowserSearchAndFilter(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)

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
	follow(t, ctx, chromedp.Click(chromedp.CSS(".np-search-results a")))
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

// TestBrowserSearchByKeyboard uses the header's search box with the
// keyboard only: Down goes from the box to the results and through them,
// Up back to the box, Escape closes them; the results close when the focus
// leaves them.
func TestBrowserSearchByKeyboard(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	open := func(q string) { openBox(t, ctx, out, q) }
	focused := func() string { return focusedElement(t, ctx) }

	open("s")
	if n := eval[int](t, ctx, `document.querySelectorAll(".np-search-results a").length`); n < 2 {
		t.Fatalf("search s: %d results, want several", n)
	}
	first := eval[string](t, ctx, `document.querySelector(".np-search-results a").firstChild.textContent`)
	second := eval[string](t, ctx, `document.querySelectorAll(".np-search-results a")[1].firstChild.textContent`)
	do(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
	if f := focused(); f != "A:"+first {
		t.Errorf("Down from the box: focus on %q, want the first result %q", f, first)
	}
	do(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
	if f := focused(); f != "A:"+second {
		t.Errorf("Down again: focus on %q, want the second result %q", f, second)
	}
	do(t, ctx, chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowUp))
	if f := focused(); f != "INPUT" {
		t.Errorf("Up from the first result: focus on %q, want the box", f)
	}
	// Escape closes the results and leaves the focus in the box.
	do(t, ctx, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Escape))
	if f, hidden := focused(), eval[bool](t, ctx, `document.querySelector(".np-search-results").hidden`); f != "INPUT" || !hidden {
		t.Errorf("Escape: focus on %q, results hidden %v; want the box, hidden", f, hidden)
	}

	// Tab past the results closes them.
	open("s")
	links := eval[int](t, ctx, `document.querySelectorAll(".np-search-results a").length`)
	for range links + 1 {
		do(t, ctx, chromedp.KeyEvent(kb.Tab))
	}
	if !eval[bool](t, ctx, `document.querySelector(".np-search-results").hidden`) {
		t.Errorf("the results stay open with the focus on %q, outside the box", focused())
	}

}

// TestBrowserSearchBoxSlipAndBack: a slip of the keyboard in the header's
// box still finds the puzzle, says how the query was read (a screen
// reader too), and the back button from the puzzle returns to a box that
// holds the query and shows its results again.
func TestBrowserSearchBoxSlipAndBack(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	openBox(t, ctx, out, "sialboat")
	if note := eval[string](t, ctx, `document.querySelector(".np-search-results li").textContent`); note != "No puzzle matches “sialboat”; 1 puzzle found for “sailboat”." {
		t.Errorf("misspelt search says %q", note)
	}
	// A screen reader hears it too, from a status beside the list.
	if said := eval[string](t, ctx, `document.querySelector("form.np-search [role=status]").textContent`); said != "No puzzle matches “sialboat”; 1 puzzle found for “sailboat”." {
		t.Errorf("the box's status says %q", said)
	}
	do(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
	if f := focusedElement(t, ctx); f != "A:Sailboat" {
		t.Fatalf("Down on the corrected results: focus on %q, want Sailboat", f)
	}
	follow(t, ctx, chromedp.KeyEvent(kb.Enter))
	if h1 := eval[string](t, ctx, `document.querySelector("h1").textContent`); h1 != "Sailboat" {
		t.Errorf("Enter on the result led to %q", h1)
	}
	// Back: the box holds the query, and its results come back with the focus.
	do(t, ctx, chromedp.NavigateBack(), chromedp.WaitReady(chromedp.CSS(searchBox)))
	if v := eval[string](t, ctx, `document.querySelector("`+searchBox+`").value`); v != "sialboat" {
		t.Errorf("back from the result: the box holds %q, want the query", v)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(searchBox)))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector(".np-search-results a")?.firstChild.textContent === "Sailboat"`)); err != nil {
		t.Errorf("back from the result: focusing the box does not show its results again: %v", err)
	}
}

// searchBox is the header's search box.
const searchBox = "form.np-search input"

// openBox opens the demo's first collection and types q in the header's
// search box, waiting for its results.
func openBox(t *testing.T, ctx context.Context, out, q string) {
	t.Helper()
	do(t, ctx,
		chromedp.Navigate(fileURL(t, out, "first-steps/index.html")),
		chromedp.WaitReady(chromedp.CSS(searchBox)),
		chromedp.Focus(chromedp.CSS(searchBox)),
		chromedp.KeyEvent(q),
	)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.querySelector(".np-search-results").hidden`)); err != nil {
		t.Fatalf("search %q: no results shown: %v", q, err)
	}
}

// focusedElement names the element with the focus: its tag, and a link's
// title ("A:Sailboat").
func focusedElement(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `(e => e.tagName + (e.tagName === "A" ? ":" + e.firstChild.textContent : ""))(document.activeElement)`)
}

// TestBrowserSearchPageHistory: on the search page each query is a step
// of the history (the back button returns to the one before, with its
// results, and from a result to the query that found it), the tab names
// the query, and an address with a malformed escape is read as it stands.
func TestBrowserSearchPageHistory(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	page := fileURL(t, out, "search/index.html")
	shows := func(q, title string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("#np-q").value === `+strconv.Quote(q)+
			` && [...document.querySelectorAll(".np-search-list a")].some(a => a.firstChild.textContent === `+strconv.Quote(title)+`)`)); err != nil {
			t.Fatalf("want %q with %q among its results; the box holds %q, the page says %q (%v)", q, title,
				eval[string](t, ctx, `document.querySelector("#np-q").value`), eval[string](t, ctx, `document.querySelector(".np-search-status").textContent`), err)
		}
	}
	do(t, ctx, chromedp.Navigate(page+"?q=cup"), chromedp.WaitReady(chromedp.CSS("#np-q")))
	shows("cup", "Morning Cup")
	do(t, ctx, chromedp.Focus(chromedp.CSS("#np-q")), chromedp.KeyEvent(strings.Repeat(kb.Backspace, 3)+"sailb"+kb.Enter))
	shows("sailb", "Sailboat")
	if title := eval[string](t, ctx, `document.title`); !strings.HasPrefix(title, "“sailb” · Search") {
		t.Errorf("the tab says %q", title)
	}
	do(t, ctx, chromedp.NavigateBack())
	shows("cup", "Morning Cup")
	do(t, ctx, chromedp.NavigateForward())
	shows("sailb", "Sailboat")
	// To a result by the keyboard, and back: the query that found it.
	do(t, ctx, chromedp.Focus(chromedp.CSS("#np-q")), chromedp.KeyEvent(kb.ArrowDown))
	if f := eval[string](t, ctx, `document.activeElement.textContent`); !strings.HasPrefix(f, "Sailboat") {
		t.Fatalf("Down from the search page's box: the focus is on %q, want the first result", f)
	}
	follow(t, ctx, chromedp.KeyEvent(kb.Enter))
	do(t, ctx, chromedp.NavigateBack(), chromedp.WaitReady(chromedp.CSS("#np-q")))
	shows("sailb", "Sailboat")

	// A result's title is underlined, not the whole link with the line
	// under the title (an underline reaches all a link holds).
	if d := eval[[]string](t, ctx, `(a => [getComputedStyle(a).textDecorationLine, getComputedStyle(a.querySelector(".np-result-title")).textDecorationLine])(document.querySelector(".np-search-list a"))`); !reflect.DeepEqual(d, []string{"none", "underline"}) {
		t.Errorf("a result's link and title are decorated %q, want none, underline", d)
	}

	// Without a query, the box has the focus: the visitor types at once.
	do(t, ctx, chromedp.Navigate(page), chromedp.WaitReady(chromedp.CSS("#np-q")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.activeElement === document.querySelector("#np-q")`)); err != nil {
		t.Errorf("the search page without a query: the focus is on %s", eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
	}

	// "100%" in an address is not an escape: no error, the query as typed.
	do(t, ctx, chromedp.Navigate(page+"?q=100%"), chromedp.WaitReady(chromedp.CSS("#np-q")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector(".np-search-status").textContent === "No puzzle matches “100%”."`)); err != nil {
		t.Errorf("?q=100%%: the page says %q", eval[string](t, ctx, `document.querySelector(".np-search-status").textContent`))
	}
}

// TestBrowserSearchPageSorts: the search page sorts all it found (of which
// it shows the first 500): an address's sort= chooses the sort, and another
// sort chosen shows the results again in it, in the address too.
func TestBrowserSearchPageSorts(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	first := func(want string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(a => !!a && a.querySelector("small").textContent.startsWith(`+strconv.Quote(want)+`))(document.querySelector(".np-search-list a"))`)); err != nil {
			t.Fatalf("want a %s puzzle first; the results say %q (%v)", want,
				eval[[]string](t, ctx, `[...document.querySelectorAll(".np-search-list small")].map(s => s.textContent)`), err)
		}
	}
	do(t, ctx, chromedp.Navigate(fileURL(t, out, "search/index.html")+"?q=easy&sort=size-desc"), chromedp.WaitReady(chromedp.CSS("#np-sort")))
	first("64×64")
	if v := eval[string](t, ctx, `document.querySelector("#np-sort").value`); v != "size-desc" {
		t.Errorf("the sort shows %q, want size-desc", v)
	}
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#np-sort"), "size"))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`document.querySelector("#np-sort").dispatchEvent(new Event("change"))`)); err != nil {
		t.Fatal(err)
	}
	first("5×5")
	if loc := eval[string](t, ctx, `location.search`); !strings.Contains(loc, "sort=size") || strings.Contains(loc, "size-desc") {
		t.Errorf("the address after sorting by size: %q", loc)
	}
}

// TestBrowserSearchWithoutJavaScript: with scripts off, a collection's
// filter and sort (which need them) are not shown, and the header's box
// is a form that opens the search page, which says search needs
// JavaScript and links to the lists that work without it.
func TestBrowserSearchWithoutJavaScript(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx,
		chromedp.Navigate(fileURL(t, out, "first-steps/index.html")),
		chromedp.WaitReady(chromedp.CSS("form.np-search input")),
	)
	// The collection's filter and sort, which need scripts, are not shown.
	if v := eval[string](t, ctx, `getComputedStyle(document.querySelector(".np-cards-tools")).visibility`); v != "hidden" {
		t.Errorf("without scripts the cards' filter and sort are %s", v)
	}
	follow(t, ctx, chromedp.SendKeys(chromedp.CSS("form.np-search input"), "sail"+kb.Enter))
	if url := eval[string](t, ctx, `location.href`); !strings.HasSuffix(url, "/search/index.html?q=sail") {
		t.Errorf("Enter in the box led to %s", url)
	}
	if status := eval[string](t, ctx, `document.querySelector(".np-search-status").textContent`); !strings.HasPrefix(status, "Search needs JavaScript.") {
		t.Errorf("without scripts the search page says %q", status)
	}
	for _, href := range eval[[]string](t, ctx, `[...document.querySelectorAll(".np-search-status a")].map(a => a.href)`) {
		path := strings.TrimPrefix(href, "file://")
		if _, err := os.Stat(path); err != nil {
			t.Errorf("the search page's fallback links to %s: %v", href, err)
		}
	}
}
