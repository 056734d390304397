package render

import (
	"fmt"
	"io"

	"github.com/nonopress/nonopress/puzzle"
)

// SheetPDF writes a one-puzzle PDF: the sheet, then (if sol != nil) its
// solution page, laid out like the sheet with the grid filled in.
func SheetPDF(w io.Writer, p *puzzle.Puzzle, sol *puzzle.Image, opt Options) error {
	l, err := LayOut(p, opt)
	if err != nil {
		return err
	}
	return l.PDF(w, sol)
}

// pdfPages returns the sheet PDF's title and pages: the sheet, its grid
// drawn as a form (in s's memory), and the solution page when sol is set.
func (l *Layout) pdfPages(sol *puzzle.Image, s *Scratch) (string, []*scene, error) {
	if l.tri != nil {
		return l.triPDFPages(sol)
	}
	p := l.p
	if sol != nil {
		if err := checkImage(p, sol); err != nil {
			return "", nil, err
		}
	}
	name := fmt.Sprintf("Nonogram %d×%d", p.Width, p.Height)
	if p.Meta.Title != "" {
		name = p.Meta.Title
	}
	sheet := *l.sheet.scene // the layout's own stays without the bookmark
	sheet.Bookmarks = append(sheet.Bookmarks[:len(sheet.Bookmarks):len(sheet.Bookmarks)], bookmark{Title: name, Y: 0})
	grid, err := l.drawnWith(s)
	if err != nil {
		return "", nil, err
	}
	if grid != nil { // the grid and clues as a form, which a booklet may place again
		sl := l.sheet
		items := append([]item(nil), sheet.Items[:sl.gridFrom]...)
		items = append(items, grid.placed(sl.gridX, sl.gridY, sl.cell))
		sheet.Items = append(items, sheet.Items[sl.gridTo:]...)
	}
	pages := []*scene{&sheet}
	if sol != nil {
		spec := l.opt.sheetSpec()
		spec.solution = sol
		answer := drawSheet(l.m, p, l.sheet.page, l.sheet.cell, spec)
		answer.scene.Bookmarks = append(answer.scene.Bookmarks, bookmark{Title: "Solution", Y: 0})
		pages = append(pages, answer.scene)
	}
	return name, pages, nil
}
