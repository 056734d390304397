package serve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestIgnored(t *testing.T) {
	for _, name := range []string{"a.non~", ".a.non.swp", ".a.non.swo", ".a.non.swx", "4913", ".#a.non", "#a.non#", "x.tmp", ".goutputstream-ABC12", "a.non___jb_tmp___", "a.non.bak", "a.non.orig", "a.non.rej", "notes.md.orig", "sedK1rPMn"} {
		if !ignored(filepath.Join("content", name)) {
			t.Errorf("%s is not ignored", name)
		}
	}
	for _, name := range []string{"a.non", "README.md", "4914", "tmp.non", "sed123.non", "sedABC12.non", "sediments", "sed-1a2b3"} {
		if ignored(filepath.Join("content", name)) {
			t.Errorf("%s is ignored", name)
		}
	}
	// A folder whose name sed could have written, or any of those names
	// ("old.bak"), is content: its Create event must add its watch.
	dir := t.TempDir()
	for _, name := range []string{"sedSpring", "old.bak", "x~", "draft.tmp", "v1.orig"} {
		folder := filepath.Join(dir, name)
		if err := os.Mkdir(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		if ignored(folder) {
			t.Errorf("the folder %s is ignored", folder)
		}
	}
}

// TestInOutput: with the output folder inside the content tree, the watch
// skips it and the folder beside it where the build keeps a user's files
// it takes over, and nothing else (not a folder whose name starts the
// same).
func TestInOutput(t *testing.T) {
	src := t.TempDir()
	skip := inOutput(filepath.Join(src, "public"))
	for _, rel := range []string{"public", "public/a/index.html", "public.nonopress-kept", "public.nonopress-kept/robots.txt"} {
		if !skip(filepath.Join(src, filepath.FromSlash(rel))) {
			t.Errorf("%s is watched", rel)
		}
	}
	for _, rel := range []string{".", "a.non", "publications/a.non", "public.nonopress-keptx/a.non"} {
		if skip(filepath.Join(src, filepath.FromSlash(rel))) {
			t.Errorf("%s is skipped", rel)
		}
	}
	// An output folder at the top of the file system holds every path
	// (a path of it does not start with its name and another separator).
	top := string(filepath.Separator)
	if p := filepath.Join(src, "a.non"); !inOutput(top)(p) {
		t.Errorf("with the output folder at %s, %s is watched", top, p)
	}
}

// nextBatch waits for a batch containing want, with a deadline.
func nextBatch(t *testing.T, batches <-chan []string, want string) []string {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case b, ok := <-batches:
			if !ok {
				t.Fatalf("watch stopped before reporting %s", want)
			}
			if slices.Contains(b, want) {
				return b
			}
		case <-deadline:
			t.Fatalf("no batch with %s within 5s", want)
		}
	}
}

func testWatch(t *testing.T, poll bool) {
	root := t.TempDir()
	write := func(rel, data string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	puzzle := write("a.non", "width 1\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	batches, err := watch(ctx, root, watchOptions{Poll: poll, PollEvery: 20 * time.Millisecond, Debounce: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("edit", func(t *testing.T) {
		write("a.non", "width 2\n")
		nextBatch(t, batches, puzzle)
	})
	t.Run("atomic rename save", func(t *testing.T) {
		tmp := write(".a.non.swp", "width 3\nheight 3\n")
		if err := os.Rename(tmp, puzzle); err != nil {
			t.Fatal(err)
		}
		b := nextBatch(t, batches, puzzle)
		if slices.Contains(b, tmp) {
			t.Errorf("batch %v has the editor's temp file", b)
		}
	})
	t.Run("new subfolder", func(t *testing.T) {
		p := write("sub/deeper/b.non", "width 1\n")
		nextBatch(t, batches, p)
		// The new folder is watched too: a later edit in it is seen.
		write("sub/deeper/b.non", "width 2\n")
		nextBatch(t, batches, p)
	})
	t.Run("chmod only and temp files are dropped", func(t *testing.T) {
		if err := os.Chmod(puzzle, 0o600); err != nil {
			t.Fatal(err)
		}
		write("notes~", "backup")
		marker := write("marker.md", "x")
		b := nextBatch(t, batches, marker)
		if slices.Contains(b, filepath.Join(root, "notes~")) {
			t.Errorf("batch %v has an editor backup", b)
		}
		if !poll && slices.Contains(b, puzzle) {
			t.Errorf("batch %v has a chmod-only change", b)
		}
	})
	t.Run("renamed folder", func(t *testing.T) {
		// mv sub moved (or git mv): the folder and the one below it stay
		// watched under their new names, and say so for edits in them.
		write("sub/c.non", "width 1\n")
		nextBatch(t, batches, filepath.Join(root, "sub", "c.non"))
		if err := os.Rename(filepath.Join(root, "sub"), filepath.Join(root, "moved")); err != nil {
			t.Fatal(err)
		}
		nextBatch(t, batches, filepath.Join(root, "moved", "c.non"))
		for _, rel := range []string{"moved/c.non", "moved/deeper/b.non"} {
			p := write(rel, "width 3\n")
			nextBatch(t, batches, p)
		}
		if err := os.Rename(filepath.Join(root, "moved"), filepath.Join(root, "sub")); err != nil {
			t.Fatal(err)
		}
		nextBatch(t, batches, filepath.Join(root, "sub", "deeper", "b.non"))
		p := write("sub/c.non", "width 4\n")
		nextBatch(t, batches, p)
	})
	t.Run("folder with a backup's name", func(t *testing.T) {
		// The build reads the puzzles in a folder named old.bak: it is
		// watched, and its renaming away is said.
		p := write("old.bak/e.non", "width 1\n")
		nextBatch(t, batches, p)
		write("old.bak/e.non", "width 2\n")
		nextBatch(t, batches, p)
		if err := os.Rename(filepath.Join(root, "old.bak"), filepath.Join(t.TempDir(), "away")); err != nil {
			t.Fatal(err)
		}
		nextBatch(t, batches, filepath.Join(root, "old.bak"))
	})
	t.Run("removal", func(t *testing.T) {
		p := filepath.Join(root, "sub", "deeper", "b.non")
		if err := os.RemoveAll(filepath.Join(root, "sub")); err != nil {
			t.Fatal(err)
		}
		nextBatch(t, batches, p)
	})
}

func TestWatchNotify(t *testing.T) { testWatch(t, false) }
func TestWatchPoll(t *testing.T)   { testWatch(t, true) }

// TestWatchWaitsForAFileEmptiedThenWritten: a file saved in place is
// emptied, then written; the batch waits for the write when it comes after
// the debounce, where the build read the file empty and left the puzzle
// out for a moment. The polling watcher (-poll) waits as the notify one
// does: it told the batch at its next walk of the tree, and the build said
// "empty file: no puzzle in it".
func TestWatchWaitsForAFileEmptiedThenWritten(t *testing.T) {
	t.Run("notify", func(t *testing.T) { testEmptiedThenWritten(t, false) })
	t.Run("poll", func(t *testing.T) { testEmptiedThenWritten(t, true) })
}

func testEmptiedThenWritten(t *testing.T, poll bool) {
	root := t.TempDir()
	puzzle := filepath.Join(root, "a.non")
	os.WriteFile(puzzle, []byte("width 1\n"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	batches, err := watch(ctx, root, watchOptions{Debounce: 10 * time.Millisecond, Poll: poll, PollEvery: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// The size the file has when each batch is told, as the build reads it.
	sizes := make(chan int64, 16)
	go func() {
		for b := range batches {
			if slices.Contains(b, puzzle) {
				info, _ := os.Stat(puzzle)
				sizes <- info.Size()
			}
		}
	}()
	f, err := os.OpenFile(puzzle, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(40 * time.Millisecond) // the editor writes after the debounce
	f.WriteString("width 2\n")
	f.Close()
	select {
	case size := <-sizes:
		if size == 0 {
			t.Error("the batch was told while the file was empty, before the editor wrote it")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no batch within 5 s")
	}
}

func TestWatchFallsBackToPollingAtInotifyLimit(t *testing.T) {
	root := t.TempDir()
	var log strings.Builder
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	batches, err := watch(ctx, root, watchOptions{
		Log: &log, PollEvery: 20 * time.Millisecond,
		startNotify: func(string, watchOptions) (*notifyWatcher, error) {
			return nil, fmt.Errorf("add %s: %w", root, syscall.ENOSPC)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "inotify limit") || !strings.Contains(log.String(), "polling") {
		t.Errorf("no word of the fallback: %q", log.String())
	}
	p := filepath.Join(root, "new.non")
	os.WriteFile(p, []byte("x"), 0o644)
	nextBatch(t, batches, p)

	// Any other error is reported, not papered over.
	_, err = watch(ctx, root, watchOptions{startNotify: func(string, watchOptions) (*notifyWatcher, error) {
		return nil, syscall.EACCES
	}})
	if err == nil {
		t.Error("a permission error fell back to polling silently")
	}
}
