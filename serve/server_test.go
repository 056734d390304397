package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nonopress/nonopress/build"
)

const dot = `title "Dot"
license CC0-1.0
width 1
height 1
rows
1
columns
1
`

const twoDots = `title "Two Dots"
license CC0-1.0
width 2
height 1
rows
1,0
columns
1
0
`

// sseClient reads the server's events into a channel.
type sseClient struct {
	events chan event
}

func connect(t testing.TB, ctx context.Context, url string) *sseClient {
	t.Helper()
	return connectTo(t, ctx, url+"_nonopress/events")
}

// connectTo reads the events of the stream at the URL events.
func connectTo(t testing.TB, ctx context.Context, events string) *sseClient {
	t.Helper()
	return reconnectTo(t, ctx, events, "")
}

// reconnectTo reads the events of the stream at the URL events as a
// browser's stream that reconnects after the event whose id was lastID
// ("" for none) does; each reload's number, from its id, is its gen.
func reconnectTo(t testing.TB, ctx context.Context, events, lastID string) *sseClient {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, events, nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	c := &sseClient{events: make(chan event, 64)}
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 64<<20) // a large site's warnings make long events
		var name string
		gen := 0
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				_, n, _ := strings.Cut(strings.TrimPrefix(line, "id: "), "-")
				gen, _ = strconv.Atoi(n)
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				var data map[string]any
				json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &data)
				c.events <- event{Name: name, Data: data, gen: gen}
				gen = 0
			}
		}
		close(c.events)
	}()
	return c
}

// await returns the first event named name for which ok holds, within a
// deadline.
func (c *sseClient) await(t testing.TB, name string, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case ev, open := <-c.events:
			if !open {
				t.Fatalf("event stream closed while waiting for %q", name)
			}
			data, _ := ev.Data.(map[string]any)
			if ev.Name == name && (ok == nil || ok(data)) {
				return data
			}
		case <-deadline:
			t.Fatalf("no %q event within the deadline", name)
		}
	}
}

// siteFolders makes a temporary folder holding a content folder, and
// returns it, the content folder and the output folder beside it.
func siteFolders(t *testing.T) (dir, src, out string) {
	t.Helper()
	dir = t.TempDir()
	src, out = filepath.Join(dir, "content"), filepath.Join(dir, "public")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, src, out
}

// startServe starts serving src into out, and returns the server, its
// context and what stops it (and waits for it), which the test's end
// calls too.
func startServe(t *testing.T, src, out string) (*Server, context.Context, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, Config{Src: src, Out: out, Addr: "127.0.0.1:0"})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := s.Wait(); err != nil {
				t.Errorf("Wait: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return s, ctx, stop
}

// freshBooklet checks that the booklet serve left in out is a fresh
// build's of src, and returns the fresh build's.
func freshBooklet(t *testing.T, src, out string) []byte {
	t.Helper()
	fresh := filepath.Join(t.TempDir(), "public")
	b, err := build.New(build.Config{Src: src, Out: fresh})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(out, "booklet.pdf"))
	want, _ := os.ReadFile(filepath.Join(fresh, "booklet.pdf"))
	if len(want) == 0 || !bytes.Equal(got, want) {
		t.Errorf("public/booklet.pdf after serve differs from a fresh build's (%d vs %d bytes)", len(got), len(want))
	}
	return want
}

func hasPath(suffix string) func(map[string]any) bool {
	return func(d map[string]any) bool {
		paths, _ := d["paths"].([]any)
		for _, p := range paths {
			if s, _ := p.(string); strings.HasSuffix(s, suffix) {
				return true
			}
		}
		return false
	}
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestServeEditReloadAndErrors(t *testing.T) {
	dir, src, out := siteFolders(t)
	puzzleFile := filepath.Join(src, "dot.non")
	os.WriteFile(puzzleFile, []byte(dot), 0o644)

	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, Config{Src: src, Out: out, Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		cancel()
		if err := s.Wait(); err != nil {
			t.Errorf("Wait: %v", err)
		}
		// The output folder is a plain build, without the reload script.
		data, err := os.ReadFile(filepath.Join(out, "index.html"))
		if err != nil || strings.Contains(string(data), scriptPath) {
			t.Errorf("public/index.html after serve: err %v, has reload script %v", err, strings.Contains(string(data), scriptPath))
		}
		// Booklets kept during edits are up to date once serve has stopped.
		freshBooklet(t, src, out)
	}()
	url := s.URL()
	sse := connect(t, ctx, url)
	sse.await(t, "ok", nil) // the state every new browser is told first
	// Idle after its first builds, serve links the site into the back
	// buffer, so that the first edit writes only what changed.
	awaitPreparedBack(t, out)

	code, home := get(t, url)
	if code != 200 || !strings.Contains(home, scriptPath) {
		t.Fatalf("home: status %d, reload script injected %v", code, strings.Contains(home, scriptPath))
	}

	t.Run("edit a puzzle", func(t *testing.T) {
		os.WriteFile(puzzleFile, []byte(strings.Replace(twoDots, "Two Dots", "Dot", 1)), 0o644)
		data := sse.await(t, "reload", hasPath("index.html"))
		// The pages come first; the booklet the edit changed follows
		// (in the same reload when the full build that follows serve's
		// first build already saw the edit).
		if !hasPath("booklet.pdf")(data) {
			sse.await(t, "reload", hasPath("booklet.pdf"))
		}
	})
	t.Run("atomic rename save", func(t *testing.T) {
		tmp := filepath.Join(src, ".dot.non.tmp")
		os.WriteFile(tmp, []byte(twoDots), 0o644)
		if err := os.Rename(tmp, puzzleFile); err != nil {
			t.Fatal(err)
		}
		sse.await(t, "reload", hasPath("index.html"))
		if _, body := get(t, url); !strings.Contains(body, "Two Dots") {
			t.Error("home page does not show the renamed-over puzzle's new title")
		}
	})
	t.Run("new subfolder with a puzzle", func(t *testing.T) {
		sub := filepath.Join(src, "more", "deeper")
		os.MkdirAll(sub, 0o755)
		os.WriteFile(filepath.Join(sub, "third.non"), []byte(strings.Replace(dot, "Dot", "Third", 1)), 0o644)
		sse.await(t, "reload", nil)
		deadline := time.Now().Add(10 * time.Second)
		for {
			if _, body := get(t, url); strings.Contains(body, "more") || strings.Contains(body, "More") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("home page never listed the new collection")
			}
			sse.await(t, "reload", nil)
		}
	})
	t.Run("broken file shows an error, fixing it recovers", func(t *testing.T) {
		os.WriteFile(puzzleFile, []byte("width 2\nheight 1\nrows\n1\n7\ncolumns\n1\n0\n"), 0o644)
		data := sse.await(t, "builderror", nil)
		msg, _ := data["message"].(string)
		if !strings.Contains(msg, "dot.non:") {
			t.Errorf("error message %q does not name the file and line", msg)
		}
		if code, _ := get(t, url); code != 200 {
			t.Errorf("the previous site is no longer served: status %d", code)
		}
		// A browser connecting now is told the error at once.
		late := connect(t, ctx, url)
		late.await(t, "builderror", nil)
		os.WriteFile(puzzleFile, []byte(twoDots), 0o644)
		sse.await(t, "ok", nil)
	})
	t.Run("template change rebuilds everything", func(t *testing.T) {
		os.WriteFile(filepath.Join(src, "nonopress.toml"), []byte("title = \"Renamed Site\"\n"), 0o644)
		// Reloads of the full build that followed the last edit may come
		// first: wait for the one that shows the new title.
		deadline := time.Now().Add(10 * time.Second)
		for {
			sse.await(t, "reload", hasPath("index.html"))
			if _, body := get(t, url); strings.Contains(body, "Renamed Site") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("config change did not rebuild the home page")
			}
		}
	})
	t.Run("only GET and HEAD, no traversal", func(t *testing.T) {
		resp, err := http.Post(url, "text/plain", strings.NewReader("x"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("POST: status %d", resp.StatusCode)
		}
		os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o644)
		for _, p := range []string{"../secret.txt", "..%2fsecret.txt", "%2e%2e/secret.txt", "_nonopress/events/../../secret.txt"} {
			if code, body := get(t, url+p); strings.Contains(body, "secret") && code == 200 {
				t.Errorf("GET %s read a file outside the site", p)
			}
		}
	})
}
