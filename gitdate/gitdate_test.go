package gitdate

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nonopress/nonopress/internal/gittest"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadThrowawayRepository(t *testing.T) {
	gittest.Need(t)
	repo := t.TempDir()
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "init", "-q")
	content := filepath.Join(repo, "content")
	write(t, filepath.Join(content, "a", "one.non"), "1")
	write(t, filepath.Join(content, "two words.non"), "2")
	write(t, filepath.Join(repo, "outside.txt"), "x")
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "add", ".")
	gittest.Run(t, repo, "2024-01-02T03:04:05Z", "commit", "-qm", "first")
	write(t, filepath.Join(content, "a", "one.non"), "1 again")
	gittest.Run(t, repo, "2024-03-04T12:00:00+02:00", "commit", "-qam", "second")
	write(t, filepath.Join(content, "new.non"), "never committed")

	dates, err := Read(context.Background(), content)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{ // first, last
		"a/one.non":     {"2024-01-02T03:04:05Z", "2024-03-04T10:00:00Z"},
		"two words.non": {"2024-01-02T03:04:05Z", "2024-01-02T03:04:05Z"},
	}
	if len(dates) != len(want) {
		t.Errorf("dates for %d files, want %d: %v", len(dates), len(want), dates)
	}
	for name, w := range want {
		span := dates[name]
		if got := [2]string{span.First.Format(time.RFC3339), span.Last.Format(time.RFC3339)}; got != w {
			t.Errorf("%s: first and last %s, want %s", name, got, w)
		}
	}
	if Head(context.Background(), content) == "" {
		t.Error("no HEAD in a repository")
	}
}

func TestReadOutsideRepository(t *testing.T) {
	gittest.Need(t)
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	if _, err := Read(context.Background(), dir); !errors.Is(err, ErrNoGit) {
		t.Errorf("outside a repository: %v, want ErrNoGit", err)
	}
	if Head(context.Background(), dir) != "" {
		t.Error("a HEAD outside a repository")
	}
}

func TestParseBadDate(t *testing.T) {
	if _, err := parse([]byte("\x1eyesterday\x00\nx.non\x00")); err == nil {
		t.Error("a bad date was accepted")
	}
}

func TestLastOfFileAndNote(t *testing.T) {
	jan, feb := time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC), time.Date(2025, 2, 3, 0, 0, 0, 0, time.UTC)
	d := Dates{"a/p.non": {jan, jan}, "a/p.md": {jan, feb}, "b/q.non": {feb, feb}}
	dir := filepath.Join("site", "content")
	if got := d.Last(dir, filepath.Join(dir, "a", "p.non"), filepath.Join(dir, "a", "p.md")); !got.Equal(feb) {
		t.Errorf("file and note: %v, want the note's %v", got, feb)
	}
	if got := d.Last(dir, filepath.Join(dir, "a", "p.non"), ""); !got.Equal(jan) {
		t.Errorf("file without note: %v, want %v", got, jan)
	}
	if got := d.Last(dir, filepath.Join(dir, "c", "new.non")); !got.IsZero() {
		t.Errorf("uncommitted file: %v, want zero", got)
	}
	if got := d.First(dir, filepath.Join(dir, "a", "p.md")); !got.Equal(jan) {
		t.Errorf("the note's first commit: %v, want %v", got, jan)
	}
	if got := d.First(dir, ""); !got.IsZero() {
		t.Errorf("no file: %v, want zero", got)
	}
}
