package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
)

// TestPageReloadsAfterServeRestarts checks, in a browser, that a page
// open while serve is stopped (Ctrl-C) and started again reloads once it
// is back: the puzzle's title edited meanwhile shows, where the page kept
// the old one until the author reloaded it by hand.
func TestPageReloadsAfterServeRestarts(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	src, out, _ := dotSite(t)
	puzzle := filepath.Join(src, "dot.non")
	start := func(addr string) (*Server, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		s, err := Start(ctx, Config{Src: src, Out: out, Addr: addr})
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		return s, cancel
	}
	s, stop := start("127.0.0.1:0")
	addr := strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/")
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.URL()+"dot/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page connected", `!!(window.nonopressReload && window.nonopressReload.source.readyState === 1)`)
	stop()
	s.Wait()
	os.WriteFile(puzzle, []byte(strings.Replace(dot, `title "Dot"`, `title "Spot"`, 1)), 0o644)
	s, stop = start(addr)
	defer func() { stop(); s.Wait() }()
	waitFor(t, ctx, "the page reloaded with its new title", `document.readyState === "complete" && /^Spot/.test(document.title)`)
}
