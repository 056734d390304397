package build

import (
	"fmt"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/nav"
)

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
		d.Description = "The authors of the nonogram puzzles of " + r.title + ", and their puzzles."
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
		d.Description = "The licenses the nonogram puzzles of " + r.title + " are published under, and their puzzles."
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
	list.Description = "The tags of the nonogram puzzles of " + r.title + "."
	for _, page := range sortedKeys(groups) {
		g := groups[page]
		dir := strings.TrimSuffix(page, "index.html")
		pages := nav.Paginate(len(g.entries), r.site.PerPage)
		for _, pg := range pages {
			pdir := nav.PageDir(dir, pg.Number)
			err := r.putTemplated("collection", pdir+"index.html", true, func() *pageData {
				d := r.pageData("collection", "Tag: "+g.name, pdir)
				d.Description = fmt.Sprintf("%d nonogram puzzles tagged %s.", len(g.entries), g.name)
				d.Crumbs = []crumb{{Title: r.title, URL: content.RelURL(pdir, "index.html")}, {Title: "Tags", URL: content.RelURL(pdir, "tags/index.html")}}
				if pg.Number > 1 {
					d.Title = fmt.Sprintf("Tag: %s – page %d", g.name, pg.Number)
					d.Description = fmt.Sprintf("%d nonogram puzzles tagged %s, page %d of %d.", len(g.entries), g.name, pg.Number, len(pages))
					d.Crumbs = append(d.Crumbs, crumb{Title: g.name, URL: content.RelURL(pdir, page)})
				}
				for i, e := range g.entries[pg.Start:pg.End] {
					d.Cards = append(d.Cards, cardOf(e, pdir, pg.Start+i))
				}
				d.Pages = pagerLinks(dir, pdir, pg.Number, len(pages))
				return d
			})
			if err != nil {
				return err
			}
		}
		list.Collections = append(list.Collections, collectionView{Title: g.name, URL: content.RelURL("tags/", page), Count: len(g.entries)})
	}
	list.Crumbs = []crumb{{Title: r.title, URL: "../index.html"}}
	return r.putTemplated("tags", "tags/index.html", true, func() *pageData { return list })
}
