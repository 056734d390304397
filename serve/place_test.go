package serve

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
)

// waitFor evaluates the JavaScript expression cond in the page until it
// is true, across the page's reloads, and fails the test after 20 s.
func waitFor(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s: not within 20 s (%s)", what, cond)
}

// TestReloadKeepsPlaceThroughAnError checks, in a browser, that a page
// scrolled down keeps its place when a mistake in its puzzle takes it off
// the site for a while: the reload shows the missing page, and the reload
// once the mistake is fixed comes back where the author was, not at the
// top (the browser restores the missing page's place, the top).
func TestReloadKeepsPlaceThroughAnError(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	note := "---\ntitle: Dot\n---\n" + strings.Repeat("A long note about the dot, to make the page tall.\n\n", 120)
	s, src := servedSite(t, map[string]string{"dot.non": dot, "dot.md": note})
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.URL()+"dot/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page connected", `!!(window.nonopressReload && window.nonopressReload.source.readyState === 1)`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`scrollTo(0, 1500)`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "scrolled", `Math.round(scrollY) === 1500`)

	puzzle := filepath.Join(src, "dot.non")
	os.WriteFile(puzzle, []byte(strings.Replace(dot, "rows\n1\n", "rows\n2\n", 1)), 0o644)
	waitFor(t, ctx, "the page left out while in error", `document.readyState === "complete" && /not found/i.test(document.title)`)
	// The missing page says why it is missing, naming the file.
	why, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('#nonopress-left-out') || {}).textContent || ""`))
	if err != nil || !strings.Contains(why, "dot.non has an error") {
		t.Errorf("the missing page of a puzzle in error says %q (err %v), want it left out while dot.non has an error", why, err)
	}
	os.WriteFile(puzzle, []byte(dot), 0o644)
	// The page puts itself back at its place just after it loaded, taking
	// the place it kept out of the tab's storage: wait for that, not for a
	// while, which a loaded machine can outlast.
	waitFor(t, ctx, "the page back once fixed, its kept place taken", `document.readyState === "complete" && /^Dot/.test(document.title) &&
		sessionStorage.getItem("nonopress-place:" + location.pathname) === null`)
	y, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`scrollY`))
	if err != nil {
		t.Fatal(err)
	}
	if y < 1495 || y > 1505 {
		t.Errorf("the page came back at scrollY %.0f, want 1500, where it was before the error", y)
	}
}

// TestReloadOnlyForWhatThePageShows checks, in a browser, that a page
// reloads for a change of itself or of a style sheet or script it loaded,
// not for one of the files the full build after an edit writes (the
// search index, the author and license lists, a booklet): every open page
// reloaded twice for each edit, the second time for search-index.js,
// which a page loads only when the search box is used.
func TestReloadOnlyForWhatThePageShows(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	s, url := browsedSite(t, map[string]string{"dot.non": dot})
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/dot/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page connected", `!!(window.nonopressReload && window.nonopressReload.source.readyState === 1)`)
	// The page counts the reload events it got, after its own handler ran
	// (listeners run in the order they were added), and notes a reload as
	// soon as one starts: the test waits for the event to be handled, not
	// for a while in which a reload should not come.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`window.__before = 1; window.__events = 0; window.__reloading = false;
		navigation.addEventListener("navigate", () => { window.__reloading = true });
		nonopressReload.source.addEventListener("reload", () => { window.__events++ })`)); err != nil {
		t.Fatal(err)
	}
	s.hub.publish(event{Name: "reload", Data: reloadData([]string{"authors/index.html", "booklet.pdf", "catalogue.json", "search-index.js"})})
	waitFor(t, ctx, "the page handled the event", `window.__events === 1 || !window.__before`)
	if kept, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__before === 1 && !window.__reloading`)); err != nil || !kept {
		t.Errorf("the page reloaded for the search index and lists it does not show (err %v)", err)
	}
	s.hub.publish(event{Name: "reload", Data: reloadData([]string{"static/site.css"})})
	waitFor(t, ctx, "the page reloaded for its style sheet", `!window.__before && document.readyState === "complete"`)
}

// browsedSite builds a site of files (name: text) for a server that is not
// watching, served by httptest, and returns the server and its URL (no
// trailing slash): its events are what the test publishes.
func browsedSite(t *testing.T, files map[string]string) (*Server, string) {
	t.Helper()
	s := builtSite(t, files)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv.URL
}
