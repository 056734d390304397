package build

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/build/internal/key"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/internal/parallel"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/nav"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
	"github.com/nonopress/nonopress/validate"
)

// writeSite writes everything but the puzzles' own pages: booklets, shared
// thumbnails, collection pages, home, authors, licenses, 404, catalogue, sitemap, feed
// and static assets. The booklets, most of the work after a change, are made
// while the pages are written.
func (r *run) writeSite(ctx context.Context) (err error) {
	var colls []*content.Collection
	content.Walk(r.root, func(c *content.Collection) { colls = append(colls, c) })
	r.markBooklets()
	booklets := make(chan error, 1)
	go func() {
		booklets <- parallel.Do(ctx, len(colls), func(i int) error { return r.writeBooklet(ctx, colls[i]) })
	}()
	defer func() {
		if berr := <-booklets; err == nil {
			err = berr
		}
	}()
	if err := r.writeBlankThumbs(); err != nil {
		return err
	}
	for _, c := range colls {
		if err := r.writeCollection(c); err != nil {
			return err
		}
		for _, res := range c.Resources {
			data, err := readSource(ctx, res.Abs, maxAssetBytes)
			if err != nil {
				return fmt.Errorf("read resource: %w", err)
			}
			if _, err := r.out.Put(c.URL+res.Out, data); err != nil {
				return err
			}
		}
	}
	for _, bp := range r.bundles {
		if err := r.writeBundle(bp); err != nil {
			return err
		}
	}
	for _, w := range []func() error{r.writeAuthors, r.writeLicenses, r.writeTags, r.write404, r.writeCatalogue, r.writeSearch, r.writeSitemap, r.writeFeed, r.writeOGImage} {
		if err := w(); err != nil {
			return err
		}
	}
	static, err := r.tpl.minifyStatic(r.min)
	if err != nil {
		return err
	}
	for _, p := range r.tpl.staticPaths() {
		if _, err := r.out.PutExact(p, static[p]); err != nil {
			return err
		}
	}
	return nil
}

// markBooklets notes which collections have a booklet: those with a puzzle
// that has a sheet.
func (r *run) markBooklets() {
	content.Walk(r.root, func(c *content.Collection) {
		r.list(c).booklet = slices.ContainsFunc(r.list(c).entries, func(e *entry) bool { return e.hasSheet() })
	})
}

// writeBooklet writes a collection's puzzles as one PDF, re-reading them
// from their files (their solutions come from the solver cache), so that no
// more than one collection's puzzles are in memory at once.
func (r *run) writeBooklet(ctx context.Context, c *content.Collection) error {
	// The key comes from the entries (bookletPart: file, place, solution),
	// so that a booklet that has not changed is found without reading a
	// puzzle again.
	var in []*entry
	for _, e := range r.list(c).entries {
		if e.hasSheet() {
			in = append(in, e)
		}
	}
	if len(in) == 0 {
		return nil
	}
	cover, opt := r.bookletCover(c), r.renderOptions()
	opt.Date = bookletDate(in)
	k := key.New(r.assets.fingerprint, "booklet")
	k.Value(cover)
	k.Value(opt) // the date too
	for _, e := range in {
		k.String(e.BookletPart)
	}
	key := k.Sum()
	if outputs, ok := r.reuseAssets(c.URL, key); ok {
		r.assets.store(key, outputs)
		r.replayBookletWarnings(key)
		return nil
	}
	if r.keepPublished(c.URL + "booklet.pdf") {
		return nil
	}
	parsed := map[*content.PuzzleFile][]*puzzle.Puzzle{}
	var items []render.BookletEntry
	for _, e := range in {
		puzzles, ok := parsed[e.file]
		if !ok {
			data, err := readSource(ctx, e.file.Abs, formats.MaxFileSize)
			if err != nil {
				return fmt.Errorf("read puzzle file: %w", err)
			}
			puzzles, _ = formats.Read(e.file.Abs, data) // errors were reported already
			parsed[e.file] = puzzles
		}
		if e.Index >= len(puzzles) {
			continue
		}
		p := puzzles[e.Index]
		rep := validate.Check(ctx, p, validate.Options{Timeout: r.site.Budget, Cache: r.solver.get()})
		items = append(items, render.BookletEntry{Puzzle: p, Solution: rep.Solution, Difficulty: rep.Difficulty})
	}
	if len(items) == 0 {
		// Its page links the booklet already.
		return fmt.Errorf("booklet of %s: puzzle files changed during the build; build again", c.Title(r.title))
	}
	var buf bytes.Buffer
	var warnings []string
	opt.Warn = func(err error) { warnings = append(warnings, bookletWarning(cover.Title, err)) }
	if err := render.CoverBooklet(&buf, cover, items, opt); err != nil {
		return fmt.Errorf("booklet of %s: %w", c.Title(r.title), err)
	}
	r.keepBookletWarnings(key, warnings)
	h, err := r.out.Put(c.URL+"booklet.pdf", buf.Bytes())
	r.assets.store(key, map[string]string{"booklet.pdf": h})
	return err
}

// collectionViews lists sub-collections as links from a page, each with its
// note's description or first line.
func (r *run) collectionViews(cs []*content.Collection, from string) []collectionView {
	var out []collectionView
	for _, c := range cs {
		out = append(out, collectionView{Title: c.Title(r.title), URL: content.RelURL(from, c.URL+"index.html"), Count: r.list(c).total,
			Summary: summary(c)})
	}
	return out
}

// summary is a collection's one-line summary: its note's description, else
// the first line of its note.
func summary(c *content.Collection) string {
	return firstNonEmpty(c.Note.Front.Description, nav.FirstLine(c.Note.Body))
}

// writeCollection writes a collection's pages, PerPage cards each: the first
// is c.URL+"index.html", the others page/2/, page/3/... The root
// collection's first page is the home page.
func (r *run) writeCollection(c *content.Collection) error {
	kind := "collection"
	if c.Parent == nil {
		kind = "home"
	}
	note, err := content.RenderNote(r.md, c.NotePath, c.Note, r.links.Rebaser(c.Dir, c.URL))
	if err != nil {
		return err
	}
	list := r.list(c)
	pages := nav.Paginate(len(list.entries), r.site.PerPage)
	for _, pg := range pages {
		dir := nav.PageDir(c.URL, pg.Number)
		err := r.putTemplated(kind, dir+"index.html", true, func() *pageData {
			d := r.pageData(kind, c.Title(r.title), dir)
			if c.Parent == nil {
				d.Title = ""
				d.Lede = firstNonEmpty(r.site.Description, c.Note.Front.Description)
			} else {
				d.Lede = c.Note.Front.Description
				d.Description = firstNonEmpty(summary(c), fmt.Sprintf("%d nonogram puzzles in %s: play them online, print them or download them.", list.total, c.Title(r.title)))
			}
			if c.Parent != nil || pg.Number > 1 {
				d.Crumbs = crumbsOf(c, dir, r.title, pg.Number > 1)
			}
			if pg.Number > 1 {
				d.Title = fmt.Sprintf("%s – page %d", c.Title(r.title), pg.Number)
				d.Lede = ""
				d.Description = fmt.Sprintf("%s, page %d of %d.", strings.TrimSuffix(d.Description, "."), pg.Number, len(pages))
			} else {
				d.Note = note
				d.Collections = r.collectionViews(c.Children, dir)
				if c.Parent == nil {
					for i, e := range r.recent() {
						d.Recent = append(d.Recent, cardOf(e, dir, i))
					}
				}
			}
			for i, e := range list.entries[pg.Start:pg.End] {
				d.Cards = append(d.Cards, cardOf(e, dir, pg.Start+i))
			}
			d.Pages = pagerLinks(c.URL, dir, pg.Number, len(pages))
			if list.booklet {
				d.Booklet = content.RelURL(dir, c.URL+"booklet.pdf")
			}
			return d
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// pagerLinks are the links of the pager on page cur of a list whose first
// page is in folder first, as seen from folder from.
func pagerLinks(first, from string, cur, total int) []pagerLink {
	var out []pagerLink
	for _, l := range nav.Pager(cur, total) {
		pl := pagerLink{Label: l.Label, Current: l.Current}
		if l.Number > 0 && !l.Current {
			pl.URL = content.RelURL(from, nav.PageDir(first, l.Number)+"index.html")
		}
		out = append(out, pl)
	}
	return out
}

// recent returns the puzzles for "recently added": those with a date (front
// matter, else git with git_info), newest first, ties in path order. Puzzles
// without a date are left out. The clock and file times play no part.
func (r *run) recent() []*entry {
	var es []*entry
	for _, e := range r.entries {
		if e.Date != "" {
			es = append(es, e)
		}
	}
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Date != es[j].Date {
			return es[i].Date > es[j].Date
		}
		return es[i].order < es[j].order
	})
	return es[:min(len(es), r.site.Recent)]
}

// write404 writes the page servers show for a missing address. Its links
// are relative to the site root (absolute when a base URL is set, since the
// page is shown at any depth).
func (r *run) write404() error {
	return r.putTemplated("404", "404.html", false, func() *pageData {
		d := r.pageData("404", "Page not found", "")
		d.Description = "There is no page at this address on " + r.title + "."
		if r.site.BaseURL != "" {
			d.Root = r.site.BaseURL + "/"
			d.Feed = d.Root + "atom.xml"
			d.Canonical = ""
		}
		return d
	})
}

// writeBundle writes the page of a file of several puzzles: its note and its
// puzzles' cards.
func (r *run) writeBundle(bp *bundlePage) error {
	data := func() *pageData {
		d := r.pageData("collection", bp.title, bp.dir)
		d.Description = firstNonEmpty(bp.description, fmt.Sprintf("%d nonogram puzzles in %s: play them online, print them or download them.", len(bp.entries), bp.title))
		d.Lede = bp.description
		d.Crumbs = crumbsOf(bp.coll, bp.dir, r.title, true)
		d.Note = bp.note
		for i, e := range bp.entries {
			d.Cards = append(d.Cards, cardOf(e, bp.dir, i))
		}
		return d
	}
	if bp.memoKey == "" {
		return r.putTemplated("collection", bp.dir+"index.html", true, data)
	}
	// Everything the page shows comes from the file and its place, which
	// its memo key covers: no need to encode its data to know it unchanged.
	k := key.New(r.assets.fingerprint, "bundle page")
	k.String(bp.memoKey)
	return r.putKeyed("collection", bp.dir+"index.html", k.Sum(), true, data)
}
