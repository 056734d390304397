package build

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

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
	var colls []*content.Collection
	content.Walk(r.root, func(c *content.Collection) { colls = append(colls, c) })
	for _, c := range colls {
		r.list(c).booklet = slices.ContainsFunc(r.list(c).entries, func(e *entry) bool { return e.hasSheet() })
	}
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
	for _, w := range []func() error{r.writeAuthors, r.writeLicenses, r.writeTags, r.write404, r.writeCatalogue, r.writeSitemap, r.writeFeed} {
		if err := w(); err != nil {
			return err
		}
	}
	for _, p := range r.tpl.staticPaths() {
		if _, err := r.out.Put(p, r.tpl.static[p]); err != nil {
			return err
		}
	}
	return nil
}

// writeBooklet writes a collection's puzzles as one PDF, re-reading them
// from their files (their solutions come from the solver cache), so that no
// more than one collection's puzzles are in memory at once.
func (r *run) writeBooklet(ctx context.Context, c *content.Collection) error {
	// The key comes from the entries (bookletPart: file, place, solution),
	// so that a booklet that has not changed is found without reading a
	// puzzle again.
	k, keySum := newKey(r.assets.fingerprint, "booklet")
	k.str(c.Title(r.title))
	k.str(r.site.Paper)
	k.bool(r.site.MonoSafe)
	var in []*entry
	for _, e := range r.list(c).entries {
		if e.hasSheet() {
			in = append(in, e)
			k.str(e.BookletPart)
		}
	}
	if len(in) == 0 {
		return nil
	}
	key := keySum()
	if outputs, ok := r.reuseAssets(c.URL, key); ok {
		r.assets.store(key, outputs)
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
		items = append(items, render.BookletEntry{Puzzle: p, Solution: rep.Solution})
	}
	if len(items) == 0 {
		// Its page links the booklet already.
		return fmt.Errorf("booklet of %s: puzzle files changed during the build; build again", c.Title(r.title))
	}
	var buf bytes.Buffer
	if err := render.Booklet(&buf, c.Title(r.title), items, r.renderOptions()); err != nil {
		return fmt.Errorf("booklet of %s: %w", c.Title(r.title), err)
	}
	h, err := r.out.Put(c.URL+"booklet.pdf", buf.Bytes())
	r.assets.store(key, map[string]string{"booklet.pdf": h})
	return err
}

// collectionViews lists sub-collections as links from a page.
func (r *run) collectionViews(cs []*content.Collection, from string) []collectionView {
	var out []collectionView
	for _, c := range cs {
		out = append(out, collectionView{Title: c.Title(r.title), URL: content.RelURL(from, c.URL+"index.html"), Count: r.list(c).total})
	}
	return out
}

// writeCollection writes a collection's page; the root collection's page is
// the home page.
func (r *run) writeCollection(c *content.Collection) error {
	kind := "collection"
	if c.Parent == nil {
		kind = "home"
	}
	note, err := content.RenderNote(r.md, c.NotePath, c.Note, r.links.Rebaser(c.Dir, c.URL))
	if err != nil {
		return err
	}
	return r.putTemplated(kind, c.URL+"index.html", true, func() *pageData {
		d := r.pageData(kind, c.Title(r.title), c.URL)
		if c.Parent == nil {
			d.Title = ""
		}
		d.Note = note
		d.Description = c.Note.Front.Description
		if c.Parent != nil {
			d.Crumbs = crumbsOf(c, c.URL, r.title, false)
		}
		d.Collections = r.collectionViews(c.Children, c.URL)
		for i, e := range r.list(c).entries {
			d.Cards = append(d.Cards, cardOf(e, c.URL, i))
		}
		if r.list(c).booklet {
			d.Booklet = "booklet.pdf"
		}
		if c.Parent == nil {
			for i, e := range r.recent() {
				d.Recent = append(d.Recent, cardOf(e, c.URL, i))
			}
		}
		return d
	})
}

// recent returns the puzzles for "recently added": those with a front matter
// date, newest first, then the others in path order. The clock and file
// times play no part.
func (r *run) recent() []*entry {
	es := append([]*entry(nil), r.entries...)
	sort.SliceStable(es, func(i, j int) bool {
		di, dj := es[i].Date, es[j].Date
		if (di != "") != (dj != "") {
			return di != ""
		}
		if di != dj {
			return di > dj
		}
		return es[i].order < es[j].order
	})
	return es[:min(len(es), r.site.Recent)]
}

// groupBy gathers puzzles under a key, keys sorted case-insensitively.
func (r *run) groupBy(key func(*entry) string, from string) (map[string][]crumb, []string) {
	groups := map[string][]crumb{}
	for _, e := range r.entries {
		k := key(e)
		groups[k] = append(groups[k], crumb{Title: e.Title, URL: content.RelURL(from, e.Page)})
	}
	keys := sortedKeys(groups)
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := strings.ToLower(keys[i]), strings.ToLower(keys[j])
		if a != b {
			return a < b
		}
		return keys[i] < keys[j]
	})
	return groups, keys
}

// writeAuthors writes the page of authors and their puzzles.
func (r *run) writeAuthors() error {
	return r.putTemplated("authors", "authors/index.html", true, func() *pageData {
		d := r.pageData("authors", "Authors", "authors/")
		groups, keys := r.groupBy(func(e *entry) string { return e.Author }, "authors/")
		for _, k := range keys {
			name := k
			if name == "" {
				name = "Unknown author"
			}
			d.Groups = append(d.Groups, groupView{Name: name, Anchor: anchor("author", k), Puzzles: groups[k]})
		}
		return d
	})
}

// writeLicenses writes the page of licenses and their puzzles, puzzles with
// no license last.
func (r *run) writeLicenses() error {
	return r.putTemplated("licenses", "licenses/index.html", true, func() *pageData {
		d := r.pageData("licenses", "Licenses", "licenses/")
		groups, keys := r.groupBy(func(e *entry) string { return e.License }, "licenses/")
		var none *groupView
		for _, k := range keys {
			g := groupView{Name: k, Anchor: licenseAnchor(k), Puzzles: groups[k]}
			if k == "" {
				g.Name = "No license given"
				none = &g
				continue
			}
			if link := spdxURL(k); link != "" {
				g.SPDX, g.Link = spdxID(k), link
			}
			d.Groups = append(d.Groups, g)
		}
		if none != nil {
			d.Groups = append(d.Groups, *none)
		}
		return d
	})
}

// licenseAnchor is the id of a license's section on the licenses page.
func licenseAnchor(license string) string {
	if license == "" {
		return "license-none"
	}
	return anchor("license", license)
}

// write404 writes the page servers show for a missing address. Its links
// are relative to the site root (absolute when a base URL is set, since the
// page is shown at any depth).
func (r *run) write404() error {
	return r.putTemplated("404", "404.html", false, func() *pageData {
		d := r.pageData("404", "Page not found", "")
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
		d.Description = bp.description
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
	k, sum := newKey(r.assets.fingerprint, "bundle page")
	k.str(bp.memoKey)
	return r.putKeyed("collection", bp.dir+"index.html", sum(), true, data)
}

// tagPage is the path of a tag's page from the site root.
func tagPage(tag string) string { return "tags/" + content.Slugify(tag) + "/index.html" }

// writeTags writes a page per tag of the puzzles' notes, with their cards,
// and tags/index.html listing the tags. Tags whose slugs are equal ("Easy",
// "easy") share a page, named as first met in path order.
func (r *run) writeTags() error {
	type tagGroup struct {
		name    string
		entries []*entry
	}
	groups := map[string]*tagGroup{}
	for _, e := range r.entries {
		for _, tag := range e.Tags {
			page := tagPage(tag)
			g, ok := groups[page]
			if !ok {
				g = &tagGroup{name: tag}
				groups[page] = g
			}
			if len(g.entries) == 0 || g.entries[len(g.entries)-1] != e {
				g.entries = append(g.entries, e)
			}
		}
	}
	list := r.pageData("tags", "Tags", "tags/")
	for _, page := range sortedKeys(groups) {
		g := groups[page]
		dir := strings.TrimSuffix(page, "index.html")
		err := r.putTemplated("collection", page, true, func() *pageData {
			d := r.pageData("collection", "Tag: "+g.name, dir)
			d.Crumbs = []crumb{{Title: r.title, URL: content.RelURL(dir, "index.html")}, {Title: "Tags", URL: content.RelURL(dir, "tags/index.html")}}
			for i, e := range g.entries {
				d.Cards = append(d.Cards, cardOf(e, dir, i))
			}
			return d
		})
		if err != nil {
			return err
		}
		list.Collections = append(list.Collections, collectionView{Title: g.name, URL: content.RelURL("tags/", page), Count: len(g.entries)})
	}
	list.Crumbs = []crumb{{Title: r.title, URL: "../index.html"}}
	return r.putTemplated("tags", "tags/index.html", true, func() *pageData { return list })
}
