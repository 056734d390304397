package render

import (
	"io"

	"github.com/nonopress/nonopress/puzzle"
)

// sheetScene is the laid-out sheet page, a grid's or a triddler's.
func (l *Layout) sheetScene() *scene {
	if l.tri != nil {
		return l.tri.scene
	}
	return l.sheet.scene
}

// triSolution writes a triddler's solution image, its triangles the size
// they have on the sheet.
func (l *Layout) triSolution(w io.Writer, sol *puzzle.Image) error {
	if err := checkTriImage(l.p, l.tri.g, sol); err != nil {
		return err
	}
	return writeSVG(w, triSolutionScene(l.p, l.tri.g, sol, l.tri.side, solutionPad, true))
}

// triPDFPages returns a triddler's sheet PDF title and pages: the sheet,
// and the solution page when sol is set.
func (l *Layout) triPDFPages(sol *puzzle.Image) (string, []*scene, error) {
	t, p := l.tri, l.p
	if sol != nil {
		if err := checkTriImage(p, t.g, sol); err != nil {
			return "", nil, err
		}
	}
	name := triName(p, t.g, "")
	if p.Meta.Title != "" {
		name = p.Meta.Title
	}
	sheet := *t.scene
	sheet.Bookmarks = append(sheet.Bookmarks[:len(sheet.Bookmarks):len(sheet.Bookmarks)], bookmark{Title: name, Y: 0})
	pages := []*scene{&sheet}
	if sol != nil {
		spec := sheetSpec{monoSafe: l.opt.MonoSafe, solution: sol}
		answer := drawTriSheet(l.m, p, t.g, t.page, t.side, spec)
		answer.scene.Bookmarks = append(answer.scene.Bookmarks, bookmark{Title: "Solution", Y: 0})
		pages = append(pages, answer.scene)
	}
	return name, pages, nil
}
