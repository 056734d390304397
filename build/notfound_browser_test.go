package build

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nonopress/nonopress/internal/browsertest"
)

// staticHost serves out under prefix as a static host does (GitHub Pages
// for a project's site): a file where it is, and 404.html, with status 404,
// at every address under prefix that has none. The host's top folder has
// a 404.html of another site (a user's own site above a project's).
// It counts the requests for a 404.html in looks.
func staticHost(t *testing.T, out, prefix string, looks *atomic.Int32) *httptest.Server {
	files := http.FileServer(http.Dir(out))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path.Base(r.URL.Path) == "404.html" {
			looks.Add(1)
		}
		rel, ok := strings.CutPrefix(r.URL.Path, prefix)
		if r.URL.Path == "/404.html" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<!doctype html><title>Another site</title><link rel="stylesheet" href="/other.css"><p>Not here.`))
			return
		}
		if !ok {
			http.NotFound(w, r)
			return
		}
		if info, err := os.Stat(filepath.Join(out, filepath.FromSlash(path.Clean("/"+rel)))); err != nil || info.IsDir() {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			data, _ := os.ReadFile(filepath.Join(out, "404.html"))
			w.Write(data)
			return
		}
		r.URL.Path = "/" + rel
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// The 404 page of a site built without a base URL, shown by a static host
// at a missing address deep in the site (itself under a folder of the
// host), finds the site's root where its 404.html lies: it keeps its style
// and its links lead into the site. Its links were relative to the root,
// and broke below it.
func TestBrowserNotFoundPageFindsTheRoot(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	var looks atomic.Int32
	srv := staticHost(t, s.out, "/repo/", &looks)
	ctx := browsertest.New(t)
	shots := os.Getenv("NP_NOTFOUND_SHOTS") // a folder for screenshots to look at
	for _, at := range []string{"/repo/missing", "/repo/animals/cross/gone/", "/repo/a/b/missing"} {
		looks.Store(0)
		do(t, ctx, chromedp.Navigate(srv.URL+at))
		// The style sheet applies, and the logo shows, once the page found
		// where the root is.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`getComputedStyle(document.querySelector(".np-header-in")).display === "flex" && document.querySelector(".np-logo").naturalWidth > 0`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Errorf("%s: the page has no style: %v", at, err)
		}
		// It looked at the host's top folder and at /repo/ at most,
		// however deep the address.
		if n := looks.Load(); n > 2 {
			t.Errorf("%s: the page asked for %d 404.html files, want 2 at most", at, n)
		}
		if home := eval[string](t, ctx, `document.querySelector("main a").href`); home != srv.URL+"/repo/index.html" {
			t.Errorf("%s: the home link leads to %s", at, home)
		}
		if search := eval[string](t, ctx, `document.querySelector("form.np-search").action`); search != srv.URL+"/repo/search/index.html" {
			t.Errorf("%s: the search box leads to %s", at, search)
		}
		// The search box works there: its script and index load from the root.
		do(t, ctx, chromedp.SendKeys(chromedp.CSS("form.np-search input"), "cross"))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.querySelector(".np-search-results").hidden`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Errorf("%s: the search box shows nothing: %v", at, err)
		} else if link := eval[string](t, ctx, `document.querySelector(".np-search-results a").href`); link != srv.URL+"/repo/animals/cross/index.html" {
			t.Errorf("%s: the search result leads to %s", at, link)
		}
		if shots != "" {
			for _, mobile := range []bool{false, true} {
				name := fmt.Sprintf("%s-%d.png", strings.ReplaceAll(strings.Trim(at, "/"), "/", "_"), map[bool]int{false: 1280, true: 390}[mobile])
				if mobile {
					do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
				} else {
					do(t, ctx, chromedp.EmulateViewport(1280, 900))
				}
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				os.WriteFile(filepath.Join(shots, name), png, 0o644)
			}
		}
	}
}
