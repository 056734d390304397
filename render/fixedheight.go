package render

import "github.com/nonopress/nonopress/puzzle"

// fixedMemo keeps the heights fixedHeight measured for one booklet entry,
// by page width: the entry is measured on a quarter and on a half page to
// choose its place, then on its place for its cell, its drop and its
// drawing (through fitCell or triFit, and bookletDrop), and measuring text
// (the attribution and legend, wrapped to the width) is the costly part.
// Nil measures every time.
type fixedMemo map[fixedKey]float64

// fixedKey is what measureFixed's result depends on.
type fixedKey struct {
	m                   *metrics
	p                   *puzzle.Puzzle
	width               float64
	heading, difficulty string
	monoSafe, nameLine  bool
}

// fixedHeight is the height of a sheet page's parts that do not scale with
// the cells: heading, legend, attribution and page number.
func fixedHeight(m *metrics, p *puzzle.Puzzle, page pageSize, spec sheetSpec) float64 {
	h := spec.fixed.measure(m, p, page.Width, spec)
	if spec.pageNum != "" {
		h += pageNumSize * 1.5
	}
	return h
}

// measure is measureFixed, once for each key.
func (f fixedMemo) measure(m *metrics, p *puzzle.Puzzle, width float64, spec sheetSpec) float64 {
	if f == nil {
		return measureFixed(m, p, width, spec)
	}
	key := fixedKey{m, p, width, spec.heading, spec.difficulty, spec.monoSafe, spec.nameLine}
	h, ok := f[key]
	if !ok {
		h = measureFixed(m, p, width, spec)
		f[key] = h
	}
	return h
}

// measureFixed is fixedHeight's height but the page number's, on a page
// width wide.
func measureFixed(m *metrics, p *puzzle.Puzzle, width float64, spec sheetSpec) float64 {
	h := 0.0
	if spec.heading != "" {
		h += headingSize * 1.8
		_, ah := attribution(m, p, 0, 0, width-2*margin)
		h += gap + ah
	} else {
		_, th := titleBlock(m, p, spec, 0, 0, width-2*margin)
		h += th + gap
	}
	if p.Colors() > 1 {
		_, lh := legend(m, p, 0, 0, width-2*margin, spec.monoSafe)
		h += gap + lh
	}
	return h
}
