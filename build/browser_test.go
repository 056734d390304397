package build

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/nonopress/nonopress/internal/browsertest"
)

// fileURL is the file:// address of an output file: the site must work
// opened from disk.
func fileURL(t *testing.T, out, name string) string {
	abs, err := filepath.Abs(filepath.Join(out, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return "file://" + filepath.ToSlash(abs)
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// buildDemo builds a copy of the demo archive (content/) and returns its
// output folder.
func buildDemo(t *testing.T) string {
	t.Helper()
	src := copyTree(t, filepath.Join("..", "content"))
	out := filepath.Join(t.TempDir(), "public")
	s := &testSite{t: t, src: src, out: out}
	s.mustBuild(Config{})
	return out
}

// do runs browser steps, failing the test on error.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// follow runs steps that start a navigation (a click on a link, Enter on a
// link or in a form) and waits until the page they lead to has loaded, its
// deferred scripts run. Waiting for an element instead can find it in the
// page being left, when that page has one too, or in the new page before
// its scripts ran: the next step then polls a page that goes away, or reads
// what the new page's script has not made yet.
func follow(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if _, err := chromedp.RunResponse(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// pdfPageObject matches a page object of a PDF (not the /Pages tree).
var pdfPageObject = regexp.MustCompile(`/Type\s*/Page\b[^s]`)

func TestBrowserDemoSite(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)

	// Home.
	do(t, ctx, chromedp.Navigate(fileURL(t, out, "index.html")))
	if title := eval[string](t, ctx, `document.title`); title != "nonopress demo archive" {
		t.Errorf("home title = %q", title)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".np-collections a").length`); n != 4 {
		t.Errorf("home lists %d collections, want 4", n)
	}

	// Filter a collection's cards, then sort them.
	do(t, ctx,
		chromedp.Navigate(fileURL(t, out, "first-steps/index.html")),
		chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")),
		chromedp.SendKeys(chromedp.CSS(".np-filter"), "sail"),
	)
	all := eval[int](t, ctx, `document.querySelectorAll(".np-card").length`)
	shown := eval[int](t, ctx, `document.querySelectorAll(".np-card:not([hidden])").length`)
	if all < 3 || shown != 1 {
		t.Errorf("filter \"sail\": %d of %d cards shown, want 1", shown, all)
	}
	first := eval[string](t, ctx, `(() => {
		const f = document.querySelector(".np-filter"); f.value = ""; f.dispatchEvent(new Event("input"));
		const s = document.querySelector(".np-sort"); s.value = "title"; s.dispatchEvent(new Event("change"));
		return document.querySelector(".np-card .np-card-title").textContent })()`)
	if first != "Arrow" {
		t.Errorf("sorted by title, the first card is %q, want Arrow", first)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".np-card:not([hidden])").length`); n != all {
		t.Errorf("filter cleared: %d of %d cards shown", n, all)
	}

	// Open a puzzle from its card, reveal its solution.
	follow(t, ctx, chromedp.Click(chromedp.CSS(`.np-card[data-title="Sailboat"] a`)))
	do(t, ctx, chromedp.WaitVisible(chromedp.CSS("details.np-solution")))
	if eval[bool](t, ctx, `document.querySelector("details.np-solution").open`) {
		t.Errorf("solution shown before it was asked for")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("details.np-solution summary")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("details.np-solution img").complete`)); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `document.querySelector("details.np-solution").open`) ||
		eval[int](t, ctx, `document.querySelector("details.np-solution img").naturalWidth`) == 0 {
		t.Errorf("solution not revealed")
	}

	// Printing the page prints the sheet alone, on one page.
	res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PreferCSSPageSize: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(res.Data, []byte("%PDF")) {
		t.Fatalf("PrintToPDF gave no PDF")
	}
	if n := len(pdfPageObject.FindAll(res.Data, -1)); n != 1 {
		dump := filepath.Join(os.TempDir(), "nonopress-print.pdf")
		os.WriteFile(dump, res.Data, 0o644)
		t.Errorf("printed puzzle page has %d pages, want 1 (saved as %s)", n, dump)
	}
}

func ptr[T any](v T) *T { return &v }

func TestBrowserHostileTitleDoesNotRun(t *testing.T) {
	ctx := browsertest.New(t)
	const title = `<script>alert(1)</script><img src=x onerror=alert(2)>`
	s := newSite(t, `-- evil.non --
title "`+title+`"
by "</script><script>alert(3)</script>"
license CC0-1.0
width 1
height 1

rows
1

columns
1
`)
	s.mustBuild(Config{})
	// Count alerts instead of showing them.
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__alerts = 0; window.alert = function () { window.__alerts++ };`}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"index.html", "evil/index.html", "authors/index.html"} {
		do(t, ctx, chromedp.Navigate(fileURL(t, s.out, p)), chromedp.WaitReady(chromedp.CSS("footer")))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`)); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](t, ctx, `window.__alerts`); n != 0 {
			t.Errorf("%s: %d alerts: a title ran as script", p, n)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("img[src=x]").length`); n != 0 {
			t.Errorf("%s: an <img> of the title became markup", p)
		}
	}
	do(t, ctx, chromedp.Navigate(fileURL(t, s.out, "evil/index.html")))
	if h := eval[string](t, ctx, `document.querySelector("h1").textContent`); h != title {
		t.Errorf("heading = %q, want the title as text", h)
	}
	if got := eval[string](t, ctx, `JSON.parse(document.getElementById("np-puzzle").textContent).title`); got != title {
		t.Errorf("play data title = %q", got)
	}
}

// wideNon returns a .non puzzle w cells wide and h high whose picture is a
// diagonal pattern, with its clues.
func wideNon(title string, w, h int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "title %q\nlicense CC0-1.0\nwidth %d\nheight %d\n\nrows\n", title, w, h)
	on := func(x, y int) bool { return (x+2*y)%5 < 2 }
	line := func(n int, at func(i int) bool) string {
		var runs []string
		run := 0
		for i := 0; i <= n; i++ {
			if i < n && at(i) {
				run++
				continue
			}
			if run > 0 {
				runs = append(runs, strconv.Itoa(run))
			}
			run = 0
		}
		if len(runs) == 0 {
			return "0"
		}
		return strings.Join(runs, ",")
	}
	for y := range h {
		b.WriteString(line(w, func(x int) bool { return on(x, y) }) + "\n")
	}
	b.WriteString("\ncolumns\n")
	for x := range w {
		b.WriteString(line(h, func(y int) bool { return on(x, y) }) + "\n")
	}
	return b.String()
}

// TestBrowserPrintsOnOnePage prints puzzle pages as a visitor's browser
// does: each is one page. A wide sheet's page is printed landscape. A
// large grid's page keeps room for the game it builds on request; printed,
// the game is not shown, and that room must not push the sheet (kept
// whole) to a second page, leaving the first one blank.
func TestBrowserPrintsOnOnePage(t *testing.T) {
	landscape := regexp.MustCompile(`/MediaBox\s*\[\s*0 0 84[12](\.\d+)? 59[45](\.\d+)?\s*\]`) // A4: 842 x 595 points
	for _, c := range []struct {
		name    string
		w, h    int
		visible string // an element the page shows once ready
		mark    string // in the page's HTML: what the case is about
	}{
		{"LandscapeSheet", 70, 12, ".np-sheet", "landscape"},
		{"LargePuzzle", 60, 60, ".np-play-start", "np-play-slot"},
	} {
		t.Run(c.name, func(t *testing.T) {
			html, pdf := printPuzzle(t, c.w, c.h, c.visible)
			if !strings.Contains(html, c.mark) {
				t.Fatalf("the %dx%d puzzle's page has no %q", c.w, c.h, c.mark)
			}
			if n := len(pdfPageObject.FindAll(pdf, -1)); n != 1 {
				t.Errorf("printed %dx%d puzzle has %d pages, want 1", c.w, c.h, n)
			}
			if c.mark == "landscape" && !landscape.Match(pdf) {
				m := regexp.MustCompile(`/MediaBox\s*\[[^\]]*\]`).Find(pdf)
				t.Errorf("printed page box %s, want A4 landscape", m)
			}
		})
	}
}

// printPuzzle builds a site of one w×h puzzle (wideNon), opens its page in
// a browser, waits for an element matching visible and prints the page as
// the browser's print dialog would; it returns the page's HTML and the PDF.
func printPuzzle(t *testing.T, w, h int, visible string) (string, []byte) {
	t.Helper()
	ctx := browsertest.New(t)
	s := newSite(t, "-- p.non --\n"+wideNon("P", w, h))
	s.mustBuild(Config{})
	do(t, ctx, chromedp.Navigate(fileURL(t, s.out, "p/index.html")), chromedp.WaitVisible(chromedp.CSS(visible)))
	res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PreferCSSPageSize: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	return s.read("p/index.html"), res.Data
}
