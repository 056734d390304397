package serve

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/build/output"
)

// TestBrokenFileDoesNotFreezeTheRest: with one broken puzzle the others
// keep updating, the browsers are told which one is left out and what
// warns, and the log names each problem once, not at every rebuild.
func TestBrokenFileDoesNotFreezeTheRest(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "bad.non"), []byte("width 2\nheigth 1\nrows\n1\n0\ncolumns\n1\n0\n"), 0o644)
	os.WriteFile(filepath.Join(src, "good.non"), []byte(dot), 0o644)
	os.WriteFile(filepath.Join(src, "free.non"), []byte(strings.Replace(twoDots, "license CC0-1.0\n", "", 1)), 0o644) // not a copy of good.non: copies warn
	var log strings.Builder
	s := builtServer(t, Config{Src: src, Out: out, Log: &log})
	ctx := context.Background()
	page, err := os.ReadFile(filepath.Join(out, "good", "index.html"))
	if err != nil || !strings.Contains(string(page), "Dot") {
		t.Fatalf("the good puzzle was not published beside the broken one: %v", err)
	}
	_, state, _ := s.hub.subscribe(-1)
	data, _ := state.Data.(map[string]any)
	msg, _ := data["message"].(string)
	problems, _ := data["problems"].([]problem)
	warnings, _ := data["warnings"].([]problem)
	if state.Name != "builderror" || !strings.Contains(msg, "bad.non:") || len(warnings) != 1 || !strings.Contains(warnings[0].File, "free.non") {
		t.Errorf("state %s %v: want the broken file named and the warning listed", state.Name, state.Data)
	}
	// The panel gets each problem as a diagnostic: its place, severity,
	// message and hint.
	if len(problems) != 1 || problems[0].File != filepath.Join(src, "bad.non") || problems[0].Line != 2 || problems[0].Col != 1 ||
		problems[0].Severity != "error" || !strings.Contains(problems[0].Message, `unknown key "heigth"`) || problems[0].Hint != `did you mean "height"?` {
		t.Errorf("problems %+v: want bad.non:2:1's misspelt key with its hint", problems)
	}
	if w := warnings[0]; w.Severity != "warning" || w.Line == 0 || w.Message == "" {
		t.Errorf("warning %+v: want its place and message", w)
	}

	os.WriteFile(filepath.Join(src, "good.non"), []byte(strings.Replace(dot, `"Dot"`, `"Round dot"`, 1)), 0o644)
	s.rebuild(ctx, []string{filepath.Join(src, "good.non")})
	if page, _ := os.ReadFile(filepath.Join(out, "good", "index.html")); !strings.Contains(string(page), "Round dot") {
		t.Error("an edit of a good puzzle is not published while another is broken")
	}
	if n := strings.Count(log.String(), "bad.non:"); n != 1 {
		t.Errorf("the broken file is logged %d times over two rebuilds, want once:\n%s", n, log.String())
	}
	if n := strings.Count(log.String(), "free.non:"); n != 1 {
		t.Errorf("the warning is logged %d times over two rebuilds, want once:\n%s", n, log.String())
	}
	if !strings.Contains(log.String(), `bad.non:2:1: error: unknown key "heigth" (did you mean "height"?)`) {
		t.Errorf("the log does not give the problem's place, severity and hint:\n%s", log.String())
	}
	// Fixed, the problem is gone from the panel; broken again, it is
	// logged again.
	os.WriteFile(filepath.Join(src, "bad.non"), []byte(strings.Replace(twoDots, "Two Dots", "Fixed", 1)), 0o644)
	s.rebuild(ctx, []string{filepath.Join(src, "bad.non")})
	if _, state, _ := s.hub.subscribe(-1); state.Name != "ok" {
		t.Errorf("after the fix: state %s %v, want ok", state.Name, state.Data)
	}
	os.WriteFile(filepath.Join(src, "bad.non"), []byte("width 2\nheigth 1\nrows\n1\n0\ncolumns\n1\n0\n"), 0o644)
	s.rebuild(ctx, []string{filepath.Join(src, "bad.non")})
	if n := strings.Count(log.String(), "bad.non:2:1: error"); n != 2 {
		t.Errorf("a problem that comes back is logged %d times in all, want 2:\n%s", n, log.String())
	}
}

// A mistake in a collection's note leaves that collection out, not the
// site: the panel names the note's line, the other collections keep
// updating, and the collection comes back when the note is fixed.
func TestBrokenNoteDoesNotFreezeTheRest(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	for _, sub := range []string{"a", "b"} {
		os.MkdirAll(filepath.Join(src, sub), 0o755)
	}
	os.WriteFile(filepath.Join(src, "a", "dot.non"), []byte(dot), 0o644)
	os.WriteFile(filepath.Join(src, "b", "dots.non"), []byte(twoDots), 0o644)
	note := filepath.Join(src, "a", "_index.md")
	os.WriteFile(note, []byte("---\ntitle: Broken\n"), 0o644) // never closed
	s := builtServer(t, Config{Src: src, Out: out, Log: io.Discard})
	ctx := context.Background()
	_, state, _ := s.hub.subscribe(-1)
	data, _ := state.Data.(map[string]any)
	problems, _ := data["problems"].([]problem)
	if state.Name != "builderror" || len(problems) != 1 || problems[0].File != note || problems[0].Line != 1 {
		t.Fatalf("state %s %+v: want the note's mistake at its line", state.Name, state.Data)
	}
	if _, err := os.Stat(filepath.Join(out, "b", "dots", "index.html")); err != nil {
		t.Fatalf("the other collection was not published: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "a", "dot", "index.html")); err == nil {
		t.Error("the collection of the broken note was published")
	}
	os.WriteFile(filepath.Join(src, "b", "dots.non"), []byte(strings.Replace(twoDots, "Two Dots", "Edited dots", 1)), 0o644)
	s.rebuild(ctx, []string{filepath.Join(src, "b", "dots.non")})
	if page, _ := os.ReadFile(filepath.Join(out, "b", "dots", "index.html")); !strings.Contains(string(page), "Edited dots") {
		t.Error("an edit in another collection is not published while a note is broken")
	}
	os.WriteFile(note, []byte("---\ntitle: Fixed\n---\n"), 0o644)
	s.rebuild(ctx, []string{note})
	if _, state, _ := s.hub.subscribe(-1); state.Name != "ok" {
		t.Errorf("after the fix: state %s %v", state.Name, state.Data)
	}
	if page, err := os.ReadFile(filepath.Join(out, "a", "index.html")); err != nil || !strings.Contains(string(page), "Fixed") {
		t.Errorf("the fixed collection is not back: %v", err)
	}
}

// builtServer is a Server that has made its first build, without listening
// or watching: its tests call rebuild themselves.
func builtServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	b, err := newBuilder(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(cfg)
	s.builder = b
	s.rebuild(context.Background(), []string{})
	return s
}

// builtSite is the builtServer, logging nowhere, of a content tree of
// files (name: text).
func builtSite(t *testing.T, files map[string]string) *Server {
	t.Helper()
	dir := t.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	os.MkdirAll(src, 0o755)
	for name, text := range files {
		os.WriteFile(filepath.Join(src, name), []byte(text), 0o644)
	}
	return builtServer(t, Config{Src: src, Out: out, Log: io.Discard})
}

// TestBuiltLineCountsInWords: a rebuild's log line says "1 page" and "1
// file changed", not "1 files".
func TestBuiltLineCountsInWords(t *testing.T) {
	for _, c := range []struct {
		pages, changed int
		want           string
	}{
		{33, 1, "built in 6ms: 33 pages, 1 file changed"},
		{1, 7, "built in 6ms: 1 page, 7 files changed"},
		{6, 0, "built in 6ms: 6 pages, 0 files changed"},
	} {
		sum := build.Summary{Pages: c.pages, Changed: make([]string, c.changed)}
		if got := builtLine(6*time.Millisecond+200*time.Microsecond, sum); got != c.want {
			t.Errorf("builtLine = %q, want %q", got, c.want)
		}
	}
}

// TestDeferredWarningAtTheOutput: the deferred work failing is logged in
// the form of every warning, at the output folder it was for.
func TestDeferredWarningAtTheOutput(t *testing.T) {
	got := deferredWarning("public", errors.New("disk full")).Labelled()
	if want := "public: warning: deferred work (booklets, site-wide lists, caches) not done: disk full"; got != want {
		t.Errorf("logged %q, want %q", got, want)
	}
}

// TestServeKeepsAFileItTakesOver: a file of a user's own in the output
// folder at a path an edit makes the site write is kept beside it
// (public.nonopress-kept), as the log says, and stays there through the
// rebuilds that follow, which write over the back buffer within moments.
func TestServeKeepsAFileItTakesOver(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	os.MkdirAll(src, 0o755)
	puzzle := filepath.Join(src, "dot.non")
	os.WriteFile(puzzle, []byte(dot), 0o644)
	var log strings.Builder
	s := builtServer(t, Config{Src: src, Out: out, Log: &log})
	ctx := context.Background()
	s.rebuild(ctx, nil) // readies the back buffer
	if err := os.WriteFile(filepath.Join(out, "robots.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	robots := filepath.Join(src, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\n"), 0o644)
	s.rebuild(ctx, []string{robots})
	kept := filepath.Join(output.KeptName(out), "robots.txt")
	if !strings.Contains(log.String(), "yours is now at "+kept+",") {
		t.Errorf("the log does not say where the user's robots.txt is kept (%s):\n%s", kept, log.String())
	}
	for i, title := range []string{"Dot edited", "Dot again", "Dot once more"} {
		s.rebuild(ctx, nil)
		os.WriteFile(puzzle, []byte(strings.Replace(dot, `"Dot"`, `"`+title+`"`, 1)), 0o644)
		s.rebuild(ctx, []string{puzzle})
		if data, err := os.ReadFile(kept); err != nil || string(data) != "mine" {
			t.Fatalf("rebuild %d after the take-over: kept copy %q, %v", i+1, data, err)
		}
	}
	if data, err := os.ReadFile(filepath.Join(out, "robots.txt")); err != nil || string(data) != "User-agent: *\n" {
		t.Errorf("published robots.txt %q, %v: want the site's", data, err)
	}
}

// TestRebuildWarnsOfALinkToADeletedPuzzle: serve's rebuild after a puzzle
// two notes link is deleted logs each link with what to do, as build does,
// and guesses at no other puzzle.
func TestRebuildWarnsOfALinkToADeletedPuzzle(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "1.non"), []byte(dot), 0o644)
	os.WriteFile(filepath.Join(src, "1.md"), []byte("See [x](6.non).\n"), 0o644)
	os.WriteFile(filepath.Join(src, "README.md"), []byte("Also [six](6.non).\n"), 0o644)
	six := filepath.Join(src, "6.non")
	os.WriteFile(six, []byte(twoDots), 0o644)
	var log strings.Builder
	s := builtServer(t, Config{Src: src, Out: out, Log: &log})
	os.Remove(six)
	s.rebuild(context.Background(), []string{six})
	for _, note := range []string{"1.md", "README.md"} {
		want := filepath.Join(src, note) + ":1: warning: link to 6.non leads nowhere (remove the link, or restore 6.non; if it was renamed, link its new name)\n"
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log does not say\n%swhere it says\n%s", want, log.String())
		}
	}
}
