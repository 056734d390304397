package solve

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// pictured makes a one-colour puzzle from a picture ('1' filled).
func pictured(t *testing.T, rows ...string) (*puzzle.Puzzle, *puzzle.Image) {
	t.Helper()
	img := puzzle.NewImage(len(rows[0]), len(rows))
	for y, r := range rows {
		for x, ch := range r {
			if ch == '1' {
				img.Set(x, y, 1)
			}
		}
	}
	rs, cs := puzzle.CluesOf(img)
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: img.Width, Height: img.Height, Rows: rs, Cols: cs, Palette: puzzle.DefaultPalette()}, img
}

// replay applies every decided cell of a path to a fresh image, failing the
// test when a cell is decided twice.
func replay(t *testing.T, p *puzzle.Puzzle, path Path) (*puzzle.Image, int) {
	t.Helper()
	img := puzzle.NewImage(p.Width, p.Height)
	seen := make([]bool, len(img.Cells))
	n := 0
	for _, s := range path.Steps {
		for _, c := range s.Decided {
			i := c.Y*p.Width + c.X
			if seen[i] {
				t.Errorf("cell %d,%d decided twice", c.X, c.Y)
			}
			seen[i] = true
			img.Set(c.X, c.Y, c.Color)
			n++
		}
	}
	return img, n
}

func TestExplainLinePuzzle(t *testing.T) {
	p, img := pictured(t, "11.11", "11111", "11111", ".111.", "..1..")
	path, err := Explain(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if path.Probes != 0 || path.Search || path.LineSteps == 0 || path.LineSteps != len(path.Steps) {
		t.Fatalf("path of a line puzzle: %+v", path)
	}
	got, n := replay(t, p, path)
	if n != 25 || !got.Equal(img) {
		t.Errorf("path decides %d cells, picture equal %v", n, got.Equal(img))
	}
	if got, want := path.Steps[0].Describe(p), "row 1 (2,2): columns 1–2 filled, column 3 empty, columns 4–5 filled"; got != want {
		t.Errorf("first step says %q, want %q", got, want)
	}
	if s := path.Summary(); s != plural(path.LineSteps, "line step") {
		t.Errorf("summary %q", s)
	}
}

func TestExplainProbePuzzle(t *testing.T) {
	p, img := pictured(t, "..1..1", ".11.11", "1.1...", "...111", "....1.", ".1....")
	res, err := Solve(context.Background(), p)
	if err != nil || res.Difficulty != Probe {
		t.Fatalf("test puzzle: %+v %v", res, err)
	}
	path, err := Explain(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if path.Probes == 0 || path.Search {
		t.Fatalf("path of a probe puzzle: %d probes, search %v", path.Probes, path.Search)
	}
	got, n := replay(t, p, path)
	if n != 36 || !got.Equal(img) {
		t.Errorf("path decides %d cells, picture equal %v", n, got.Equal(img))
	}
	var probe Step
	for _, s := range path.Steps {
		if s.Kind == StepProbe {
			probe = s
			break
		}
	}
	if d := probe.Describe(p); !strings.HasPrefix(d, "probe row ") || !strings.Contains(d, "leads to a contradiction in ") {
		t.Errorf("probe step says %q", d)
	}
	if !strings.Contains(path.Summary(), "probe") {
		t.Errorf("summary %q", path.Summary())
	}
}

func TestExplainNeedsAGuess(t *testing.T) {
	p, _ := pictured(t, "1.", ".1") // two solutions: no technique decides a cell
	path, err := Explain(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	last := path.Steps[len(path.Steps)-1]
	if !path.Search || last.Kind != StepSearch || last.Unsolved != 4 {
		t.Fatalf("path %+v", path)
	}
	if got := last.Describe(p); got != "search: line logic and probing leave 4 cells open; a guess is needed" {
		t.Errorf("search step says %q", got)
	}
}

func TestExplainErrors(t *testing.T) {
	p, _ := pictured(t, "11", "..")
	p.Cols = []puzzle.Line{{}, {{Len: 2, Color: 1}}} // row 1 cannot be completed
	if _, err := Explain(context.Background(), p); !errors.Is(err, ErrNoSolution) {
		t.Errorf("contradicting clues: err = %v", err)
	}
	if _, err := Explain(context.Background(), &puzzle.Puzzle{Kind: puzzle.Triddler}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("triddler: err = %v", err)
	}
	big, _ := pictured(t, "1.", ".1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Explain(ctx, big); err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}
