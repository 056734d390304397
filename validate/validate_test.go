package validate

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// grid builds a one-colour puzzle from rows of '#' and '.', with the image as
// its goal.
func grid(rows ...string) *puzzle.Puzzle {
	g := puzzle.NewImage(len(rows[0]), len(rows))
	for y, r := range rows {
		for x, ch := range r {
			if ch == '#' {
				g.Set(x, y, 1)
			}
		}
	}
	rs, cs := puzzle.CluesOf(g)
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: g.Width, Height: g.Height, Rows: rs, Cols: cs,
		Palette: puzzle.DefaultPalette(), Goal: g, Meta: puzzle.Meta{License: "CC0-1.0"},
		Origin: puzzle.Origin{File: "t.non", Line: 3}}
}

func messages(ds []puzzle.Diagnostic) string {
	var s []string
	for _, d := range ds {
		s = append(s, d.Message)
	}
	return strings.Join(s, "; ")
}

func TestCheckVerdicts(t *testing.T) {
	ctx := context.Background()

	unique := Check(ctx, grid("##.", "#..", "..."), Options{})
	if unique.Verdict != "unique" || unique.Difficulty == "" || unique.HasErrors() || len(unique.Warnings) != 0 || unique.Solution == nil {
		t.Errorf("unique puzzle: %+v", unique)
	}

	multi := grid("#.", ".#")
	multi.Goal = nil
	r := Check(ctx, multi, Options{})
	if r.Verdict != "multiple" || len(r.Solutions) != 2 || !strings.Contains(messages(r.Warnings), "multiple solutions: two of them differ at column,row (1,1) (2,1) (1,2) (2,2)") {
		t.Errorf("multiple: verdict %q, warnings %q", r.Verdict, messages(r.Warnings))
	}
	if r.HasErrors() || r.Solution != nil {
		t.Errorf("multiple: errors %q, solution %v", messages(r.Errors), r.Solution)
	}

	none := grid("...", "...", "#.#")
	none.Goal = nil
	none.Cols = []puzzle.Line{nil, nil, {{Len: 1, Color: 1}, {Len: 1, Color: 1}}}
	r = Check(ctx, none, Options{})
	if r.Verdict != "none" || !strings.Contains(messages(r.Errors), "no solution") || r.Errors[0].Line != 3 {
		t.Errorf("none: verdict %q, errors %+v", r.Verdict, r.Errors)
	}

	contradicting := grid("##.", ".#.", ".##")
	contradicting.Goal.Set(2, 0, 1)
	r = Check(ctx, contradicting, Options{})
	if !strings.Contains(messages(r.Errors), "goal contradicts clues: the clue of row 1 is 2 but the goal gives 3") || r.Verdict != "" {
		t.Errorf("contradicting goal: verdict %q, errors %q", r.Verdict, messages(r.Errors))
	}

	malformed := grid("##.", ".#.", ".##")
	malformed.Rows[0] = puzzle.Line{{Len: 4, Color: 1}}
	r = Check(ctx, malformed, Options{})
	if !strings.Contains(messages(r.Errors), "row 1: clue 4 needs 4 cells but the puzzle is 3 cells wide") {
		t.Errorf("malformed: %q", messages(r.Errors))
	}

	unlicensed := grid("#")
	unlicensed.Meta.License = ""
	if r := Check(ctx, unlicensed, Options{}); !strings.Contains(messages(r.Warnings), "no license") || r.HasErrors() {
		t.Errorf("unlicensed: warnings %q errors %q", messages(r.Warnings), messages(r.Errors))
	}

	tri := &puzzle.Puzzle{Kind: puzzle.Triddler, Meta: puzzle.Meta{License: "MIT"}}
	if r := Check(ctx, tri, Options{}); r.Verdict != "" || !strings.Contains(messages(r.Errors), "triddler: no outline has these clue counts") {
		t.Errorf("triddler: %+v", r)
	}
}

func TestCacheAnswersTheSecondCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache", "solver.json")
	c, err := OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	p := grid("##.", "#..", "...")
	multi := grid("#.", ".#")
	multi.Goal = nil
	first := Check(context.Background(), p, Options{Cache: c})
	Check(context.Background(), multi, Options{Cache: c})
	if first.Cached || c.Len() != 2 {
		t.Fatalf("first check: cached %v, cache holds %d", first.Cached, c.Len())
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	// Written an entry at a time, the file is json.Marshal's bytes.
	saved, _ := os.ReadFile(path)
	if want, _ := json.Marshal(c.entries); !bytes.Equal(saved, want) {
		t.Errorf("saved cache:\n%s\nwant json.Marshal's:\n%s", saved, want)
	}

	reopened, err := OpenCache(path)
	if err != nil {
		t.Fatal(err)
	}
	second := Check(context.Background(), p, Options{Cache: reopened})
	if !second.Cached || second.Verdict != first.Verdict || second.Difficulty != first.Difficulty ||
		second.Effort != first.Effort || !second.Solution.Equal(first.Solution) {
		t.Errorf("second check: %+v, first %+v", second, first)
	}
	m := Check(context.Background(), multi, Options{Cache: reopened})
	if !m.Cached || m.Verdict != "multiple" || len(m.Solutions) != 2 {
		t.Errorf("cached multiple: %+v", m)
	}
}

func TestCacheRespectsVersionAndBudget(t *testing.T) {
	c, _ := OpenCache(filepath.Join(t.TempDir(), "c.json"))
	c.store("a", nil, time.Second, solve.Result{Verdict: solve.Unknown})
	if _, ok := c.lookup("a", nil, time.Second); !ok {
		t.Error("unknown verdict not reused with the same budget")
	}
	if _, ok := c.lookup("a", nil, 5*time.Second); ok {
		t.Error("unknown verdict reused with a larger budget")
	}
	c.entries["b"] = CacheEntry{Solver: "an older solver", Verdict: "none"}
	if _, ok := c.lookup("b", nil, time.Second); ok {
		t.Error("result of another solver version reused")
	}
}

func TestCorruptCacheStartsEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.json")
	c, _ := OpenCache(path)
	c.store("x", nil, time.Second, solve.Result{Verdict: solve.None})
	c.Save()
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := OpenCache(path)
	if err != nil || c.Len() != 0 {
		t.Errorf("corrupt cache: %v, %d entries", err, c.Len())
	}
}

// Two puzzles with the same clues by colour value share an id even when their
// palettes number the colours differently; a cached solution must come back in
// the asking puzzle's numbering.
func TestCacheRenumbersColoursByValue(t *testing.T) {
	c, _ := OpenCache(filepath.Join(t.TempDir(), "c.json"))
	plain := grid("##.", "#..", "...")
	multi := grid("##.", "#..", "...")
	blue := puzzle.Color{Char: 'b', Name: "blue", RGB: puzzle.RGB{B: 255}}
	black := multi.Palette[1]
	black.Char = 'k'
	multi.Palette = []puzzle.Color{multi.Palette[0], blue, black}
	for _, l := range append(multi.Rows, multi.Cols...) {
		for i := range l {
			l[i].Color = 2
		}
	}
	for i, v := range multi.Goal.Cells {
		if v != 0 {
			multi.Goal.Cells[i] = 2
		}
	}
	if plain.ID() != multi.ID() {
		t.Fatal("the two puzzles should share an id")
	}
	first := Check(context.Background(), plain, Options{Cache: c})
	second := Check(context.Background(), multi, Options{Cache: c})
	if !second.Cached || second.HasErrors() || !second.Solution.Equal(multi.Goal) {
		t.Errorf("cached solution in the wrong numbering: errors %q, cached %v", messages(second.Errors), second.Cached)
	}
	if first.Solution.Equal(second.Solution) {
		t.Error("the two solutions should differ in their palette indices")
	}
	// A palette holding one value twice cannot be renumbered: no cache use.
	multi.Palette[1].RGB = black.RGB
	if _, ok := c.lookup(multi.ID(), multi.Palette, time.Second); ok {
		t.Error("cache used for an ambiguous palette")
	}
}

func TestUnknownSaysWhatMaySettleIt(t *testing.T) {
	// A wide-open 30×30 grid and a budget already spent: unknown, and the
	// hint names the goal when the file has none and its format can say it.
	r := rand.New(rand.NewPCG(45, 30))
	img := puzzle.NewImage(30, 30)
	for i := range img.Cells {
		if r.Float64() < 0.45 {
			img.Cells[i] = 1
		}
	}
	for _, tc := range []struct {
		format string // the goal's syntax
		goal   *puzzle.Image
		want   string
	}{
		{"a goal line", nil, "add the picture as a goal line"},
		{"a <solution> element", nil, "add the picture as a <solution> element"},
		{"", nil, "give the solver more time with check -timeout"},
		{"a goal line", img, "give the solver more time with check -timeout"},
	} {
		p := grid(".")
		p.Width, p.Height = img.Width, img.Height
		p.Rows, p.Cols = puzzle.CluesOf(img)
		p.Goal, p.Origin.Syntax.Goal = tc.goal, tc.format
		rep := Check(context.Background(), p, Options{Timeout: time.Nanosecond})
		if rep.Verdict != "unknown" || len(rep.Warnings) != 1 {
			t.Fatalf("%s, goal %v: verdict %q, warnings %q", tc.format, tc.goal != nil, rep.Verdict, messages(rep.Warnings))
		}
		if w := rep.Warnings[0]; !strings.HasPrefix(w.Hint, tc.want) || !strings.Contains(w.Message, "uniqueness unknown") {
			t.Errorf("%s, goal %v: %q, hint %q, want one starting %q", tc.format, tc.goal != nil, w.Message, w.Hint, tc.want)
		}
		if w := rep.Warnings[0]; !strings.Contains(w.Hint, "solver_budget in a site's nonopress.toml") {
			t.Errorf("%s, goal %v: hint %q does not name a site's budget", tc.format, tc.goal != nil, w.Hint)
		}
	}
}
