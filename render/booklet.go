package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// BookletEntry is one puzzle of a booklet.
type BookletEntry struct {
	Puzzle   *puzzle.Puzzle
	Solution *puzzle.Image // nil: no answer for it
}

// Booklet layout, in millimetres.
const (
	sharedCell   = 4.5  // a puzzle shares its page only if its cells stay this big
	answerCols   = 3    // solutions per row of the answer key
	answerGutter = 6.0  // between answer slots
	answerSlotH  = 62.0 // height of an answer slot, caption included
	answerCell   = 3.0  // largest cell of an answer-key solution
	captionSize  = 3.0
	bookTitle    = 10.0
)

// Booklet writes a collection booklet PDF: a title page; the puzzles numbered
// in order, one per page or, when they fit with cells of at least 4.5 mm, two
// or four to a page; then an answer key with smaller solutions several to a
// page. Pages are numbered and the PDF has bookmarks. A puzzle too big for
// the paper gets a landscape or A3 page of its own, as in Sheet.
func Booklet(w io.Writer, title string, entries []BookletEntry, opt Options) error {
	doc, err := bookletDoc(title, entries, opt)
	if err != nil {
		return err
	}
	return doc.write(w)
}

// bookletDoc draws the pages of Booklet into a document, ready to write.
func bookletDoc(title string, entries []BookletEntry, opt Options) (*pdfDoc, error) {
	paper, err := paperSize(opt.Paper)
	if err != nil {
		return nil, err
	}
	for i, e := range entries {
		if err := bookletCheck(e.Puzzle, e.Solution); err != nil { // triddler_booklet.go
			return nil, fmt.Errorf("booklet entry %d: %w", i+1, err)
		}
	}
	m, err := newMetrics()
	if err != nil {
		return nil, err
	}
	pages := puzzlePages(m, entries, paper, opt.MonoSafe, 2)
	answersFrom := len(pages) + 2
	pages = append(pages, answerPages(m, entries, paper, opt.MonoSafe, answersFrom)...)
	pages = append([]*scene{titlePage(m, title, entries, paper, answersFrom)}, pages...)

	// A booklet is printed and kept: it always embeds its fonts (once per
	// file, a few milliseconds), where a single sheet uses the core
	// Helvetica when its texts allow, to keep site builds fast.
	return drawPDF(title, "", pages, opt), nil
}

// puzzlePages lays the puzzles out in order, numbering pages from first. A
// page is two halves; a half holds one puzzle that fits it, or two side by
// side that fit a quarter page. A puzzle that fits neither gets a page of its
// own (turned, or A3, if it must).
func puzzlePages(m *metrics, entries []BookletEntry, paper pageSize, monoSafe bool, first int) []*scene {
	var pages []*scene
	quarter := pageSize{paper.Name, paper.Width / 2, paper.Height / 2}
	half := pageSize{paper.Name, paper.Width, paper.Height / 2}
	var cur *scene       // the page being filled; nil: none
	halfUsed := 2        // halves of cur already begun
	openQuarter := false // the last half begun holds one quarter puzzle
	place := func(p *puzzle.Puzzle, spec sheetSpec, region pageSize, dx, dy float64) {
		cur.place(bookletSheet(m, p, region, spec), dx, dy, 1)
	}
	nextHalf := func() float64 {
		if cur == nil || halfUsed == 2 {
			cur = numberedPage(paper, strconv.Itoa(first+len(pages)))
			pages = append(pages, cur)
			halfUsed = 0
		}
		halfUsed++
		return float64(halfUsed-1) * half.Height
	}
	for i, e := range entries {
		p := e.Puzzle
		spec := sheetSpec{heading: fmt.Sprintf("Puzzle %d", i+1), monoSafe: monoSafe}
		switch {
		case bookletFit(m, p, quarter, spec) >= sharedCell:
			if openQuarter {
				place(p, spec, quarter, quarter.Width, float64(halfUsed-1)*half.Height)
				openQuarter = false
				continue
			}
			place(p, spec, quarter, 0, nextHalf())
			openQuarter = true
		case bookletFit(m, p, half, spec) >= sharedCell:
			place(p, spec, half, 0, nextHalf())
			openQuarter = false
		default:
			spec.pageNum = strconv.Itoa(first + len(pages))
			pages = append(pages, bookletPage(m, p, paper, spec))
			cur, openQuarter = nil, false
		}
	}
	return pages
}

// numberedPage is an empty page with its number at the foot.
func numberedPage(paper pageSize, num string) *scene {
	s := &scene{Width: paper.Width, Height: paper.Height, Name: "Page " + num}
	s.add(newText(paper.Width/2, paper.Height-margin/2, pageNumSize, anchorMiddle, false, textGrey, num))
	return s
}

// answerPages lays out the answer key, numbering pages from first.
func answerPages(m *metrics, entries []BookletEntry, paper pageSize, monoSafe bool, first int) []*scene {
	if len(entries) == 0 {
		return nil
	}
	top := margin + headingSize*1.8
	slotW := (paper.Width - 2*margin - (answerCols-1)*answerGutter) / answerCols
	rows := max(1, int((paper.Height-top-margin)/answerSlotH))
	perPage := rows * answerCols
	var pages []*scene
	for i, e := range entries {
		k := i % perPage
		if k == 0 {
			page := numberedPage(paper, strconv.Itoa(first+len(pages)))
			if i == 0 {
				page.add(newText(paper.Width/2, margin+headingSize*0.8, headingSize, anchorMiddle, true, black, "Answers"))
				page.Bookmarks = append(page.Bookmarks, bookmark{Title: "Answers", Y: margin})
			}
			pages = append(pages, page)
		}
		page := pages[len(pages)-1]
		x := margin + float64(k%answerCols)*(slotW+answerGutter)
		y := top + float64(k/answerCols)*answerSlotH
		p := e.Puzzle
		caption := fmt.Sprintf("%d. %s", i+1, p.Meta.Title)
		if p.Meta.Title == "" {
			caption = fmt.Sprintf("%d. %s", i+1, sizeLabel(p))
		}
		if lines := m.wrap(caption, captionSize, slotW, true, 1); len(lines) > 0 {
			caption = lines[0]
		}
		page.add(newText(x+slotW/2, y+captionSize, captionSize, anchorMiddle, true, black, caption))
		if e.Solution == nil {
			page.add(newText(x+slotW/2, y+captionSize*3, attribSize, anchorMiddle, false, textGrey, "no answer given"))
			continue
		}
		avail := answerSlotH - captionSize*2 - answerGutter
		sol := answerScene(p, e.Solution, slotW, avail, monoSafe)
		page.place(sol, x+(slotW-sol.Width)/2, y+captionSize*2, 1)
	}
	return pages
}

// titlePage shows the booklet's title, its contents and its authors.
func titlePage(m *metrics, title string, entries []BookletEntry, paper pageSize, answersFrom int) *scene {
	s := &scene{Width: paper.Width, Height: paper.Height, Name: printable(title)}
	s.Bookmarks = append(s.Bookmarks, bookmark{Title: title, Y: 0})
	width := paper.Width - 4*margin
	y := paper.Height * 0.3
	for _, l := range m.wrap(title, bookTitle, width, true, 3) {
		s.add(newText(paper.Width/2, y, bookTitle, anchorMiddle, true, black, l))
		y += bookTitle * 1.3
	}
	y += 6
	count := fmt.Sprintf("%d puzzles", len(entries))
	if len(entries) == 1 {
		count = "1 puzzle"
	}
	if len(entries) > 0 {
		count += fmt.Sprintf(" · answers from page %d", answersFrom)
	}
	s.add(newText(paper.Width/2, y, 4.5, anchorMiddle, false, textGrey, count))
	y += 12
	var authors []string
	seen := map[string]bool{}
	for _, e := range entries {
		a := strings.TrimSpace(e.Puzzle.Meta.Author)
		if a != "" && !seen[a] {
			seen[a] = true
			authors = append(authors, a)
		}
	}
	if len(authors) > 0 {
		for _, l := range m.wrap("Puzzles by "+strings.Join(authors, ", "), attribSize*1.2, width, false, 6) {
			s.add(newText(paper.Width/2, y, attribSize*1.2, anchorMiddle, false, textGrey, l))
			y += attribSize * 1.2 * 1.4
		}
	}
	return s
}
