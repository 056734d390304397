package serve

import (
	"errors"
	"io/fs"
	"os"

	"github.com/nonopress/nonopress/build"
)

// settleTries bounds how many times a build that a vanishing file failed
// is run.
const settleTries = 3

// settled runs a build again when it failed because a source file it had
// listed was gone by the time it read it (a git checkout, stash or rm -r
// in progress): the next run lists the tree as it is now. The author saw
// "error: ...: read note: stat ...: no such file or directory", in the log
// and the page's panel, for a file they had not touched, right before the
// next build put it right. An error about a file that is still there (a
// link to nothing) is reported at once.
func settled(run func() (build.Summary, error)) (build.Summary, error) {
	for try := 1; ; try++ {
		sum, err := run()
		if err == nil || try == settleTries || !vanished(err) {
			return sum, err
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
