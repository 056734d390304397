package serve

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/browsertest"
)

// TestPanelGroupsRepeatedWarnings checks, in a browser, that the panel
// serve puts at the foot of a page counts every warning but lists one that
// many files share once, with a line naming the others, beside the
// warnings that differ.
func TestPanelGroupsRepeatedWarnings(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	files := map[string]string{"f.non": "tilte \"x\"\n" + twoDots}
	for i, name := range []string{"a", "b", "c", "d", "e"} {
		// Each its own puzzle (copies would warn of duplicates), a full
		// row i+1 wide, with no license.
		n := i + 1
		files[name+".non"] = fmt.Sprintf("width %d\nheight 1\nrows\n%d\ncolumns\n%s", n, n, strings.Repeat("1\n", n))
	}
	_, url := browsedSite(t, files)
	_, text := panelText(t, url+"/")
	if !strings.Contains(text, "6 warnings") || strings.Count(text, "no license") != 1 || !strings.Contains(text, "the same in 4 more files: ") ||
		!strings.Contains(text, `unknown key "tilte"`) {
		t.Errorf("the panel says:\n%s\nwant 6 warnings, \"no license\" once with the 4 other files, and the misspelt key", text)
	}
}

// panelText opens url in a browser and returns the tab and the text of
// the panel, once it shows.
func panelText(t *testing.T, url string) (context.Context, string) {
	t.Helper()
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#nonopress-error-overlay"))); err != nil {
		t.Fatal(err)
	}
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#nonopress-error-overlay').innerText`))
	if err != nil {
		t.Fatal(err)
	}
	return ctx, text
}

// TestLogGroupsRepeatedWarnings checks that serve's log says a warning
// many files share once, with a line naming the others, and that a
// rebuild logs nothing it logged before.
func TestLogGroupsRepeatedWarnings(t *testing.T) {
	var l diag.List
	for _, f := range []string{"a.non", "b.non", "c.non", "d.non", "e.non"} {
		l = append(l, diag.Diagnostic{File: f, Line: 1, Severity: diag.Warning, Message: "no license"})
	}
	var p problemLog
	var log strings.Builder
	p.print(&log, l, nil)
	want := "a.non:1: warning: no license\n  the same in 4 more files: b.non, c.non, d.non, …\n"
	if log.String() != want {
		t.Errorf("logged\n%s\nwant\n%s", log.String(), want)
	}
	log.Reset()
	p.print(&log, l, nil)
	if log.Len() != 0 {
		t.Errorf("a rebuild with the same warnings logged\n%s", log.String())
	}
}

// TestHiddenPanelStaysHiddenUntilANewProblem checks, in a browser, that
// the panel the author hid stays folded to one line over the edits and
// reloads that follow, where it came back over half the page after every
// save (an archive of imported puzzles has hundreds of warnings), and
// opens again when a problem it did not show appears.
func TestHiddenPanelStaysHiddenUntilANewProblem(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	unlicensed := strings.Replace(dot, "license CC0-1.0\n", "", 1)
	s, src := servedSite(t, map[string]string{"dot.non": unlicensed})
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.URL()+"dot/")); err != nil {
		t.Fatal(err)
	}
	const listed = `document.querySelectorAll('#nonopress-error-overlay .nonopress-problem').length`
	waitFor(t, ctx, "the panel lists the warning", listed+` === 1`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`document.querySelector('#nonopress-error-overlay button').click()`)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`window.__before = 1`)); err != nil {
		t.Fatal(err)
	}
	// An edit that brings no new problem reloads the page: the panel
	// stays folded, saying what it holds.
	os.WriteFile(filepath.Join(src, "dot.non"), []byte(strings.Replace(unlicensed, `"Dot"`, `"Dot 2"`, 1)), 0o644)
	waitFor(t, ctx, "the page reloaded", `!window.__before && document.readyState === "complete" && /^Dot 2/.test(document.title)`)
	waitFor(t, ctx, "the folded panel", `!!document.querySelector('#nonopress-error-overlay')`)
	time.Sleep(300 * time.Millisecond) // any later event
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function () { var o = document.querySelector('#nonopress-error-overlay'); return o ? o.innerText + " height " + o.offsetHeight : "none"; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](listed)); n != 0 || !strings.Contains(text, "1 warning") {
		t.Errorf("after Hide and an edit, the panel lists %d problems and says %q; want it folded, saying 1 warning", n, text)
	}
	// A new problem opens it, with the new one listed.
	os.WriteFile(filepath.Join(src, "bad.non"), []byte("width 2\nheight 1\nrows\n1\ncolumns\n1\n"), 0o644)
	waitFor(t, ctx, "the panel open on the new error", `Array.from(document.querySelectorAll('#nonopress-error-overlay .nonopress-problem')).some(function (e) { return /bad\.non/.test(e.innerText); })`)
}

// TestLogKeepsWarningsThroughAFailedBuild checks that a build that fails
// (a mistake in nonopress.toml: the site stays as it was) does not make
// serve's log forget the warnings it printed: once the mistake is fixed,
// the log says nothing of warnings that never went away, where it printed
// them all again (230 of them, grouped, on a tree of imported puzzles).
func TestLogKeepsWarningsThroughAFailedBuild(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "free.non"), []byte(strings.Replace(twoDots, "license CC0-1.0\n", "", 1)), 0o644)
	config := filepath.Join(src, "nonopress.toml")
	os.WriteFile(config, []byte("paper = \"a4\"\n"), 0o644)
	var log strings.Builder
	s := builtServer(t, Config{Src: src, Out: out, Log: &log})
	if !strings.Contains(log.String(), "free.non:") {
		t.Fatalf("the first build did not log the warning:\n%s", log.String())
	}
	os.WriteFile(config, []byte("paper = a4\n"), 0o644)
	s.rebuild(context.Background(), []string{config})
	if !strings.Contains(log.String(), "nonopress.toml:1: error: paper") {
		t.Fatalf("the failed build did not log its mistake:\n%s", log.String())
	}
	log.Reset()
	os.WriteFile(config, []byte("paper = \"a4\"\n"), 0o644)
	s.rebuild(context.Background(), []string{config})
	if strings.Contains(log.String(), "free.non:") {
		t.Errorf("once the mistake is fixed, the log prints again a warning it printed before:\n%s", log.String())
	}
}

// dotSite makes a content tree of one puzzle, and returns it, the output
// folder beside it and the path of its nonopress.toml (not written).
func dotSite(t *testing.T) (src, out, config string) {
	t.Helper()
	dir := t.TempDir()
	src, out = filepath.Join(dir, "content"), filepath.Join(dir, "public")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "dot.non"), []byte(dot), 0o644)
	return src, out, filepath.Join(src, "nonopress.toml")
}

// TestSettingsMistakeAtItsLine checks that a misspelt key in
// nonopress.toml is told in the log and the panel as check tells it, at
// the file's line with the key meant as the hint, where it read "error:
// content/nonopress.toml:2: unknown key ..." with no place of its own.
func TestSettingsMistakeAtItsLine(t *testing.T) {
	src, out, config := dotSite(t)
	var log strings.Builder
	s := builtServer(t, Config{Src: src, Out: out, Log: &log})
	os.WriteFile(config, []byte("title = \"Site\"\nper_pgae = 10\n"), 0o644)
	s.rebuild(context.Background(), []string{config})
	want := config + `:2: error: unknown key "per_pgae" (did you mean "per_page"?)`
	if !strings.Contains(log.String(), want) {
		t.Errorf("the log says:\n%s\nwant the line %s", log.String(), want)
	}
	_, state, _ := s.hub.subscribe(-1)
	data, _ := state.Data.(map[string]any)
	problems, _ := data["problems"].([]problem)
	if len(problems) != 1 || problems[0].File != config || problems[0].Line != 2 || problems[0].Hint != `did you mean "per_page"?` {
		t.Errorf("the panel lists %+v, want the mistake at %s:2 with the key meant as its hint", problems, config)
	}
}

// TestLogSaysAFailureAgainAfterAnother checks that of failed builds in a
// row, a mistake that went away and came back is logged again.
func TestLogSaysAFailureAgainAfterAnother(t *testing.T) {
	warn := diag.Diagnostic{File: "a.non", Line: 1, Severity: diag.Warning, Message: "no license"}
	failA := diag.Diagnostic{File: "nonopress.toml", Line: 1, Severity: diag.Error, Message: "paper: text in TOML needs quotes"}
	failB := diag.Diagnostic{File: "nonopress.toml", Line: 2, Severity: diag.Error, Message: "title: text in TOML needs quotes"}
	var p problemLog
	var log strings.Builder
	p.print(&log, diag.List{warn}, nil)
	p.add(&log, diag.List{failA})
	p.add(&log, diag.List{failB})
	p.add(&log, diag.List{failA})
	p.print(&log, diag.List{warn}, nil)
	if got := strings.Count(log.String(), "paper:"); got != 2 || strings.Count(log.String(), "no license") != 1 {
		t.Errorf("logged\n%s\nwant the paper mistake twice (it came back), the warning once", log.String())
	}
}

// TestLogSaysWhatIsFixed checks that serve's log, which names each
// problem once, says which files are fixed (an error gone, or all their
// warnings), a few by name, and says nothing of one removed.
func TestLogSaysWhatIsFixed(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string {
		f := filepath.Join(dir, name)
		os.WriteFile(f, nil, 0o644)
		return f
	}
	a, b, gone := file("a.non"), file("b.non"), filepath.Join(dir, "gone.non")
	errA := diag.Diagnostic{File: a, Line: 3, Severity: diag.Error, Message: "no solution"}
	warnA := diag.Diagnostic{File: a, Line: 1, Severity: diag.Warning, Message: "multiple solutions"}
	warnB := diag.Diagnostic{File: b, Line: 1, Severity: diag.Warning, Message: "no license"}
	errGone := diag.Diagnostic{File: gone, Line: 1, Severity: diag.Error, Message: "no puzzle in file"}
	var p problemLog
	var log strings.Builder
	p.print(&log, diag.List{errA, warnB, errGone}, nil)
	for _, step := range []struct {
		l    diag.List
		want string
	}{
		{diag.List{warnA, warnB}, "fixed: " + a + "\n" + warnA.Labelled() + "\n"}, // the error gone, a warning left
		{diag.List{warnA, warnB}, ""},
		{nil, "fixed: " + a + ", " + b + "\n"},
	} {
		log.Reset()
		p.print(&log, step.l, nil)
		if log.String() != step.want {
			t.Errorf("logged\n%s\nwant\n%s", log.String(), step.want)
		}
	}
	var many diag.List
	for _, name := range []string{"c.non", "d.non", "e.non", "f.non", "g.non"} {
		many = append(many, diag.Diagnostic{File: file(name), Line: 1, Severity: diag.Warning, Message: "no license"})
	}
	p.print(&log, many, nil)
	log.Reset()
	p.print(&log, nil, nil)
	if want := "fixed: " + filepath.Join(dir, "c.non") + ", " + filepath.Join(dir, "d.non") + ", " + filepath.Join(dir, "e.non") + " and 2 more files\n"; log.String() != want {
		t.Errorf("logged\n%s\nwant\n%s", log.String(), want)
	}
}

// TestLogSaysNothingFixedOfAFolderLeftUnread: a collection's note in
// error leaves its puzzles out unread, so their problems are not in that
// build's list; the log does not call them fixed for it, and does when they
// are read again without them.
func TestLogSaysNothingFixedOfAFolderLeftUnread(t *testing.T) {
	dir := t.TempDir()
	pets := filepath.Join(dir, "pets")
	os.Mkdir(pets, 0o755)
	dog, note := filepath.Join(pets, "dog.non"), filepath.Join(pets, "README.md")
	for _, f := range []string{dog, note} {
		os.WriteFile(f, nil, 0o644)
	}
	errDog := diag.Diagnostic{File: dog, Line: 6, Severity: diag.Error, Message: "row 2: clue 3 needs 3 cells"}
	errNote := diag.Diagnostic{File: note, Line: 3, Severity: diag.Error, Message: "front matter: title"}
	var p problemLog
	var log strings.Builder
	p.print(&log, diag.List{errDog}, nil)
	for _, step := range []struct {
		l      diag.List
		unread []string
		want   string
	}{
		{diag.List{errNote}, unreadFolders([]build.Skip{{Problems: diag.List{errNote}, Of: "its collection"}}), errNote.Labelled() + "\n"},
		{diag.List{errDog}, nil, "fixed: " + note + "\n" + errDog.Labelled() + "\n"}, // the note mended, the dog read again
		{nil, nil, "fixed: " + dog + "\n"},
	} {
		log.Reset()
		p.print(&log, step.l, step.unread)
		if log.String() != step.want {
			t.Errorf("logged\n%s\nwant\n%s", log.String(), step.want)
		}
	}
}

// TestLogSaysFixedUnderABrokenRootNote: the root's note in error is left
// out alone, its puzzles read, so a puzzle mended meanwhile is fixed.
func TestLogSaysFixedUnderABrokenRootNote(t *testing.T) {
	dir := t.TempDir()
	cat, note := filepath.Join(dir, "cat.non"), filepath.Join(dir, "README.md")
	for _, f := range []string{cat, note} {
		os.WriteFile(f, nil, 0o644)
	}
	errCat := diag.Diagnostic{File: cat, Line: 2, Severity: diag.Error, Message: "no solution"}
	errNote := diag.Diagnostic{File: note, Line: 3, Severity: diag.Error, Message: "front matter: title"}
	var p problemLog
	var log strings.Builder
	p.print(&log, diag.List{errCat}, nil)
	log.Reset()
	p.print(&log, diag.List{errNote}, unreadFolders([]build.Skip{{Problems: diag.List{errNote}, Of: "the note"}}))
	if want := "fixed: " + cat + "\n" + errNote.Labelled() + "\n"; log.String() != want {
		t.Errorf("logged\n%s\nwant\n%s", log.String(), want)
	}
}

// TestBuiltLineNamesTheChange checks that the log line of a build says
// what set it off, where "built in 15ms: 48 pages, 0 files changed" left
// the author guessing which file it was (one of the files of a git
// checkout, a file another tool wrote).
func TestBuiltLineNamesTheChange(t *testing.T) {
	src, out, _ := dotSite(t)
	var log strings.Builder
	s := builtServer(t, Config{Src: src, Out: out, Log: &log})
	// The puzzle's note, new (a backup such as dot.non.bak, which the
	// watcher now ignores, was the example).
	note := filepath.Join(src, "dot.md")
	os.WriteFile(note, []byte("A dot.\n"), 0o644)
	log.Reset()
	s.rebuild(context.Background(), []string{note})
	if want := "changed (" + note + ")\n"; !strings.HasSuffix(log.String(), want) {
		t.Errorf("the log says %q, want its line to end %q", log.String(), want)
	}
	log.Reset()
	s.rebuild(context.Background(), []string{note, filepath.Join(src, "a.md"), filepath.Join(src, "b.md")})
	if want := "(" + note + " and 2 more)\n"; !strings.HasSuffix(log.String(), want) {
		t.Errorf("the log says %q, want its line to end %q", log.String(), want)
	}
}

// TestServeStartsWithAMistakeInItsSettings checks that serve started on a
// site whose nonopress.toml has a mistake serves the site as it was and
// says what to fix, then builds once it is fixed, where it stopped at
// once and had to be started again.
func TestServeStartsWithAMistakeInItsSettings(t *testing.T) {
	src, out, config := dotSite(t)
	os.WriteFile(config, []byte("title = \"Site\"\nper_pgae = 10\n"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, Config{Src: src, Out: out, Addr: "127.0.0.1:0"})
	if err != nil {
		cancel()
		t.Fatalf("serve stopped at a mistake in nonopress.toml: %v", err)
	}
	defer func() { cancel(); s.Wait() }()
	sse := connect(t, ctx, s.URL())
	failed := sse.await(t, "builderror", nil)
	// No site was ever built: every address answers a page that shows
	// the panel and reloads once there is one.
	if code, page := get(t, s.URL()+"dot/"); code != http.StatusNotFound || !strings.Contains(page, scriptPath) {
		t.Errorf("GET /dot/ before any site was built: %d, %.200q; want a page with the reload script", code, page)
	}
	if problems, _ := failed["problems"].([]any); len(problems) != 1 || !strings.Contains(fmt.Sprint(problems[0]), "per_pgae") {
		t.Errorf("the panel lists %v, want the mistake in nonopress.toml", failed["problems"])
	}
	os.WriteFile(config, []byte("title = \"Fixed Site\"\n"), 0o644)
	sse.await(t, "ok", nil)
	sse.await(t, "reload", hasPath("/index.html"))
	if _, home := get(t, s.URL()); !strings.Contains(home, "Fixed Site") {
		t.Errorf("once nonopress.toml is fixed, the home page is not built from it:\n%.300s", home)
	}
}
