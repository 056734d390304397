package build

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"path"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/templates"
	"github.com/nonopress/nonopress/validate"
)

// fileResult is what processing one puzzle file gave.
type fileResult struct {
	entries []*entry
	// diags are its problems: errors keep puzzles out (with SkipInvalid,
	// they say which were left out and why), warnings are published.
	diags diag.List
	// leftOut names each puzzle (or unreadable part, or note) its errors
	// keep out, one line each: what -skip-invalid reports as skipped.
	leftOut []string
	bundle  *bundlePage // the page of a file of several puzzles
	fatal   error       // the build cannot go on (output not writable, template error)
}

// fileContext is what the pages of one file's puzzles share.
type fileContext struct {
	note        template.HTML // the file's note, for the puzzle pages
	description string
	fileHash    string
	bundle      *bundlePage // the page listing the file's puzzles; nil for a file of one
}

// bundlePage is the page of a file of several puzzles: its note and cards.
type bundlePage struct {
	coll               *content.Collection
	dir                string // output folder: the file's slug in its collection's
	title, description string
	note               template.HTML
	entries            []*entry
	// memoKey is its file's memo key (memo.go), which determines the page;
	// "" without a memo.
	memoKey string
}

// notePathError is a note that could not be read at all.
type notePathError struct{ err error }

func (e *notePathError) Error() string { return "read note: " + e.err.Error() }
func (e *notePathError) Unwrap() error { return e.err }

// readNote reads and parses a puzzle file's note, if it has one. An error
// is a *notePathError when the file could not be read, else the note's
// mistake.
func readNote(ctx context.Context, f *content.PuzzleFile) (content.Note, error) {
	if f.NotePath == "" {
		return content.Note{}, nil
	}
	data, err := readSource(ctx, f.NotePath, content.MaxNoteBytes)
	if err != nil {
		return content.Note{}, &notePathError{err}
	}
	return content.ParseNote(f.NotePath, data)
}

// processFile reads, checks and publishes the puzzles of one file: each
// gets its page and files written to the back buffer; what is kept is their
// entries only.
func (r *run) processFile(ctx context.Context, f *content.PuzzleFile) fileResult {
	var res fileResult
	n, err := readNote(ctx, f)
	if err != nil || n.Front.Draft {
		if errors.As(err, new(*notePathError)) {
			res.fatal = err
		} else if err != nil {
			res.diags = append(res.diags, diag.FromError(f.NotePath, err))
			res.leftOut = append(res.leftOut, skippedLine(res.diags))
		}
		return res
	}
	res.diags = append(res.diags, n.Warnings...)
	fm := n.Front
	data, err := readSource(ctx, f.Abs, formats.MaxFileSize)
	if err != nil {
		res.fatal = fmt.Errorf("read puzzle file: %w", err)
		return res
	}
	puzzles, perr := formats.Read(f.Abs, data)
	if perr != nil {
		unread := formats.Diagnostics(f.Abs, perr)
		res.diags = append(res.diags, unread...)
		res.leftOut = append(res.leftOut, skippedLine(unread))
	}
	base := content.BaseName(path.Base(f.Rel))
	fc := &fileContext{fileHash: fileHashOf(data), description: fm.Description}
	dir := f.Coll.URL + f.Slug + "/"
	pageDir := dir
	if len(puzzles) > 1 {
		pageDir += "1/" // the depth of every puzzle page of the bundle
		fc.bundle = &bundlePage{coll: f.Coll, dir: dir, title: firstNonEmpty(fm.Title, setTitle(puzzles), base), description: fm.Description}
		if fc.bundle.note, err = content.RenderNote(r.md, f.NotePath, n, r.links.Rebaser(f.Coll.Dir, dir)); err != nil {
			res.diags = append(res.diags, diag.FromError(f.NotePath, err))
			return res
		}
	}
	if fc.note, err = content.RenderNote(r.md, f.NotePath, n, r.links.Rebaser(f.Coll.Dir, pageDir)); err != nil {
		res.diags = append(res.diags, diag.FromError(f.NotePath, err))
		return res
	}
	for i, p := range puzzles {
		if ctx.Err() != nil {
			return res
		}
		if err := content.CheckTitle(p.Meta.Title); err != nil {
			res.diags = append(res.diags, diag.Diagnostic{File: f.Abs, Line: p.Origin.Line, Severity: diag.Error, Message: err.Error()})
			continue
		}
		rep := validate.Check(ctx, p, validate.Options{Timeout: r.site.Budget, Cache: r.solver.get()})
		problems, warnings := r.judge(f, &rep)
		res.diags = append(res.diags, problems...)
		if len(problems) > 0 {
			res.leftOut = append(res.leftOut, skippedLine(problems))
			continue
		}
		res.diags = append(res.diags, warnings...)
		e := entryOf(f, i, p, &rep, fm, fc)
		fc.description = firstNonEmpty(fm.Description, p.Meta.Description)
		if err := r.publishPuzzle(e, p, &rep, fc); err != nil {
			res.fatal = err
			return res
		}
		res.entries = append(res.entries, e)
	}
	if len(res.entries) > 0 {
		if _, err := r.out.Put(f.Coll.URL+f.Original, data); err != nil {
			res.fatal = err
		}
		if fc.bundle != nil {
			fc.bundle.entries = res.entries
			res.bundle = fc.bundle
		}
	}
	return res
}

// entryOf makes the entry of the i-th puzzle of a file, whose note's front
// matter is fm, in the folder of its page.
func entryOf(f *content.PuzzleFile, i int, p *puzzle.Puzzle, rep *validate.Report, fm content.FrontMatter, fc *fileContext) *entry {
	base := content.BaseName(path.Base(f.Rel))
	title := base
	if fc.bundle != nil {
		title = fmt.Sprintf("%s #%d", base, i+1)
		fm.Title = "" // a bundle's note titles the bundle, not each puzzle
	}
	e := newEntry(p, fm, title)
	e.Tags = mergeTags(e.Tags, f.Coll.Tags())
	e.Verdict, e.Difficulty = rep.Verdict, rep.Difficulty
	for _, d := range rep.Warnings {
		e.Warnings = append(e.Warnings, d.Message)
	}
	e.coll = f.Coll
	e.order = f.Order<<20 | i
	e.Dir = f.Coll.URL + f.Slug + "/"
	if fc.bundle != nil {
		e.Dir += strconv.Itoa(i+1) + "/"
	}
	e.Page = e.Dir + "index.html"
	e.Source = f.Coll.URL + f.Original
	e.file, e.Index = f, i
	e.BookletPart = bookletPart(fc.fileHash, i, rep.Solution)
	return e
}

// skippedLine names a puzzle (or a file's unreadable part) left out, by
// its first problem ("path:line: message"): one line per puzzle, however
// many problems it has.
func skippedLine(problems diag.List) string {
	if len(problems) == 1 {
		return problems[0].String()
	}
	return fmt.Sprintf("%s (and %d more problems)", problems[0].String(), len(problems)-1)
}

// setTitle returns the title of the bundle or set the puzzles came in, or
// "".
func setTitle(ps []*puzzle.Puzzle) string {
	if len(ps) > 0 && ps[0].Origin.Set != nil {
		return ps[0].Origin.Set.Title
	}
	return ""
}

// mergeTags returns a puzzle's own tags followed by those of its
// collections that it lacks (compared without case).
func mergeTags(own, inherited []string) []string {
	if len(inherited) == 0 {
		return own
	}
	out := append([]string(nil), own...)
	for _, t := range inherited {
		dup := false
		for _, o := range out {
			dup = dup || strings.EqualFold(o, t)
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

// judge returns a puzzle's problems (which keep it out: its errors, and
// with Strict its warnings too) and the warnings published with it, about
// its file.
func (r *run) judge(f *content.PuzzleFile, rep *validate.Report) (problems, warnings diag.List) {
	for _, d := range rep.Errors {
		d.File, d.Severity = f.Abs, diag.Error
		problems = append(problems, d)
	}
	for _, d := range rep.Warnings {
		d.File, d.Severity = f.Abs, diag.Warning
		if r.strict {
			d.Severity = diag.Error
			problems = append(problems, d)
			continue
		}
		warnings = append(warnings, d)
	}
	return problems, warnings
}

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
	data.Description = fc.description
	data.Puzzle = view
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

// puzzleViewOf starts a puzzle page's view: its metadata, tags and legend.
func (r *run) puzzleViewOf(e *entry, p *puzzle.Puzzle, rep *validate.Report) *puzzleView {
	view := &puzzleView{
		ID: e.ID, Title: e.Title, Author: e.Author, AuthorAnchor: anchor("author", e.Author),
		Copyright: e.Copyright, License: e.License, LicenseAnchor: licenseAnchor(e.License),
		SPDX: spdxURL(e.License), Catalogue: e.Catalogue,
		Width: e.Width, Height: e.Height, Colors: e.Colors,
		Verdict: e.Verdict, Difficulty: e.Difficulty, Badge: badge(e.Verdict), BadgeText: badgeText(e.Verdict),
		Warnings: e.Warnings, Paper: cssPaper(r.site.Paper),
		Play: templates.NewPlayData(p, e.ID, e.Title, playOptions(rep)...), Description: strings.TrimSpace(p.Meta.Description),
		Triddler: templates.NewTriddlerPlay(p, e.ID, e.Title),
	}
	for _, tag := range e.Tags {
		view.Tags = append(view.Tags, crumb{Title: tag, URL: content.RelURL(e.Dir, tagPage(tag))})
	}
	for c := 1; c < len(p.Palette); c++ {
		name := p.Palette[c].Name
		if name == "" {
			name = p.Palette[c].RGB.Hex()
		}
		view.Legend = append(view.Legend, legendView{Name: name, Hex: p.Palette[c].RGB.Hex()})
	}
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
	d := &pageData{Kind: kind, Title: title, Root: root, Site: siteView{Title: r.title, Language: r.site.Language, BaseURL: r.site.BaseURL}}
	if r.site.BaseURL != "" {
		d.Feed = root + "atom.xml"
		d.Canonical = r.pageURL(dir + "index.html")
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
