package serve

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The server answers only what the build published: never the manifest, a
// dotfile, a cache or a file someone left in the output folder.
func TestServeOnlyWhatTheBuildPublished(t *testing.T) {
	s, url := startSite(t)
	out := s.cfg.Out
	os.WriteFile(filepath.Join(out, ".env"), []byte("SECRET=1"), 0o644)
	os.WriteFile(filepath.Join(out, "left-behind.txt"), []byte("SECRET=2"), 0o644)
	os.MkdirAll(filepath.Join(out, ".git"), 0o755)
	os.WriteFile(filepath.Join(out, ".git", "config"), []byte("SECRET=3"), 0o644)
	if code, body := get(t, url); code != http.StatusOK || !strings.Contains(body, "Dot") {
		t.Fatalf("GET /: %d", code)
	}
	for _, p := range []string{".nonopress", ".env", "left-behind.txt", ".git/config", ".git/", "%2enonopress",
		"../.public.nonopress-next/.nonopress", "../content/.nonopress-cache/verdicts.json"} {
		code, body := get(t, url+p)
		if code != http.StatusNotFound || strings.Contains(body, "SECRET") || strings.Contains(body, "nonopress output folder") {
			t.Errorf("GET /%s: %d, %.60q; want 404", p, code, body)
		}
	}
}

// serve on a folder nonopress does not own refuses to build there and
// serves none of its files.
func TestServeOnAForeignFolderServesNothing(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "home")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "dot.non"), []byte(dot), 0o644)
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, ".bash_history"), []byte("SECRET history"), 0o644)
	os.WriteFile(filepath.Join(out, "index.html"), []byte("<p>SECRET page</p>"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, Config{Src: src, Out: out, Addr: "127.0.0.1:0"})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	defer func() { cancel(); s.Wait() }()
	for _, p := range []string{"", "index.html", ".bash_history"} {
		if code, body := get(t, s.URL()+p); code == http.StatusOK || strings.Contains(body, "SECRET") {
			t.Errorf("GET /%s on a folder nonopress does not own: %d, %.60q", p, code, body)
		}
	}
}

// The 404 page, sent at any address the build did not publish, keeps its
// style sheet: its relative links resolve from the site's root.
func TestNotFoundPageAtAnyDepth(t *testing.T) {
	_, url := startSite(t)
	for _, p := range []string{"missing.html", "no/such/puzzle/"} {
		code, body := get(t, url+p)
		if code != http.StatusNotFound || !strings.Contains(body, "Page not found") {
			t.Fatalf("GET /%s: %d, want the site's 404 page", p, code)
		}
		head := body[strings.Index(body, "<head>"):]
		if !strings.HasPrefix(head, `<head><base href="/">`) {
			t.Errorf("GET /%s: the 404 page's head starts %.40q, want a base at the root first", p, head)
		}
	}
	if code, _ := get(t, url+"static/site.css"); code != http.StatusOK {
		t.Errorf("the 404 page's style sheet, from the root: %d", code)
	}
	if got := string(injectRootBase([]byte("<p>no head"))); got != `<base href="/"><p>no head` {
		t.Errorf("injectRootBase without a head: %q", got)
	}
}
