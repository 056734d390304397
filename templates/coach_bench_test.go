package templates

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// randomPicture draws a w×h one-colour picture with about density percent of
// its cells filled: many short blocks, the case where error checking by
// enumeration gets slow.
func randomPicture(rng *rand.Rand, w, h, density int) []string {
	rows := make([]string, h)
	for y := range rows {
		var b strings.Builder
		for range w {
			if rng.IntN(100) < density {
				b.WriteByte('1')
			} else {
				b.WriteByte('.')
			}
		}
		rows[y] = b.String()
	}
	return rows
}

// inPage measures a piece of the page's JavaScript where it runs: expr is a
// function body run reps times between two performance.now() calls (whose
// resolution is coarse), and the mean per run, in milliseconds, is reported
// as the metric "page-ms/op" next to Go's own ns/op (which includes the
// DevTools round trip).
func inPage(b *testing.B, run func(reps int) float64) {
	b.Helper()
	var total float64
	n := 0
	for b.Loop() {
		total += run(20)
		n++
	}
	b.ReportMetric(total/float64(n), "page-ms/op")
}

// coachSetup is JavaScript that makes, once per page, the coach of the
// page's puzzle (window.benchCoach) and player values: an empty grid and
// one with the first half of the rows marked from the picture
// (window.benchEmpty, window.benchHalf).
const coachSetup = `(() => {
	if (window.benchCoach) return true;
	const pz = JSON.parse(document.getElementById('np-puzzle').textContent);
	window.benchCoach = NonopressCoach.createCoach(pz);
	const n = pz.width * pz.height;
	window.benchEmpty = new Array(n).fill(-1);
	window.benchHalf = window.benchEmpty.slice();
	for (let i = 0; i < n / 2; i++) window.benchHalf[i] = window.benchPicture[i];
	return true;
})()`

// benchPage opens a page for a random side×side picture and runs
// coachSetup.
func benchPage(b *testing.B, site *testSite, ctx context.Context, side int) {
	b.Helper()
	pic := randomPicture(rand.New(rand.NewPCG(uint64(side), 19)), side, side, 60)
	p := drawnPuzzle(b, puzzle.DefaultPalette(), pic...)
	open(b, ctx, site.put(b, fmt.Sprintf("/bench/coach%d/", side), p, "Bench"))
	var values []string
	for _, row := range pic {
		for _, ch := range row {
			values = append(values, map[rune]string{'1': "1", '.': "0"}[ch])
		}
	}
	eval[bool](b, ctx, `(window.benchPicture = [`+strings.Join(values, ",")+`], true)`)
	eval[bool](b, ctx, coachSetup)
}

// BenchmarkCoachErrorCheck measures error checking after one mark on a
// 100×100 puzzle: a key press on a cell (the whole handler: the cell, its row
// and column clues, the coach's two line solves, saving progress), and the
// coach's two line solves alone.
func BenchmarkCoachErrorCheck(b *testing.B) {
	site := newTestSite(b)
	ctx := browsertest.New(b)
	benchPage(b, site, ctx, 100)
	do(b, ctx, chromedp.Focus(cell(50, 50)))
	b.Run("keypress", func(b *testing.B) {
		inPage(b, func(reps int) float64 {
			return eval[float64](b, ctx, fmt.Sprintf(`(() => {
				const td = document.activeElement;
				const t0 = performance.now();
				for (let r = 0; r < %d; r++) td.dispatchEvent(new KeyboardEvent('keydown', {key: ' ', bubbles: true}));
				return (performance.now() - t0) / %d;
			})()`, reps, reps))
		})
	})
	b.Run("lines", func(b *testing.B) {
		inPage(b, func(reps int) float64 {
			return eval[float64](b, ctx, fmt.Sprintf(`(() => {
				const v = window.benchHalf;
				const t0 = performance.now();
				for (let r = 0; r < %d; r++) { benchCoach.lineError(v, true, 50); benchCoach.lineError(v, false, 50); }
				return (performance.now() - t0) / %d;
			})()`, reps, reps))
		})
	})
}

// BenchmarkCoachHint measures a hint on 50×50 and 100×100 puzzles, on an
// empty grid and with half the rows marked.
func BenchmarkCoachHint(b *testing.B) {
	site := newTestSite(b)
	ctx := browsertest.New(b)
	for _, side := range []int{50, 100} {
		benchPage(b, site, ctx, side)
		for _, state := range []string{"empty", "half"} {
			values := map[string]string{"empty": "benchEmpty", "half": "benchHalf"}[state]
			b.Run(fmt.Sprintf("%dx%d/%s", side, side, state), func(b *testing.B) {
				inPage(b, func(reps int) float64 {
					return eval[float64](b, ctx, fmt.Sprintf(`(() => {
						const t0 = performance.now();
						for (let r = 0; r < %d; r++) benchCoach.hint(window.%s);
						return (performance.now() - t0) / %d;
					})()`, reps, values, reps))
				})
			})
		}
	}
}

// BenchmarkCoachProbeHint measures a hint where line logic is exhausted and
// the coach must probe: webpbn #35105 (60×45, graded probe) from the shared
// corpus, with every cell line logic decides from the clues already marked.
func BenchmarkCoachProbeHint(b *testing.B) {
	ps, err := formats.ReadFile(corpustest.Path(b, "picross-solver/inputs/webpbn/webpbn-35105-wild.non"))
	if err != nil || len(ps) != 1 {
		b.Fatalf("reading the puzzle: %v", err)
	}
	p := ps[0]
	sets := make([]uint32, p.Width*p.Height)
	for i := range sets {
		sets[i] = 3
	}
	if ok, _ := propagate(b, p, sets); !ok {
		b.Fatal("line logic finds a contradiction")
	}
	values := make([]string, len(sets))
	for i, s := range sets {
		values[i] = map[uint32]string{1: "0", 2: "1", 3: "-1"}[s]
	}
	site := newTestSite(b)
	ctx := browsertest.New(b)
	open(b, ctx, site.put(b, "/bench/probe/", p, "Wild"))
	eval[bool](b, ctx, `(window.benchStuck = [`+strings.Join(values, ",")+`], true)`)
	eval[bool](b, ctx, `(window.benchPicture = window.benchStuck, true)`)
	eval[bool](b, ctx, coachSetup)
	if got := eval[string](b, ctx, `benchCoach.hint(window.benchStuck).kind`); got != "probe" {
		b.Fatalf("hint kind %q, want probe", got)
	}
	inPage(b, func(reps int) float64 {
		return eval[float64](b, ctx, fmt.Sprintf(`(() => {
			const t0 = performance.now();
			for (let r = 0; r < %d; r++) benchCoach.hint(window.benchStuck);
			return (performance.now() - t0) / %d;
		})()`, reps, reps))
	})
}
