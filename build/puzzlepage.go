package build

import (
	"fmt"
	"path"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/templates"
	"github.com/nonopress/nonopress/validate"
)

// publishPuzzle writes a puzzle's page and files: sheet, solution and
// thumbnail SVGs, sheet PDF, .non and .xml versions.
func (r *run) publishPuzzle(e *entry, p *puzzle.Puzzle, rep *validate.Report, fc *fileContext) error {
	view := r.puzzleViewOf(e, p, rep)
	convs := conversions(p)
	assets, sheet, err := r.puzzleAssets(e, p, rep, fc, convs)
	if err != nil {
		return err
	}
	has := func(name string) bool { _, ok := assets[name]; return ok }
	original := path.Base(e.Source)
	view.Downloads = append(view.Downloads, download{Label: "Original file (" + original + ")", URL: content.RelURL(e.Dir, e.Source)})
	for _, c := range convs {
		view.Downloads = append(view.Downloads, c.download(e.Title))
	}
	for _, d := range assetDownloads {
		if has(d.URL) {
			view.Downloads = append(view.Downloads, d)
		}
	}
	if e.hasSheet() {
		view.Sheet = sheetView() // filled by putPageWithSheet
		if landscape(sheet) {
			view.Paper += " landscape"
		}
	}
	if e.Solution != "" {
		view.Solution = "solution.svg"
	}
	data := r.pageData("puzzle", e.Title, e.Dir)
	data.Crumbs = crumbsOf(e.coll, e.Dir, r.title, true)
	if fc.bundle != nil {
		data.Crumbs = append(data.Crumbs, crumb{Title: fc.bundle.title, URL: content.RelURL(e.Dir, fc.bundle.dir+"index.html")})
	}
	data.Note = fc.note
	data.Description = firstNonEmpty(fc.description, puzzleDescription(e))
	data.Puzzle = view
	data.Prev, data.Next = puzzleNeighbours(e, fc.prev, fc.next)
	html, err := r.tpl.render("puzzle", data)
	if err != nil {
		return err
	}
	if e.hasSheet() {
		// render escapes the puzzle's text in the sheet
		return r.putPageWithSheet(e.Page, html, stripXMLDecl(string(sheet)))
	}
	return r.putPage(e.Page, html)
}

// showWarnings says whether puzzle pages show the checks' warnings: only
// where the site shows them publicly. Otherwise they are for the author, in
// the build log (which serve prints too) and in check.
func (r *run) showWarnings() bool { return r.site.PublicWarnings }

// puzzleNeighbours are the links to the puzzles before and after e, as seen
// from its page: its published siblings in its file (prev, next), and at
// the file's ends the files before and after it in its collection.
func puzzleNeighbours(e, prev, next *entry) (*crumb, *crumb) {
	at := func(sibling *entry, l content.Link) *crumb {
		if sibling != nil {
			return &crumb{Title: sibling.Title, URL: content.RelURL(e.Dir, sibling.Page)}
		}
		if l.Page == "" {
			return nil
		}
		return &crumb{Title: l.Title, URL: content.RelURL(e.Dir, l.Page)}
	}
	return at(prev, e.file.Prev), at(next, e.file.Next)
}

// puzzleViewOf starts a puzzle page's view: its metadata, tags and legend.
func (r *run) puzzleViewOf(e *entry, p *puzzle.Puzzle, rep *validate.Report) *puzzleView {
	view := &puzzleView{
		ID: e.ID, Title: e.Title, Author: e.Author, AuthorAnchor: anchor("author", e.Author),
		Copyright: e.Copyright, License: e.License, LicenseAnchor: licenseAnchor(e.License),
		SPDX: spdxURL(e.License), Catalogue: e.Catalogue,
		Width: e.Width, Height: e.Height, Colors: e.Colors,
		Verdict: e.Verdict, Difficulty: e.Difficulty, Badge: badge(e.Verdict), BadgeText: badgeText(e.Verdict),
		Grade: gradeName(e.Difficulty), VerdictText: verdictText(e.Verdict), Grades: gradeViews(),
		Date: e.Date, DateText: dateText(e.Date), Paper: cssPaper(r.site.Paper), PlayReserve: playReserve(p),
		Play: templates.NewPlayData(p, e.ID, e.Title, playOptions(rep)...), Description: strings.TrimSpace(p.Meta.Description),
		Triddler: templates.NewTriddlerPlay(p, e.ID, e.Title, playOptions(rep)...),
	}
	if e.Lastmod != e.Date {
		view.Lastmod, view.LastmodText = e.Lastmod, dateText(e.Lastmod)
	}
	if r.showWarnings() {
		view.Warnings = e.Warnings
	}
	for _, tag := range e.Tags {
		view.Tags = append(view.Tags, crumb{Title: tag, URL: content.RelURL(e.Dir, tagPage(tag))})
	}
	view.Legend = e.Swatches
	return view
}

// puzzleAssets publishes a puzzle's files, reused from an earlier build or
// rendered, records them in its entry, and returns them with the sheet.
func (r *run) puzzleAssets(e *entry, p *puzzle.Puzzle, rep *validate.Report, fc *fileContext, convs []conversion) (map[string]string, []byte, error) {
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
	case e.hasSheet() && p.Kind != puzzle.Triddler: // blank thumbnails are of grids
		e.Thumb = blankThumbPath(e.Width, e.Height)
	}
	return assets, sheet, nil
}

// putPage writes an HTML page and remembers it for the sitemap.
func (r *run) putPage(p string, html []byte) error {
	if _, err := r.out.Put(p, html); err != nil {
		return err
	}
	r.mu.Lock()
	r.pages = append(r.pages, p)
	r.mu.Unlock()
	return nil
}

// pageData starts the data of a page in folder dir.
func (r *run) pageData(kind, title, dir string) *pageData {
	root := content.RootOf(dir)
	d := &pageData{Kind: kind, Title: title, Root: root, Description: r.description,
		Site: siteView{Title: r.title, Language: r.site.Language, BaseURL: r.site.BaseURL}}
	if r.site.BaseURL != "" {
		d.Feed = root + "atom.xml"
		d.Canonical = r.pageURL(dir + "index.html")
		d.Image = r.site.BaseURL + "/" + ogImagePath
	}
	return d
}

// cssPaper is the CSS @page size of a paper name.
func cssPaper(paper string) string {
	if paper == "letter" {
		return "letter"
	}
	return strings.ToUpper(paper) // A3, A4, A5
}
