package build

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/build/internal/key"
)

// putTemplated makes a list page (home, collection, bundle, tag, authors,
// licenses, 404) of a kind from its data and writes it; with inSitemap it is
// also listed in the sitemap. A page is a function of its template and its
// data alone (the templates have no functions of their own, and see only
// the data's exported fields), so the asset cache keeps it by a key of the
// program, the templates and the data as JSON: a page whose data has not
// changed is reused, as a puzzle's rendered files are, instead of executed
// and minified again. A large site's lists are most of a warm build.
func (r *run) putTemplated(kind, page string, inSitemap bool, makeData func() *pageData) error {
	if r.keepPublished(page) {
		r.addPage(page, inSitemap)
		return nil // its data is not even made
	}
	d := makeData()
	data, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("page %s: %w", page, err)
	}
	k := key.New(r.assets.fingerprint, "page")
	k.String(r.memo.templates)
	k.String(kind)
	k.String(page)
	k.String(string(data))
	return r.putKeyed(kind, page, k.Sum(), inSitemap, func() *pageData { return d })
}

// putKeyed is putTemplated for a page whose key is known without its data
// (a bundle's page: from its file's memo key), which data makes only if
// the page must be made.
func (r *run) putKeyed(kind, page, key string, inSitemap bool, data func() *pageData) error {
	dir, name := "", page
	if i := strings.LastIndexByte(page, '/'); i >= 0 {
		dir, name = page[:i+1], page[i+1:]
	}
	if outputs, ok := r.reuseAssets(dir, key); ok && len(outputs) == 1 && outputs[name] != "" {
		r.assets.store(key, outputs)
		r.addPage(page, inSitemap)
		return nil
	}
	html, err := r.tpl.render(kind, data())
	if err != nil {
		return err
	}
	if inSitemap {
		err = r.putPage(page, html)
	} else {
		_, err = r.out.Put(page, html)
	}
	if err != nil {
		return err
	}
	h, _ := r.out.Hash(page)
	r.assets.store(key, map[string]string{name: h})
	return nil
}

// addPage lists a page that was not written again in the sitemap.
func (r *run) addPage(page string, inSitemap bool) {
	if inSitemap {
		r.mu.Lock()
		r.pages = append(r.pages, page)
		r.mu.Unlock()
	}
}
