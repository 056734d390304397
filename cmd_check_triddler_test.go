package main

import (
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/corpustest"
)

// TestCheckTriddlers checks the shared corpus's triddlers from the command
// line: each gets its size in triangles and a verdict. Their sources say
// nothing about uniqueness (pbnsolve cannot read triddlers); all three are
// unique by line logic.
func TestCheckTriddlers(t *testing.T) {
	corpustest.Dir(t)
	for f, size := range map[string]string{
		"number-loom/examples/triddler/blob.g":     "triddler, 96 cells",
		"number-loom/puzzles/wake_up.xml":          "triddler, 24 cells",
		"number-loom/puzzles/cut_and_polished.xml": "triddler, 96 cells",
	} {
		code, out, stderr := runCLI(t, "check", corpustest.Path(t, f))
		if code != 0 || !strings.Contains(out, size+", 1 colour: unique, solved line by line") {
			t.Errorf("check %s: exit %d\n%s%s", f, code, out, stderr)
		}
		code, out, _ = runCLI(t, "check", "-json", corpustest.Path(t, f))
		if code != 0 || !strings.Contains(out, `"kind":"triddler"`) || !strings.Contains(out, `"verdict":"unique"`) {
			t.Errorf("check -json %s: exit %d\n%s", f, code, out)
		}
	}
}
