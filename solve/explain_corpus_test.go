package solve

import (
	"context"
	"testing"
	"time"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// TestExplainAgreesWithSolveOnCorpus explains every unique puzzle of the
// shared corpus and checks the path against Solve: its decided cells are the
// solution, a Line puzzle's path has only line steps, and a path needs a
// guess only for a puzzle Solve grades search.
func TestExplainAgreesWithSolveOnCorpus(t *testing.T) {
	corpustest.Dir(t)
	var explained, agree int
	for _, e := range readOracle(t) {
		for _, p := range readCorpusPuzzles(t, e.path) {
			if p.Kind == puzzle.Triddler {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			res, err := Solve(ctx, p)
			cancel()
			if err != nil || res.Verdict != Unique {
				continue
			}
			ctx, cancel = context.WithTimeout(context.Background(), 20*time.Second)
			start := time.Now()
			path, err := Explain(ctx, p)
			cancel()
			if err != nil {
				t.Errorf("%s: %v", e.path, err)
				continue
			}
			explained++
			t.Logf("%s: %s, %s (%v)", e.path, res.Difficulty, path.Summary(), time.Since(start).Round(time.Millisecond))
			switch {
			case res.Difficulty == Line && (path.Probes > 0 || path.Search):
				t.Errorf("%s: a line puzzle's path: %s", e.path, path.Summary())
			case res.Difficulty != Line && path.Probes == 0 && !path.Search:
				t.Errorf("%s: graded %s, solved by line steps alone", e.path, res.Difficulty)
			case res.Difficulty == Search && !path.Search:
				t.Errorf("%s: graded search, the path needs no guess", e.path)
			case res.Difficulty == Probe && path.Search:
				// Explain probes for contradictions only; Solve also narrows
				// a cell that every surviving branch narrows alike.
				t.Logf("%s: graded probe, the path needs a guess", e.path)
			default:
				agree++
			}
			if !path.Search {
				img := puzzle.NewImage(p.Width, p.Height)
				for _, s := range path.Steps {
					for _, c := range s.Decided {
						img.Set(c.X, c.Y, c.Color)
					}
				}
				if !img.Equal(res.Solutions[0]) {
					t.Errorf("%s: the path's cells are not the solution", e.path)
				}
			}
		}
	}
	t.Logf("%d unique puzzles explained, %d agree with their grade", explained, agree)
	if explained == 0 {
		t.Error("no puzzle explained")
	}
}
