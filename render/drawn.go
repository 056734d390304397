package render

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"

	"github.com/nonopress/nonopress/puzzle"
)

// A DrawnGrid is the grid and clues of a puzzle's sheet PDF as drawn: the
// compressed content stream of a PDF form XObject, in the coordinates of
// the sheet's page, that the sheet PDF places as it is and a booklet
// places again, scaled to its own cell size, instead of laying the clues
// out and drawing and compressing them again. Its only text is clue
// digits, in single-byte codes of a font the document supplies as /F1
// (Helvetica in a core-font document, the Go Regular digits otherwise),
// whose digits have the same widths.
//
// A booklet reuses a drawn grid only where drawing afresh would give the
// same drawing: for the same clues, palette and mono-safe setting, and
// when both cell sizes are within the range where line widths and digits
// grow in proportion to the cell (linearCell).
type DrawnGrid struct {
	stream       []byte  // compressed
	width        float64 // the sheet page's size, in mm
	height       float64
	gridX, gridY float64 // the grid's top-left corner on the page, mm
	cell         float64
	sum          uint64 // gridSum of the puzzle and the mono-safe setting
}

// linearCell is the largest cell side at which a grid's strokes and clue
// digits are still in proportion to the cell (lineWidths' ceiling; digits
// reach maxDigit later); minLinearCell the smallest, above the strokes'
// floors.
const (
	linearCell    = refCell * 1.6
	minLinearCell = 0.85
)

// formItem places a drawn grid on a page: the sheet's grid corner at
// (X, Y) mm, scaled by K.
type formItem struct {
	grid    *DrawnGrid
	X, Y, K float64
}

func (f formItem) moved(dx, dy, k float64) item {
	return formItem{f.grid, dx + f.X*k, dy + f.Y*k, f.K * k}
}

// Drawn returns the sheet's grid and clues drawn for PDF, drawing them at
// the first call (the sheet PDF draws them so too); nil for a triddler,
// whose sheet is not drawn this way. A caller that makes both a puzzle's
// sheet PDF and a booklet with it passes the result in the BookletEntry.
func (l *Layout) Drawn() (*DrawnGrid, error) {
	s := l.opt.Scratch
	if s == nil {
		s = new(Scratch)
	}
	return l.drawnWith(s)
}

// drawnWith is Drawn, drawing in s's memory if it draws.
func (l *Layout) drawnWith(s *Scratch) (*DrawnGrid, error) {
	if l.tri != nil {
		return nil, nil
	}
	l.draw.once.Do(func() { l.draw.grid, l.draw.err = drawGrid(l.p, l.sheet, l.opt.MonoSafe, s) })
	return l.draw.grid, l.draw.err
}

// drawState is a Layout's drawn grid, made once.
type drawState struct {
	once sync.Once
	grid *DrawnGrid
	err  error
}

// drawGrid draws the grid part of the sheet laid out in sl as a form's
// content stream and compresses it, in s's memory; nil when it cannot be a
// form.
func drawGrid(p *puzzle.Puzzle, sl *sheetLayout, monoSafe bool, s *Scratch) (*DrawnGrid, error) {
	page := sl.scene
	items := page.Items[sl.gridFrom:sl.gridTo]
	if !formable(items) {
		return nil, nil
	}
	d := &pdfDoc{z: &s.z, content: s.content[:0]}
	d.drawForm(&scene{Width: page.Width, Height: page.Height, Items: items})
	s.content = d.content[:0]
	data, err := d.z.deflate(d.content)
	if err != nil {
		return nil, fmt.Errorf("render: compressing a PDF stream: %w", err)
	}
	return &DrawnGrid{stream: append([]byte(nil), data...), width: page.Width, height: page.Height,
		gridX: sl.gridX, gridY: sl.gridY, cell: sl.cell, sum: gridSum(p, monoSafe)}, nil
}

// gridSum is a fingerprint of what a grid's drawing depends on besides the
// cell size: the puzzle's size, clues and palette, and the mono-safe
// setting.
func gridSum(p *puzzle.Puzzle, monoSafe bool) uint64 {
	h := fnv.New64a()
	var b []byte
	b = binary.AppendUvarint(b, uint64(p.Width))
	b = binary.AppendUvarint(b, uint64(p.Height))
	if monoSafe {
		b = append(b, 1)
	}
	for _, lines := range [][]puzzle.Line{p.Rows, p.Cols} {
		for _, l := range lines {
			b = binary.AppendUvarint(b, uint64(len(l)))
			for _, c := range l {
				b = binary.AppendUvarint(b, uint64(c.Len))
				b = binary.AppendUvarint(b, uint64(c.Color))
			}
		}
	}
	for _, c := range p.Palette {
		b = append(b, c.RGB.R, c.RGB.G, c.RGB.B)
	}
	h.Write(b)
	return h.Sum64()
}

// reusable says whether g draws p's grid as drawing it afresh at cell
// would, with the mono-safe setting given.
func (g *DrawnGrid) reusable(p *puzzle.Puzzle, cell float64, monoSafe bool) bool {
	if g == nil || p.Kind == puzzle.Triddler {
		return false
	}
	for _, c := range []float64{g.cell, cell} {
		if c > linearCell || c < minLinearCell {
			return false
		}
	}
	return g.sum == gridSum(p, monoSafe)
}

// placed is g placed with its grid corner at (gx, gy) and cells of side cell.
func (g *DrawnGrid) placed(gx, gy, cell float64) formItem {
	return formItem{grid: g, X: gx, Y: gy, K: cell / g.cell}
}

// formable says whether items can be drawn as a form: their texts are
// regular digits only (formDigits), the one font a form's resources name.
func formable(items []item) bool {
	for _, it := range items {
		switch it := it.(type) {
		case text:
			if it.Bold || strings.Trim(it.S, formDigits) != "" {
				return false
			}
		case formItem:
			return false
		}
	}
	return true
}
