package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/puzzle"
)

// Sizes of a booklet's cover and contents, in millimetres.
const (
	coverNoteSize = 4.2 // the note under the title: 12 pt
	contentsSize  = 3.5 // a contents line: 10 pt
	contentsRow   = 6.0 // from one contents line to the next
	contentsTop   = margin + headingSize*2.4
	contentsGap   = 14.0 // between the cover's text and the contents on it
)

// coverPage shows the booklet's title, its note, how many puzzles it holds,
// their authors and, when the caller gave one, its date; free is where the
// room under its text begins and ends (the contents may go there).
func coverPage(m *metrics, cover Cover, entries []BookletEntry, paper pageSize, opt Options) (s *scene, free [2]float64) {
	s = &scene{Width: paper.Width, Height: paper.Height, Name: printable(cover.Title)}
	s.Bookmarks = append(s.Bookmarks, bookmark{Title: cover.Title, Y: 0})
	width := paper.Width - 4*margin
	if opt.NameLine {
		// A booklet handed to a class has its owner's name and the date at
		// the head of its cover, as a sheet has them under its title.
		s.add(nameAndDate(m, 2*margin, margin+2*creditSize, width)...)
	}
	y := paper.Height * 0.3
	for _, l := range m.wrap(cover.Title, bookTitle, width, true, 3) {
		s.add(newText(paper.Width/2, y, bookTitle, anchorMiddle, true, black, l))
		y += bookTitle * 1.3
	}
	y += 4
	for _, l := range m.wrap(cover.Note, coverNoteSize, width, false, 8) {
		s.add(newText(paper.Width/2, y, coverNoteSize, anchorMiddle, false, textGrey, l))
		y += coverNoteSize * 1.45
	}
	y += 6
	count := fmt.Sprintf("%d puzzles", len(entries))
	if len(entries) == 1 {
		count = "1 puzzle"
	}
	s.add(newText(paper.Width/2, y, 4.5, anchorMiddle, false, textGrey, count))
	y += 12
	if authors := bookletAuthors(entries); len(authors) > 0 {
		for _, l := range m.wrap("Puzzles by "+strings.Join(authors, ", "), attribSize*1.2, width, false, 6) {
			s.add(newText(paper.Width/2, y, attribSize*1.2, anchorMiddle, false, textGrey, l))
			y += attribSize * 1.2 * 1.4
		}
	}
	bottom := paper.Height - 1.5*margin
	if !opt.Date.IsZero() {
		s.add(newText(paper.Width/2, paper.Height-2*margin, 4, anchorMiddle, false, textGrey, opt.Date.Format("2 January 2006")))
		bottom = paper.Height - 2*margin - 4*2
	}
	return s, [2]float64{y, bottom}
}

// contentsOnCover is where the contents of n puzzles begin on the cover
// (the top of their heading), or 0 when they do not fit under its text,
// free (coverPage): a short booklet's contents share its cover, so that
// the contents do not take a page of their own.
func contentsOnCover(n int, free [2]float64) float64 {
	top := free[0] + contentsGap
	if top+(contentsTop-margin)+float64(n)*contentsRow > free[1] {
		return 0
	}
	return top
}

// bookletAuthors lists the entries' authors once each, in order of first
// appearance.
func bookletAuthors(entries []BookletEntry) []string {
	var authors []string
	seen := map[string]bool{}
	for _, e := range entries {
		a := e.Puzzle.Meta.AuthorName()
		if a != "" && !seen[a] {
			seen[a] = true
			authors = append(authors, a)
		}
	}
	return authors
}

// contentsRowsPerPage is how many lines a contents page of paper holds.
func contentsRowsPerPage(paper pageSize) int {
	return max(1, int((paper.Height-contentsTop-1.5*margin)/contentsRow))
}

// contentsPageCount is how many pages the contents of n puzzles take: a
// line each, and one for the answers.
func contentsPageCount(paper pageSize, n int) int {
	per := contentsRowsPerPage(paper)
	return (n + 1 + per - 1) / per
}

// gradeWordsWidth is the width of the widest grade word of package grade's
// table on a contents line: the least the difficulty column takes, so that
// its place does not depend on which grades a booklet's puzzles have.
func gradeWordsWidth(m *metrics) float64 {
	w := 0.0
	for _, g := range grade.All() {
		w = max(w, m.width(g.Word, contentsSize, false))
	}
	return w
}

// contentsPages lists each puzzle with its number, title, size, difficulty
// and page (entryPage), then the answers' page (none when answersFrom is 0).
// They are the booklet's pages 2 onwards, or, when top is not 0, all on
// the cover from top down (contentsOnCover) and none of their own.
func contentsPages(m *metrics, entries []BookletEntry, entryPage []int, answersFrom int, paper pageSize, cover *scene, top float64) []*scene {
	per := contentsRowsPerPage(paper)
	first := contentsTop // the first line's place on the first page
	var pg *scene        // the page the next line goes on
	if top > 0 {
		per, first, pg = len(entries)+1, top-margin+contentsTop, cover
	}
	left, right := margin, paper.Width-margin
	numW := m.width(strconv.Itoa(len(entries))+".", contentsSize, false)
	// The size and difficulty columns are as wide as their widest entry
	// ("triddler, 96 triangles" is wider than "00×00, 00 colours"), so
	// that no column runs into the next; the title takes what is left.
	sizeW, diffW := m.width("00×00, 00 colours", contentsSize, false), gradeWordsWidth(m)
	for _, e := range entries {
		sizeW = max(sizeW, m.width(sizeAndColours(e.Puzzle), contentsSize, false))
		diffW = max(diffW, m.width(DifficultyWords(e.Difficulty), contentsSize, false))
	}
	pageX := right
	diffX := right - m.width("0000", contentsSize, false) - diffW
	sizeX := diffX - 3 - sizeW
	titleX := left + numW + 2
	titleW := sizeX - 3 - titleX
	var pages []*scene
	row := 0
	line := func(num, title, size, diff, page string, bold bool) {
		if row == 0 {
			head := first - contentsTop + margin
			if pg == nil {
				pg = numberedPage(paper, 2)
				pages = append(pages, pg)
			}
			pg.add(newText(left, head+headingSize*0.8, headingSize*1.2, anchorStart, true, black, "Contents"))
			pg.Bookmarks = append(pg.Bookmarks, bookmark{Title: "Contents", Y: head})
		} else if row%per == 0 {
			pg = numberedPage(paper, 2+len(pages))
			pages = append(pages, pg)
		}
		y := contentsTop + float64(row%per)*contentsRow
		if row < per {
			y += first - contentsTop
		}
		if t := m.wrap(title, contentsSize, titleW, bold, 1); len(t) > 0 {
			title = t[0]
		}
		pg.add(newText(left+numW, y, contentsSize, anchorEnd, false, textGrey, num),
			newText(titleX, y, contentsSize, anchorStart, bold, black, title),
			newText(sizeX, y, contentsSize, anchorStart, false, textGrey, size),
			newText(diffX, y, contentsSize, anchorStart, false, textGrey, diff),
			newText(pageX, y, contentsSize, anchorEnd, bold, black, page))
		row++
	}
	for i, e := range entries {
		p := e.Puzzle
		title := strings.TrimSpace(p.Meta.Title)
		if title == "" {
			title = "Untitled"
		}
		line(strconv.Itoa(i+1)+".", title, sizeAndColours(p), DifficultyWords(e.Difficulty), strconv.Itoa(entryPage[i]), false)
	}
	if answersFrom > 0 {
		line("", "Answers", "", "", strconv.Itoa(answersFrom), true)
	}
	return pages
}

// sizeAndColours is p's size, with its number of colours when it has more
// than one, as the contents and a booklet page's caption say it.
func sizeAndColours(p *puzzle.Puzzle) string {
	size := sizeLabel(p) // triddler.go
	if p.Colors() > 1 {
		size += fmt.Sprintf(", %d colours", p.Colors())
	}
	return size
}
