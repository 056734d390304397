// Package browsertest starts a headless Chromium for tests that need a real
// browser (the play mode, the site's pages).
//
// A test calls New and drives the returned context with chromedp:
//
//	ctx := browsertest.New(t)
//	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil { ... }
//
// When no browser is installed the test is skipped, unless the environment
// variable CI is "true", where it fails: a CI run must not pass by skipping.
package browsertest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	jsonv2 "github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// BrowserEnv names an environment variable that, when set, is the path of the
// browser to run instead of the first one found on PATH.
const BrowserEnv = "NONOPRESS_CHROMIUM"

// browserNames are the executables tried on PATH, in order.
var browserNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"}

// ErrNoBrowser is returned by FindBrowser when no Chromium-like browser is found.
var ErrNoBrowser = errors.New("browsertest: no Chromium browser found (install chromium or set " + BrowserEnv + ")")

// options are what New can be told.
type options struct {
	width, height int
	timeout       time.Duration
}

// Option changes how New starts the browser.
type Option func(*options)

// WithWindowSize sets the size of the browser window in CSS pixels (default
// 1280x900). Headless Chromium keeps windows at least 500 pixels wide; to see
// a narrower page, emulate the viewport (chromedp.EmulateViewport).
func WithWindowSize(width, height int) Option {
	return func(o *options) { o.width, o.height = width, height }
}

// WithTimeout bounds the whole browser session of the test (default 3 minutes,
// or less when the test binary's deadline comes first). It guards against a
// hung browser; it is not a performance assertion.
func WithTimeout(d time.Duration) Option {
	return func(o *options) { o.timeout = d }
}

// FindBrowser returns the path of the browser to run: $NONOPRESS_CHROMIUM when
// set, else the first of chromium, chromium-browser, google-chrome,
// google-chrome-stable and headless-shell found by lookPath.
func FindBrowser(getenv func(string) string, lookPath func(string) (string, error)) (string, error) {
	if p := getenv(BrowserEnv); p != "" {
		if _, err := lookPath(p); err != nil {
			return "", fmt.Errorf("browsertest: %s=%q: %w", BrowserEnv, p, err)
		}
		return p, nil
	}
	for _, name := range browserNames {
		if p, err := lookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoBrowser
}

// InCI reports whether the tests run in continuous integration (CI=true),
// where tests must fail rather than skip for want of a browser.
func InCI(getenv func(string) string) bool { return getenv("CI") == "true" }

// requireBrowser returns the browser path, or skips t (fails it under CI)
// when there is none.
func requireBrowser(t testing.TB, getenv func(string) string, lookPath func(string) (string, error)) string {
	t.Helper()
	path, err := FindBrowser(getenv, lookPath)
	if err == nil {
		return path
	}
	if InCI(getenv) {
		t.Fatalf("%v (CI=true: not skipping)", err)
	} else {
		t.Skip(err)
	}
	return ""
}

// New starts a headless Chromium with a fresh profile in a temporary directory
// and returns a chromedp context for one tab of it. The browser stops when the
// test ends. Uncaught JavaScript exceptions in that tab fail the test and its
// console messages are logged with t.Logf (tabs opened from it with
// chromedp.NewContext are not watched).
//
// New skips the test when no browser is installed, or fails it when CI=true.
func New(t testing.TB, opts ...Option) context.Context {
	t.Helper()
	o := options{width: 1280, height: 900, timeout: 3 * time.Minute}
	for _, opt := range opts {
		opt(&o)
	}
	path := requireBrowser(t, os.Getenv, exec.LookPath)

	alloc := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(o.width, o.height),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), alloc...)
	console := &consoleLog{}
	browserCtx, cancelBrowser := chromedp.NewContext(allocCtx, chromedp.WithListener(console.listen))
	if err := chromedp.Do(browserCtx); err != nil { // starts the browser
		cancelBrowser()
		cancelAlloc()
		t.Fatalf("browsertest: starting %s: %v", path, err)
	}

	ctx, cancelTimeout := context.WithTimeout(browserCtx, sessionTimeout(t, o.timeout))
	t.Cleanup(func() {
		cancelTimeout()
		console.flush(browserCtx)
		console.report(t)
		cancelBrowser()
		cancelAlloc()
	})
	return ctx
}

// sessionTimeout is want, shortened to end a little before the test binary's
// own deadline so that a hang is reported by the test, not by a panic.
func sessionTimeout(t testing.TB, want time.Duration) time.Duration {
	tt, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return want
	}
	deadline, ok := tt.Deadline()
	if !ok {
		return want
	}
	left := time.Until(deadline) - 10*time.Second
	if left > 0 && left < want {
		return left
	}
	return want
}

// consoleLog collects the console messages and uncaught exceptions of the
// first tab so that the test goroutine, not the browser's, reports them.
type consoleLog struct {
	mu         sync.Mutex
	messages   []string
	exceptions []string
}

// listen is a chromedp listener; chromedp calls it on the goroutine that reads
// the tab's messages, in order of arrival.
func (c *consoleLog) listen(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		parts := make([]string, 0, len(ev.Args))
		for _, a := range ev.Args {
			parts = append(parts, remoteText(a))
		}
		c.mu.Lock()
		c.messages = append(c.messages, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(parts, " ")))
		c.mu.Unlock()
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			text += " " + d.Exception.Description
		}
		c.mu.Lock()
		c.exceptions = append(c.exceptions, fmt.Sprintf("%s:%d:%d: %s", d.URL, d.LineNumber+1, d.ColumnNumber+1, text))
		c.mu.Unlock()
	}
}

// remoteText shows a console argument as the DevTools console would, roughly.
func remoteText(o *runtime.RemoteObject) string {
	if o.Type == runtime.RemoteObjectTypeString {
		var s string
		if err := jsonv2.Unmarshal(o.Value, &s); err == nil {
			return s
		}
	}
	if o.Description != "" {
		return o.Description
	}
	if len(o.Value) > 0 {
		return string(o.Value)
	}
	return string(o.Type)
}

// flush makes one round trip to the tab, so that every event the browser sent
// before it has reached listen: events and replies are handled in order.
func (c *consoleLog) flush(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_ = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`0`)) // best effort: the tab may be gone
}

// report logs every console message and fails t for each uncaught exception.
func (c *consoleLog) report(t testing.TB) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.messages {
		t.Logf("browser %s", m)
	}
	for _, e := range c.exceptions {
		t.Errorf("browsertest: uncaught JavaScript exception at %s", e)
	}
}
