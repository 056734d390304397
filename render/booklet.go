package render

import (
	"fmt"
	"io"
	"strconv"

	"github.com/nonopress/nonopress/puzzle"
)

// BookletEntry is one puzzle of a booklet.
type BookletEntry struct {
	Puzzle   *puzzle.Puzzle
	Solution *puzzle.Image // nil: no answer for it
	// Difficulty is the puzzle's grade or words for the contents page, as
	// Options.Difficulty is for a sheet; "" leaves it blank.
	Difficulty string
	// Drawn, if set, is the puzzle's grid as its sheet PDF drew it
	// (Layout.Drawn): the booklet places it again where its cells allow
	// (drawn.go) instead of drawing the clues and grid afresh. It changes
	// nothing a reader sees.
	Drawn *DrawnGrid
}

// A Cover is what a booklet's cover page says.
type Cover struct {
	Title string
	// Note is a paragraph under the title (a collection note's first
	// paragraph, as plain text); "" for none.
	Note string
}

// Booklet layout, in millimetres.
const (
	sharedCell  = 4.5 // a puzzle shares its page only if its cells stay this big
	captionSize = 3.0
	bookTitle   = 10.0
)

// Booklet writes a collection booklet PDF with a cover saying title; see
// CoverBooklet.
func Booklet(w io.Writer, title string, entries []BookletEntry, opt Options) error {
	return CoverBooklet(w, Cover{Title: title}, entries, opt)
}

// CoverBooklet writes a collection booklet PDF: a cover (title, note, count,
// authors, and opt.Date if set); a contents page listing each puzzle with its
// page, size and difficulty; the puzzles numbered in order, one per page or,
// when they fit with cells of at least 4.5 mm, two or four to a page; then an
// answer key packing many small solutions to a page. Every page after the
// cover shows its number, which is its page in the PDF, and the PDF has a
// bookmark for the contents, each puzzle and the answers. A puzzle too big
// for the paper gets a landscape or A3 page of its own, as in Sheet.
func CoverBooklet(w io.Writer, cover Cover, entries []BookletEntry, opt Options) error {
	opt.Fonts = opt.fonts() // one for the whole booklet
	pages, err := bookletPages(cover, entries, opt)
	if err != nil {
		return err
	}
	// A booklet is printed and kept: it always embeds its fonts, where a
	// single sheet uses the core Helvetica when its texts allow, to keep
	// site builds fast.
	fonts, err := newFontSet(opt.Fonts)
	if err != nil {
		return err
	}
	return writeDocument(w, cover.Title, "", pages, fonts, opt)
}

// bookletPages lays out the pages of a booklet.
func bookletPages(cover Cover, entries []BookletEntry, opt Options) ([]*scene, error) {
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
	m = m.withFonts(opt.Fonts)
	warnMissing(m, opt, nil, cover.Title+" "+cover.Note)
	for _, e := range entries {
		warnMissing(m, opt, e.Puzzle, "")
	}
	// Page numbers are PDF page numbers: the cover is page 1, the contents
	// follow, and their length depends only on the number of entries.
	contentsLen := contentsPageCount(paper, len(entries))
	first := 2 + contentsLen
	pages, entryPage := puzzlePages(m, entries, paper, opt.MonoSafe, first)
	answersFrom := first + len(pages)
	answers := answerPages(m, entries, paper, opt.MonoSafe, answersFrom)
	if len(answers) == 0 {
		answersFrom = 0
	}
	contents := contentsPages(m, entries, entryPage, answersFrom, paper)
	all := append([]*scene{coverPage(m, cover, entries, paper, opt)}, contents...)
	all = append(all, pages...)
	return append(all, answers...), nil
}

// puzzlePages lays the puzzles out in order, numbering pages from first, and
// returns the pages and each entry's page number. A page is two halves; a
// half holds one puzzle that fits it, or two side by side that fit a quarter
// page. A puzzle that fits neither gets a page of its own (turned, or A3, if
// it must).
func puzzlePages(m *metrics, entries []BookletEntry, paper pageSize, monoSafe bool, first int) ([]*scene, []int) {
	var pages []*scene
	entryPage := make([]int, len(entries))
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
			cur = numberedPage(paper, first+len(pages))
			pages = append(pages, cur)
			halfUsed = 0
		}
		halfUsed++
		return float64(halfUsed-1) * half.Height
	}
	for i, e := range entries {
		p := e.Puzzle
		spec := sheetSpec{heading: fmt.Sprintf("Puzzle %d", i+1), monoSafe: monoSafe, grid: e.Drawn}
		switch {
		case bookletFit(m, p, quarter, spec) >= sharedCell:
			if openQuarter {
				place(p, spec, quarter, quarter.Width, float64(halfUsed-1)*half.Height)
				openQuarter = false
				break
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
		entryPage[i] = first + len(pages) - 1
	}
	return pages, entryPage
}

// numberedPage is an empty page with its number at the foot.
func numberedPage(paper pageSize, num int) *scene {
	n := strconv.Itoa(num)
	s := &scene{Width: paper.Width, Height: paper.Height, Name: "Page " + n}
	s.add(newText(paper.Width/2, paper.Height-margin/2, pageNumSize, anchorMiddle, false, textGrey, n))
	return s
}
