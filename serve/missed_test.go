package serve

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
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
		// Their names and data (their ids: TestReconnectedStreamIsToldOnlyWhatItMissed).
		type shown struct {
			Name string
			Data any
		}
		var told []shown
		for _, ev := range missed {
			told = append(told, shown{ev.Name, ev.Data})
		}
		got := fmt.Sprint(told)
		if len(missed) > 2 {
			got = fmt.Sprintf("[%v … %d more]", told[0], len(missed)-1)
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

// TestReconnectedStreamIsToldOnlyWhatItMissed: a page's stream that
// reconnects (a network blip, a laptop asleep) is told the reloads after
// the last event it had, which it names as EventSource does (the
// Last-Event-ID header, each reload's id), not again those after the
// number the page was served with, which its address still asks for: a
// page open through many edits of other pages reloaded for nothing at its
// next reconnect. One that names another run of serve is told no reload
// (the run event reloads its page).
func TestReconnectedStreamIsToldOnlyWhatItMissed(t *testing.T) {
	h := newHub()
	srv := httptest.NewServer(h)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reload := func(p string) { h.publish(event{Name: "reload", Data: map[string]any{"paths": []string{p}}}) }
	paths := func(d map[string]any) string { return fmt.Sprint(d["paths"]) }
	for _, p := range []string{"/1", "/2", "/3"} {
		reload(p)
	}
	first := connectTo(t, ctx, srv.URL+"?since=0")
	var gens []int
	for range 3 {
		for ev := range first.events {
			if ev.Name == "reload" {
				gens = append(gens, ev.gen)
				break
			}
		}
	}
	if fmt.Sprint(gens) != "[1 2 3]" {
		t.Fatalf("the replayed reloads are numbered %v in their ids, want [1 2 3]", gens)
	}
	for _, c := range []struct {
		what   string
		lastID func() string
		missed bool // told the reload after lastID's, before the next
	}{
		{"the second", func() string { return h.run + "-2" }, true},
		{"them all", func() string { return fmt.Sprintf("%s-%d", h.run, h.generation()) }, false},
		{"another run's", func() string { return "0123456789-1" }, false},
	} {
		again := reconnectTo(t, ctx, srv.URL+"?since=0", c.lastID())
		again.await(t, "ok", nil)
		want := fmt.Sprintf("[/%d]", h.generation()+1)
		if c.missed {
			want = "[/3]"
		}
		reload(fmt.Sprintf("/%d", h.generation()+1))
		if got := paths(again.await(t, "reload", nil)); got != want {
			t.Errorf("reconnected after %s: told the reload of %s first, want %s", c.what, got, want)
		}
	}
}

// TestPageStreamReconnectsAfterItsLastReload checks, in a browser, that
// the page's stream, cut (a network blip), reconnects naming the last
// reload it had, reloads nothing for what it had, and reloads for a
// build that lands after it.
func TestPageStreamReconnectsAfterItsLastReload(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	s := builtSite(t, map[string]string{"dot.non": dot})
	cuts := make(chan context.CancelFunc, 4)
	lastIDs := make(chan string, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == eventsPath {
			ctx, cut := context.WithCancel(r.Context())
			cuts <- cut
			lastIDs <- r.Header.Get("Last-Event-ID")
			r = r.WithContext(ctx)
		}
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close) // after the browser's, which holds a stream
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/dot/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page connected", `!!(window.nonopressReload && window.nonopressReload.source.readyState === 1)`)
	if id := <-lastIDs; id != "" {
		t.Fatalf("the page's first stream names a last event, %q", id)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.stayed = true; window.nonopressReload.source.addEventListener("reload", function (e) { window.lastID = e.lastEventId; }); true`)); err != nil {
		t.Fatal(err)
	}
	// More reloads than are kept, of another page: a replay of them all
	// reloads every page. A few at a time, as builds come: a stream
	// that cannot take them is dropped.
	var last string
	for n := 1; n <= recentReloads+1; n++ {
		s.hub.publish(event{Name: "reload", Data: reloadData([]string{"other/index.html"})})
		if last = fmt.Sprintf("%s-%d", s.hub.run, s.hub.generation()); n%8 == 0 || n == recentReloads+1 {
			waitFor(t, ctx, "the page had the reload", fmt.Sprintf(`window.lastID === %q`, last))
		}
	}
	(<-cuts)()
	if id := <-lastIDs; id != last {
		t.Errorf("the cut stream reconnected naming %q, want the last reload it had, %q", id, last)
	}
	waitFor(t, ctx, "the page reconnected", `window.nonopressReload.source.readyState === 1`)
	s.hub.publish(event{Name: "builderror", Data: map[string]any{"message": "marker"}})
	waitFor(t, ctx, "the page showed the event after the reconnection", `!!document.getElementById("nonopress-error-overlay") || !window.stayed`)
	if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.stayed === true`)); err != nil || !ok {
		t.Errorf("the page reloaded when its stream reconnected (err %v)", err)
	}
	s.hub.publish(event{Name: "reload", Data: reloadData([]string{"dot/index.html"})})
	waitFor(t, ctx, "the page reloaded for the build after the reconnection", `!window.stayed && document.readyState === "complete"`)
}
