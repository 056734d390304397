package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/nonopress/nonopress/internal/treefile"
)

// watchOptions tune a watch.
type watchOptions struct {
	// Debounce is how long the tree must stay quiet after an event before the
	// batch of changes is reported (a trailing debounce).
	Debounce time.Duration
	// Poll forces polling instead of file-system notifications; PollEvery is
	// the polling period.
	Poll      bool
	PollEvery time.Duration
	// Skip reports paths (files or folders) whose changes do not matter, such
	// as the output folder when it lies inside the tree.
	Skip func(path string) bool
	Log  io.Writer
	// startNotify starts the inotify watcher; tests replace it to simulate
	// the system's limits. Nil means newNotifyWatcher.
	startNotify func(root string, opt watchOptions) (*notifyWatcher, error)
}

// watch reports batches of changed paths under root until ctx is done. It
// watches folders, not files, adds new subfolders as they appear and drops
// removed ones. When the system's inotify limits are hit it says so and falls
// back to polling.
func watch(ctx context.Context, root string, opt watchOptions) (<-chan []string, error) {
	if opt.Debounce <= 0 {
		opt.Debounce = 20 * time.Millisecond
	}
	if opt.PollEvery <= 0 {
		opt.PollEvery = 300 * time.Millisecond
	}
	if opt.Skip == nil {
		opt.Skip = func(string) bool { return false }
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	out := make(chan []string)
	if opt.startNotify == nil {
		opt.startNotify = newNotifyWatcher
	}
	if !opt.Poll {
		w, err := opt.startNotify(root, opt)
		if err == nil {
			go w.run(ctx, out)
			return out, nil
		}
		if !isLimitError(err) {
			return nil, err
		}
		fmt.Fprintf(opt.Log, "watch: %v: the system's inotify limit is reached (raise fs.inotify.max_user_watches); polling every %s instead\n", err, opt.PollEvery)
	}
	p := &poller{root: root, opt: opt}
	p.last = p.snapshot()
	go p.run(ctx, out)
	return out, nil
}

// isLimitError reports whether err means inotify ran out of watches or
// instances.
func isLimitError(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// skipDir reports whether a folder is left out of the watch: hidden folders
// (.git, the solver cache) and whatever the options skip.
func skipDir(root, path string, opt watchOptions) bool {
	if path != root && strings.HasPrefix(filepath.Base(path), ".") {
		return true
	}
	return opt.Skip(path)
}

// notifyWatcher turns fsnotify's events into debounced batches.
type notifyWatcher struct {
	root string
	opt  watchOptions
	fsw  *fsnotify.Watcher
	// dirs are the folders watched, by path: fsnotify drops the watch of
	// one renamed away by itself, at an event that may come first.
	dirs map[string]bool
}

func newNotifyWatcher(root string, opt watchOptions) (*notifyWatcher, error) {
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &notifyWatcher{root: root, opt: opt, fsw: fsw, dirs: map[string]bool{}}
	if _, err := w.addTree(root); err != nil {
		fsw.Close()
		return nil, err
	}
	return w, nil
}

// addTree watches dir and every folder below it, and returns the files found,
// so that files created together with a new folder are not missed.
func (w *notifyWatcher) addTree(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == dir {
				return err
			}
			return nil // vanished meanwhile
		}
		if !d.IsDir() {
			files = append(files, path)
			return nil
		}
		if skipDir(w.root, path, w.opt) {
			return filepath.SkipDir
		}
		if err := w.fsw.Add(path); err != nil {
			return err
		}
		w.dirs[path] = true
		return nil
	})
	return files, err
}

func (w *notifyWatcher) run(ctx context.Context, out chan<- []string) {
	defer close(out)
	defer w.fsw.Close()
	pending := map[string]bool{}
	held := false // the batch waited once for a file emptied (emptyHold)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			fmt.Fprintf(w.opt.Log, "watch: %v\n", err)
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			// A folder renamed away or removed is content whatever its
			// name ("old.bak": see ignored), gone from where it was.
			if folder := ev.Has(fsnotify.Rename|fsnotify.Remove) && w.forget(ev.Name); !folder && !w.relevant(ev) {
				continue
			}
			pending[ev.Name] = true
			if ev.Has(fsnotify.Create) {
				if info, err := os.Lstat(ev.Name); err == nil && info.IsDir() && !skipDir(w.root, ev.Name, w.opt) {
					files, err := w.addTree(ev.Name)
					if err != nil {
						fmt.Fprintf(w.opt.Log, "watch: %s: %v\n", ev.Name, err)
					}
					for _, f := range files {
						pending[f] = true
					}
				}
			}
			timer.Reset(w.opt.Debounce)
		case <-timer.C:
			if !held && anyEmpty(pending) {
				held = true
				timer.Reset(emptyHold)
				continue
			}
			held = false
			batch := sortedKeys(pending)
			clear(pending)
			select {
			case out <- batch:
			case <-ctx.Done():
				return
			}
		}
	}
}

// emptyHold is how long a batch that holds an empty file waits, once, for
// more: an editor that saves in place empties the file, then writes it,
// and when the two come further apart than the debounce (a loaded
// machine, a large file) the build read the file empty, said "empty file:
// no puzzle in it", left the puzzle out, and put it back a moment later.
const emptyHold = 250 * time.Millisecond

// anyEmpty reports whether one of the paths is an empty regular file.
func anyEmpty(paths map[string]bool) bool {
	for p := range paths {
		if info, err := os.Lstat(p); err == nil && info.Mode().IsRegular() && info.Size() == 0 {
			return true
		}
	}
	return false
}

// forget stops watching a folder renamed away or removed, and the folders
// below it (a file's name is not watched: nothing to do). fsnotify would
// keep their watches under their old names, as the kernel gives a folder
// one watch whatever its names: events in them named paths that no longer
// exist, and the folder's own watch was dropped once the kernel said it
// moved, by then the watch Create added for its new name, so edits in a
// renamed folder were missed. Forgotten first, the new names get watches
// of their own. It reports whether path was a folder watched.
func (w *notifyWatcher) forget(path string) bool {
	if !w.dirs[path] {
		return false
	}
	for d := range w.dirs {
		if _, in := treefile.Inside(path, d); !in {
			continue
		}
		delete(w.dirs, d)
		// fsnotify may have dropped the watch already.
		if err := w.fsw.Remove(d); err != nil && !errors.Is(err, fsnotify.ErrNonExistentWatch) {
			fmt.Fprintf(w.opt.Log, "watch: %s: %v\n", d, err)
		}
	}
	return true
}

// relevant drops chmod-only events, editor temp files and skipped paths.
func (w *notifyWatcher) relevant(ev fsnotify.Event) bool {
	if ev.Op == fsnotify.Chmod || ignored(ev.Name) || w.opt.Skip(ev.Name) {
		return false
	}
	rel, err := filepath.Rel(w.root, ev.Name)
	if err != nil {
		return false
	}
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		if strings.HasPrefix(part, ".") && part != "." {
			return false
		}
	}
	return true
}

// poller finds changes by walking the tree and comparing sizes and times.
type poller struct {
	root string
	opt  watchOptions
	last map[string]fileStamp
}

type fileStamp struct {
	size int64
	mod  time.Time
	dir  bool
}

func (p *poller) snapshot() map[string]fileStamp {
	m := map[string]fileStamp{}
	filepath.WalkDir(p.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && skipDir(p.root, path, p.opt) {
			return filepath.SkipDir
		}
		// ignored's test, with the walk's own word on folders (no stat).
		if !d.IsDir() && (ignoredName(d.Name()) || strings.HasPrefix(d.Name(), ".")) {
			return nil
		}
		if info, err := d.Info(); err == nil {
			m[path] = fileStamp{info.Size(), info.ModTime(), d.IsDir()}
		}
		return nil
	})
	return m
}

func (p *poller) run(ctx context.Context, out chan<- []string) {
	defer close(out)
	tick := time.NewTicker(p.opt.PollEvery)
	defer tick.Stop()
	changed := map[string]bool{}
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		p.changes(changed)
		if len(changed) == 0 {
			continue
		}
		// A file emptied and not yet written again waits, once, as the
		// notify watcher's batch does (emptyHold).
		if anyEmpty(changed) {
			select {
			case <-ctx.Done():
				return
			case <-time.After(emptyHold):
			}
			p.changes(changed)
		}
		select {
		case out <- sortedKeys(changed):
		case <-ctx.Done():
			return
		}
		clear(changed)
	}
}

// changes walks the tree again and adds to changed the paths that are new,
// gone or changed since the last walk.
func (p *poller) changes(changed map[string]bool) {
	now := p.snapshot()
	for path, st := range now {
		if old, ok := p.last[path]; !ok || (!st.dir && old != st) {
			changed[path] = true
		}
	}
	for path := range p.last {
		if _, ok := now[path]; !ok {
			changed[path] = true
		}
	}
	p.last = now
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
