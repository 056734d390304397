package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeEditToANewAuthorReloadsWithTheirPage: an edit that gives a
// puzzle an author no puzzle had publishes the author's page with the
// puzzle's page that links to it, in the same reload, and the page is
// there as the browser reloads. It came with the full build that follows,
// and answered 404 until then.
func TestServeEditToANewAuthorReloadsWithTheirPage(t *testing.T) {
	_, src, out := siteFolders(t)
	puzzleFile := filepath.Join(src, "dot.non")
	os.WriteFile(puzzleFile, []byte("by \"Ann Author\"\n"+dot), 0o644)
	os.WriteFile(filepath.Join(src, "two.non"), []byte(twoDots), 0o644)
	s, ctx, _ := startServe(t, src, out)
	sse := connect(t, ctx, s.URL())
	sse.await(t, "ok", nil)
	awaitPreparedBack(t, out)

	os.WriteFile(puzzleFile, []byte("by \"Brand New\"\n"+dot), 0o644)
	data := sse.await(t, "reload", hasPath("dot/index.html"))
	if !hasPath("authors/brand-new/index.html")(data) {
		t.Errorf("the reload of the edited page has not the new author's page: %v", data["paths"])
	}
	if code, page := get(t, s.URL()+"authors/brand-new/index.html"); code != 200 || !strings.Contains(page, "Dot") {
		t.Errorf("the new author's page: status %d", code)
	}
}
