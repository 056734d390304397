package serve

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/nonopress/nonopress/build/output"
)

// outputCheckEvery is how often serve looks whether its output folder is
// still there.
const outputCheckEvery = time.Second

// outputGone reports whether the output folder, or its marker, was deleted
// (rm -rf public while serve runs): every page answered 404, without the
// reload script, until the next edit.
func (s *Server) outputGone() bool {
	_, err := os.Stat(filepath.Join(s.cfg.Out, output.MarkerName))
	return errors.Is(err, fs.ErrNotExist)
}

// checkOutput builds the site again when its output folder was deleted.
// The log says so once, and once more when the build could not write it
// (a folder of someone else's files left in its place, which the build
// refuses to write into, its error logged once); the build is tried again
// at each check, quietly, until the log can say the folder is written.
// It printed "public was deleted: building the site again" every second
// until then.
func (s *Server) checkOutput(ctx context.Context) {
	if s.builder == nil { // never built: nothing was deleted
		return
	}
	gone := s.outputGone()
	if gone {
		if !s.outputLost {
			fmt.Fprintf(s.cfg.Log, "%s was deleted: building the site again\n", s.cfg.Out)
		}
		s.rebuild(ctx, []string{})
		if ctx.Err() != nil {
			return
		}
		gone = s.outputGone()
	}
	s.noteOutput(gone)
}

// checkHistory builds the site again when its puzzles are dated from git
// and the repository moved to another commit since the last build read
// their dates (build.Builder.HistoryMoved): committing an edit changes the
// puzzle's date, on its page and its booklet's cover, and no file. The
// site served kept the date of the edit's build, and differed from one
// built after the commit.
func (s *Server) checkHistory(ctx context.Context) {
	if s.builder == nil || !s.builder.HistoryMoved(ctx) {
		return
	}
	fmt.Fprintln(s.cfg.Log, "the repository is at another commit: dating the puzzles again")
	s.rebuild(ctx, []string{})
}

// firstBuild builds the site when serve starts. An output folder the
// build could not write (someone else's files in it) is tried again at
// each check, as one deleted meanwhile is, without saying it was deleted.
func (s *Server) firstBuild(ctx context.Context) {
	s.rebuild(ctx, []string{})
	if s.builder != nil && ctx.Err() == nil {
		s.noteOutput(s.outputGone())
	}
}

// noteOutput records whether the output folder is missing after a build,
// and logs when that changes: that it is not written yet, or written now.
func (s *Server) noteOutput(gone bool) {
	switch {
	case gone && !s.outputLost:
		fmt.Fprintf(s.cfg.Log, "%s is not written yet: serve tries again every %s and says when it is\n", s.cfg.Out, outputCheckEvery)
	case !gone && s.outputLost:
		fmt.Fprintf(s.cfg.Log, "%s is written now\n", s.cfg.Out)
	}
	s.outputLost = gone
}
