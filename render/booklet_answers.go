package render

import (
	"strconv"
	"strings"
)

// Answer key layout, in millimetres.
const (
	answerCell    = 2.5 // largest cell of an answer
	answerGap     = 4.0 // between answers, across and down
	answerAcross  = 4   // the biggest answers still go four across
	answerCaption = 2.6 // caption text over an answer
	answerMinW    = 16.0
	// answerShrink is the smallest share of their size answers are drawn
	// at to save the key a page (answerPages).
	answerShrink = 0.7
)

// answerSize bounds an answer: its cells (a triddler's square equivalent)
// and its longer side, in mm.
type answerSize struct{ cell, maxSide float64 }

// answerBox is one answer of the key, laid out at the origin: its caption
// over its solution, w × h.
type answerBox struct {
	items []item
	w, h  float64
}

// answerSpot is where an answer goes: its page of the key and its place.
type answerSpot struct {
	page int
	x, y float64
}

// answerPages lays out the answer key, numbering pages from first: each
// puzzle's solution, captioned with its number and title, at cells of at
// most 2.5 mm and small enough that four of the biggest go across a page,
// packed left to right in rows (the row as tall as its tallest answer) and
// rows down the pages, in puzzle order. When drawing the answers smaller
// (down to answerShrink of that) saves a page, such as a last page that
// would hold one answer, they are drawn at the largest size that does.
func answerPages(m *metrics, entries []BookletEntry, paper pageSize, monoSafe bool, first int) []*scene {
	if len(entries) == 0 {
		return nil
	}
	maxSide := (paper.Width - 2*margin - (answerAcross-1)*answerGap) / answerAcross
	sz := answerSize{answerCell, maxSide}
	spots, pages := placeAnswers(entries, paper, sz)
	for share := 0.95; pages > 1 && share >= answerShrink-1e-9; share -= 0.05 {
		smaller := answerSize{answerCell * share, maxSide * share}
		if s, n := placeAnswers(entries, paper, smaller); n < pages {
			spots, pages, sz = s, n, smaller
			break
		}
	}
	out := make([]*scene, pages)
	for i := range out {
		out[i] = numberedPage(paper, first+i)
	}
	out[0].add(newText(margin, margin+headingSize*0.8, headingSize*1.2, anchorStart, true, black, "Answers"))
	out[0].Bookmarks = append(out[0].Bookmarks, bookmark{Title: "Answers", Y: margin})
	for i, e := range entries {
		b := answer(m, i+1, e, sz, monoSafe)
		at := spots[i]
		for _, it := range b.items {
			out[at.page].add(it.moved(at.x, at.y, 1))
		}
	}
	return out
}

// placeAnswers places the answers bounded by sz on the key's pages, as
// answerPages describes, from their sizes alone, and counts the pages.
func placeAnswers(entries []BookletEntry, paper pageSize, sz answerSize) ([]answerSpot, int) {
	left, right := margin, paper.Width-margin
	bottom := paper.Height - 1.5*margin
	top := margin + headingSize*2.4 // under the heading, on the first page
	spots := make([]answerSpot, len(entries))
	page, x, y, rowH := 0, left, top, 0.0
	for i, e := range entries {
		w, h := answerBoxSize(e, sz)
		if x > left && x+w > right { // the row is full
			x, y, rowH = left, y+rowH+answerGap, 0
		}
		if y+h > bottom && (x > left || y > top || page > 0 && y > margin) {
			page, x, y, rowH = page+1, left, margin, 0
		}
		spots[i] = answerSpot{page, x, y}
		x += w + answerGap
		rowH = max(rowH, h)
	}
	return spots, page + 1
}

// answerBoxSize is the width and height answer gives entry e's box.
func answerBoxSize(e BookletEntry, sz answerSize) (w, h float64) {
	w, h = answerExtent(e.Puzzle, sz) // triddler_booklet.go
	if e.Solution == nil {
		h = answerCaption * 1.5
	}
	return max(w, answerMinW), answerCaption*1.6 + h
}

// answer lays out entry number n's answer with its caption, bounded by sz,
// in the box answerBoxSize measures.
func answer(m *metrics, n int, e BookletEntry, sz answerSize, monoSafe bool) answerBox {
	p := e.Puzzle
	var b answerBox
	b.w, b.h = answerBoxSize(e, sz)
	caption := fitCaption(m, strconv.Itoa(n), strings.TrimSpace(p.Meta.Title), b.w)
	b.items = append(b.items, newText(0, answerCaption, answerCaption, anchorStart, true, black, caption))
	top := answerCaption * 1.6
	if e.Solution == nil {
		b.items = append(b.items, newText(0, top+answerCaption, answerCaption, anchorStart, false, textGrey, "no answer given"))
		return b
	}
	sol := answerScene(p, e.Solution, sz, monoSafe)
	for _, it := range sol.Items {
		b.items = append(b.items, it.moved(0, top, 1))
	}
	return b
}

// fitCaption is an answer's caption, "12. Needle", cut to width with "…"
// after the title's last word that fits ("16. Such a shame color…", where
// it was cut mid-word, "16. Such a shame color nonog…"), inside a word only
// when no whole words of three letters or more fit ("5. Monst…"), or the
// number alone when fewer than three letters of the title would be left.
func fitCaption(m *metrics, num, title string, width float64) string {
	if title == "" {
		return num
	}
	full := num + ". " + title
	if m.width(full, answerCaption, true) <= width {
		return full
	}
	letters := []rune(title)
	fits := func(k int) (string, bool) {
		cut := num + ". " + strings.TrimSpace(string(letters[:k])) + "…"
		return cut, m.width(cut, answerCaption, true) <= width
	}
	for k := len(letters) - 1; k >= 3; k-- { // at a word's end
		if letters[k] != ' ' || letters[k-1] == ' ' {
			continue
		}
		if cut, ok := fits(k); ok {
			return cut
		}
	}
	for k := len(letters) - 1; k >= 3; k-- {
		if cut, ok := fits(k); ok {
			return cut
		}
	}
	return num
}
