package validate

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// forgedCache writes a cache file holding entry for id, as anyone who can
// write the content tree could, and opens it.
func forgedCache(t *testing.T, id string, entry CacheEntry) *Cache {
	t.Helper()
	entry.Solver = solve.Version
	data, _ := json.Marshal(map[string]CacheEntry{id: entry})
	path := filepath.Join(t.TempDir(), "solver.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func cells(g *puzzle.Image) string { return base64.StdEncoding.EncodeToString(g.Cells) }

// A forged cache entry is not believed where the clues can refute it: the
// puzzle is solved again and gets its true verdict.
func TestForgedCacheEntriesAreRefuted(t *testing.T) {
	ctx := context.Background()
	black := []string{"#000000"}

	// Contradictory clues (no goal) claimed unique, with an image that fits
	// the rows: rows 3 and 0 against columns 2, 1 and 0 cells.
	broken := grid("###", "...")
	img := broken.Goal
	broken.Goal = nil
	broken.Cols = []puzzle.Line{{{Len: 2, Color: 1}}, {{Len: 1, Color: 1}}, {}}
	// A valid puzzle with a goal, claimed to have no solution.
	valid := grid("##.", "#..", "...")
	other := grid("###", "...", "...").Goal
	// Two-solution puzzle claimed multiple with one solution twice.
	multi := grid("#.", ".#")
	multi.Goal = nil

	for _, tc := range []struct {
		name  string
		p     *puzzle.Puzzle
		entry CacheEntry
		want  string
	}{
		{"unique with a solution against the clues", broken,
			CacheEntry{Verdict: "unique", Difficulty: "line", Width: 3, Height: 2, Solutions: []string{cells(img)}, Colors: black}, "none"},
		{"unique without its solution", valid,
			CacheEntry{Verdict: "unique", Difficulty: "line"}, "unique"},
		{"none for a puzzle whose goal fits", valid,
			CacheEntry{Verdict: "none"}, "unique"},
		{"unique with a solution other than the goal", valid,
			CacheEntry{Verdict: "unique", Difficulty: "line", Width: 3, Height: 3, Solutions: []string{cells(other)}, Colors: black}, "unique"},
		{"unique with an unknown difficulty", valid,
			CacheEntry{Verdict: "unique", Difficulty: "trivial", Width: 3, Height: 3, Solutions: []string{cells(valid.Goal)}, Colors: black}, "unique"},
		{"multiple with one solution twice", multi,
			CacheEntry{Verdict: "multiple", Width: 2, Height: 2, Solutions: []string{"AQAAAQ==", "AQAAAQ=="}, Colors: black}, "multiple"},
		{"a verdict the solver never gives", valid,
			CacheEntry{Verdict: "probably", Width: 3, Height: 3, Solutions: []string{cells(valid.Goal)}, Colors: black}, "unique"},
	} {
		r := Check(ctx, tc.p, Options{Cache: forgedCache(t, tc.p.ID(), tc.entry)})
		if r.Cached || r.Verdict != tc.want {
			t.Errorf("%s: cached %v, verdict %q; want solved again, %q", tc.name, r.Cached, r.Verdict, tc.want)
		}
	}
	// The honest entry, written by the solver, is still used.
	c := forgedCache(t, valid.ID(), CacheEntry{Verdict: "unique", Difficulty: "line", Width: 3, Height: 3,
		Solutions: []string{cells(valid.Goal)}, Colors: black})
	if r := Check(ctx, valid, Options{Cache: c}); !r.Cached || r.Verdict != "unique" {
		t.Errorf("honest entry: cached %v, verdict %q", r.Cached, r.Verdict)
	}
}
