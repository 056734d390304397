// Package serve is nonopress's authoring mode: it builds the site, serves it
// over HTTP on loopback, watches the content tree and rebuilds what changed,
// and tells browsers over Server-Sent Events to reload the pages that changed
// or to show a build error until it is fixed.
//
// The site on disk is always a plain build: the reload script is injected into
// HTML responses by the server, never written into the output folder, so the
// output folder is correct whenever serve stops.
package serve

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/treefile"
	"github.com/nonopress/nonopress/puzzle"
)

//go:embed reload.js
var reloadJS []byte

// Paths the server answers itself, outside the site.
const (
	eventsPath = "/_nonopress/events"
	scriptPath = "/_nonopress/reload.js"
)

// DefaultAddr is where serve listens unless told otherwise: loopback only.
const DefaultAddr = "127.0.0.1:8080"

// Config says what to serve.
type Config struct {
	Src, Out string
	Addr     string    // host:port; default DefaultAddr (port 0 picks a free one)
	Log      io.Writer // build summaries, errors and watch notices; nil = io.Discard
	// Poll watches by polling instead of inotify (the fallback, forced).
	Poll bool
	// Debounce merges bursts of events; default 20ms.
	Debounce time.Duration
}

// Server is a running authoring server.
type Server struct {
	cfg     Config
	hub     *hub
	builder *build.Builder
	// published is what the server answers: the build's files only.
	published *published
	ln        net.Listener
	http      *http.Server
	done      chan error
	// logged prints each problem once (the loop's goroutine only).
	logged problemLog
	// leftOut holds the addresses of the pages left out while their file
	// is in error (leftOutPages).
	leftOut leftOutPages
	// moved holds where the pages of renamed files went (movedPages).
	moved movedPages
	// outputLost says the last build left no output folder: it was
	// deleted, or holds someone else's files, which the build refuses to
	// write into (checkOutput; the loop's goroutine only).
	outputLost bool
}

// Start builds the site once, starts serving it and watching the tree. A first
// build that fails does not stop the server: the error is shown in the browser
// until the file is fixed. Start returns once the server accepts connections.
func Start(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	// The address is taken first: a busy port or a mistyped address is
	// reported at once, not after a long first build.
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, err // "listen tcp ADDR: bind: address already in use"
	}
	// A mistake in nonopress.toml does not stop serve: it serves the
	// site as it was and says what to fix, as it does for one made while
	// it runs (rebuild makes the builder once the file is fixed).
	b, err := newBuilder(cfg)
	if err != nil && !settingsMistake(cfg.Src, err) {
		ln.Close()
		return nil, err
	}
	s := newServer(cfg)
	if err == nil {
		s.builder = b
	}
	s.firstBuild(ctx)

	changes, err := watch(ctx, cfg.Src, watchOptions{
		Debounce: cfg.Debounce, Poll: cfg.Poll, Log: cfg.Log,
		Skip: inOutput(cfg.Out),
	})
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("watch %s: %w", cfg.Src, err)
	}
	s.ln = ln
	s.http = &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       60 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	go func() {
		err := s.http.Serve(ln)
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		s.done <- err
	}()
	go s.loop(ctx, changes)
	if ctx.Err() == nil { // not when stopped during the first build
		fmt.Fprintf(cfg.Log, "serving %s at %s (Ctrl-C to stop)\n", cfg.Out, s.URL())
	}
	return s, nil
}

// newBuilder makes serve's builder. SkipInvalid: a broken puzzle is left
// out and named in the page's panel while the rest of the site keeps
// updating.
func newBuilder(cfg Config) (*build.Builder, error) {
	return build.New(build.Config{Src: cfg.Src, Out: cfg.Out, Quiet: true, Log: io.Discard, SkipInvalid: true})
}

// URL is the server's address, "http://127.0.0.1:8080/".
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() + "/" }

// Wait blocks until ctx (given to Start) is done and the server has shut down
// cleanly, and returns the error that stopped serving, if any.
func (s *Server) Wait() error { return <-s.done }

// loop rebuilds after every batch of changes until ctx is done, then shuts
// the HTTP server down. The builder answers an edit at once and defers what
// can wait (booklets, site-wide lists); when no change is waiting, the loop
// lets it do that deferred work. The output folder is complete when serve
// stops.
func (s *Server) loop(ctx context.Context, changes <-chan []string) {
	defer func() {
		if s.builder != nil { // nil: never built, nothing deferred
			if err := s.builder.Flush(context.Background()); err != nil {
				fmt.Fprintf(s.cfg.Log, "booklets and lists not updated: %v\n", err)
			}
		}
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		s.http.Shutdown(shut)
		cancel()
	}()
	check := time.NewTicker(outputCheckEvery)
	defer check.Stop()
	for {
		idle := s.builder != nil && s.builder.Pending()
		select {
		case <-ctx.Done():
			return
		case batch, ok := <-changes:
			if !ok {
				changes = nil // the watch ended with ctx; wait for it
				continue
			}
			s.rebuild(ctx, batch)
			continue
		default:
			if idle {
				s.rebuild(ctx, nil)
				continue
			}
		}
		select {
		case <-ctx.Done():
			return
		case batch, ok := <-changes:
			if !ok {
				changes = nil
				continue
			}
			s.rebuild(ctx, batch)
		case <-check.C:
			s.checkOutput(ctx)
			s.checkHistory(ctx)
		}
	}
}

// newServer is a Server of cfg with no builder yet, neither listening nor
// watching: what it serves is what the builds publish in cfg.Out, and
// where the pages of renamed files went.
func newServer(cfg Config) *Server {
	s := &Server{cfg: cfg, hub: newHub(), done: make(chan error, 1)}
	s.published = newPublished(cfg.Out, s.moved.learn)
	return s
}

// builtLine is the log line of a rebuild that took d: "built in 6ms: 33
// pages, 1 file changed".
func builtLine(d time.Duration, sum build.Summary) string {
	return fmt.Sprintf("built in %s: %s, %s changed", d.Round(time.Millisecond),
		puzzle.Plural(sum.Pages, "page"), puzzle.Plural(len(sum.Changed), "file"))
}

// changeNote names the change a build answers, after its log line: " (the
// file)", " (the file and 29 more)" for a batch (a git checkout), so that
// a build the author did not expect says what set it off; "" for none.
func changeNote(changed []string) string {
	switch len(changed) {
	case 0:
		return ""
	case 1:
		return " (" + changed[0] + ")"
	}
	return fmt.Sprintf(" (%s and %d more)", changed[0], len(changed)-1)
}

// deferredWarning is the warning, at the output folder out, that the work
// a quick rebuild left for later (the booklets, the site-wide lists, the
// caches) failed with err.
func deferredWarning(out string, err error) diag.Diagnostic {
	return diag.Warningf(out, "deferred work (booklets, site-wide lists, caches) not done: %v", err)
}

// rebuild hands changes to the builder (nil: its deferred work) and tells
// the browsers what changed, or what failed.
func (s *Server) rebuild(ctx context.Context, changed []string) {
	start := time.Now()
	note := changeNote(changed)
	if s.builder == nil {
		b, err := newBuilder(s.cfg)
		if err != nil {
			s.failed(err)
			return
		}
		s.builder, changed = b, []string{}
	}
	sum, waited, err := settled(ctx, func() (build.Summary, error) { return s.builder.Rebuild(ctx, changed) }, func() {
		fmt.Fprintln(s.cfg.Log, waitingLine(s.cfg.Out))
	})
	// Where the pages of renamed files went, from this build's manifest.
	s.published.refresh()
	if ctx.Err() != nil {
		return
	}
	if changed == nil {
		if err != nil {
			fmt.Fprintln(s.cfg.Log, deferredWarning(s.cfg.Out, err).Labelled())
		} else if len(sum.Changed) > 0 {
			s.hub.publish(event{Name: "reload", Data: reloadData(sum.Changed)})
		}
		return
	}
	if err != nil {
		s.failed(err)
		return
	}
	fmt.Fprintln(s.cfg.Log, builtLine(time.Since(start), sum)+note)
	// Puzzles left out show as errors in the page's panel (the rest of the
	// site is up to date), warnings as notes; each is logged once.
	s.logged.print(s.cfg.Log, sum.Diagnostics, unreadFolders(sum.Skips))
	s.leftOut.set(s.cfg.Src, sum.Diagnostics)
	s.hub.publish(problemEvent(false, sum.Diagnostics, sum.LeftOut()))
	if ev, ok := editReload(sum, waited); ok {
		s.hub.publish(ev)
	}
}

// waitingLine is the log line of a build that waits for another build of
// the output folder out to finish: a second serve on the same site, or a
// build run by hand.
func waitingLine(out string) string {
	return fmt.Sprintf("%s: another build is writing it (another serve on this site, or a build run by hand): waiting for it to finish", out)
}

// editReload is the reload event of an edit's build: the pages it
// changed; after waiting for another build of the output folder (a second
// serve on the site), which may have written the edit already, leaving
// this one nothing to change, every page, which it cannot tell apart.
func editReload(sum build.Summary, waited bool) (event, bool) {
	switch {
	case len(sum.Changed) > 0:
		return event{Name: "reload", Data: reloadData(sum.Changed)}, true
	case waited:
		return event{Name: "reload", Data: map[string]any{"all": true}}, true
	}
	return event{}, false
}

// failed tells the log and the browsers that a build failed with err.
func (s *Server) failed(err error) {
	failure := failureDiagnostics(err)
	s.logged.add(s.cfg.Log, failure)
	// A failed build's problems hold no warning but those of its
	// puzzles in error: each goes with the errors.
	ev := problemEvent(true, failure, failure)
	if s.outputLost {
		// Tried again at each check of the output folder (checkOutput):
		// the pages are told when the failure changes, not every second.
		s.hub.publishChanged(ev)
		return
	}
	s.hub.publish(ev)
}

// reloadData turns the build's changed output files into the URL paths a
// browser may be showing.
func reloadData(changed []string) map[string]any {
	paths := make([]string, 0, len(changed))
	for _, f := range changed {
		paths = append(paths, "/"+strings.TrimPrefix(filepath.ToSlash(f), "/"))
	}
	return map[string]any{"paths": paths}
}

// ServeHTTP serves the built site and the server's own two endpoints. Only GET
// and HEAD are allowed, and no path resolves outside the output folder.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch r.URL.Path {
	case eventsPath:
		s.hub.ServeHTTP(w, r)
		return
	case scriptPath:
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Write(reloadJS)
		return
	}
	s.serveFile(w, r)
}

func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) {
	urlPath := r.URL.Path
	if strings.ContainsRune(urlPath, 0) || strings.Contains(urlPath, "\\") {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	clean := path.Clean("/" + urlPath)
	rel := strings.TrimPrefix(clean, "/")
	file := filepath.Join(s.cfg.Out, filepath.FromSlash(clean))
	switch {
	case s.published.has(path.Join(rel, "index.html")):
		if !strings.HasSuffix(urlPath, "/") {
			http.Redirect(w, r, clean+"/", http.StatusMovedPermanently)
			return
		}
		file = filepath.Join(file, "index.html")
	case rel == "" || !s.published.has(rel):
		// Only what the build published: never a dotfile, the manifest, a
		// cache or a file someone else left in the folder. A page whose
		// file was renamed is at its new address: the browser showing it
		// follows there when it reloads; not one left out while its file
		// is in error, even when a copy of its puzzle was added meanwhile.
		if to, ok := s.moved.find(rel, s.published.has); ok && s.leftOut.at(urlPath) == "" {
			if r.URL.RawQuery != "" {
				to += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, to, http.StatusTemporaryRedirect)
			return
		}
		s.notFound(w, r)
		return
	}
	if info, err := os.Stat(file); err != nil || !info.Mode().IsRegular() {
		s.notFound(w, r)
		return
	}
	if strings.HasSuffix(file, ".html") {
		s.serveHTML(w, r, file, http.StatusOK)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFile(w, r, file)
}

// notFound answers an address the build did not publish with the site's
// 404 page. That page's links are relative to the site's root, where it
// lies, but it is sent at any address (a puzzle left out while it is in
// error, a mistyped folder): a base at the root keeps its style sheet and
// links working there.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	page := filepath.Join(s.cfg.Out, "404.html")
	if s.published.has("404.html") {
		s.serveHTML(w, r, page, http.StatusNotFound)
		return
	}
	s.sendHTML(w, r, []byte(unbuiltPage), s.hub.generation(), http.StatusNotFound)
}

// unbuiltPage is sent at every address while there is no site at all (its
// first build stopped by a mistake in nonopress.toml, the output folder
// just deleted): with the reload script, it shows the panel and reloads
// once the site is built, where a bare "404 page not found" stayed until
// reloaded by hand.
const unbuiltPage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not built yet</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;margin:2em auto;max-width:40em;padding:0 1em">
<main><h1>Not built yet</h1>
<p>nonopress serve has no site to show yet: the build did not finish (the terminal, and the panel at the foot of this page, say why). This page reloads by itself once the site is built.</p></main>
</body></html>
`

// serveHTML sends an HTML page with the reload script injected. The 404
// page (status 404), sent at any address, gets a base at the root too.
func (s *Server) serveHTML(w http.ResponseWriter, r *http.Request, file string, status int) {
	// The reloads numbered up to gen are in the page read after it: the
	// script asks for those after (hub.subscribe).
	gen := s.hub.generation()
	data, err := os.ReadFile(file)
	if err != nil {
		http.Error(w, "cannot read page", http.StatusInternalServerError)
		return
	}
	s.sendHTML(w, r, data, gen, status)
}

// sendHTML sends the page data, served after the reload numbered gen, with
// the reload script injected (and a base at the root for a missing page).
func (s *Server) sendHTML(w http.ResponseWriter, r *http.Request, data []byte, gen, status int) {
	tag := `<script src="` + scriptPath + `" data-gen="` + strconv.Itoa(gen) + `"`
	if status == http.StatusNotFound {
		data = injectRootBase(data)
		tag += ` data-missing`
		if file := s.leftOut.at(r.URL.Path); file != "" {
			tag += ` data-left-out="` + html.EscapeString(file) + `"`
		}
	}
	data = injectScriptTag(data, tag+`></script>`)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

// injectRootBase puts <base href="/"> first in the page's head (or first
// in the page, when it has no head), so that its relative addresses
// resolve from the site's root whatever the address it is sent at.
func injectRootBase(page []byte) []byte {
	i := bytes.Index(bytes.ToLower(page), []byte("<head>"))
	if i >= 0 {
		i += len("<head>")
	} else {
		i = 0
	}
	return insertAt(page, i, `<base href="/">`)
}

// injectScriptTag adds tag, the reload script's, before </body>, or at the
// end of a page without one. The tag numbers the last reload the page has
// seen (data-gen), and the missing page's says data-missing: the script
// keeps no place for its address (reload.js).
func injectScriptTag(page []byte, tag string) []byte {
	i := bytes.LastIndex(bytes.ToLower(page), []byte("</body>"))
	if i < 0 {
		i = len(page)
	}
	return insertAt(page, i, tag)
}

// insertAt returns page with tag inserted at byte offset i.
func insertAt(page []byte, i int, tag string) []byte {
	out := make([]byte, 0, len(page)+len(tag))
	out = append(out, page[:i]...)
	out = append(out, tag...)
	return append(out, page[i:]...)
}

// inOutput reports the paths in the output folder out or in the folder
// beside it where the build keeps a user's files it takes over: the
// build's own writes, which the watch of a content tree that holds them
// must not take for edits.
func inOutput(out string) func(path string) bool {
	outAbs, _ := filepath.Abs(out)
	keptAbs := output.KeptName(outAbs)
	return func(p string) bool {
		abs, err := filepath.Abs(p)
		if err != nil {
			return false
		}
		_, inOut := treefile.Inside(outAbs, abs)
		_, inKept := treefile.Inside(keptAbs, abs)
		return inOut || inKept
	}
}
