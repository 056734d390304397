package build

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
	"github.com/nonopress/nonopress/validate"
)

// publishPuzzles publishes a file's checked puzzles, each linked to its
// neighbours in the file: once every puzzle of the file is checked, so that
// a page links only to siblings that have pages.
func (r *run) publishPuzzles(checked []checkedPuzzle, fm content.FrontMatter, fc *fileContext) error {
	for i, c := range checked {
		fc.Description = site.FirstNonEmpty(fm.Description, c.p.Meta.Description)
		fc.Prev, fc.Next = nil, nil
		if i > 0 {
			fc.Prev = checked[i-1].e
		}
		if i+1 < len(checked) {
			fc.Next = checked[i+1].e
		}
		// Its sheets and booklet page are titled as its page is: by its
		// note, else its own title, else its file (site.FallbackTitle).
		if err := r.publishPuzzle(c.e, c.p, &c.rep, fc, content.Retitled(c.p, c.e.Title)); err != nil {
			return err
		}
	}
	return nil
}

// publishPuzzle writes a puzzle's page and files: sheet, solution and
// thumbnail SVGs, sheet PDF, .non and .xml versions. The downloads are
// converted from p, the file's puzzle; its sheets and its booklet page are
// drawn from drawn, p titled as its page is.
func (r *run) publishPuzzle(e *site.Entry, p *puzzle.Puzzle, rep *validate.Report, fc *fileContext, drawn *puzzle.Puzzle) error {
	ws := r.scratch.get() // the worker's buffers, for each step below
	defer r.scratch.put(ws)
	buf := bytes.NewBuffer(ws.files[:0])
	convs := conversions(p, buf)
	ws.files = buf.Bytes()[:0]
	assets, sheet, err := r.puzzleAssets(ws, e, drawn, rep, fc, convs)
	if err != nil {
		return err
	}
	pg := puzzlePage{path: e.Page, title: e.Title}
	slots := r.tpl.Embedded("puzzle") // see site.DataSlot
	var downloads []site.Download
	for _, c := range convs {
		if slots && c.inline() {
			downloads = append(downloads, c.slot(e.Title, len(pg.inline)))
			pg.inline = append(pg.inline, c)
		} else {
			downloads = append(downloads, c.download(e.Title))
		}
	}
	pg.data = r.pub.PuzzlePage(e, p, rep, &fc.FilePages, downloads, assets, e.HasSheet() && landscape(sheet))
	if pg.data.Puzzle.Sheet != "" {
		pg.sheet = stripXMLDecl(string(sheet)) // render escapes the puzzle's text in the sheet
	}
	return r.putPuzzlePage(ws, &pg)
}

// puzzleAssets publishes a puzzle's files, reused from an earlier build or
// rendered (in ws), records them in its entry, and returns them with the
// sheet.
func (r *run) puzzleAssets(ws *workerScratch, e *site.Entry, p *puzzle.Puzzle, rep *validate.Report, fc *fileContext, convs []conversion) (map[string]string, []byte, error) {
	key := r.puzzleAssetKey(fc.fileHash, e.Index, p, rep.Solution)
	assets, ok := r.reuseAssets(e.Dir, key)
	var sheet []byte
	var drawn *render.DrawnGrid
	if ok {
		if _, has := assets["sheet.svg"]; has {
			var err error
			if sheet, err = r.out.ReadBack(e.Dir + "sheet.svg"); err != nil {
				return nil, nil, fmt.Errorf("reuse sheet: %w", err)
			}
		}
	} else {
		var err error
		if assets, sheet, drawn, err = r.renderAssets(ws, e, p, rep.Solution, convs); err != nil {
			return nil, nil, err
		}
	}
	r.assets.store(key, assets)
	e.AssetKey, e.Assets = key, assets
	has := func(name string) bool { _, ok := assets[name]; return ok }
	if has("sheet.svg") {
		e.Sheet = e.Dir + "sheet.svg"
		// The booklet draws it from this, without reading its file again.
		e.SetBooklet(site.NewBookletPart(p, e.BookletTitle(p), rep.Solution, rep.Difficulty, drawn))
	}
	if has("solution.svg") {
		e.Solution = e.Dir + "solution.svg"
	}
	if has("sheet.pdf") {
		e.PDF = e.Dir + "sheet.pdf"
	}
	switch {
	case has("thumb.svg"):
		e.Thumb = e.Dir + "thumb.svg"
	case e.HasSheet() && p.Kind != puzzle.Triddler: // blank thumbnails are of grids
		e.Thumb = blankThumbPath(e.Width, e.Height)
	}
	return assets, sheet, nil
}

// puzzleAssetKey is the key of a puzzle's rendered files: its file and
// place, the title and credits its notes may have given it (creditsKey),
// its solution and what render is given.
func (r *run) puzzleAssetKey(fileHash string, index int, p *puzzle.Puzzle, sol *puzzle.Image) string {
	k := key.New(r.assets.fingerprint, "puzzle")
	k.String(fileHash)
	k.Int(index)
	k.String(p.Meta.Title) // its note's, when it gives one (content.Titled)
	creditsKey(k, p)
	k.Value(sol)
	k.Value(r.renderOptions()) // what render is given
	k.Bool(r.site.SolutionThumbnails)
	return k.Sum()
}

// renderAssets renders and writes a puzzle's files: the conversions too
// large for its page, sheet and solution SVGs, sheet PDF and, with solution
// thumbnails or for a triddler (whose blank outline no other puzzle
// shares), its thumbnail, drawn in the worker's buffers ws. It returns
// their names and hashes, the sheet, and the grid its sheet PDF drew (for
// the booklet to place again).
func (r *run) renderAssets(ws *workerScratch, e *site.Entry, p *puzzle.Puzzle, sol *puzzle.Image, convs []conversion) (map[string]string, []byte, *render.DrawnGrid, error) {
	r.rendered.Add(1)
	opt := r.renderOptions()
	opt.Difficulty = e.Difficulty // the sheet's title block says it in words
	opt.Scratch = &ws.render
	assets := map[string]string{}
	buf := bytes.NewBuffer(ws.files[:0])
	defer func() { ws.files = buf.Bytes()[:0] }()
	put := func(name string) error {
		write := r.out.Put
		if strings.HasSuffix(name, ".svg") {
			write = r.out.PutExact // render writes its SVGs compact
		}
		h, err := write(e.Dir+name, buf.Bytes())
		assets[name] = h
		buf.Reset()
		return err
	}
	for _, c := range convs {
		if !c.inline() {
			buf.Write(c.data)
			if err := put(c.name); err != nil {
				return nil, nil, nil, err
			}
		}
	}
	// One layout for the sheet SVG, the solution image and the sheet PDF.
	layout, err := render.LayOut(p, opt)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := layout.Sheet(buf); err != nil {
		return nil, nil, nil, err
	}
	// The page inlines the sheet as written (render minified it), as a
	// reusing build does.
	sheet := bytes.Clone(buf.Bytes())
	if err := put("sheet.svg"); err != nil {
		return nil, nil, nil, err
	}
	if sol != nil {
		if err := layout.Solution(buf, sol); err != nil {
			return nil, nil, nil, err
		}
		if err := put("solution.svg"); err != nil {
			return nil, nil, nil, err
		}
	}
	if err := layout.PDF(buf, sol); err != nil {
		return nil, nil, nil, err
	}
	drawn, err := layout.Drawn() // drawn by PDF: the booklet's to reuse
	if err != nil {
		return nil, nil, nil, err
	}
	if err := put("sheet.pdf"); err != nil {
		return nil, nil, nil, err
	}
	switch {
	case r.site.SolutionThumbnails && sol != nil:
		err = render.Thumbnail(buf, p, sol)
	case p.Kind == puzzle.Triddler: // its outline is its own: no shared blank one
		err = render.BlankThumbnail(buf, p)
	default:
		return assets, sheet, drawn, nil
	}
	if err == nil {
		err = put("thumb.svg")
	}
	if err != nil {
		return nil, nil, nil, err
	}
	return assets, sheet, drawn, nil
}

// blankThumbPath is the site path of the spoiler-safe thumbnail that every
// puzzle of a size shares (render.BlankThumbnailOfSize).
func blankThumbPath(width, height int) string {
	return fmt.Sprintf("thumbs/%dx%d.svg", width, height)
}

// conversion is the puzzle in a format nonopress writes (.non, PBN XML),
// offered for download.
type conversion struct {
	label, name, mediaType string // name: its file's name in the puzzle's folder
	data                   []byte
}

// maxInlineConversion is the largest conversion offered as a data: link in
// the page; a larger one (a 100x100 puzzle's XML) is a file of its own.
const maxInlineConversion = 32 << 10

// inline reports whether the conversion goes in the page rather than a file.
func (c conversion) inline() bool { return len(c.data) <= maxInlineConversion }

// conversions writes the puzzle as .non and PBN XML. Small ones are links
// with the file in the link itself (data: URLs of a few kilobytes): on a
// large site, creating two more files per puzzle would cost more than the
// rest of its page. Each is written in buf, then copied out at its size.
func conversions(p *puzzle.Puzzle, buf *bytes.Buffer) []conversion {
	var out []conversion
	buf.Reset()
	if formats.WriteNon(buf, p) == nil {
		out = append(out, conversion{label: "Puzzle (.non)", name: "puzzle.non", mediaType: "text/plain;charset=utf-8", data: bytes.Clone(buf.Bytes())})
	}
	buf.Reset()
	if formats.WriteXML(buf, []*puzzle.Puzzle{p}) == nil {
		out = append(out, conversion{label: "Puzzle (PBN XML)", name: "puzzle.xml", mediaType: "application/xml", data: bytes.Clone(buf.Bytes())})
	}
	return out
}

// download is the conversion's link from its puzzle's page: to its file,
// or a data: link saved under the puzzle's title.
func (c conversion) download(title string) site.Download {
	if !c.inline() {
		return site.Download{Label: c.label, URL: c.name, File: c.fileName(title)}
	}
	d := c.slot(title, 0)
	d.Data = template.URL(c.appendDataURL(nil))
	return d
}

// slot is the data: link download with the i-th data slot for its link.
func (c conversion) slot(title string, i int) site.Download {
	return site.Download{Label: c.label, Data: site.DataSlot(i), File: c.fileName(title)}
}

// fileName is the name the conversion is saved under: the puzzle's
// title, "the-cross.xml", where its file on the site is puzzle.xml.
func (c conversion) fileName(title string) string {
	return site.SaveAs(title, path.Ext(c.name))
}

// appendDataURL appends the conversion as a data: URL to dst.
func (c conversion) appendDataURL(dst []byte) []byte {
	dst = append(append(append(dst, "data:"...), c.mediaType...), ";base64,"...)
	return base64.StdEncoding.AppendEncode(dst, c.data)
}

// putHTML writes a puzzle's page and lists it in the sitemap.
func (r *run) putHTML(p string, html []byte) error {
	if _, err := r.out.Put(p, html); err != nil {
		return err
	}
	r.addPage(p, true)
	return nil
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
