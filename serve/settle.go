package serve

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"time"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/build/output"
)

// settleTries bounds how many times a build that a vanishing file failed
// is run.
const settleTries = 3

// busyWait and busyTries say how long a build that found another writing
// the output folder waits before it runs again, and how many times: a
// second serve on the same folder, which builds the same edit, is done in
// a moment.
const (
	busyWait  = 100 * time.Millisecond
	busyTries = 50
)

// settled runs a build again when it failed because a source file it had
// listed was gone by the time it read it (a git checkout, stash or rm -r
// in progress): the next run lists the tree as it is now. The author saw
// "error: ...: read note: stat ...: no such file or directory", in the log
// and the page's panel, for a file they had not touched, right before the
// next build put it right. An error about a file that is still there (a
// link to nothing) is reported at once.
//
// A build that found another writing the output folder (two serves on one
// site: each failed the other's builds with "another build is writing
// it") runs again once that one is done; waited says so, as what this one
// changed the other may have written. waiting is called once, when it
// starts to wait, so that the log can say why the build takes a while.
func settled(ctx context.Context, run func() (build.Summary, error), waiting func()) (sum build.Summary, waited bool, err error) {
	vanishedTries, busy := 0, 0
	for {
		sum, err = run()
		switch {
		case err == nil:
			return sum, busy > 0, nil
		case errors.Is(err, output.ErrBusy) && busy < busyTries:
			if busy == 0 {
				waiting()
			}
			busy++
			select {
			case <-ctx.Done():
				return sum, true, err
			case <-time.After(busyWait):
			}
		case vanished(err) && vanishedTries < settleTries-1:
			vanishedTries++
		default:
			return sum, busy > 0, err
		}
	}
}

// vanished reports whether err is about a file that no longer exists.
func vanished(err error) bool {
	var pe *fs.PathError
	if !errors.As(err, &pe) || !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	_, err = os.Lstat(pe.Path)
	return errors.Is(err, fs.ErrNotExist)
}
