package browsertest

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// fakeEnv is an environment and a PATH for FindBrowser.
type fakeEnv struct {
	vars map[string]string
	path map[string]string // name → full path of what is "installed"
}

func (e fakeEnv) getenv(k string) string { return e.vars[k] }

func (e fakeEnv) lookPath(name string) (string, error) {
	if p, ok := e.path[name]; ok {
		return p, nil
	}
	return "", fmt.Errorf("exec: %q: executable file not found in $PATH", name)
}

func TestFindBrowser(t *testing.T) {
	tests := []struct {
		name    string
		env     fakeEnv
		want    string
		wantErr string
	}{
		{"chromium first", fakeEnv{path: map[string]string{"chromium": "/usr/bin/chromium", "google-chrome": "/opt/chrome"}}, "/usr/bin/chromium", ""},
		{"falls back to chrome", fakeEnv{path: map[string]string{"google-chrome": "/opt/chrome"}}, "/opt/chrome", ""},
		{"env overrides", fakeEnv{vars: map[string]string{BrowserEnv: "/x/chrome"}, path: map[string]string{"/x/chrome": "/x/chrome", "chromium": "/usr/bin/chromium"}}, "/x/chrome", ""},
		{"env names a missing file", fakeEnv{vars: map[string]string{BrowserEnv: "/nope"}, path: map[string]string{"chromium": "/usr/bin/chromium"}}, "", BrowserEnv + `="/nope"`},
		{"none", fakeEnv{}, "", "no Chromium browser found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FindBrowser(tt.env.getenv, tt.env.lookPath)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("FindBrowser() error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("FindBrowser() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	if _, err := FindBrowser(fakeEnv{}.getenv, fakeEnv{}.lookPath); !errors.Is(err, ErrNoBrowser) {
		t.Errorf("FindBrowser with nothing installed: %v, want ErrNoBrowser", err)
	}
}

// recordingTB records whether requireBrowser skipped or failed. Skip and
// Fatal end the calling goroutine in a real test, so they do so here too.
type recordingTB struct {
	testing.TB
	skipped, failed bool
}

func (r *recordingTB) Helper()               {}
func (r *recordingTB) Skip(...any)           { r.skipped = true; runtime.Goexit() }
func (r *recordingTB) Fatalf(string, ...any) { r.failed = true; runtime.Goexit() }

func TestRequireBrowserSkipsOrFails(t *testing.T) {
	tests := []struct {
		name        string
		env         fakeEnv
		wantSkipped bool
		wantFailed  bool
	}{
		{"absent, local run: skip", fakeEnv{}, true, false},
		{"absent, CI: fail", fakeEnv{vars: map[string]string{"CI": "true"}}, false, true},
		{"present, CI: run", fakeEnv{vars: map[string]string{"CI": "true"}, path: map[string]string{"chromium": "/usr/bin/chromium"}}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recordingTB{TB: t}
			done := make(chan struct{})
			go func() {
				defer close(done)
				requireBrowser(r, tt.env.getenv, tt.env.lookPath)
			}()
			<-done
			if r.skipped != tt.wantSkipped || r.failed != tt.wantFailed {
				t.Errorf("skipped=%v failed=%v, want skipped=%v failed=%v", r.skipped, r.failed, tt.wantSkipped, tt.wantFailed)
			}
		})
	}
}

func TestNewRunsPage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>t</title><p id="p">before</p>
<script>document.getElementById("p").textContent = "after " + (6 * 7);</script>`)
	}))
	defer srv.Close()

	ctx := New(t, WithWindowSize(1000, 700))
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL)); err != nil {
		t.Fatal(err)
	}
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("p")))
	if err != nil {
		t.Fatal(err)
	}
	if text != "after 42" {
		t.Errorf("page text = %q, want %q: the script did not run", text, "after 42")
	}
	width, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.innerWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if width != 1000 {
		t.Errorf("window.innerWidth = %d, want 1000 (WithWindowSize)", width)
	}
}

// errorRecorder keeps the errors reported to it instead of failing the test.
type errorRecorder struct {
	testing.TB
	errors []string
}

func (r *errorRecorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestNewReportsUncaughtExceptions(t *testing.T) {
	requireBrowser(t, os.Getenv, exec.LookPath) // the recorder below must not see a skip as a pass
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>t</title><p id="p">x</p>
<script>console.log("hello from the page"); throw new Error("boom in the page");</script>`)
	}))
	defer srv.Close()

	rec := &errorRecorder{}
	t.Run("page", func(t *testing.T) {
		rec.TB = t
		ctx := New(rec)
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.ID("p"))); err != nil {
			t.Fatal(err)
		}
	})
	if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "boom in the page") {
		t.Errorf("errors reported = %q, want one naming the uncaught exception", rec.errors)
	}
}
