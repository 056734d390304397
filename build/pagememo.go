package build

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/build/site"
)

// putPage makes a list page (home, collection, bundle, tag, authors,
// licenses, 404) from its data and writes it, and lists it in the sitemap
// when it belongs there. A page is a function of its template and its
// data alone (the templates have no functions of their own, and see only
// the data's exported fields), so the asset cache keeps it by a key of the
// program, the templates and the data as JSON: a page whose data has not
// changed is reused, as a puzzle's rendered files are, instead of executed
// and minified again. A large site's lists are most of a warm build.
func (r *run) putPage(pg site.Page) error {
	if r.keepPublished(pg.Path) {
		r.addPage(pg.Path, pg.InSitemap)
		return nil // its data is not even made
	}
	d := pg.Data()
	data, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("page %s: %w", pg.Path, err)
	}
	k := key.New(r.assets.fingerprint, "page")
	k.String(r.memo.templates)
	k.String(pg.Kind)
	k.String(pg.Path)
	k.String(string(data))
	pg.Data = func() *site.PageData { return d }
	return r.putKeyed(pg, k.Sum())
}

// putPages writes list pages (putPage) built from the sources from
// describes, which a failure names (SiteError).
func (r *run) putPages(from string, pages ...site.Page) error {
	for _, pg := range pages {
		if err := r.putPage(pg); err != nil {
			return &SiteError{Page: pg.Path, From: from, Err: err}
		}
	}
	return nil
}

// putKeyed is putPage for a page whose key is known without its data
// (a bundle's page: from its file's memo key), which is made only if the
// page must be made.
func (r *run) putKeyed(pg site.Page, key string) error {
	page, inSitemap := pg.Path, pg.InSitemap
	dir, name := "", page
	if i := strings.LastIndexByte(page, '/'); i >= 0 {
		dir, name = page[:i+1], page[i+1:]
	}
	if outputs, ok := r.reuseAssets(dir, key); ok && len(outputs) == 1 && outputs[name] != "" {
		r.assets.store(key, outputs)
		r.addPage(page, inSitemap)
		return nil
	}
	// Rendered and minified in a worker's buffers, as a puzzle page is.
	ws := r.scratch.get()
	defer r.scratch.put(ws)
	html, err := r.tpl.AppendRender(ws.page[:0], pg.Kind, pg.Data())
	ws.page = html
	if err != nil {
		return err
	}
	if ws.min, err = r.min.AppendOwned(ws.min[:0], page, html); err != nil {
		return fmt.Errorf("minify %s: %w", page, err)
	}
	if _, err = r.out.PutExact(page, ws.min); err != nil {
		return err
	}
	r.addPage(page, inSitemap)
	h, _ := r.out.Hash(page)
	r.assets.store(key, map[string]string{name: h})
	return nil
}

// addPage lists a page in the sitemap, when it belongs there.
func (r *run) addPage(page string, inSitemap bool) {
	if inSitemap {
		r.mu.Lock()
		r.pages = append(r.pages, page)
		r.mu.Unlock()
	}
}
