package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/solve"
)

// explainFiles prints the solving path of every puzzle in files, for
// `check -explain`: a header with the path's summary, then one numbered line
// per step (solve.Explain, Step.Describe). A file that cannot be read was
// reported by check already and is skipped; a puzzle the solver cannot work
// on, or whose budget runs out, says so in its header.
func explainFiles(ctx context.Context, w io.Writer, files []string, timeout time.Duration) error {
	for _, file := range files {
		puzzles, _ := formats.ReadFile(file) // errors are check's to report
		for _, p := range puzzles {
			pctx, cancel := context.WithTimeout(ctx, timeout)
			path, err := solve.Explain(pctx, p)
			cancel()
			name, title := file, cmp.Or(p.Meta.Title, "(untitled)")
			if len(puzzles) > 1 {
				name = fmt.Sprintf("%s #%d", file, p.Origin.Index+1) // as check's line names it
			}
			head := fmt.Sprintf("path of %s %q: ", name, title)
			switch {
			case errors.Is(err, context.DeadlineExceeded):
				head += fmt.Sprintf("stopped after %s (budget %s spent)", path.Summary(), timeout)
			case err != nil:
				head += "not explained: " + err.Error()
			default:
				head += path.Summary()
			}
			if _, err := fmt.Fprintln(w, head); err != nil {
				return err
			}
			for i, s := range path.Steps {
				if _, err := fmt.Fprintf(w, "  %d. %s\n", i+1, s.Describe(p)); err != nil {
					return err
				}
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
	}
	return nil
}
