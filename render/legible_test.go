package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// LargerPaper names exactly the puzzles whose page is larger than the paper
// asked for, as the booklet and the sheet lay them out, on each paper: a
// club printing on Letter found two A3 pages in its booklet only at the
// printer, and on A5 a 35×23 moved to A4 by a page number's height.
func TestLargerPaperNamesThePagesThatAre(t *testing.T) {
	m, _ := newMetrics()
	sizes := [][2]int{{5, 5}, {35, 23}, {45, 45}, {50, 60}, {34, 34}, {40, 15}, {90, 30}, {20, 20}, {22, 35}, {27, 21}, {20, 55}}
	var entries []BookletEntry
	for i, wh := range sizes {
		p := randomPuzzle(wh[0], wh[1], 1, 3) // 22×35 and 27×21 take A4 from A5 by a page number's height
		p.Meta.Title = fmt.Sprintf("T%d", i+1)
		entries = append(entries, BookletEntry{Puzzle: p, Solution: p.Goal})
	}
	larger := func(sc *scene, paper pageSize) bool {
		return max(sc.Width, sc.Height) > max(paper.Width, paper.Height)+0.01
	}
	for _, name := range []Paper{A5, A4, Letter} {
		paper, _ := paperSize(name)
		opt := Options{Paper: name}
		pages, err := bookletPages(Cover{Title: "Club"}, entries, opt)
		if err != nil {
			t.Fatal(err)
		}
		onLarger := map[string]bool{} // titles printed on a larger page
		for _, pg := range pages {
			if !larger(pg, paper) {
				continue
			}
			for _, it := range pg.Items {
				if tx, ok := it.(text); ok && strings.HasPrefix(tx.S, "T") {
					onLarger[tx.S] = true
				}
			}
		}
		if len(onLarger) == 0 {
			t.Errorf("%s: no page larger than the paper: the test shows nothing", name)
		}
		for _, e := range entries {
			title := e.Puzzle.Meta.Title
			d := LargerPaper(e.Puzzle, opt, true)
			if (d != nil) != onLarger[title] {
				t.Errorf("%s: %s on a larger page: %v; LargerPaper says %v", name, title, onLarger[title], d)
			}
			sheet := layoutSheet(m, e.Puzzle, paper, opt.sheetSpec()).scene
			if d := LargerPaper(e.Puzzle, opt, false); (d != nil) != larger(sheet, paper) {
				t.Errorf("%s: %s's sheet is %.0f×%.0f mm; LargerPaper says %v", name, title, sheet.Width, sheet.Height, d)
			}
		}
	}
	d := LargerPaper(randomPuzzle(90, 30, 1, 7), Options{Paper: Letter}, true)
	if d == nil || !strings.Contains(d.Message, "its page is A3, larger than the Letter printed on") ||
		!strings.Contains(d.Hint, "print that page on A3, or let the printer fit it to Letter") {
		t.Errorf("a 90×30 on Letter: %v, want its page named A3 and how to print it", d)
	}
	if d := LargerPaper(randomPuzzle(90, 30, 1, 7), Options{Paper: A3}, true); d != nil {
		t.Errorf("a 90×30 on A3: %v, want none", d)
	}
	var none *puzzle.Puzzle
	if d := LargerPaper(none, Options{}, true); d != nil {
		t.Errorf("no puzzle: %v", d)
	}
}
