package templates

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// TestPlayBlots plays a grid whose clues are all blots: each clue shows a
// "?", screen readers hear "blotted", the coach offers Hint (and no Check:
// the puzzle has two solutions) and says a guess is needed, and two
// different pictures that fit the clues both complete the puzzle.
func TestPlayBlots(t *testing.T) {
	blot := puzzle.Line{{Color: 1, Blot: true}}
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 2, Height: 2, Palette: puzzle.DefaultPalette(),
		Rows: []puzzle.Line{blot, blot}, Cols: []puzzle.Line{blot, blot}}
	site := newTestSite(t)
	url := site.put(t, "/blots/all/", p, "All blots")
	ctx := browsertest.New(t)
	open(t, ctx, url)
	if got := eval[string](t, ctx, `Array.from(document.querySelectorAll('#np-play .np-clue-blot')).map(e => e.textContent).join('')`); got != "????" {
		t.Errorf("blotted clues show %q, want ????", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('#np-play .np-rowclue').getAttribute('aria-label')`); got != "Row 1 clue: blotted" {
		t.Errorf("row 1's label is %q", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play .np-hint-button').length`); n != 1 {
		t.Errorf("%d Hint buttons on a blotted puzzle, want 1", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play .np-check').length`); n != 0 {
		t.Errorf("%d Check buttons on a puzzle with two solutions, want none", n)
	}
	// Every line and every probe leaves both colours in every cell.
	pressHint(t, ctx)
	if got, want := coachText(t, ctx), "Line logic and probing single cells are exhausted: the next step needs a guess."; got != want {
		t.Errorf("hint on the empty grid says %q, want %q", got, want)
	}
	for _, picture := range [][]string{{"11", "1."}, {"1.", "11"}} {
		clickAll(t, ctx, picture, "1")
		wantSolved(t, ctx, true)
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
		wantSolved(t, ctx, false)
	}
	// Row 2 left empty: its blot still wants a block.
	clickAll(t, ctx, []string{"11", ".."}, "1")
	wantSolved(t, ctx, false)
}

// TestCoachOnBlottedGrid plays the demo's blotted grid (inkpot.xml, unique
// and line-solvable) with its coach: the page offers Check and Hint, a
// blotted row that cannot be given turns red, Check outlines a wrong cell,
// and pressing H alone, hint then fill, completes the picture.
func TestCoachOnBlottedGrid(t *testing.T) {
	ps, err := formats.ReadFile(filepath.Join("..", "content", "colour", "inkpot.xml"))
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	r, err := solve.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != solve.Unique || r.Difficulty != solve.Line {
		t.Fatalf("inkpot is %s %s, want unique line", r.Verdict, r.Difficulty)
	}
	sol := r.Solutions[0]
	want := make([]string, p.Height)
	for y := range want {
		var b strings.Builder
		for x := range p.Width {
			if c := sol.At(x, y); c > 0 {
				b.WriteString(strconv.Itoa(c))
			} else {
				b.WriteByte('.')
			}
		}
		want[y] = b.String()
	}
	if p.Rows[1][0] != (puzzle.Clue{Color: 2, Blot: true}) || want[0][0] != '.' {
		t.Fatalf("inkpot changed: row 2 is %v, cell 1,1 %c", p.Rows[1], want[0][0])
	}
	site := newTestSite(t)
	ctx := browsertest.New(t)
	open(t, ctx, site.putRaw("/colour/inkpot/", "Inkpot", mustJSON(t, NewPlayData(p, p.ID(), "Inkpot", WithSolution(sol)))))
	for _, sel := range []string{".np-hint-button", ".np-check"} {
		if n := eval[int](t, ctx, `document.querySelectorAll('#np-play `+sel+`').length`); n != 1 {
			t.Errorf("%d %s on a blotted grid, want 1", n, sel)
		}
	}

	// Row 2 is one blue blot: black in it cannot give it. Check outlines
	// the cell.
	do(t, ctx, chromedp.Click(cell(0, 1)))
	if !eval[bool](t, ctx, `document.querySelectorAll('#np-play .np-rowclue')[1].classList.contains('np-clash')`) {
		t.Error("row 2 (? blue) with a black cell is not flagged")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-check`)))
	if got := coachText(t, ctx); got != "Your one mark is wrong; it is outlined." {
		t.Errorf("check with a wrong mark: %q", got)
	}
	wrong := eval[[][2]int](t, ctx, `Array.from(document.querySelectorAll('#np-play td.np-wrong')).map(td => [Number(td.dataset.x), Number(td.dataset.y)])`)
	if len(wrong) != 1 || wrong[0] != [2]int{0, 1} {
		t.Errorf("check outlines %v, want [[0 1]]", wrong)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))

	// Hints alone complete it, and some say what a blot must cover ("the
	// blue blot must cover columns 4–6").
	blots := 0
	for _, text := range playByHints(t, ctx, p, want) {
		if strings.Contains(text, " blot must cover ") {
			blots++
			if blots == 1 {
				t.Logf("a hint on a blotted line: %s", text)
			}
		}
	}
	if blots == 0 {
		t.Error("no hint said what a blot must cover")
	}
}
