package build

import (
	"bytes"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
)

// assetDownloads are a puzzle's own files offered for download, in order.
var assetDownloads = []download{
	{Label: "Puzzle (.non)", URL: "puzzle.non"},
	{Label: "Puzzle (PBN XML)", URL: "puzzle.xml"},
	{Label: "Printable sheet (SVG)", URL: "sheet.svg"},
	{Label: "Solution (SVG)", URL: "solution.svg"},
	{Label: "Printable sheet (PDF)", URL: "sheet.pdf"},
}

// renderAssets renders and writes a puzzle's files: .non and .xml versions,
// sheet, solution and thumbnail SVGs, sheet PDF (what render cannot draw, a
// triddler, is left out). It returns their names and hashes, and the sheet.
func (r *run) renderAssets(e *entry, p *puzzle.Puzzle, sol *puzzle.Image) (map[string]string, []byte, error) {
	r.rendered.Add(1)
	opt := r.renderOptions()
	assets := map[string]string{}
	var buf bytes.Buffer
	put := func(name string) error {
		write := r.out.putHash
		if strings.HasSuffix(name, ".svg") {
			write = r.out.putExact // render's SVGs come minified
		}
		h, err := write(e.dir+name, buf.Bytes())
		assets[name] = h
		buf.Reset()
		return err
	}
	if formats.WriteNon(&buf, p) == nil {
		if err := put("puzzle.non"); err != nil {
			return nil, nil, err
		}
	}
	buf.Reset()
	if formats.WriteXML(&buf, []*puzzle.Puzzle{p}) == nil {
		if err := put("puzzle.xml"); err != nil {
			return nil, nil, err
		}
	}
	buf.Reset()
	err := render.Sheet(&buf, p, opt)
	if errors.Is(err, render.ErrTriddler) {
		return assets, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	// The page inlines the sheet as written (render minified it), as a
	// reusing build does.
	sheet := bytes.Clone(buf.Bytes())
	if err := put("sheet.svg"); err != nil {
		return nil, nil, err
	}
	if sol != nil {
		if err := render.Solution(&buf, p, sol, opt); err != nil {
			return nil, nil, err
		}
		if err := put("solution.svg"); err != nil {
			return nil, nil, err
		}
	}
	if err := render.SheetPDF(&buf, p, sol, opt); err != nil {
		return nil, nil, err
	}
	if err := put("sheet.pdf"); err != nil {
		return nil, nil, err
	}
	if r.site.SolutionThumbnails && sol != nil {
		err = render.Thumbnail(&buf, p, sol)
	} else {
		err = render.BlankThumbnail(&buf, p)
	}
	if err != nil {
		return nil, nil, err
	}
	if err := put("thumb.svg"); err != nil {
		return nil, nil, err
	}
	return assets, sheet, nil
}

// svgSize finds the width and height, in millimetres, of an SVG sheet.
var svgSize = regexp.MustCompile(`^\s*<svg[^>]*?\swidth="([0-9.]+)mm"[^>]*?\sheight="([0-9.]+)mm"`)

// landscape reports whether a sheet is wider than high: render turns a sheet
// that does not fit upright, and the page is then printed the same way.
func landscape(sheet []byte) bool {
	m := svgSize.FindSubmatch(sheet)
	if m == nil {
		return false
	}
	w, err1 := strconv.ParseFloat(string(m[1]), 64)
	h, err2 := strconv.ParseFloat(string(m[2]), 64)
	return err1 == nil && err2 == nil && w > h
}

// stripXMLDecl drops an XML declaration, which has no place inside HTML.
func stripXMLDecl(svg string) string {
	s := strings.TrimSpace(svg)
	if strings.HasPrefix(s, "<?xml") {
		if i := strings.Index(s, "?>"); i >= 0 {
			return strings.TrimSpace(s[i+2:])
		}
	}
	return s
}

// renderOptions are the site's options for sheets, solutions and PDFs.
func (r *run) renderOptions() render.Options {
	return render.Options{Paper: render.Paper(r.site.Paper), MonoSafe: r.site.MonoSafe}
}
