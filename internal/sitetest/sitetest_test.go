package sitetest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/internal/browsertest"
)

// pages are the audited pages of the demo site, by name. The test asserts
// each page's Lighthouse performance score (issue 18 asks 95 of every one),
// the median of up to three runs after one run that warms the browser
// (audit.mjs): the first audit in a fresh browser used to pay its start-up,
// a long task of about 0.8 s that cost the home page a tenth of its score.
var pages = []struct{ name, path string }{
	{"home", "index.html"},
	{"collection", "first-steps/index.html"},
	{"puzzle-5x5", "first-steps/cup/index.html"},
	{"puzzle-64x64-colour", "colour/balloon/index.html"},
	{"search", "search/index.html?q=s"},
}

// minScore is the lowest Lighthouse score accepted in each category:
// performance, accessibility, best practices and SEO.
const minScore = 0.95

// maxLayoutShift is the largest cumulative layout shift accepted (Web
// Vitals' "good"): a page must not jump as its play grid appears.
const maxLayoutShift = 0.1

// report is what audit.mjs prints.
type report struct {
	Pages []struct {
		Name                    string              `json:"name"`
		RuntimeError            string              `json:"runtimeError"`
		FirstRunError           string              `json:"firstRunError"`
		AccessibilityFromAxe    bool                `json:"accessibilityFromAxe"`
		URL                     string              `json:"url"`
		Scores                  map[string]float64  `json:"scores"`
		PerformanceRuns         []float64           `json:"performanceRuns"`
		Metrics                 map[string]float64  `json:"metrics"`
		FailedAudits            []string            `json:"failedAudits"`
		LighthouseConsoleErrors []string            `json:"lighthouseConsoleErrors"`
		ConsoleErrors           []string            `json:"consoleErrors"`
		Axe                     map[string][]string `json:"axe"`
		Screenshots             []string            `json:"screenshots"`
	} `json:"pages"`
}

// need skips the test when a tool is missing, or fails it under CI=true.
func need(t *testing.T, ok bool, what string) {
	t.Helper()
	if ok {
		return
	}
	if browsertest.InCI(os.Getenv) {
		t.Fatalf("%s is needed with CI=true (.ci/run installs it)", what)
	}
	t.Skipf("%s not installed", what)
}

// repoRoot is the folder of go.mod above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for !exists(filepath.Join(dir, "go.mod")) {
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
	return dir
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func TestDemoSiteInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser audits take minutes")
	}
	node, err := exec.LookPath("node")
	need(t, err == nil, "node")
	npmDir, _ := filepath.Abs(filepath.Join("testdata", "npm"))
	need(t, exists(filepath.Join(npmDir, "node_modules", "lighthouse")) && exists(filepath.Join(npmDir, "node_modules", "axe-core")),
		"the npm packages of testdata/npm (npm ci)")
	chromium, err := browsertest.FindBrowser(os.Getenv, exec.LookPath)
	need(t, err == nil, "chromium")

	root := repoRoot(t)
	out := t.TempDir()
	b, err := build.New(build.Config{Src: filepath.Join(root, "content"), Out: filepath.Join(out, "public"), Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Join(out, "public"))))
	defer srv.Close()

	results := os.Getenv("NONOPRESS_TEST_OUTPUT")
	if results == "" {
		results = filepath.Join(root, "test-output")
	}
	// Lighthouse's mobile settings (a phone's screen, a slower CPU and
	// network): puzzle archives are browsed on phones as much as desktops.
	args := []string{filepath.Join(npmDir, "audit.mjs"), "--base", srv.URL + "/", "--out", results, "--preset", "mobile",
		"--min-performance", strconv.FormatFloat(minScore, 'f', -1, 64)}
	for _, p := range pages {
		args = append(args, p.name+"="+p.path)
	}
	// Bounded, a hang guard and not a performance check: 15 minutes, or
	// less when go test's own deadline comes first (the audits take 2–8
	// minutes on the shared 2-core machine, by its load).
	limit := 15 * time.Minute
	if d, ok := t.Deadline(); ok && time.Until(d)-30*time.Second < limit {
		limit = time.Until(d) - 30*time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chromium)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if ctx.Err() != nil {
		t.Fatalf("audit.mjs did not finish within %v (a loaded machine?): %v\n%s", limit.Round(time.Second), err, stderr.String())
	}
	if err != nil {
		t.Fatalf("audit.mjs: %v\n%s", err, stderr.String())
	}
	var rep report
	if err := json.Unmarshal(stdout, &rep); err != nil {
		t.Fatalf("audit.mjs printed no report: %v\n%s", err, stdout)
	}
	if len(rep.Pages) != len(pages) {
		t.Fatalf("audited %d pages, want %d", len(rep.Pages), len(pages))
	}
	for _, p := range rep.Pages {
		if p.RuntimeError != "" {
			t.Errorf("%s: Lighthouse could not score every category: %s", p.Name, p.RuntimeError)
		}
		// Every page is made cheap enough (the large grid is built on demand,
		// its sheet is an image) that the score stays above 95 where the
		// machine is not loaded far past its cores, whose slowness
		// Lighthouse's simulated phone multiplies.
		t.Logf("%s: Lighthouse performance %.2f, median of %v (first run: FCP %.0f ms, LCP %.0f ms, TBT %.0f ms, CLS %.3f)", p.Name, p.Scores["performance"],
			p.PerformanceRuns, p.Metrics["first-contentful-paint"], p.Metrics["largest-contentful-paint"], p.Metrics["total-blocking-time"], p.Metrics["cumulative-layout-shift"])
		if score, ok := p.Scores["performance"]; !ok || score < minScore {
			t.Errorf("%s: Lighthouse performance score %.2f, want at least %.2f; audits below 0.9: %q", p.Name, score, minScore, p.FailedAudits)
		}
		if cls, ok := p.Metrics["cumulative-layout-shift"]; !ok || cls > maxLayoutShift {
			t.Errorf("%s: cumulative layout shift %.3f, want at most %.2f", p.Name, cls, maxLayoutShift)
		}
		if p.AccessibilityFromAxe {
			// Lighthouse's accessibility category runs axe-core, which timed
			// out on this page; the axe-core run checked below stands for it.
			t.Logf("%s: Lighthouse's accessibility gatherer failed (%s); judged by axe-core alone", p.Name, p.FirstRunError)
		}
		for _, cat := range []string{"accessibility", "best-practices", "seo"} {
			if cat == "accessibility" && p.AccessibilityFromAxe {
				continue
			}
			score, ok := p.Scores[cat]
			t.Logf("%s: Lighthouse %s %.2f", p.Name, cat, score)
			if !ok || score < minScore {
				t.Errorf("%s: Lighthouse %s score %.2f, want at least %.2f; audits below 0.9: %q", p.Name, cat, score, minScore, p.FailedAudits)
			}
		}
		for _, e := range append(p.LighthouseConsoleErrors, p.ConsoleErrors...) {
			t.Errorf("%s: console error: %s", p.Name, e)
		}
		for _, theme := range []string{"light", "dark"} {
			v, ok := p.Axe[theme]
			if !ok {
				t.Errorf("%s: axe did not run in the %s theme", p.Name, theme)
			}
			for _, msg := range v {
				t.Errorf("%s (%s theme): axe: %s", p.Name, theme, msg)
			}
		}
		if len(p.Screenshots) != 4 {
			t.Errorf("%s: %d screenshots, want 4", p.Name, len(p.Screenshots))
		}
		for _, s := range p.Screenshots {
			if info, err := os.Stat(s); err != nil || info.Size() == 0 {
				t.Errorf("%s: screenshot %s not written", p.Name, s)
			}
		}
	}
	t.Logf("screenshots and Lighthouse reports in %s", results)
}
