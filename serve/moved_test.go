package serve

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
)

// TestMovedPagesFollowRenames checks where the pages of one manifest gone
// from the next went: by a file of the same name and bytes in a new page
// (a folder renamed, a puzzle renamed, then renamed again), and nowhere
// for a page deleted or whose files are as much in two new places.
func TestMovedPagesFollowRenames(t *testing.T) {
	var m movedPages
	site := func(pairs ...string) map[string]string {
		s := map[string]string{"index.html": "home"}
		for i := 0; i < len(pairs); i += 2 {
			s[pairs[i]] = pairs[i+1]
		}
		return s
	}
	v1 := site("gnome/index.html", "g", "gnome/kde.non", "K", "gnome/kde/index.html", "k", "gnome/kde/solution.svg", "KS",
		"old/index.html", "o", "old/x/index.html", "x", "old/x/solution.svg", "XS",
		"two/a/index.html", "a", "two/a/solution.svg", "AS")
	v2 := site("logos/index.html", "g2", "logos/kde.non", "K", "logos/kde/index.html", "k2", "logos/kde/solution.svg", "KS",
		"twin/b/index.html", "b", "twin/b/solution.svg", "AS", "twin/c/index.html", "c", "twin/c/solution.svg", "AS")
	m.learn(v1, v2)
	has := func(s map[string]string) func(string) bool {
		return func(rel string) bool { _, ok := s[rel]; return ok }
	}
	for rel, want := range map[string]string{
		"gnome/kde/":           "/logos/kde/",
		"gnome/kde":            "/logos/kde/",
		"gnome/kde/index.html": "/logos/kde/index.html",
		"gnome/":               "/logos/",
		"gnome/kde.non":        "/logos/kde.non",
		"old/x/":               "", // deleted
		"two/a/":               "", // two places as likely
		"gnomes/kde/":          "",
		"gnome/kde/sheet.pdf":  "", // not published there
	} {
		if got, _ := m.find(rel, has(v2)); got != want {
			t.Errorf("after a rename, %s is at %q, want %q", rel, got, want)
		}
	}
	// Renamed again: the old address leads to the newest.
	v3 := site("logos/index.html", "g2", "logos/kde.non", "K", "logos/kde-2/index.html", "k2", "logos/kde-2/solution.svg", "KS")
	m.learn(v2, v3)
	if got, _ := m.find("gnome/kde/", has(v3)); got != "/logos/kde-2/" {
		t.Errorf("after two renames, gnome/kde/ is at %q, want /logos/kde-2/", got)
	}
}

// TestPageFollowsItsRenamedFolder checks, in a browser, that the page
// open at a puzzle follows it when its folder is renamed (mv, git mv),
// and again when the puzzle's file is: it reloads at the new address,
// not at a missing page that does not say why.
func TestPageFollowsItsRenamedFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	s, src := servedSite(t, map[string]string{"gnome/dot.non": dot, "gnome/README.md": "# Gnome\n", "other/two.non": twoDots})
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.URL()+"gnome/dot/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page connected", `!!(window.nonopressReload && window.nonopressReload.source.readyState === 1)`)
	if err := os.Rename(filepath.Join(src, "gnome"), filepath.Join(src, "logos")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page at its folder's new name", `document.readyState === "complete" && location.pathname === "/logos/dot/" &&
		/^Dot/.test(document.title) && !!(window.nonopressReload && window.nonopressReload.source.readyState === 1)`)
	if err := os.Rename(filepath.Join(src, "logos", "dot.non"), filepath.Join(src, "logos", "spot.non")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page at its file's new name", `document.readyState === "complete" && location.pathname === "/logos/spot/" && /^Dot/.test(document.title)`)
}

// TestPageInErrorIsNotTakenForMoved checks that the page of a puzzle left
// out for a mistake stays the missing page that says so, even when a copy
// of the puzzle is added at the same time (a new page with the same
// files), rather than sending the browser to the copy.
func TestPageInErrorIsNotTakenForMoved(t *testing.T) {
	s, src := servedSite(t, map[string]string{"dot.non": dot, "two.non": twoDots})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sse := connect(t, ctx, s.URL())
	if code, _ := get(t, s.URL()+"dot/"); code != http.StatusOK {
		t.Fatalf("GET /dot/: %d", code)
	}
	os.WriteFile(filepath.Join(src, "copy.non"), []byte(strings.Replace(dot, "license CC0-1.0\n", "", 1)), 0o644)
	os.WriteFile(filepath.Join(src, "dot.non"), []byte(strings.Replace(dot, "rows\n1\n", "rows\n2\n", 1)), 0o644)
	sse.await(t, "builderror", func(d map[string]any) bool { return strings.Contains(fmt.Sprint(d), "dot.non") })
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Get(s.URL() + "dot/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "data-left-out") {
		t.Errorf("GET /dot/ while dot.non is in error: %d (to %q), want the missing page that says why", resp.StatusCode, resp.Header.Get("Location"))
	}
}

// TestPageRenamedThenEditedIsFollowed checks that a page whose puzzle is
// renamed, then edited (its picture changed) before the browser showing it
// asks for it again, still goes to the new address: where the pages went
// is worked out after each build, where the first request after them
// compared the manifest it had with the last, in which no file of the
// old page was left as it was, and answered the missing page.
func TestPageRenamedThenEditedIsFollowed(t *testing.T) {
	s := builtSite(t, map[string]string{"dot.non": dot, "two.non": twoDots})
	srv := httptest.NewServer(s)
	defer srv.Close()
	if code, _ := get(t, srv.URL+"/two/"); code != http.StatusOK {
		t.Fatalf("GET /two/: %d", code)
	}
	src := s.cfg.Src
	old, renamed := filepath.Join(src, "two.non"), filepath.Join(src, "pair.non")
	if err := os.Rename(old, renamed); err != nil {
		t.Fatal(err)
	}
	s.rebuild(context.Background(), []string{old, renamed})
	flipped := strings.Replace(strings.Replace(twoDots, "rows\n1,0\n", "rows\n0,1\n", 1), "columns\n1\n0\n", "columns\n0\n1\n", 1)
	if flipped == twoDots {
		t.Fatal("the edit changes nothing")
	}
	os.WriteFile(renamed, []byte(flipped), 0o644)
	s.rebuild(context.Background(), []string{renamed})
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Get(srv.URL + "/two/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if to := resp.Header.Get("Location"); resp.StatusCode != http.StatusTemporaryRedirect || to != "/pair/" {
		t.Errorf("GET /two/ after two.non was renamed pair.non, then edited: %d (to %q), want a redirect to /pair/", resp.StatusCode, to)
	}
}
