package solve

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// oracleEntry is one line of oracle.tsv: a corpus file and pbnsolve's verdict.
type oracleEntry struct {
	path    string
	verdict string
}

func readOracle(t testing.TB) []oracleEntry {
	t.Helper()
	f, err := os.Open(corpustest.Path(t, "oracle.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []oracleEntry
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 2 {
			continue
		}
		out = append(out, oracleEntry{cols[0], cols[1]})
	}
	return out
}

// expectedVerdict maps pbnsolve's verdict to ours; "" when it gave none.
func expectedVerdict(pbnsolve string) Verdict {
	switch pbnsolve {
	case "unique logical", "trivial unique logical", "unique":
		return Unique
	case "multiple":
		return Multiple
	}
	return ""
}

// readCorpusPuzzles reads the puzzles of one corpus file.
func readCorpusPuzzles(t testing.TB, rel string) []*puzzle.Puzzle {
	t.Helper()
	ps, err := formats.ReadFile(corpustest.Path(t, rel))
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return ps
}

func TestCorpusMatchesPbnsolve(t *testing.T) {
	corpustest.Dir(t)
	for _, e := range readOracle(t) {
		ps := readCorpusPuzzles(t, e.path)
		if len(ps) == 0 {
			t.Errorf("%s: no puzzle read", e.path)
		}
		for _, p := range ps {
			if p.Kind == puzzle.Triddler {
				// No oracle reads triddlers: each must get a definite verdict.
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				res, err := Solve(ctx, p)
				cancel()
				if err != nil || res.Verdict == Unknown {
					t.Errorf("%s: triddler gave %v, %v; want a definite verdict", e.path, res.Verdict, err)
				}
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			res, err := Solve(ctx, p)
			cancel()
			if err != nil {
				t.Errorf("%s: %v", e.path, err)
				continue
			}
			want := expectedVerdict(e.verdict)
			t.Logf("%s: %s %s effort %d (pbnsolve: %s) %+v", e.path, res.Verdict, res.Difficulty, res.Effort, e.verdict, res.Stats)
			if want != "" && res.Verdict != want {
				t.Errorf("%s: verdict %s, pbnsolve says %s", e.path, res.Verdict, e.verdict)
			}
			checkResult(t, e.path, p, res)
		}
	}
}

// checkResult checks what any result must satisfy: solutions that fit the
// clues, as many as the verdict says, and the goal when the puzzle is unique.
func checkResult(t testing.TB, name string, p *puzzle.Puzzle, res Result) {
	t.Helper()
	wantN := map[Verdict]int{Unique: 1, Multiple: 2}[res.Verdict]
	if len(res.Solutions) != wantN {
		t.Errorf("%s: %s with %d solutions", name, res.Verdict, len(res.Solutions))
		return
	}
	for _, s := range res.Solutions {
		if !p.Satisfies(s) {
			t.Errorf("%s: a solution does not satisfy the clues", name)
		}
	}
	if res.Verdict == Multiple && res.Solutions[0].Equal(res.Solutions[1]) {
		t.Errorf("%s: the two solutions are the same", name)
	}
	if res.Verdict == Unique {
		if res.Difficulty == "" || res.Effort <= 0 {
			t.Errorf("%s: unique without difficulty or effort: %q %d", name, res.Difficulty, res.Effort)
		}
		if p.Goal != nil && !p.Goal.Equal(res.Solutions[0]) {
			t.Errorf("%s: unique solution differs from the goal", name)
		}
	} else if res.Difficulty != "" || res.Effort != 0 {
		t.Errorf("%s: %s with difficulty %q effort %d", name, res.Verdict, res.Difficulty, res.Effort)
	}
}
