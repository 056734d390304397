package serve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
)

// TestLatePageIsToldTheReloadsItMissed checks that a page served before a
// build but whose event stream connects after it (a page loading while
// the next save's build lands) is told of that build's reload, where it
// kept showing what it was served until the next edit.
func TestLatePageIsToldTheReloadsItMissed(t *testing.T) {
	s, src := servedSite(t, map[string]string{"dot.non": dot})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, page := get(t, s.URL()+"dot/")
	m := regexp.MustCompile(`reload\.js" data-gen="(\d+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page's reload script does not number the reloads it has seen: %.300q", page[strings.LastIndex(page, "<script"):])
	}
	watcher := connect(t, ctx, s.URL())
	watcher.await(t, "ok", nil)
	os.WriteFile(filepath.Join(src, "dot.non"), []byte(strings.Replace(dot, `"Dot"`, `"Spot"`, 1)), 0o644)
	watcher.await(t, "reload", hasPath("/dot/index.html"))

	late := connectTo(t, ctx, fmt.Sprintf("%s_nonopress/events?since=%s", s.URL(), m[1]))
	late.await(t, "reload", hasPath("/dot/index.html"))
}

// TestHubReplaysTheReloadsAfterSince: a stream is told the reloads after
// the one its page had seen, none when it had seen them all or does not
// say, and to reload whatever it shows when they are no longer kept.
func TestHubReplaysTheReloadsAfterSince(t *testing.T) {
	h := newHub()
	for i := 1; i <= recentReloads+2; i++ {
		h.publish(event{Name: "reload", Data: map[string]any{"paths": []string{fmt.Sprint(i)}}})
	}
	last := recentReloads + 2
	for _, c := range []struct {
		since int
		want  string
	}{
		{-1, "[]"},
		{last, "[]"},
		{last - 2, fmt.Sprintf("[{reload map[paths:[%d]]} {reload map[paths:[%d]]}]", last-1, last)},
		{2, fmt.Sprintf("[{reload map[paths:[3]]} … %d more]", recentReloads-1)},
		{1, "[{reload map[all:true]}]"},
	} {
		_, _, missed := h.subscribe(c.since)
		got := fmt.Sprint(missed)
		if len(missed) > 2 {
			got = fmt.Sprintf("[%v … %d more]", missed[0], len(missed)-1)
		}
		if got != c.want {
			t.Errorf("since %d: missed %s, want %s", c.since, got, c.want)
		}
	}
}

// TestPageAsksForTheReloadsItMissed checks, in a browser, that the page's
// event stream asks for the reloads after the one the page had seen.
func TestPageAsksForTheReloadsItMissed(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	s, _ := servedSite(t, map[string]string{"dot.non": dot})
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.URL()+"dot/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page connected", `!!(window.nonopressReload && window.nonopressReload.source.readyState === 1)`)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[window.nonopressReload.source.url, document.querySelector("script[data-gen]").dataset.gen]`))
	if err != nil || len(got) != 2 || !strings.HasSuffix(got[0], "/_nonopress/events?since="+got[1]) {
		t.Errorf("the page's stream and the number of the last reload it had seen are %q (err %v), want the stream to ask for the reloads after it", got, err)
	}
}
