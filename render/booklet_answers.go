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
)

// answerBox is one answer of the key, laid out at the origin: its caption
// over its solution, w × h.
type answerBox struct {
	items []item
	w, h  float64
}

// answerPages lays out the answer key, numbering pages from first: each
// puzzle's solution, captioned with its number and title, at cells of at
// most 2.5 mm and small enough that four of the biggest go across a page,
// packed left to right in rows (the row as tall as its tallest answer) and
// rows down the pages, in puzzle order.
func answerPages(m *metrics, entries []BookletEntry, paper pageSize, monoSafe bool, first int) []*scene {
	if len(entries) == 0 {
		return nil
	}
	left, right := margin, paper.Width-margin
	bottom := paper.Height - 1.5*margin
	maxSide := (right - left - (answerAcross-1)*answerGap) / answerAcross
	var pages []*scene
	var page *scene
	x, y, rowH := left, 0.0, 0.0
	newPage := func() {
		page = numberedPage(paper, first+len(pages))
		y = margin
		if len(pages) == 0 {
			page.add(newText(left, margin+headingSize*0.8, headingSize*1.2, anchorStart, true, black, "Answers"))
			page.Bookmarks = append(page.Bookmarks, bookmark{Title: "Answers", Y: margin})
			y += headingSize * 2.4
		}
		pages = append(pages, page)
		x, rowH = left, 0
	}
	newPage()
	for i, e := range entries {
		b := answer(m, i+1, e, maxSide, monoSafe)
		if x > left && x+b.w > right { // the row is full
			x, y, rowH = left, y+rowH+answerGap, 0
		}
		if y+b.h > bottom && (x > left || y > margin+headingSize*2.4) {
			newPage()
		}
		for _, it := range b.items {
			page.add(it.moved(x, y, 1))
		}
		x += b.w + answerGap
		rowH = max(rowH, b.h)
	}
	return pages
}

// answer lays out entry number n's answer with its caption, its cells at
// most answerCell and its longer side at most maxSide.
func answer(m *metrics, n int, e BookletEntry, maxSide float64, monoSafe bool) answerBox {
	p := e.Puzzle
	w, h := answerExtent(p, maxSide) // triddler_booklet.go
	b := answerBox{w: max(w, answerMinW)}
	caption := strconv.Itoa(n)
	if t := strings.TrimSpace(p.Meta.Title); t != "" {
		caption += ". " + t
	}
	if lines := m.wrap(caption, answerCaption, b.w, true, 1); len(lines) > 0 {
		caption = lines[0]
	}
	b.items = append(b.items, newText(0, answerCaption, answerCaption, anchorStart, true, black, caption))
	top := answerCaption * 1.6
	if e.Solution == nil {
		b.items = append(b.items, newText(0, top+answerCaption, answerCaption, anchorStart, false, textGrey, "no answer given"))
		b.h = top + answerCaption*1.5
		return b
	}
	sol := answerScene(p, e.Solution, maxSide, monoSafe)
	for _, it := range sol.Items {
		b.items = append(b.items, it.moved(0, top, 1))
	}
	b.h = top + h
	return b
}
