package build

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/internal/parallel"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
	"github.com/nonopress/nonopress/validate"
)

// writeSite writes everything but the puzzles' own pages: booklets, shared
// thumbnails, collection pages, home, authors, licenses, 404, catalogue, sitemap, feed
// and static assets. The booklets, most of the work after a change, are made
// while the pages are written.
func (r *run) writeSite(ctx context.Context) (err error) {
	var colls, unmade []*content.Collection
	content.Walk(r.pub.Root, func(c *content.Collection) {
		colls = append(colls, c)
		if !r.bookletsMade[c] {
			unmade = append(unmade, c)
		}
	})
	booklets := make(chan error, 1)
	go func() {
		booklets <- parallel.Do(ctx, len(unmade), func(i int) error {
			return r.writeBooklet(ctx, unmade[i], site.BookletEntries(r.pub.List(unmade[i]).Entries))
		})
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
		pages, err := r.pub.CollectionPages(c)
		if err != nil {
			return err
		}
		if err := r.putPages(r.collectionSource(c), pages...); err != nil {
			return err
		}
		for _, res := range c.Resources {
			data, err := readSource(ctx, res.Abs, site.MaxAssetBytes)
			if err != nil {
				return fmt.Errorf("read resource: %w", err)
			}
			if _, err := r.out.Put(c.URL+res.Out, data); err != nil {
				return &SourceError{File: res.Abs, Err: err}
			}
		}
	}
	for _, bp := range r.bundles {
		if err := r.writeBundle(bp); err != nil {
			return err
		}
	}
	lists := slices.Concat(r.pub.AuthorsPages(), r.pub.LicensesPages(), r.pub.TagPages())
	if err := r.putPages(fromEveryPuzzle, lists...); err != nil {
		return err
	}
	if err := r.putPages(fromTemplates, r.pub.NotFoundPage(), r.pub.SearchPage()); err != nil {
		return err
	}
	if err := r.writeData(); err != nil {
		return err
	}
	static, err := r.tpl.MinifiedStatic(r.min.Bytes)
	if err != nil {
		return err
	}
	for _, p := range r.tpl.StaticPaths() {
		if _, err := r.out.PutExact(p, static[p]); err != nil {
			return &SiteError{Page: p, From: fromTemplates, Err: err}
		}
	}
	return nil
}

// writeBooklet writes the puzzles of a collection's booklet (in:
// site.BookletEntries) as one PDF, from what the publish step kept of them
// (bookletItems).
func (r *run) writeBooklet(ctx context.Context, c *content.Collection, in []*site.Entry) error {
	// The key comes from the entries (bookletPart: file, place, solution),
	// so that a booklet that has not changed is found without reading a
	// puzzle again.
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
		r.replayBookletWarnings(key, r.bookletPath(c))
		return nil
	}
	if r.keepPublished(c.URL + "booklet.pdf") {
		return nil
	}
	items, err := r.bookletItems(ctx, in)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		// Its page links the booklet already.
		return fmt.Errorf("booklet of %s: puzzle files changed during the build; build again", c.Title(r.pub.Title))
	}
	var buf bytes.Buffer
	var warnings diag.List
	opt.Warn = func(err error) {
		if w, ok := bookletWarning(r.bookletPath(c), err); ok {
			warnings = append(warnings, w)
		}
	}
	ws := r.scratch.get() // the PDF's compressor and buffers, as for a sheet's
	defer r.scratch.put(ws)
	opt.Scratch = &ws.render
	if err := render.CoverBooklet(&buf, cover, items, opt); err != nil {
		return fmt.Errorf("booklet of %s: %w", c.Title(r.pub.Title), err)
	}
	r.keepBookletWarnings(key, r.bookletPath(c), warnings)
	h, err := r.out.Put(c.URL+"booklet.pdf", buf.Bytes())
	if err != nil {
		return &SiteError{Page: c.URL + "booklet.pdf", From: r.collectionSource(c), Err: err}
	}
	r.assets.store(key, map[string]string{"booklet.pdf": h})
	return nil
}

// writeBundle writes the pages of a file of several puzzles.
func (r *run) writeBundle(bp *bundlePage) error {
	var err error
	for i, page := range r.pub.BundlePages(&bp.Bundle) {
		if bp.memoKey == "" {
			err = r.putPage(page)
		} else {
			// Everything the pages show comes from the file and its place,
			// which its memo key covers with the settings (per_page): no
			// need to encode their data to know them unchanged.
			k := key.New(r.assets.fingerprint, "bundle page")
			k.String(bp.memoKey).Int(i)
			err = r.putKeyed(page, k.Sum())
		}
		if err != nil {
			break
		}
	}
	if err != nil && len(bp.Entries) > 0 {
		return &SourceError{File: bp.Entries[0].File().Abs, Err: err}
	}
	return err
}

// bookletItems is what the booklet draws of the entries' puzzles: what the
// publish step kept of each (Entry.Booklet), else, for a puzzle whose file's
// record the build reused without parsing it, the puzzle read from its file
// again (its solution from the solver cache). A puzzle gone from its file
// since is left out.
func (r *run) bookletItems(ctx context.Context, in []*site.Entry) ([]render.BookletEntry, error) {
	parsed := map[*content.PuzzleFile][]*puzzle.Puzzle{}
	var items []render.BookletEntry
	for _, e := range in {
		if kept := e.Booklet(); kept != nil {
			items = append(items, kept.Entry())
			continue
		}
		puzzles, ok := parsed[e.File()]
		if !ok {
			data, err := readSource(ctx, e.File().Abs, formats.MaxFileSize)
			if err != nil {
				return nil, fmt.Errorf("read puzzle file: %w", err)
			}
			puzzles, _ = formats.Read(e.File().Abs, data) // errors were reported already
			parsed[e.File()] = puzzles
		}
		if e.Index >= len(puzzles) {
			continue
		}
		p := puzzles[e.Index]
		rep := validate.Check(ctx, p, validate.Options{Timeout: r.site.Budget, Cache: r.memo.verdicts.get()})
		titled := *p
		titled.Meta.Title = e.BookletTitle(p) // as a kept part has it, credits too
		titled.Meta.Author, titled.Meta.License, titled.Meta.Copyright = e.Author, e.License, e.Copyright
		items = append(items, render.BookletEntry{Puzzle: &titled, Solution: rep.Solution, Difficulty: rep.Difficulty})
	}
	return items, nil
}
