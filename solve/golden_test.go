package solve

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestCorpusGolden pins every result on the corpus (verdict, difficulty,
// effort) in testdata/corpus.golden. When it fails after a change to the
// solver, the change alters results: check the new ones, regenerate with
// -update, and bump Version so that cached results are recomputed.
func TestCorpusGolden(t *testing.T) {
	corpustest.Dir(t)
	var b bytes.Buffer
	fmt.Fprintf(&b, "# solver version %s: path [index]: verdict difficulty effort\n", Version)
	for _, e := range readOracle(t) {
		for i, p := range readCorpusPuzzles(t, e.path) {
			if p.Kind == puzzle.Triddler {
				fmt.Fprintf(&b, "%s %d: triddler\n", e.path, i)
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			res, err := Solve(ctx, p)
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", e.path, err)
			}
			if res.Verdict == Unknown {
				t.Fatalf("%s: budget ran out", e.path)
			}
			fmt.Fprintf(&b, "%s %d: %s %s %d\n", e.path, i, res.Verdict, res.Difficulty, res.Effort)
		}
	}
	golden := filepath.Join("testdata", "corpus.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, b.Bytes()) {
		got, wantLines := bytes.Split(b.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range min(len(got), len(wantLines)) {
			if !bytes.Equal(got[i], wantLines[i]) {
				t.Errorf("line %d: got %q, want %q", i+1, got[i], wantLines[i])
				break
			}
		}
		t.Errorf("results differ from %s (%d vs %d lines); run with -update after checking", golden, len(got), len(wantLines))
	}
}
