package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nonopress/nonopress/build/output"
)

// startSite serves a one-puzzle site on a free loopback port.
func startSite(t *testing.T) (*Server, string) {
	t.Helper()
	s, _ := servedSite(t, map[string]string{"dot.non": dot})
	return s, s.URL()
}

// servedSite starts serve on a free loopback port over a content folder
// holding files (name: text), and returns the server and the content
// folder.
func servedSite(t *testing.T, files map[string]string) (*Server, string) {
	t.Helper()
	return loggedSite(t, files, nil)
}

// loggedSite is servedSite with its log written to log.
func loggedSite(t *testing.T, files map[string]string, log io.Writer) (*Server, string) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "content")
	for name, text := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(src, name)), 0o755)
		os.WriteFile(filepath.Join(src, name), []byte(text), 0o644)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, Config{Src: src, Out: filepath.Join(dir, "public"), Addr: "127.0.0.1:0", Log: log})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		s.Wait()
	})
	return s, src
}

func TestServeBindsLoopbackByDefault(t *testing.T) {
	if host, _, _ := net.SplitHostPort(DefaultAddr); host != "127.0.0.1" {
		t.Errorf("default address %s is not loopback", DefaultAddr)
	}
	_, url := startSite(t)
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("URL %s is not on loopback", url)
	}
}

func TestServeSurvivesBurstAndRudeClients(t *testing.T) {
	s, url := startSite(t)
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")

	// Clients that send junk, or hang up half-way through a request or an
	// event stream.
	for _, junk := range []string{"\x00\x01\x02garbage\r\n\r\n", "GET /", "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", "BREW / HTCPCP/1.0\r\n\r\n"} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(conn, junk)
		reply, _ := io.ReadAll(io.LimitReader(conn, 4096))
		conn.Close()
		if strings.Contains(string(reply), "root:") {
			t.Errorf("%q read /etc/passwd", junk)
		}
	}
	for range 20 {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url+"_nonopress/events", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Read(make([]byte, 10))
		}
		cancel() // hang up mid-stream
		if err == nil {
			resp.Body.Close()
		}
	}

	// A burst of 1,000 concurrent requests, all answered.
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 100}}
	var wg sync.WaitGroup
	errs := make(chan error, 1000)
	for i := range 1000 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := []string{"", "index.html", "nowhere", "catalogue.json"}[i%4]
			resp, err := client.Get(url + path)
			if err != nil {
				errs <- err
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			want := http.StatusOK
			if path == "nowhere" {
				want = http.StatusNotFound
			}
			if resp.StatusCode != want {
				errs <- fmt.Errorf("GET /%s: status %d", path, resp.StatusCode)
			}
		}()
	}
	wg.Wait()
	close(errs)
	n := 0
	for err := range errs {
		if n < 5 {
			t.Error(err)
		}
		n++
	}
	if n > 0 {
		t.Errorf("%d of 1000 requests failed", n)
	}
	// Still alive and well.
	if code, _ := get(t, url); code != 200 {
		t.Errorf("after the burst: status %d", code)
	}
	deadline := time.Now().Add(5 * time.Second)
	for s.hub.clientCount() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := s.hub.clientCount(); n > 0 {
		t.Errorf("%d event streams still registered after their clients hung up", n)
	}
}

func TestInjectScript(t *testing.T) {
	for in, want := range map[string]string{
		"<html><body><p>x</p></body></html>": `<html><body><p>x</p><script src="/_nonopress/reload.js"></script></body></html>`,
		"<p>no body":                         `<p>no body<script src="/_nonopress/reload.js"></script>`,
		"<BODY>a</BODY>":                     `<BODY>a<script src="/_nonopress/reload.js"></script></BODY>`,
	} {
		if got := string(injectScriptTag([]byte(in), `<script src="/_nonopress/reload.js"></script>`)); got != want {
			t.Errorf("injectScriptTag(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestServeWritesTheSiteAgainWhenItsOutputIsDeleted: the output folder
// deleted while serve runs (rm -rf public) is written again by itself,
// and the open pages reload, where every page answered 404 until the
// next edit.
func TestServeWritesTheSiteAgainWhenItsOutputIsDeleted(t *testing.T) {
	s, url := startSite(t)
	awaitPreparedBack(t, s.cfg.Out) // idle: nothing else would write it
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sse := connect(t, ctx, url)
	sse.await(t, "ok", nil)
	if err := os.RemoveAll(s.cfg.Out); err != nil {
		t.Fatal(err)
	}
	sse.await(t, "reload", hasPath("/dot/index.html"))
	if code, body := get(t, url+"dot/"); code != http.StatusOK || !strings.Contains(body, "Dot") {
		t.Fatalf("the deleted site is not written again when its pages reload: GET /dot/ %d", code)
	}
}

// TestServeOnSomeoneElsesFolderSaysItIsNotWritten: serve started on a
// folder of someone else's files, which the build refuses to write into,
// says the folder is not written yet, once, and tries again, as for one
// deleted while it runs, but does not say it was deleted, which it said
// every second; once the folder is emptied, it is written.
func TestServeOnSomeoneElsesFolderSaysItIsNotWritten(t *testing.T) {
	src, out, _ := dotSite(t)
	os.RemoveAll(out)
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine"), 0o644)
	var log strings.Builder
	cfg := Config{Src: src, Out: out, Log: &log}
	b, err := newBuilder(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(cfg)
	s.builder = b
	s.firstBuild(context.Background())
	s.checkOutput(context.Background())
	s.checkOutput(context.Background())
	if strings.Contains(log.String(), "was deleted") || strings.Count(log.String(), out+" is not written yet") != 1 {
		t.Errorf("started on someone else's folder, the log says\n%s\nwant that it is not written yet, once, and nothing deleted", log.String())
	}
	os.Remove(filepath.Join(out, "notes.txt"))
	log.Reset()
	s.checkOutput(context.Background())
	if !strings.HasSuffix(log.String(), out+" is written now\n") || s.outputGone() {
		t.Errorf("the folder emptied, the log says\n%s\nwant it written now", log.String())
	}
}

// TestServeStoppedDuringItsFirstBuildSaysNoServing: serve stopped (Ctrl-C)
// before its first build is done does not then say it is serving.
func TestServeStoppedDuringItsFirstBuildSaysNoServing(t *testing.T) {
	src, out, _ := dotSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl-C at once
	var log strings.Builder
	s, err := Start(ctx, Config{Src: src, Out: out, Addr: "127.0.0.1:0", Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if strings.Contains(log.String(), "serving") {
		t.Errorf("serve stopped before its first build says:\n%s", log.String())
	}
}

// TestDeletedOutputThatCannotBeWrittenIsLoggedOnce: an output folder
// deleted and not written again at once (someone else's files left in
// its place, which the build refuses to write into) is logged once, and
// once more when it is written again, where serve printed "public was
// deleted: building the site again" every second until then.
func TestDeletedOutputThatCannotBeWrittenIsLoggedOnce(t *testing.T) {
	src, out, _ := dotSite(t)
	var log strings.Builder
	s := builtServer(t, Config{Src: src, Out: out, Log: &log})
	// The marker deleted, the build's files left: not nonopress's folder.
	if err := os.Remove(filepath.Join(out, output.MarkerName)); err != nil {
		t.Fatal(err)
	}
	log.Reset()
	for range 3 {
		s.checkOutput(context.Background())
	}
	deleted := s.cfg.Out + " was deleted: building the site again\n"
	if n := strings.Count(log.String(), deleted); n != 1 {
		t.Errorf("three checks of the folder it cannot write logged %q %d times, want once:\n%s", deleted, n, log.String())
	}
	if !strings.Contains(log.String(), s.cfg.Out+" is not written yet") {
		t.Errorf("the log does not say the folder is not written yet:\n%s", log.String())
	}
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	log.Reset()
	s.checkOutput(context.Background())
	s.checkOutput(context.Background())
	if again := s.cfg.Out + " is written now\n"; strings.Count(log.String(), again) != 1 || strings.Contains(log.String(), deleted) {
		t.Errorf("the folder emptied, the log says\n%s\nwant %q once, and not that it was deleted again", log.String(), again)
	}
	if s.outputGone() {
		t.Error("the output folder is not written again")
	}
}

// syncLog is a serve log that a test reads while serve writes it.
type syncLog struct {
	mu   sync.Mutex
	text strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.text.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.text.String()
}

// await waits for line in the log, and fails the test after 20 s.
func (l *syncLog) await(t *testing.T, line string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(l.String(), line+"\n") {
			return
		}
	}
	t.Fatalf("the log does not say %q within 20 s:\n%s", line, l.String())
}

// TestOutputThatCannotBeWrittenIsToldToPagesOnce: the build tried again at
// each check of an output folder it cannot write fails the same way each
// time; open pages are told once, where each check sent the same
// builderror again and the page drew its panel again every second. Once
// the folder is written, they are told the site is fine.
func TestOutputThatCannotBeWrittenIsToldToPagesOnce(t *testing.T) {
	src, out, _ := dotSite(t)
	s := builtServer(t, Config{Src: src, Out: out, Log: io.Discard})
	srv := httptest.NewServer(s)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sse := connect(t, ctx, srv.URL+"/")
	sse.await(t, "ok", nil) // the state a page is told first
	if err := os.Remove(filepath.Join(out, output.MarkerName)); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		s.checkOutput(ctx)
	}
	s.hub.publish(event{Name: "reload", Data: map[string]any{"paths": []string{"/marker/"}}})
	var told []string
	for ev := range sse.events {
		if ev.Name == "reload" && hasPath("/marker/")(ev.Data.(map[string]any)) {
			break
		}
		told = append(told, ev.Name)
	}
	if strings.Join(told, " ") != "builderror" {
		t.Errorf("three checks of a folder the build cannot write sent the page %q, want one builderror", told)
	}
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	s.checkOutput(ctx)
	sse.await(t, "ok", nil)
}
