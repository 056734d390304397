package build

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/output"

	"github.com/nonopress/nonopress/templates"
)

// pageKinds are the kinds of page a site has, each a template file.
var pageKinds = []string{"home", "collection", "puzzle", "authors", "licenses", "tags", "search", "404"}

// pageTemplates holds one parsed template set per kind of page.
type pageTemplates struct {
	byKind map[string]*template.Template
	static map[string][]byte // static assets by path under static/

	// minified holds the static assets minified, made once (minifyStatic).
	minifyOnce sync.Once
	minified   map[string][]byte
	minifyErr  error
}

// minifyStatic returns the static assets minified by their extension, made
// on the first call only: they are the same for every build of a builder.
func (pt *pageTemplates) minifyStatic(m *output.Minifier) (map[string][]byte, error) {
	pt.minifyOnce.Do(func() {
		pt.minified = make(map[string][]byte, len(pt.static))
		for p, data := range pt.static {
			min, err := m.Bytes(p, data)
			if err != nil {
				pt.minifyErr = fmt.Errorf("minify %s: %w", p, err)
				return
			}
			pt.minified[p] = min
		}
	})
	return pt.minified, pt.minifyErr
}

// loadTemplates parses the embedded templates, each replaced by the site's own
// <src>/templates/<name> where that exists, and gathers the static assets the
// same way (<src>/templates/static/ over the embedded ones, and added to them).
func loadTemplates(src string) (*pageTemplates, error) {
	siteDir := filepath.Join(src, "templates")
	text := func(name string) (string, string, error) {
		own := filepath.Join(siteDir, name)
		if data, err := content.ReadTreeFile(src, own, maxTemplateBytes); err == nil {
			return string(data), own, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", own, fmt.Errorf("read template: %w", err)
		}
		data, err := templates.Pages.ReadFile(name)
		if err != nil {
			return "", name, fmt.Errorf("template %s: %w", name, err)
		}
		return string(data), name, nil
	}
	pt := &pageTemplates{byKind: map[string]*template.Template{}, static: map[string][]byte{}}
	for _, kind := range pageKinds {
		t := template.New("base")
		for _, name := range []string{"base.html", "partials.html", kind + ".html"} {
			body, where, err := text(name)
			if err != nil {
				return nil, err
			}
			if _, err := t.New(name).Parse(body); err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
		}
		if t.Lookup("base") == nil || t.Lookup("main") == nil {
			return nil, fmt.Errorf("template %s.html: the page needs \"base\" (base.html) and \"main\" defined", kind)
		}
		pt.byKind[kind] = t
	}
	err := fs.WalkDir(templates.Static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := templates.Static.ReadFile(p)
		pt.static[p] = data
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("embedded assets: %w", err)
	}
	ownStatic := filepath.Join(siteDir, "static")
	err = filepath.WalkDir(ownStatic, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == ownStatic {
			return fs.SkipAll
		}
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		rel, _ := filepath.Rel(siteDir, p)
		data, err := content.ReadTreeFile(src, p, maxAssetBytes)
		pt.static[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("site assets: %w", err)
	}
	return pt, nil
}

// staticPaths lists the assets' output paths in order.
func (pt *pageTemplates) staticPaths() []string {
	ps := make([]string, 0, len(pt.static))
	for p := range pt.static {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// render executes the page template of a kind.
func (pt *pageTemplates) render(kind string, data *pageData) ([]byte, error) {
	var b bytes.Buffer
	if err := pt.byKind[kind].ExecuteTemplate(&b, "base", data); err != nil {
		return nil, fmt.Errorf("page %s: %w", kind, err)
	}
	return b.Bytes(), nil
}

// anchor makes an HTML id from a name.
func anchor(prefix, name string) string { return prefix + "-" + content.Slugify(name) }

// crumbsOf returns the breadcrumbs of a page in collection c, from the home
// page down to c itself when withSelf.
func crumbsOf(c *content.Collection, from, siteTitle string, withSelf bool) []crumb {
	var chain []*content.Collection
	for x := c; x != nil; x = x.Parent {
		chain = append(chain, x)
	}
	var out []crumb
	for i := len(chain) - 1; i >= 0; i-- {
		x := chain[i]
		if x == c && !withSelf {
			break
		}
		out = append(out, crumb{Title: x.Title(siteTitle), URL: content.RelURL(from, x.URL+"index.html")})
	}
	return out
}

// cardOf returns a puzzle's card as seen from a page in folder from, the
// pos-th of its list (the list's default order, to which sorting returns).
func cardOf(e *entry, from string, pos int) cardView {
	c := cardView{
		Title: e.Title, URL: content.RelURL(from, e.Page),
		Width: e.Width, Height: e.Height, Colors: e.Colors, Cells: e.cellCount(), Size: e.cardSize(),
		Order: pos, Difficulty: e.Difficulty, DifficultyRank: difficultyRank(e.Difficulty),
		Badge: badge(e.Verdict), BadgeText: badgeText(e.Verdict), Grade: gradeName(e.Difficulty),
		TagText: strings.Join(e.Tags, " "), Author: e.Author, SwatchNames: swatchNames(e.Swatches),
	}
	for _, sw := range e.Swatches {
		c.Swatches = append(c.Swatches, sw.Hex)
	}
	if e.Thumb != "" {
		c.Thumb = content.RelURL(from, e.Thumb)
	}
	return c
}
