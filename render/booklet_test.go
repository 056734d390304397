package render

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// TestPuzzlePacking checks how puzzles share pages: two quarter-size puzzles
// side by side in a half, a half-size one alone in a half, a big one on a page
// of its own, always in order; and that each then takes the room its page
// leaves it: alone on a page, the whole page; one of two, a half; a quarter's
// puzzle alone in its half, the half. Puzzles keep their order but where a
// small one fills the room left before a large one (TestSmallPuzzlesFill...).
func TestPuzzlePacking(t *testing.T) {
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	quarter, half, full := dancer(t), randomPuzzle(25, 15, 1, 2), randomPuzzle(40, 45, 1, 3)
	spec := sheetSpec{heading: "Puzzle 10"}
	if fitCell(m, half, pageSize{A4, 105, 148.5}, spec) >= sharedCell || fitCell(m, half, pageSize{A4, 210, 148.5}, spec) < sharedCell {
		t.Fatal("the half-page test puzzle does not fit a half page only")
	}
	for _, c := range []struct {
		name  string
		seq   []*puzzleCase
		pages int
		where []string // page and position of each puzzle's heading
	}{
		{"Q H", []*puzzleCase{{quarter}, {half}}, 1, []string{"1 centre top", "1 centre bottom"}},
		{"Q Q", []*puzzleCase{{quarter}, {quarter}}, 1, []string{"1 centre top", "1 centre bottom"}},
		{"Q Q Q", []*puzzleCase{{quarter}, {quarter}, {quarter}}, 1, []string{"1 left top", "1 right top", "1 centre bottom"}},
		{"Q Q Q Q", []*puzzleCase{{quarter}, {quarter}, {quarter}, {quarter}}, 1, []string{"1 left top", "1 right top", "1 left bottom", "1 right bottom"}},
		{"H Q Q H", []*puzzleCase{{half}, {quarter}, {quarter}, {half}}, 2, []string{"1 centre top", "1 left bottom", "1 right bottom", "2 centre top"}},
		// The second quarter fills the room the first left before the
		// full page's puzzle, where it took a page of its own after it.
		{"Q F Q", []*puzzleCase{{quarter}, {full}, {quarter}}, 2, []string{"1 centre top", "1 centre bottom", "2 centre top"}},
	} {
		var entries []BookletEntry
		for _, pc := range c.seq {
			entries = append(entries, BookletEntry{Puzzle: pc.p})
		}
		pages, _, _ := puzzlePages(m, entries, a4, false, 2)
		if len(pages) != c.pages {
			t.Errorf("%s: %d pages, want %d", c.name, len(pages), c.pages)
			continue
		}
		var got []string
		for i, pg := range pages {
			for _, it := range pg.Items {
				if tx, ok := it.(text); ok && tx.Size == headingSize {
					x := "centre"
					if tx.X < pg.Width*0.4 {
						x = "left"
					} else if tx.X > pg.Width*0.6 {
						x = "right"
					}
					y := "top"
					if tx.Y > pg.Height/2 {
						y = "bottom"
					}
					got = append(got, string(rune('1'+i))+" "+x+" "+y)
				}
			}
		}
		if len(got) != len(c.where) {
			t.Errorf("%s: headings at %v, want %v", c.name, got, c.where)
			continue
		}
		for i := range got {
			if got[i] != c.where[i] {
				t.Errorf("%s: puzzle %d at %s, want %s", c.name, i+1, got[i], c.where[i])
			}
		}
	}
}

// TestSmallPuzzlesFillTheRoomBeforeLargeOnes: a club's booklet of small and
// large puzzles mixed (a 5×5, a 45×45, a 7×7, a 50×60, ...) printed each small
// one alone on a page between two large ones, six pages of 24 mostly blank.
// The small ones now fill the page the first of them began, before the large
// ones, and every puzzle is numbered as printed: the headings run 1, 2, 3...
// through the pages, and the contents list the titles in that order, each
// with its page.
func TestSmallPuzzlesFillTheRoomBeforeLargeOnes(t *testing.T) {
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	var entries []BookletEntry
	for _, c := range []struct {
		title string
		big   bool
	}{{"S1", false}, {"B1", true}, {"S2", false}, {"B2", true}, {"S3", false}, {"S4", false}} {
		p := dancer(t)
		if c.big {
			p = randomPuzzle(40, 45, 1, 3)
		}
		p.Meta.Title = c.title
		entries = append(entries, BookletEntry{Puzzle: p})
	}
	pages, order, entryPage := puzzlePages(m, entries, a4, false, 3)
	if want := []int{0, 2, 4, 5, 1, 3}; !slices.Equal(order, want) {
		t.Errorf("printed in the order %v, want %v (the small ones first, on one page)", order, want)
	}
	if want := []int{3, 3, 3, 3, 4, 5}; !slices.Equal(entryPage, want) {
		t.Errorf("on pages %v, want %v", entryPage, want)
	}
	var headings []string
	for _, pg := range pages {
		for _, it := range pg.Items {
			if tx, ok := it.(text); ok && tx.Size == headingSize {
				headings = append(headings, tx.S)
			}
		}
	}
	if want := []string{"Puzzle 1", "Puzzle 2", "Puzzle 3", "Puzzle 4", "Puzzle 5", "Puzzle 6"}; !slices.Equal(headings, want) {
		t.Errorf("headings %v through the pages, want %v", headings, want)
	}
	all, err := bookletPages(Cover{Title: "Club"}, entries, Options{Paper: A4})
	if err != nil {
		t.Fatal(err)
	}
	var listed []string // the contents' titles, top to bottom (all on the cover)
	for _, it := range all[0].Items {
		if tx, ok := it.(text); ok && len(tx.S) == 2 && (tx.S[0] == 'S' || tx.S[0] == 'B') {
			listed = append(listed, tx.S)
		}
	}
	if want := []string{"S1", "S2", "S3", "S4", "B1", "B2"}; !slices.Equal(listed, want) {
		t.Errorf("the contents list %v, want %v", listed, want)
	}
	if len(all) != 1+3+1 {
		t.Errorf("%d pages, want the cover, 3 of puzzles and the answers", len(all))
	}
	var answers []string // the answer key's captions, in the order drawn
	for _, it := range all[len(all)-1].Items {
		if tx, ok := it.(text); ok && strings.Contains(tx.S, ". ") {
			answers = append(answers, tx.S)
		}
	}
	if want := []string{"1. S1", "2. S2", "3. S3", "4. S4", "5. B1", "6. B2"}; !slices.Equal(answers, want) {
		t.Errorf("the answer key's captions %v, want %v", answers, want)
	}
}

// TestLonePuzzleFillsItsPage checks that a quarter-size puzzle left alone
// on its page (the next one needs a page of its own) is drawn to fill the
// page, its clues larger than where four share a page, up to the booklet's
// largest cell (bookletMaxCell: its clues were 1.5 times larger, at a
// sheet's 24 mm cells, before booklets capped their cells).
func TestLonePuzzleFillsItsPage(t *testing.T) {
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	quarter, full := dancer(t), randomPuzzle(40, 45, 1, 3)
	clueSize := func(entries ...*puzzle.Puzzle) float64 {
		var es []BookletEntry
		for _, p := range entries {
			es = append(es, BookletEntry{Puzzle: p})
		}
		pages, _, _ := puzzlePages(m, es, a4, false, 2)
		size := 0.0
		for _, it := range pages[0].Items {
			if tx, ok := it.(text); ok && strings.Trim(tx.S, "0123456789") == "" {
				size = max(size, tx.Size)
			}
		}
		return size
	}
	shared, alone := clueSize(quarter, quarter, quarter, quarter), clueSize(quarter, full)
	if want := clueDigit * bookletMaxCell; alone <= shared || alone != want {
		t.Errorf("clues of a puzzle alone on its page are %.2f mm, of one of four %.2f mm: want the lone one's %.2f mm, its cells the booklet's largest", alone, shared, want)
	}
}

// A small puzzle alone on its page among large ones (a 2×2 in four
// colours) has cells no larger than bookletMaxCell, where it had a sheet's
// 24 mm, each colour clue a box as large, and stands a little above the
// middle of the page, its heading with it, on A4 and Letter alike.
func TestSmallPuzzleAloneIsCappedAndPlaced(t *testing.T) {
	m, _ := newMetrics()
	small, full := randomPuzzle(2, 2, 4, 7), randomPuzzle(40, 45, 1, 3)
	for _, name := range []Paper{A4, Letter} {
		paper, _ := paperSize(name)
		pages, _, _ := puzzlePages(m, []BookletEntry{{Puzzle: full}, {Puzzle: small}, {Puzzle: full}}, paper, false, 2)
		if len(pages) != 3 {
			t.Fatalf("%s: %d pages, want the small puzzle's between the large ones'", name, len(pages))
		}
		pg := pages[1]
		top, bottom, boxes, heading := pg.Height, 0.0, 0, 0.0
		for _, it := range pg.Items {
			switch it := it.(type) {
			case rect:
				if it.W > bookletMaxCell || it.H > bookletMaxCell {
					t.Errorf("%s: a box of %.1f×%.1f mm, want cells of at most %.0f mm", name, it.W, it.H, bookletMaxCell)
				}
				boxes++
				top, bottom = min(top, it.Y), max(bottom, it.Y+it.H)
			case text:
				if it.Size == pageNumSize && it.Color == textGrey {
					continue // the page number, at the foot
				}
				if it.S == "Puzzle 2" {
					heading = it.Y
				}
				top, bottom = min(top, it.Y-it.Size), max(bottom, it.Y)
			}
		}
		if boxes == 0 || heading == 0 {
			t.Fatalf("%s: %d clue boxes, heading at %.1f mm: not the small puzzle's page", name, boxes, heading)
		}
		if mid := (top + bottom) / 2; mid < 0.35*pg.Height || mid > 0.5*pg.Height {
			t.Errorf("%s: the puzzle stands from %.0f to %.0f mm of a %.0f mm page, want it a little above the middle", name, top, bottom, pg.Height)
		}
		if heading < top || heading > top+2*headingSize {
			t.Errorf("%s: the heading at %.0f mm, the puzzle from %.0f: want the heading over it", name, heading, top)
		}
	}
}

// Two puzzles side by side in a half page have their headings on one
// line, however different their heights: the shorter is not lowered
// further than the taller.
func TestPairHeadingsShareALine(t *testing.T) {
	checkPairHeadings(t, dancer(t), randomPuzzle(2, 2, 4, 7), dancer(t), dancer(t))
}

// checkPairHeadings lays out four puzzles that fit a page's quarters, and
// checks that each pair's headings stand on one line.
func checkPairHeadings(t *testing.T, ps ...*puzzle.Puzzle) {
	t.Helper()
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	entries := make([]BookletEntry, len(ps))
	for i, p := range ps {
		entries[i] = BookletEntry{Puzzle: p}
	}
	pages, _, _ := puzzlePages(m, entries, a4, false, 2)
	if len(pages) != 1 {
		t.Fatalf("%d pages, want one of four quarters", len(pages))
	}
	ys := map[string]float64{}
	for _, it := range pages[0].Items {
		if tx, ok := it.(text); ok && tx.Size == headingSize {
			ys[tx.S] = tx.Y
		}
	}
	if len(ys) != 4 || ys["Puzzle 1"] != ys["Puzzle 2"] || ys["Puzzle 3"] != ys["Puzzle 4"] {
		t.Errorf("headings at %v, want each pair's on one line", ys)
	}
}

type puzzleCase struct{ p *puzzle.Puzzle }

// The contents' difficulty column is at least as wide as every grade word
// of package grade's table, measured, not as wide as a word the renderer
// guesses is the widest: a wider word added to the table fits.
func TestDifficultyColumnFitsEveryGradeWord(t *testing.T) {
	m, _ := newMetrics()
	w := gradeWordsWidth(m)
	widest := false
	for _, g := range grade.All() {
		gw := m.width(g.Word, contentsSize, false)
		if gw > w {
			t.Errorf("%q is %.2f mm wide, the column at least %.2f", g.Word, gw, w)
		}
		widest = widest || gw == w
	}
	if !widest {
		t.Errorf("the column's least width %.2f is no grade word's", w)
	}
}

// TestPairHeadingsShareALineWithATriddler: a triddler beside a grid, whose
// drop bookletSheetDrop works out from the triangle side as drawTriSheet
// draws it, keeps the pair's headings on one line.
func TestPairHeadingsShareALineWithATriddler(t *testing.T) {
	corpustest.Dir(t)
	tri, _ := solvedTriddler(t, corpusTriddlers[0])
	checkPairHeadings(t, randomPuzzle(2, 2, 4, 7), tri, dancer(t), dancer(t))
}

// TestAnswersBeginOnAnOddPage: a club printing its booklet on both sides of
// the paper, or two pages to a side, found the answer key's first page on
// the back of the last puzzle's, or beside it. The key begins on an odd page,
// after a page left blank (saying so, with its number) when the puzzles end
// on an odd one; the contents give the key's page; no blank page when the
// puzzles end on an even page, nor without the key.
func TestAnswersBeginOnAnOddPage(t *testing.T) {
	full := func() BookletEntry { return BookletEntry{Puzzle: randomPuzzle(40, 45, 1, 3)} }
	for _, c := range []struct {
		name      string
		entries   []BookletEntry
		noKey     bool
		pages     int // in all, the cover's included
		blank     int // the blank page's number; 0: none
		answersAt int
	}{
		{"puzzles end on page 3", []BookletEntry{full(), full()}, false, 5, 4, 5},
		{"puzzles end on page 4", []BookletEntry{full(), full(), full()}, false, 5, 0, 5},
		{"no answer key", []BookletEntry{full(), full()}, true, 3, 0, 0},
	} {
		all, err := bookletPages(Cover{Title: "Club"}, c.entries, Options{Paper: A4, NoAnswerKey: c.noKey})
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != c.pages {
			t.Errorf("%s: %d pages, want %d", c.name, len(all), c.pages)
			continue
		}
		blank, answersAt := 0, 0
		for i, pg := range all {
			for _, it := range pg.Items {
				if tx, ok := it.(text); ok && strings.HasPrefix(tx.S, "This page is left blank") {
					blank = i + 1
					if !hasText(pg, strconv.Itoa(i+1)) || len(pg.Items) != 2 {
						t.Errorf("%s: the blank page %d holds %d items, want its note and its number", c.name, i+1, len(pg.Items))
					}
				}
				if tx, ok := it.(text); ok && tx.S == "Answers" && i > 0 {
					answersAt = i + 1
				}
			}
		}
		if blank != c.blank || answersAt != c.answersAt {
			t.Errorf("%s: blank page %d, answers on page %d, want %d and %d", c.name, blank, answersAt, c.blank, c.answersAt)
		}
		var answersRow float64 // the contents' line of the answers, on the cover
		for _, it := range all[0].Items {
			if tx, ok := it.(text); ok && tx.S == "Answers" {
				answersRow = tx.Y
			}
		}
		listed := 0
		for _, it := range all[0].Items {
			if tx, ok := it.(text); ok && tx.Y == answersRow && tx.S != "Answers" {
				listed, _ = strconv.Atoi(tx.S)
			}
		}
		if listed != c.answersAt {
			t.Errorf("%s: the contents put the answers on page %d, want %d", c.name, listed, c.answersAt)
		}
	}
}

// hasText says whether page pg shows the text s.
func hasText(pg *scene, s string) bool {
	for _, it := range pg.Items {
		if tx, ok := it.(text); ok && tx.S == s {
			return true
		}
	}
	return false
}

// TestPairSplitsItsHalfByNeed: two puzzles side by side share their half
// page's width so that the smaller of their cells is as large as it can be,
// where each took half: a 10×5 in four colours, with many colour clues to a
// row, had 4.5 mm cells and clue boxes beside a 7×7's 10 mm. Two alike still
// split it evenly, and neither takes less than 35 % of it.
func TestPairSplitsItsHalfByNeed(t *testing.T) {
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	half := pageSize{A4, a4.Width, a4.Height / 2}
	wide, small := randomPuzzle(10, 5, 4, 5), randomPuzzle(7, 7, 1, 5)
	spec := func(i int) sheetSpec { return entrySpec(BookletEntry{}, i, false) }
	cells := func(a, b *puzzle.Puzzle, r []pageSize) (float64, float64) {
		return bookletFit(m, a, r[0], spec(0)), bookletFit(m, b, r[1], spec(1))
	}
	even := []pageSize{{A4, half.Width / 2, half.Height}, {A4, half.Width / 2, half.Height}}
	for _, pair := range [][2]*puzzle.Puzzle{{wide, small}, {small, wide}} {
		r := pairRegions(m, pair[0], pair[1], spec(0), spec(1), half)
		if r[0].Width+r[1].Width != half.Width || min(r[0].Width, r[1].Width) < 0.35*half.Width-1e-9 {
			t.Errorf("regions %.1f and %.1f mm wide, want the half's %.1f split, each at least 35 %%", r[0].Width, r[1].Width, half.Width)
		}
		ea, eb := cells(pair[0], pair[1], even)
		ca, cb := cells(pair[0], pair[1], r)
		if min(ca, cb) < min(ea, eb)+0.5 {
			t.Errorf("cells %.1f and %.1f mm, split evenly %.1f and %.1f: want the smaller half a millimetre larger at least", ca, cb, ea, eb)
		}
	}
	// On the page: the pair's headings stand over the middles of their
	// regions.
	r := pairRegions(m, wide, small, spec(0), spec(1), half)
	pages, _, _ := puzzlePages(m, []BookletEntry{{Puzzle: wide}, {Puzzle: small}, {Puzzle: dancer(t)}, {Puzzle: dancer(t)}}, a4, false, 2)
	for _, it := range pages[0].Items {
		tx, ok := it.(text)
		if !ok || tx.Size != headingSize {
			continue
		}
		want := map[string]float64{"Puzzle 1": r[0].Width / 2, "Puzzle 2": r[0].Width + r[1].Width/2}
		if x, ok := want[tx.S]; ok && math.Abs(tx.X-x) > 0.01 {
			t.Errorf("%s's heading at %.1f mm, want it over its region's middle, %.1f", tx.S, tx.X, x)
		}
	}
	if r := pairRegions(m, dancer(t), dancer(t), spec(0), spec(1), half); r[0].Width != half.Width/2 {
		t.Errorf("two alike: %.1f and %.1f mm, want an even split", r[0].Width, r[1].Width)
	}
}
