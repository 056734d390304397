package serve

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/build/output"
)

// TestSettledRunsAgainForAFileThatVanished: a build failed by a source
// file deleted while it ran, or by another build writing the output
// folder, is run again, not reported; one failed by a file still there,
// or by anything else, is reported at once.
func TestSettledRunsAgainForAFileThatVanished(t *testing.T) {
	dir := t.TempDir()
	gone, there := filepath.Join(dir, "gone.md"), filepath.Join(dir, "link.non")
	os.Symlink(filepath.Join(dir, "nowhere"), there) // a dangling link stays
	failOn := func(path string) error {
		return &build.SourceError{File: path, Err: fmt.Errorf("read note: %w", &fs.PathError{Op: "stat", Path: path, Err: fs.ErrNotExist})}
	}
	for _, c := range []struct {
		name  string
		first error
		runs  int
		fails bool
	}{
		{"vanished", failOn(gone), 2, false},
		{"still there", failOn(there), 1, true},
		{"other error", errors.New("disk full"), 1, true},
		{"output busy", fmt.Errorf("output folder x: %w", output.ErrBusy), 2, false},
	} {
		runs := 0
		_, _, err := settled(context.Background(), func() (build.Summary, error) {
			runs++
			if runs == 1 {
				return build.Summary{}, c.first
			}
			return build.Summary{}, nil
		}, func() {})
		if runs != c.runs || (err != nil) != c.fails {
			t.Errorf("%s: %d runs, error %v; want %d runs, failed %v", c.name, runs, err, c.runs, c.fails)
		}
	}
	runs := 0
	if _, _, err := settled(context.Background(), func() (build.Summary, error) { runs++; return build.Summary{}, failOn(gone) }, func() {}); err == nil || runs != settleTries {
		t.Errorf("a file gone at every run: %d runs, error %v; want %d runs and the error", runs, err, settleTries)
	}
}

// TestEditReloadAfterAnotherBuild: an edit's build that changed nothing
// after waiting for another build of the output folder, which wrote the
// edit, reloads every page; one that did not wait reloads none, and one
// that changed pages those.
func TestEditReloadAfterAnotherBuild(t *testing.T) {
	for _, c := range []struct {
		changed []string
		waited  bool
		want    string
	}{
		{nil, true, "reload map[all:true]"},
		{nil, false, "none"},
		{[]string{"dot/index.html"}, true, "reload map[paths:[/dot/index.html]]"},
	} {
		got := "none"
		if ev, ok := editReload(build.Summary{Changed: c.changed}, c.waited); ok {
			got = fmt.Sprint(ev.Name, " ", ev.Data)
		}
		if got != c.want {
			t.Errorf("changed %v, waited %v: %s, want %s", c.changed, c.waited, got, c.want)
		}
	}
}
