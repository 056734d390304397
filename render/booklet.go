package render

import (
	"fmt"
	"io"
	"math"
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
	sharedCell = 4.5 // a puzzle shares its page only if its cells stay this big
	// bookletMaxCell is a booklet's largest cell: a centimetre square, a
	// child's first exercise book's, which a pencil fills or crosses in a
	// stroke or two, under clue digits of 5.8 mm (16 pt). A small puzzle
	// alone on its page among large ones had cells of 24 mm (maxCell, a
	// sheet's), whose colour clue boxes are ink and no help.
	bookletMaxCell = 10.0
	captionSize    = 3.0
	bookTitle      = 10.0
)

// Booklet writes a collection booklet PDF with a cover saying title; see
// CoverBooklet.
func Booklet(w io.Writer, title string, entries []BookletEntry, opt Options) error {
	return CoverBooklet(w, Cover{Title: title}, entries, opt)
}

// CoverBooklet writes a collection booklet PDF: a cover (title, note, count,
// authors, and opt.Date if set); the contents listing each puzzle with its
// page, size and difficulty, under the cover's text when they fit there,
// else on pages of their own; the puzzles, numbered as printed
// (puzzlePages), one per page or, when they fit with cells of at least
// 4.5 mm, two or four to a page; then an answer key packing many small
// solutions to a page (none with opt.NoAnswerKey). Every page after the
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
	// follow (on the cover itself when they fit under its text), and their
	// length depends only on the number of entries.
	front, free := coverPage(m, cover, entries, paper, opt)
	onCover := contentsOnCover(len(entries), free)
	first := 2 // the first puzzle's page
	if onCover == 0 {
		first += contentsPageCount(paper, len(entries))
	}
	pages, order, entryPage := puzzlePages(m, entries, paper, opt.MonoSafe, first)
	entries = inOrder(entries, order)
	answersFrom := first + len(pages)
	var answers []*scene
	if !opt.NoAnswerKey {
		if answersFrom%2 == 0 && len(entries) > 0 {
			pages = append(pages, blankBeforeAnswers(paper, answersFrom))
			answersFrom++
		}
		answers = answerPages(m, entries, paper, opt.MonoSafe, answersFrom)
	}
	if len(answers) == 0 {
		answersFrom = 0
	}
	contents := contentsPages(m, entries, entryPage, answersFrom, paper, front, onCover)
	all := append([]*scene{front}, contents...)
	all = append(all, pages...)
	return append(all, answers...), nil
}

// puzzlePages lays the puzzles out, numbering pages from first, and returns
// the pages, the entries in the order they are printed and numbered (order[k]
// is the index in entries of "Puzzle k+1") and, by that order, each one's
// page number. A page is two halves; a half holds one puzzle that fits it, or
// two side by side that fit a quarter page. A puzzle that fits neither gets a
// page of its own (turned, or A3, if it must), which does not close the page
// being filled: the small puzzles after it fill the room left on that page,
// before it, where each of them took a page of its own between two large
// ones (a 7×7 alone on a Letter page). Puzzles keep their order otherwise,
// and are numbered as printed. Once a page's puzzles are known, each takes
// all the room the page leaves it (plannedPage.draw): a puzzle alone on its
// page fills the page, two alone fill a half each, a quarter's puzzle alone
// in its half fills the half; blank paper beside a puzzle helps no one solve
// it.
func puzzlePages(m *metrics, entries []BookletEntry, paper pageSize, monoSafe bool, first int) (pages []*scene, order, entryPage []int) {
	var plan []*plannedPage
	quarter := pageSize{paper.Name, paper.Width / 2, paper.Height / 2}
	half := pageSize{paper.Name, paper.Width, paper.Height / 2}
	var cur *plannedPage // the shared page being filled; nil: none
	openQuarter := false // the last half begun holds one quarter puzzle
	nextHalf := func(i int) {
		if cur == nil || len(cur.halves) == 2 {
			cur = &plannedPage{own: -1}
			plan = append(plan, cur)
		}
		cur.halves = append(cur.halves, []int{i})
	}
	specs := make([]sheetSpec, len(entries))
	for i, e := range entries {
		specs[i] = entrySpec(e, i, monoSafe)
		spec := specs[i]
		switch {
		case bookletFit(m, e.Puzzle, quarter, spec) >= sharedCell:
			if openQuarter {
				last := &cur.halves[len(cur.halves)-1]
				*last = append(*last, i)
				openQuarter = false
				break
			}
			nextHalf(i)
			openQuarter = true
		case bookletFit(m, e.Puzzle, half, spec) >= sharedCell:
			nextHalf(i)
			openQuarter = false
		default:
			plan = append(plan, &plannedPage{own: i})
		}
	}
	// Number the puzzles as printed: page by page, each page's in its order.
	pos := make([]int, len(entries)) // entries' index → printed place
	entryPage = make([]int, 0, len(entries))
	for k, pp := range plan {
		for _, i := range pp.entries() {
			pos[i] = len(order)
			order = append(order, i)
			entryPage = append(entryPage, first+k)
		}
	}
	for i := range specs {
		specs[i].heading = entrySpec(entries[i], pos[i], monoSafe).heading
	}
	pages = make([]*scene, len(plan))
	for k, pp := range plan {
		pages[k] = pp.draw(m, entries, specs, paper, first+k)
	}
	return pages, order, entryPage
}

// inOrder is s in the order order gives: order[k] is the index in s of
// the k-th.
func inOrder[T any](s []T, order []int) []T {
	out := make([]T, len(order))
	for k, i := range order {
		out[k] = s[i]
	}
	return out
}

// entrySpec is how the booklet draws its i-th entry: headed by its number,
// its text measured once for each width it is tried at (fixedMemo).
func entrySpec(e BookletEntry, i int, monoSafe bool) sheetSpec {
	return sheetSpec{heading: fmt.Sprintf("Puzzle %d", i+1), monoSafe: monoSafe, grid: e.Drawn, cellCap: bookletMaxCell, maxDrop: math.Inf(1), fixed: fixedMemo{}}
}

// plannedPage is a booklet page's puzzles (entries' indexes): one with a
// page of its own, or by half, one or two to a half.
type plannedPage struct {
	own    int // −1: none
	halves [][]int
}

// entries are the page's puzzles in the order they stand on it.
func (pp *plannedPage) entries() []int {
	if pp.own >= 0 {
		return []int{pp.own}
	}
	var all []int
	for _, h := range pp.halves {
		all = append(all, h...)
	}
	return all
}

// draw draws page number num, each puzzle in all the room the page leaves
// it, drawn as its spec (entrySpec) says.
func (pp *plannedPage) draw(m *metrics, entries []BookletEntry, specs []sheetSpec, paper pageSize, num int) *scene {
	all := pp.entries()
	lone := pp.own
	if lone < 0 && len(all) == 1 {
		lone = all[0]
	}
	if i := lone; i >= 0 {
		spec := specs[i]
		spec.pageNum = strconv.Itoa(num)
		return bookletPage(m, entries[i].Puzzle, paper, spec)
	}
	halves := pp.halves
	if len(all) == 2 {
		halves = [][]int{{all[0]}, {all[1]}}
	}
	s := numberedPage(paper, num)
	half := pageSize{paper.Name, paper.Width, paper.Height / 2}
	for k, h := range halves {
		regions := []pageSize{half}
		if len(h) == 2 {
			regions = pairRegions(m, entries[h[0]].Puzzle, entries[h[1]].Puzzle, specs[h[0]], specs[h[1]], half)
		}
		drop := math.Inf(1) // a pair's headings on one line: the lower drop
		for j, i := range h {
			drop = min(drop, bookletSheetDrop(m, entries[i].Puzzle, regions[j], specs[i]))
		}
		x := 0.0
		for j, i := range h {
			spec := specs[i]
			spec.maxDrop = drop
			sheet := bookletSheet(m, entries[i].Puzzle, regions[j], spec)
			s.place(sheet, x, float64(k)*half.Height, 1)
			x += regions[j].Width
		}
	}
	return s
}

// pairShares are the parts of a half page's width the left of two puzzles
// side by side may take, in order of preference: halves first.
var pairShares = []float64{0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65}

// pairRegions splits half, a half page, between puzzles a (left) and b side
// by side, so that the smaller of their cells is as large as it can be: a
// 10×5 rainbow with seven colour clues to a row took half the width as the
// 7×7 beside it did, its cells and colour clue boxes 4.5 mm where the 7×7's
// were 10. Each keeps at least 35 % of the width; an even split stands
// unless another gains the smaller cell a tenth of a millimetre.
func pairRegions(m *metrics, a, b *puzzle.Puzzle, sa, sb sheetSpec, half pageSize) []pageSize {
	best, bestCell := half.Width/2, -1.0
	for _, share := range pairShares {
		wa := half.Width * share
		ca := bookletFit(m, a, pageSize{half.Name, wa, half.Height}, sa)
		cb := bookletFit(m, b, pageSize{half.Name, half.Width - wa, half.Height}, sb)
		if c := min(ca, cb); c > bestCell+0.1 {
			best, bestCell = wa, c
		}
	}
	return []pageSize{{half.Name, best, half.Height}, {half.Name, half.Width - best, half.Height}}
}

// blankBeforeAnswers is page num, even, left blank so that the answer key
// begins on an odd page: printed on both sides of the paper, or two pages to
// a side, the last puzzle's page and the first answers' were one sheet, the
// answers on the back of the puzzles or beside them.
func blankBeforeAnswers(paper pageSize, num int) *scene {
	s := numberedPage(paper, num)
	s.add(newText(paper.Width/2, paper.Height/2, captionSize, anchorMiddle, false, textGrey,
		"This page is left blank: the answers begin on a sheet of their own."))
	return s
}

// numberedPage is an empty page with its number at the foot.
func numberedPage(paper pageSize, num int) *scene {
	n := strconv.Itoa(num)
	s := &scene{Width: paper.Width, Height: paper.Height, Name: "Page " + n}
	s.add(newText(paper.Width/2, paper.Height-margin/2, pageNumSize, anchorMiddle, false, textGrey, n))
	return s
}
