package build

import (
	"fmt"

	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/validate"
)

// publishPuzzle writes a puzzle's page and files: sheet, solution and
// thumbnail SVGs, sheet PDF, .non and .xml versions.
func (r *run) publishPuzzle(e *site.Entry, p *puzzle.Puzzle, rep *validate.Report, fc *fileContext) error {
	convs := conversions(p)
	assets, sheet, err := r.puzzleAssets(e, p, rep, fc, convs)
	if err != nil {
		return err
	}
	var downloads []site.Download
	for _, c := range convs {
		downloads = append(downloads, c.download(e.Title))
	}
	data := r.pub.PuzzlePage(e, p, rep, &fc.FilePages, downloads, assets, e.HasSheet() && landscape(sheet))
	html, err := r.tpl.Render("puzzle", data)
	if err != nil {
		return err
	}
	if data.Puzzle.Sheet != "" {
		// render escapes the puzzle's text in the sheet
		return r.putPageWithSheet(e.Page, html, stripXMLDecl(string(sheet)))
	}
	return r.putHTML(e.Page, html)
}

// puzzleAssets publishes a puzzle's files, reused from an earlier build or
// rendered, records them in its entry, and returns them with the sheet.
func (r *run) puzzleAssets(e *site.Entry, p *puzzle.Puzzle, rep *validate.Report, fc *fileContext, convs []conversion) (map[string]string, []byte, error) {
	key := r.puzzleAssetKey(fc.fileHash, e.Index, rep.Solution)
	assets, ok := r.reuseAssets(e.Dir, key)
	var sheet []byte
	if ok {
		if _, has := assets["sheet.svg"]; has {
			var err error
			if sheet, err = r.out.ReadBack(e.Dir + "sheet.svg"); err != nil {
				return nil, nil, fmt.Errorf("reuse sheet: %w", err)
			}
		}
	} else {
		var err error
		if assets, sheet, err = r.renderAssets(e, p, rep.Solution, convs); err != nil {
			return nil, nil, err
		}
	}
	r.assets.store(key, assets)
	e.AssetKey, e.Assets = key, assets
	has := func(name string) bool { _, ok := assets[name]; return ok }
	if has("sheet.svg") {
		e.Sheet = e.Dir + "sheet.svg"
	}
	if has("solution.svg") {
		e.Solution = e.Dir + "solution.svg"
	}
	switch {
	case has("thumb.svg"):
		e.Thumb = e.Dir + "thumb.svg"
	case e.HasSheet() && p.Kind != puzzle.Triddler: // blank thumbnails are of grids
		e.Thumb = blankThumbPath(e.Width, e.Height)
	}
	return assets, sheet, nil
}

// putHTML writes a puzzle's page and lists it in the sitemap.
func (r *run) putHTML(p string, html []byte) error {
	if _, err := r.out.Put(p, html); err != nil {
		return err
	}
	r.addPage(p, true)
	return nil
}

// puzzleAssetKey is the key of a puzzle's rendered files.
func (r *run) puzzleAssetKey(fileHash string, index int, sol *puzzle.Image) string {
	k := key.New(r.assets.fingerprint, "puzzle")
	k.String(fileHash)
	k.Int(index)
	k.Value(sol)
	k.Value(r.renderOptions()) // what render is given
	k.Bool(r.site.SolutionThumbnails)
	return k.Sum()
}
