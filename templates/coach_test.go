package templates

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// probePicture is a 6x6 picture whose puzzle is unique but graded probe:
// line logic alone stops before the end (checked by the test).
var probePicture = []string{
	"..1..1",
	".11.11",
	"1.1...",
	"...111",
	"....1.",
	".1....",
}

// gradedPicture returns a random w×h one-colour picture whose puzzle the
// solver grades as want.
func gradedPicture(t *testing.T, rng *rand.Rand, w, h int, want solve.Difficulty) []string {
	t.Helper()
	return gradedColourPicture(t, rng, w, h, puzzle.DefaultPalette(), want)
}

// gradedColourPicture is gradedPicture with the colours of palette.
func gradedColourPicture(t *testing.T, rng *rand.Rand, w, h int, palette []puzzle.Color, want solve.Difficulty) []string {
	t.Helper()
	for range 10000 {
		pic := make([]string, h)
		for y := range pic {
			var b strings.Builder
			for range w {
				if rng.IntN(100) < 60 {
					b.WriteByte(byte('1' + rng.IntN(len(palette)-1)))
				} else {
					b.WriteByte('.')
				}
			}
			pic[y] = b.String()
		}
		if difficulty(t, drawnPuzzle(t, palette, pic...)) == want {
			return pic
		}
	}
	t.Fatalf("no %dx%d picture graded %s", w, h, want)
	return nil
}

// difficulty is the solver's grade of p, "" unless it is unique.
func difficulty(t testing.TB, p *puzzle.Puzzle) solve.Difficulty {
	t.Helper()
	r, err := solve.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != solve.Unique {
		return ""
	}
	return r.Difficulty
}

// setsOfGrid turns the page's grid (as grid reads it) into colour sets of
// palette size colours: '.' any colour, 'x' the background, a digit that
// colour.
func setsOfGrid(g []string, colours int) []uint32 {
	var out []uint32
	for _, row := range g {
		for _, ch := range row {
			switch ch {
			case '.':
				out = append(out, uint32(1)<<colours-1)
			case 'x':
				out = append(out, 1)
			default:
				out = append(out, 1<<(ch-'0'))
			}
		}
	}
	return out
}

// lineCells returns the indices of row (or column) k's cells.
func lineCells(p *puzzle.Puzzle, isRow bool, k int) []int {
	var out []int
	if isRow {
		for x := range p.Width {
			out = append(out, k*p.Width+x)
		}
	} else {
		for y := range p.Height {
			out = append(out, y*p.Width+k)
		}
	}
	return out
}

// propagate runs solve.SolveLine over every line until nothing changes; it
// reports false on a contradiction and how many cells changed.
func propagate(t testing.TB, p *puzzle.Puzzle, sets []uint32) (ok bool, changed int) {
	t.Helper()
	for again := true; again; {
		again = false
		for k := range p.Height + p.Width {
			isRow, idx := k < p.Height, k
			clue := p.Rows[min(k, p.Height-1)]
			if !isRow {
				idx, clue = k-p.Height, p.Cols[k-p.Height]
			}
			cells := lineCells(p, isRow, idx)
			line := make([]uint32, len(cells))
			for j, i := range cells {
				line[j] = sets[i]
			}
			ok, err := solve.SolveLine(clue, line)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				return false, changed
			}
			for j, i := range cells {
				if sets[i] != line[j] {
					sets[i] = line[j]
					changed++
					again = true
				}
			}
		}
	}
	return true, changed
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func coachText(t testing.TB, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.querySelector('#np-play .np-coach-text').textContent`)
}

// hintCells lists the cells the hint outlines as [x, y].
func hintCells(t testing.TB, ctx context.Context) [][2]int {
	t.Helper()
	return eval[[][2]int](t, ctx, `Array.from(document.querySelectorAll('#np-play td.np-hint-cell')).map(td => [Number(td.dataset.x), Number(td.dataset.y)])`)
}

func pressHint(t testing.TB, ctx context.Context) {
	t.Helper()
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-hint-button`)))
}

func TestCoachFlagsAWrongMark(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	ctx := browsertest.New(t)
	open(t, ctx, site.put(t, "/hearts/heart/", p, "Heart"))
	clashes := func() string {
		return eval[string](t, ctx, `['row', 'col'].map(w => Array.from(document.querySelectorAll('#np-play .np-' + w + 'clue')).map(th =>
			th.classList.contains('np-clash') ? '1' : '0').join('')).join(' ')`)
	}
	if got := clashes(); got != "00000 00000" {
		t.Fatalf("clues in error on an empty grid: %s", got)
	}
	// Row 1 is 2 2 in five cells: its middle cell cannot be filled. Column
	// 3 (4) can still take it.
	do(t, ctx, chromedp.Click(cell(2, 0)))
	if got := clashes(); got != "10000 00000" {
		t.Errorf("after a wrong mark, clues in error (rows cols) = %s, want 10000 00000", got)
	}
	if got := coachText(t, ctx); got != "Row 1: your marks cannot give this clue." {
		t.Errorf("after a wrong mark the coach says %q", got)
	}
	label := eval[string](t, ctx, `document.querySelector('#np-play .np-rowclue').getAttribute('aria-label')`)
	if label != "Row 1 clue: 2, 2, cannot be given by your marks" {
		t.Errorf("row clue label = %q", label)
	}
	// A hint says which line the marks contradict, before anything else.
	pressHint(t, ctx)
	if got := coachText(t, ctx); !strings.HasPrefix(got, "Row 1 (2 2): your marks cannot give this clue.") {
		t.Errorf("hint with a wrong mark says %q", got)
	}
	// A right mark does not flag anything; undo clears the flag.
	do(t, ctx, chromedp.Click(cell(2, 2)))
	if got := clashes(); got != "10000 00000" {
		t.Errorf("after a right mark, clues in error = %s", got)
	}
	do(t, ctx, chromedp.Click(cell(2, 0)))
	if got := clashes(); got != "00000 00000" {
		t.Errorf("after clearing the wrong mark, clues in error = %s", got)
	}

	t.Run("switch", func(t *testing.T) {
		do(t, ctx, chromedp.Click(cell(2, 0)))
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play input.np-errors`)))
		if got := clashes(); got != "00000 00000" {
			t.Errorf("with error checking off, clues in error = %s", got)
		}
		do(t, ctx, chromedp.Reload())
		open(t, ctx, site.srv.URL+"/hearts/heart/")
		if eval[bool](t, ctx, `document.querySelector('#np-play input.np-errors').checked`) {
			t.Error("the switch did not stay off after a reload")
		}
		// The switch by keyboard: focus it and press Space.
		do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-play input.np-errors`)), chromedp.KeyEvent(" "))
		if got := clashes(); got != "10000 00000" {
			t.Errorf("with error checking back on, clues in error = %s", got)
		}
	})
}

func TestCoachHintNamesForcedCells(t *testing.T) {
	pic := gradedPicture(t, rand.New(rand.NewPCG(19, 1)), 12, 10, solve.Line)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), pic...)
	site := newTestSite(t)
	ctx := browsertest.New(t)
	open(t, ctx, site.put(t, "/hints/fresh/", p, "Fresh"))

	pressHint(t, ctx)
	text := coachText(t, ctx)
	t.Logf("first hint: %s", text)
	m := regexp.MustCompile(`^(Row|Column) (\d+) \(([0-9 ]+)\): `).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("hint %q names no line", text)
	}
	isRow := m[1] == "Row"
	k, _ := strconv.Atoi(m[2])
	k--
	clue := p.Cols[k]
	if isRow {
		clue = p.Rows[k]
	}
	if m[3] != strings.ReplaceAll(clue.String(), ",", " ") && m[3] != clueWords(clue) {
		t.Errorf("hint says clue %q, line's clue is %v", m[3], clue)
	}
	if !strings.Contains(text, "must cover") && !strings.Contains(text, "must be empty") {
		t.Errorf("hint %q does not explain", text)
	}
	// What Go's line solver forces in that line from nothing.
	cells := lineCells(p, isRow, k)
	line := make([]uint32, len(cells))
	for i := range line {
		line[i] = 3
	}
	if ok, err := solve.SolveLine(clue, line); !ok || err != nil {
		t.Fatalf("line solver on the hinted line: %v %v", ok, err)
	}
	want := map[[2]int]bool{}
	for j, i := range cells {
		if line[j] == 1 || line[j] == 2 {
			want[[2]int{i % p.Width, i / p.Width}] = true
		}
	}
	got := hintCells(t, ctx)
	if len(got) != len(want) || len(got) == 0 {
		t.Fatalf("hint outlines %v, line logic forces %v", got, want)
	}
	for _, c := range got {
		if !want[c] {
			t.Errorf("hint outlines cell %v, which the line does not force", c)
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play th.np-hint-line').length`); n != 1 {
		t.Errorf("%d clues highlighted, want the hinted line's", n)
	}

	// A second press fills them, as the picture has them, in one step.
	pressHint(t, ctx)
	g := grid(t, ctx)
	for c := range want {
		got, pixel := g[c[1]][c[0]], pic[c[1]][c[0]]
		if (pixel == '1') != (got == '1') || (pixel == '.' && got != 'x') {
			t.Errorf("cell %v filled as %c, picture has %c", c, got, pixel)
		}
	}
	if got := hintCells(t, ctx); len(got) != 0 {
		t.Errorf("cells still outlined after filling: %v", got)
	}
	do(t, ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(2)))
	if g := strings.Join(grid(t, ctx), ""); strings.Trim(g, ".") != "" {
		t.Errorf("undo left %q", g)
	}
}

// clueWords is a one-colour clue as hints say it: "5 3".
func clueWords(l puzzle.Line) string {
	if len(l) == 0 {
		return "0"
	}
	parts := make([]string, len(l))
	for i, b := range l {
		parts[i] = strconv.Itoa(b.Len)
	}
	return strings.Join(parts, " ")
}

func TestCoachHintsSolveALinePuzzle(t *testing.T) {
	t.Run("one colour", func(t *testing.T) {
		hintsSolve(t, puzzle.DefaultPalette(), 15, 15)
	})
	t.Run("three colours", func(t *testing.T) {
		hintsSolve(t, []puzzle.Color{puzzle.DefaultPalette()[0], red, blue, {Char: 'g', Name: "green", RGB: puzzle.RGB{G: 0x99}}}, 10, 8)
	})
}

// hintsSolve presses H on a random line-solvable puzzle, hint then fill,
// until the page says it is solved, and compares the grid with the picture.
func hintsSolve(t *testing.T, palette []puzzle.Color, w, h int) {
	pic := gradedColourPicture(t, rand.New(rand.NewPCG(19, uint64(len(palette)))), w, h, palette, solve.Line)
	p := drawnPuzzle(t, palette, pic...)
	site := newTestSite(t)
	ctx := browsertest.New(t)
	open(t, ctx, site.put(t, "/hints/line/", p, "Line"))
	texts := playByHints(t, ctx, p, pic)
	t.Logf("first hint: %s", texts[0])
}

// lineHintText is what a hint on a line-solvable puzzle says: it names a
// line, or (multicolour lines may only rule out colours) the line that
// decides once the crossing lines have done so.
var lineHintText = regexp.MustCompile(`^(Row|Column) \d+ |^No single line forces a cell from your marks alone: .* Then (Row|Column) \d+ `)

// playByHints presses H on the open page of line-solvable puzzle p, hint
// then fill, until the page says it is solved; every hint must name a line.
// It compares the grid with the picture want ('.' background, digits
// colours) and returns the hints' texts.
func playByHints(t *testing.T, ctx context.Context, p *puzzle.Puzzle, want []string) []string {
	t.Helper()
	var texts []string
	// By keyboard: H on the grid asks for a hint and H again fills it in.
	do(t, ctx, chromedp.Focus(cell(0, 0)))
	for step := 0; ; step++ {
		if step > 2*(p.Width+p.Height) {
			t.Fatalf("not solved after %d hints; last said %q", step, coachText(t, ctx))
		}
		do(t, ctx, chromedp.KeyEvent("h"))
		text := coachText(t, ctx)
		if !lineHintText.MatchString(text) {
			t.Fatalf("hint %d on a line puzzle says %q", step+1, text)
		}
		texts = append(texts, text)
		do(t, ctx, chromedp.KeyEvent("h"))
		if eval[bool](t, ctx, `document.getElementById('np-play').classList.contains('np-solved')`) {
			break
		}
	}
	wantSolved(t, ctx, true)
	for y, row := range grid(t, ctx) {
		if strings.ReplaceAll(row, "x", ".") != want[y] {
			t.Errorf("row %d is %s, picture %s", y+1, row, want[y])
		}
	}
	return texts
}

func TestCoachHintProbesWhenLinesAreExhausted(t *testing.T) {
	pic := probePicture
	p := drawnPuzzle(t, puzzle.DefaultPalette(), pic...)
	if d := difficulty(t, p); d != solve.Probe {
		t.Fatalf("test puzzle graded %q, want probe", d)
	}
	site := newTestSite(t)
	ctx := browsertest.New(t)
	open(t, ctx, site.put(t, "/hints/probe/", p, "Probe"))
	for step := 0; ; step++ {
		if step > 40 {
			t.Fatal("line hints never ran out")
		}
		pressHint(t, ctx)
		if strings.HasPrefix(coachText(t, ctx), "No single line") {
			break
		}
		pressHint(t, ctx)
	}
	text := coachText(t, ctx)
	t.Logf("probe hint: %s", text)
	m := regexp.MustCompile(`Try row (\d+), column (\d+): if it were (empty|filled), (row|column) (\d+) \([0-9 ]+\) could not be completed, so it must be (empty|filled)\.`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("probe hint %q", text)
	}
	// Go agrees that line logic is stuck here, and that the other value
	// leads to a contradiction.
	sets := setsOfGrid(grid(t, ctx), 2)
	if ok, changed := propagate(t, p, sets); !ok || changed != 0 {
		t.Fatalf("the page says lines are exhausted; Go's line logic: ok %v, %d cells change", ok, changed)
	}
	y, _ := strconv.Atoi(m[1])
	x, _ := strconv.Atoi(m[2])
	i := (y-1)*p.Width + x - 1
	if got := hintCells(t, ctx); len(got) != 1 || got[0] != [2]int{x - 1, y - 1} {
		t.Errorf("hint outlines %v, want the probed cell %d,%d", got, x-1, y-1)
	}
	trial := append([]uint32(nil), sets...)
	trial[i] = map[string]uint32{"empty": 1, "filled": 2}[m[3]]
	if ok, _ := propagate(t, p, trial); ok {
		t.Errorf("Go's line logic finds no contradiction when cell %d,%d is %s", x, y, m[3])
	}
	if want := map[byte]string{'1': "filled", '.': "empty"}[pic[y-1][x-1]]; m[6] != want {
		t.Errorf("hint decides %s, picture has %s", m[6], want)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play th.np-hint-line').length`); n != 1 {
		t.Errorf("%d clues highlighted, want the one that could not be completed", n)
	}
	pressHint(t, ctx)
	if got := grid(t, ctx)[y-1][x-1]; (got == '1') != (pic[y-1][x-1] == '1') {
		t.Errorf("second press set the cell to %c", got)
	}
}

// openCheckedHeart opens, in a new browser, the heart's page with the key
// Check needs, and returns the browser, the page's URL and the puzzle.
func openCheckedHeart(t *testing.T) (context.Context, string, *puzzle.Puzzle) {
	t.Helper()
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	img := puzzle.NewImage(5, 5)
	for y, row := range heart {
		for x, ch := range row {
			if ch == '1' {
				img.Set(x, y, 1)
			}
		}
	}
	d := NewPlayData(p, p.ID(), "Heart", WithSolution(img))
	if d.Check == nil || d.Check.Bits != 1 {
		t.Fatalf("check data %+v", d.Check)
	}
	site := newTestSite(t)
	ctx := browsertest.New(t)
	url := site.putRaw("/hearts/checked/", "Heart", mustJSON(t, d))
	open(t, ctx, url)
	return ctx, url, p
}

// pressCheck presses Check and returns what the coach says.
func pressCheck(t testing.TB, ctx context.Context) string {
	t.Helper()
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-check`)))
	return coachText(t, ctx)
}

func TestCoachCheckAndTimer(t *testing.T) {
	ctx, url, p := openCheckedHeart(t)
	check := func() string { return pressCheck(t, ctx) }
	if got := check(); got != "Nothing is marked yet." {
		t.Errorf("check on an empty grid: %q", got)
	}
	do(t, ctx, chromedp.Click(cell(0, 0)), chromedp.Click(cell(1, 1)))
	rightClick(t, ctx, 2, 0)
	if got := check(); got != "All 3 of your marks are right so far." {
		t.Errorf("check with right marks: %q", got)
	}
	rightClick(t, ctx, 3, 3)
	do(t, ctx, chromedp.Click(cell(4, 4)))
	if got := check(); got != "2 of your 5 marks are wrong; they are outlined." {
		t.Errorf("check with two wrong marks: %q", got)
	}
	wrong := eval[[][2]int](t, ctx, `Array.from(document.querySelectorAll('#np-play td.np-wrong')).map(td => [Number(td.dataset.x), Number(td.dataset.y)])`)
	if fmt.Sprint(wrong) != "[[3 3] [4 4]]" {
		t.Errorf("outlined %v, want [[3 3] [4 4]]", wrong)
	}

	// The timer shows only once started; solving stops it and progress
	// keeps "solved in".
	if eval[bool](t, ctx, `!document.querySelector('#np-play .np-timer').hidden`) {
		t.Error("timer shown before it was started")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-timer-button`)))
	if eval[bool](t, ctx, `document.querySelector('#np-play .np-timer').hidden`) {
		t.Error("timer hidden after it was started")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
	clickAll(t, ctx, heart, "1")
	wantSolved(t, ctx, true)
	solvedIn := regexp.MustCompile(`^Solved in (\d+):\d\d$`)
	if got := eval[string](t, ctx, `document.querySelector('#np-play .np-timer').textContent`); !solvedIn.MatchString(got) {
		t.Errorf("timer says %q after solving", got)
	}
	if got := storedProgress(t, ctx, p); !regexp.MustCompile(`"timer":\{"seconds":\d+,"running":false,"solvedIn":\d+\}`).MatchString(got) {
		t.Errorf("stored progress %s keeps no solving time", got)
	}
	do(t, ctx, chromedp.Reload())
	open(t, ctx, url)
	if got := eval[string](t, ctx, `document.querySelector('#np-play .np-timer').textContent`); !solvedIn.MatchString(got) {
		t.Errorf("after a reload the timer says %q", got)
	}
}

// A Reset kept for Undo across a reload (see TestPlaySolveByClicksAndKeepProgress)
// comes back as an empty grid with its Reset to undo, never as the grid it
// cleared: a solved grid, cleared and timed afresh, did not stop the new
// timer at the reload ("Solved in 0:00") and was saved back as solved, so
// that the next reload showed it solved, with no Reset to undo.
func TestCoachResetKeptOverAReloadStaysCleared(t *testing.T) {
	ctx, url, p := openCheckedHeart(t)
	clickAll(t, ctx, heart, "1")
	wantSolved(t, ctx, true)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-timer-button`)))
	for range 2 {
		do(t, ctx, chromedp.Reload())
		open(t, ctx, url)
		wantGrid(t, ctx, emptyHeart...)
		wantSolved(t, ctx, false)
		if got := eval[string](t, ctx, `document.querySelector('#np-play .np-timer').textContent`); strings.HasPrefix(got, "Solved") {
			t.Errorf("after a reset and a reload, the new timer says %q", got)
		}
		if got := storedProgress(t, ctx, p); !strings.Contains(got, `"reset":"`) || !strings.Contains(got, `"running":true`) {
			t.Errorf("after a reset and a reload, stored progress is %s", got)
		}
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-undo`)))
	wantGrid(t, ctx, heart...)
}

func TestCoachIsAccessible(t *testing.T) {
	site := newTestSite(t)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), heart...)
	ctx := browsertest.New(t)
	open(t, ctx, site.put(t, "/hearts/heart/", p, "Heart"))
	// The hint line is announced; the controls are real buttons and a
	// labelled switch, reached with Tab.
	live := eval[string](t, ctx, `(() => { const e = document.querySelector('#np-play .np-coach-text'); return e.getAttribute('aria-live') + ' ' + e.getAttribute('aria-atomic'); })()`)
	if live != "polite true" {
		t.Errorf("hint text aria-live, aria-atomic = %q", live)
	}
	if got := eval[string](t, ctx, `document.querySelector('#np-play input.np-errors').closest('label').textContent.trim() + ':' + document.querySelector('#np-play input.np-errors').getAttribute('role')`); got != "Show errors:switch" {
		t.Errorf("error switch = %q", got)
	}
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-play .np-hint-button`)))
	order := eval[[]string](t, ctx, `(() => {
		const names = [];
		const all = Array.from(document.querySelectorAll('#np-play button, #np-play input, #np-play td[tabindex="0"]'));
		for (let i = 0; i < 3; i++) {
			const at = all.indexOf(document.activeElement);
			const next = all[at + 1];
			next.focus();
			names.push(next.textContent.trim() || next.className);
		}
		return names;
	})()`)
	if strings.Join(order, "|") != "np-errors|Start timer|np-cell" {
		t.Errorf("after Hint the focus order is %q", order)
	}
	// Enter on the Hint button, then on the timer button.
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-play .np-hint-button`)), chromedp.KeyEvent(kb.Enter))
	if text := coachText(t, ctx); !strings.HasPrefix(text, "Row ") && !strings.HasPrefix(text, "Column ") {
		t.Errorf("Enter on Hint: %q", text)
	}
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#np-play .np-timer-button`)), chromedp.KeyEvent(kb.Enter))
	if got := eval[string](t, ctx, `document.querySelector('#np-play .np-timer-button').getAttribute('aria-pressed')`); got != "true" {
		t.Errorf("Enter on the timer button: aria-pressed %s", got)
	}
}

func TestCoachCheckColours(t *testing.T) {
	picture := []string{"112.", ".22.", "1.21"}
	palette := []puzzle.Color{puzzle.DefaultPalette()[0], red, blue}
	p := drawnPuzzle(t, palette, picture...)
	img := puzzle.NewImage(4, 3)
	for y, row := range picture {
		for x, ch := range row {
			if ch != '.' {
				img.Set(x, y, int(ch-'0'))
			}
		}
	}
	d := NewPlayData(p, p.ID(), "Flag", WithSolution(img))
	if d.Check == nil || d.Check.Bits != 2 {
		t.Fatalf("check data %+v, want 2 bits a cell", d.Check)
	}
	if NewPlayData(p, p.ID(), "Flag", WithSolution(puzzle.NewImage(3, 3))).Check != nil {
		t.Error("a solution of another size gave check data")
	}
	site := newTestSite(t)
	ctx := browsertest.New(t)
	open(t, ctx, site.putRaw("/colours/flag/", "Flag", mustJSON(t, d)))
	clickAll(t, ctx, picture, "1")
	do(t, ctx, chromedp.KeyEvent("2"))
	clickAll(t, ctx, picture, "2")
	rightClick(t, ctx, 3, 0)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-check`)))
	if got := coachText(t, ctx); got != "All 9 of your marks are right so far." {
		t.Errorf("check with right marks: %q", got)
	}
	// Blue where red belongs.
	do(t, ctx, chromedp.Click(cell(0, 0)))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-check`)))
	if got := coachText(t, ctx); got != "1 of your 9 marks is wrong; it is outlined." {
		t.Errorf("check with a wrong colour: %q (grid %q)", got, grid(t, ctx))
	}
	// Data that does not fit the puzzle gives no Check button.
	d.Check.Cells = "AAAA"
	open(t, ctx, site.putRaw("/colours/bad/", "Flag", mustJSON(t, d)))
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play .np-check').length`); n != 0 {
		t.Errorf("%d Check buttons for data that does not fit", n)
	}
}

// waitFor polls expr in the page until it is true, for at most a minute.
func waitFor(t testing.TB, ctx context.Context, expr string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !eval[bool](t, ctx, expr) {
		if time.Now().After(deadline) {
			t.Fatalf("still not true after a minute: %s", expr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestCoachProbesWithoutFreezingThePage(t *testing.T) {
	// A sparse random picture: no line forces anything on the empty grid,
	// so the first hint must probe, for longer than one slice.
	pic := randomPicture(rand.New(rand.NewPCG(35, 19)), 40, 40, 35)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), pic...)
	site := newTestSite(t)
	ctx := browsertest.New(t)
	open(t, ctx, site.put(t, "/hints/sparse/", p, "Sparse"))
	const sliced = `(() => {
		const pz = JSON.parse(document.getElementById('np-puzzle').textContent);
		return NonopressCoach.createCoach(pz).begin(new Array(pz.width * pz.height).fill(-1))(600) === undefined;
	})()`
	if !eval[bool](t, ctx, sliced) {
		t.Fatal("test puzzle: the first hint needs no more than one slice")
	}
	busy := `document.querySelector('#np-play .np-coach-text').getAttribute('aria-busy') === 'true'`
	// Each of these runs as one script, so that the coach's next slice
	// (a timer) cannot run in between, however loaded the machine.
	const pressAndLook = `(() => {
		document.querySelector('#np-play .np-hint-button').click();
		return [String(document.querySelector('#np-play .np-coach-text').getAttribute('aria-busy')),
			document.querySelector('#np-play .np-coach-text').textContent];
	})()`
	const markCell = `(() => {
		const td = document.querySelector('#np-play td[data-x="0"][data-y="0"]');
		td.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, button: 0, pointerId: 7, pointerType: 'mouse'}));
		window.dispatchEvent(new PointerEvent('pointerup', {pointerId: 7, pointerType: 'mouse'}));
		window.npTick = 0;
		setTimeout(() => { window.npTick = 1; }, 0); // after the slice the coach had queued
		return true;
	})()`

	got := eval[[]string](t, ctx, pressAndLook)
	if got[0] != "true" || !strings.HasSuffix(got[1], "probing cells\u2026") {
		t.Fatalf("while probing: aria-busy %s, says %q", got[0], got[1])
	}
	waitFor(t, ctx, "!("+busy+")")
	final := regexp.MustCompile(`^(No single line forces a cell now\. Try |Line logic and probing single cells are exhausted|No single line forces a cell now, and no cell probed within)`)
	if text := coachText(t, ctx); !final.MatchString(text) {
		t.Errorf("after probing the hint says %q", text)
	}

	// A mark while the coach is probing stops it, and no hint for the old
	// grid appears.
	eval[bool](t, ctx, markCell)
	eval[bool](t, ctx, markCell) // the grid is empty again
	if got := eval[[]string](t, ctx, pressAndLook); got[0] != "true" {
		t.Fatal("the second hint needed no more than one slice")
	}
	eval[bool](t, ctx, markCell)
	waitFor(t, ctx, "window.npTick === 1")
	if eval[bool](t, ctx, busy) || coachText(t, ctx) != "" {
		t.Errorf("after a mark the coach is busy %v and says %q", eval[bool](t, ctx, busy), coachText(t, ctx))
	}
	if got := eval[int](t, ctx, `document.querySelectorAll('#np-play .np-hint-cell').length`); got != 0 {
		t.Errorf("a hint for the old grid outlines %d cells", got)
	}
	wantGrid(t, ctx, append([]string{"1" + strings.Repeat(".", 39)}, emptyRows(39, 40)...)...)
}

// emptyRows returns n rows of w undecided cells, as grid reads them.
func emptyRows(n, w int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strings.Repeat(".", w)
	}
	return out
}

// TestCoachSaysWhatHintWillDo plays the heart by hints: each hint's offer
// ("Press Hint again to ...") and what the second press says it did name
// the marks it sets: a cell that must be empty is crossed out, not filled.
func TestCoachSaysWhatHintWillDo(t *testing.T) {
	ctx := openHeart(t)
	plural := func(n int, one string) string {
		if n > 1 {
			return fmt.Sprintf("%d %ss", n, one)
		}
		return fmt.Sprintf("%d %s", n, one)
	}
	kinds := map[string]bool{}
	for range 20 {
		if strings.Join(grid(t, ctx), "") == strings.ReplaceAll(strings.Join(heart, ""), ".", "x") {
			break
		}
		pressHint(t, ctx)
		text := coachText(t, ctx)
		cells := hintCells(t, ctx)
		pressHint(t, ctx)
		g := grid(t, ctx)
		fills, crosses := 0, 0
		for _, c := range cells {
			if g[c[1]][c[0]] == 'x' {
				crosses++
			} else {
				fills++
			}
		}
		them := "it"
		if len(cells) > 1 {
			them = "them"
		}
		offer, done := "fill "+them+" in", "Filled in "+plural(fills, "cell")
		switch {
		case fills == 0:
			offer, done = "cross "+them+" out", "Crossed out "+plural(crosses, "cell")
		case crosses > 0:
			offer, done = fmt.Sprintf("fill in %d and cross out %d", fills, crosses), fmt.Sprintf("Filled in %s and crossed out %d", plural(fills, "cell"), crosses)
		}
		kinds[offer[:4]] = true
		if !strings.HasSuffix(text, " Press Hint again to "+offer+".") {
			t.Errorf("hint %q sets %d fills and %d crosses; want it to end %q", text, fills, crosses, "Press Hint again to "+offer+".")
		}
		if got := coachText(t, ctx); got != done+"." {
			t.Errorf("after %q the coach says %q, want %q", text, got, done+".")
		}
	}
	if !kinds["fill"] || !kinds["cros"] {
		t.Errorf("hints met: %v; want some that only fill and some that only cross out", kinds)
	}
	howTo := eval[string](t, ctx, `document.querySelector('#np-play details.np-help').textContent`)
	if !strings.Contains(howTo, "press it again to fill in or cross out the cells it names") {
		t.Errorf("how to play says %q", howTo)
	}
}

// TestCoachLineStaysTrue: what the coach line says is dropped once it no
// longer holds. A hint's offer to set its cells goes when the player marks
// the grid (the second press would look for a new hint), its reason stays;
// the news that the marks cannot give a clue is followed, when they can
// again, by a line that says so (in as many words: the grid stays put).
func TestCoachLineStaysTrue(t *testing.T) {
	ctx := openHeart(t)

	pressHint(t, ctx)
	text := coachText(t, ctx)
	reason, _, found := strings.Cut(text, " Press Hint again")
	if !found {
		t.Fatalf("first hint %q offers nothing", text)
	}
	do(t, ctx, chromedp.Click(cell(0, 0)))
	if got := coachText(t, ctx); got != reason {
		t.Errorf("after a mark by hand the coach says %q, want the hint's reason %q", got, reason)
	}

	// Row 1 is 2 2: its middle cell cannot be filled.
	do(t, ctx, chromedp.Click(cell(2, 0)))
	if got := coachText(t, ctx); got != "Row 1: your marks cannot give this clue." {
		t.Fatalf("after a wrong mark the coach says %q", got)
	}
	do(t, ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(2)))
	if got, want := coachText(t, ctx), "Row 1: your marks can give this clue again."; got != want {
		t.Errorf("once no clue is in error the coach says %q, want %q", got, want)
	}
}

// openHeart opens the heart's play page in a new browser.
func openHeart(t *testing.T) context.Context {
	t.Helper()
	site := newTestSite(t)
	ctx := browsertest.New(t)
	open(t, ctx, site.put(t, "/hearts/heart/", drawnPuzzle(t, puzzle.DefaultPalette(), heart...), "Heart"))
	return ctx
}

// inGridView counts the cells matching selector that lie wholly in the
// grid's box, clear of its sticky clues.
func inGridView(t testing.TB, ctx context.Context, selector string) int {
	t.Helper()
	return eval[int](t, ctx, `(() => {
		const box = document.querySelector('#np-play .np-scroll').getBoundingClientRect();
		const top = document.querySelector('#np-play .np-colclue').getBoundingClientRect().bottom;
		const left = document.querySelector('#np-play .np-rowclue').getBoundingClientRect().right;
		return Array.from(document.querySelectorAll(`+"`"+`#np-play ${`+fmt.Sprintf("%q", selector)+`}`+"`"+`)).filter(td => {
			const r = td.getBoundingClientRect();
			return r.top >= top - 1 && r.left >= left - 1 && r.bottom <= box.bottom + 1 && r.right <= box.right + 1;
		}).length; })()`)
}

// TestCoachShowsItsCellsInTheGridsView: on a phone a 50×50 grid shows a
// corner of itself; a hint, and Check's first wrong mark, scroll the grid
// (not the page) to show the cells they outline.
func TestCoachShowsItsCellsInTheGridsView(t *testing.T) {
	pic := patternPicture(50, 50)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), pic...)
	site := newTestSite(t)
	ctx := browsertest.New(t)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	open(t, ctx, site.putRaw("/big/fifty/", "Fifty", mustJSON(t, NewPlayData(p, p.ID(), "Fifty", WithSolution(drawnImage(t, pic...))))))
	toCorner := `(() => { const s = document.querySelector('#np-play .np-scroll'); s.scrollTop = 0; s.scrollLeft = 0; return true; })()`
	for range 8 {
		eval[bool](t, ctx, toCorner)
		scrollY := eval[float64](t, ctx, `scrollY`)
		pressHint(t, ctx)
		waitFor(t, ctx, `!document.querySelector('#np-play .np-coach-text').hasAttribute('aria-busy')`)
		n := len(hintCells(t, ctx))
		if n == 0 {
			t.Fatalf("hint %q outlines no cell", coachText(t, ctx))
		}
		if inGridView(t, ctx, "td.np-hint-cell") == 0 {
			t.Errorf("hint %q: none of its %d cells is in the grid's view", coachText(t, ctx), n)
		}
		if y := eval[float64](t, ctx, `scrollY`); y != scrollY {
			t.Errorf("the hint scrolled the page from %.0f to %.0f", scrollY, y)
		}
		pressHint(t, ctx)
	}

	// A wrong mark in the far corner.
	x, y := 49, 49
	for pic[y][x] == '1' {
		x--
	}
	eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('#np-play td[data-x="%d"][data-y="%d"]').scrollIntoView(), true`, x, y))
	do(t, ctx, chromedp.Click(cell(x, y)))
	eval[bool](t, ctx, toCorner)
	eval[bool](t, ctx, `document.querySelector('#np-play .np-check').click(), true`)
	if inGridView(t, ctx, "td.np-wrong") == 0 {
		t.Errorf("Check says %q, and the wrong mark at column %d, row %d is out of the grid's view", coachText(t, ctx), x+1, y+1)
	}

	// A mark in an empty row far from the corner: the hint names the row.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
	if pic[46] != strings.Repeat(".", 50) {
		t.Fatalf("row 47 of the picture is not empty: %s", pic[46])
	}
	eval[bool](t, ctx, `document.querySelector('#np-play td[data-x="45"][data-y="46"]').scrollIntoView(), true`)
	do(t, ctx, chromedp.Click(cell(45, 46)))
	eval[bool](t, ctx, toCorner)
	pressHint(t, ctx)
	if text := coachText(t, ctx); !strings.Contains(text, "cannot give") || inGridView(t, ctx, "td.np-hint-line") == 0 {
		t.Errorf("hint %q: none of its line's cells is in the grid's view", text)
	}
}

// TestCoachHintDoesNotBuildOnAMistake: on a puzzle with Check, a hint that
// follows from a wrong mark (one line logic does not yet contradict) is not
// offered: Hint says the marks hold a mistake, and a second press adds none;
// one that meets a clue the marks cannot give names Check.
// Without this, its second press set cells against the solution (jwilk's
// data022 with one wrong mark: "2 of your 43 marks are wrong" after hints).
func TestCoachHintDoesNotBuildOnAMistake(t *testing.T) {
	pic := gradedPicture(t, rand.New(rand.NewPCG(19, 1)), 12, 10, solve.Line)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), pic...)
	site := newTestSite(t)
	ctx := browsertest.New(t)
	open(t, ctx, site.putRaw("/hints/checked/", "Checked", mustJSON(t, NewPlayData(p, p.ID(), "Checked", WithSolution(drawnImage(t, pic...))))))
	const misled = "The next step would build on a mistake: some of your marks are wrong. Check outlines them."
	said := 0
	for i := range 12 * 10 {
		x, y := i%12, i/12
		if pic[y][x] == '1' {
			continue
		}
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
		do(t, ctx, chromedp.Click(cell(x, y)))
		for range 15 {
			pressHint(t, ctx)
			text := coachText(t, ctx)
			if text == misled {
				said++
				if got := hintCells(t, ctx); len(got) != 0 {
					t.Errorf("cells outlined: %v", got)
				}
			}
			if strings.Contains(text, "cannot give") && !strings.HasSuffix(text, " Undo or clear some of them. Check outlines the wrong ones.") {
				t.Errorf("hint %q does not point at Check", text)
			}
			if text == misled || strings.Contains(text, "cannot give") {
				break
			}
			pressHint(t, ctx)
			do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-check`)))
			if got := coachText(t, ctx); !strings.HasPrefix(got, "1 of your ") {
				t.Fatalf("with a wrong mark at column %d, row %d, after the hint %q Check says %q, want only the player's mark wrong", x+1, y+1, text, got)
			}
		}
		if said >= 3 {
			break
		}
	}
	if said == 0 {
		t.Errorf("Hint never said %q", misled)
	}
}

// TestCoachLineKeepsTheGridInPlace: the line the coach speaks in sits
// between the controls and the grid. The first message a player gets
// unasked, a mark that breaks a clue, must not push the grid down under the
// pointer (the next click would land a row lower), on a desk or a phone.
func TestCoachLineKeepsTheGridInPlace(t *testing.T) {
	site := newTestSite(t)
	url := site.put(t, "/hearts/heart/", drawnPuzzle(t, puzzle.DefaultPalette(), heart...), "Heart")
	ctx := browsertest.New(t)
	gridTop := func() float64 { return rectOf(t, ctx, "#np-play .np-scroll").Top }
	for _, width := range []int64{1280, 390} {
		if width < 500 {
			do(t, ctx, chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile))
		} else {
			do(t, ctx, chromedp.EmulateViewport(width, 844))
		}
		open(t, ctx, url)
		eval[bool](t, ctx, `localStorage.clear(), true`)
		open(t, ctx, url)
		before := gridTop()
		// Row 1 is 2 2: its middle cell cannot be filled.
		do(t, ctx, chromedp.Click(cell(2, 0)))
		if got := coachText(t, ctx); got != "Row 1: your marks cannot give this clue." {
			t.Fatalf("at %d px, after a wrong mark the coach says %q", width, got)
		}
		if after := gridTop(); after != before {
			t.Errorf("at %d px, the coach's message moved the grid from y=%.0f to y=%.0f", width, before, after)
		}
	}
}

// TestCoachCheckSaysWhenItIsOutOfDate: Check's verdict is about the marks
// it saw. Once the player changes the grid (undoes a wrong mark, say), its
// outlines go and the line must not go on saying that marks are wrong and
// outlined.
func TestCoachCheckSaysWhenItIsOutOfDate(t *testing.T) {
	ctx, _, _ := openCheckedHeart(t)
	do(t, ctx, chromedp.Click(cell(0, 0)), chromedp.Click(cell(1, 0)))
	rightClick(t, ctx, 0, 1) // wrong: the heart's second row is full
	if got := pressCheck(t, ctx); got != "1 of your 3 marks is wrong; it is outlined." {
		t.Fatalf("check with a wrong mark: %q", got)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-undo`)))
	if n := eval[int](t, ctx, `document.querySelectorAll('#np-play td.np-wrong').length`); n != 0 {
		t.Errorf("%d cells still outlined as wrong after the grid changed", n)
	}
	if got, want := coachText(t, ctx), "Your marks have changed since the check."; got != want {
		t.Errorf("after undoing the wrong mark the coach says %q, want %q", got, want)
	}
	if got := pressCheck(t, ctx); got != "All 2 of your marks are right so far." {
		t.Errorf("check again: %q", got)
	}
}

// TestCoachCheckCountsOneMark: with one mark, Check says so in English,
// not "All 1 of your marks are right so far".
func TestCoachCheckCountsOneMark(t *testing.T) {
	ctx, _, _ := openCheckedHeart(t)
	check := func() string { return pressCheck(t, ctx) }
	do(t, ctx, chromedp.Click(cell(0, 0)))
	if got, want := check(), "Your one mark is right so far."; got != want {
		t.Errorf("check with one right mark: %q, want %q", got, want)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-undo`)))
	rightClick(t, ctx, 0, 1) // the heart's second row is full
	if got, want := check(), "Your one mark is wrong; it is outlined."; got != want {
		t.Errorf("check with one wrong mark: %q, want %q", got, want)
	}
}

// TestCoachHintCellsOnAPhoneScreen: a phone player holds the page with
// the grid's box at the foot of the screen. A hint's words, above the grid,
// often take several lines there and push the box's foot off the screen;
// the page is not scrolled for a hint, so the grid scrolls its cells into
// the part of its box still on the screen.
func TestCoachHintCellsOnAPhoneScreen(t *testing.T) {
	pic := emptyRows(50, 50)
	pic[49] = strings.Repeat("1", 50)
	site := newTestSite(t)
	ctx := browsertest.New(t)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	open(t, ctx, site.put(t, "/big/floor/", drawnPuzzle(t, puzzle.DefaultPalette(), pic...), "Floor"))
	eval[bool](t, ctx, `(() => { const more = document.createElement('div'); more.style.height = '2000px'; document.body.appendChild(more); return true; })()`)
	for step := 0; ; step++ {
		if step > 60 {
			t.Fatalf("no hint about row 50 in %d hints; the last said %q", step, coachText(t, ctx))
		}
		eval[bool](t, ctx, `document.querySelector('#np-play .np-scroll').scrollIntoView({block: 'end'}), true`)
		pressHint(t, ctx)
		waitFor(t, ctx, `!document.querySelector('#np-play .np-coach-text').hasAttribute('aria-busy')`)
		cells := hintCells(t, ctx)
		if len(cells) == 0 {
			t.Fatalf("hint %q outlines no cell", coachText(t, ctx))
		}
		if cells[0][1] != 49 {
			pressHint(t, ctx)
			nextFrame(t, ctx) // a player's taps are frames apart
			continue
		}
		nextFrame(t, ctx) // as the screen shows it
		onScreen := eval[int](t, ctx, `Array.from(document.querySelectorAll('#np-play td.np-hint-cell')).filter(td => {
			const r = td.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }).length`)
		if onScreen == 0 {
			t.Errorf("hint %q: none of its %d cells in row 50 is on the screen (the grid's box ends at y=%.0f, the screen at %d)",
				coachText(t, ctx), len(cells), rectOf(t, ctx, "#np-play .np-scroll").Bottom, 844)
		}
		if inGridView(t, ctx, "td.np-hint-cell") == 0 {
			t.Errorf("hint %q: none of its cells is in the grid's view", coachText(t, ctx))
		}
		break
	}
}

// nextFrame waits until the page has drawn its next two frames, when what
// it does before drawing (a ResizeObserver's work) is done.
func nextFrame(t testing.TB, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
}
