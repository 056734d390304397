package site

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/templates"
)

// maxTemplateBytes caps a page template of the site's own.
const maxTemplateBytes = 1 << 20

// MaxAssetBytes caps a static asset or a resource (an image, a PDF): as a
// puzzle file.
const MaxAssetBytes = formats.MaxFileSize

// pageKinds are the kinds of page a site has, each a template file.
var pageKinds = []string{"home", "collection", "puzzle", "authors", "licenses", "tags", "search", "404"}

// Templates holds one parsed template set per kind of page.
type Templates struct {
	byKind map[string]*template.Template
	static map[string][]byte // static assets by path under static/

	// pageSize holds, per kind, the largest page rendered so far: the next
	// page of the kind starts with a buffer that size instead of growing to
	// it by doubling (copying the page several times over).
	pageSize map[string]*atomic.Int64

	// embedded holds the texts of the kinds whose three template files
	// are all the embedded ones (the site replaces none of them), and
	// byRoot their sets made for one Root each (templateFor).
	embedded map[string][]string
	byRoot   rootSets

	// minified holds the static assets minified, made once (minifyStatic).
	minifyOnce sync.Once
	minified   map[string][]byte
	minifyErr  error
}

// MinifiedStatic returns the static assets minified by min (by their
// extension), made on the first call only: they are the same for every
// build of a builder. Of several min refuses, the error names the first
// by path.
func (pt *Templates) MinifiedStatic(min func(path string, data []byte) ([]byte, error)) (map[string][]byte, error) {
	pt.minifyOnce.Do(func() {
		pt.minified = make(map[string][]byte, len(pt.static))
		for _, p := range pt.StaticPaths() { // in order: of several failing, the first is said
			small, err := min(p, pt.static[p])
			if err != nil {
				pt.minifyErr = fmt.Errorf("minify %s: %w", p, err)
				return
			}
			pt.minified[p] = small
		}
	})
	return pt.minified, pt.minifyErr
}

// LoadTemplates parses the embedded templates, each replaced by the site's own
// <src>/templates/<name> where that exists, and gathers the static assets the
// same way (<src>/templates/static/ over the embedded ones, and added to them).
func LoadTemplates(src string) (*Templates, error) {
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
	pt := &Templates{byKind: map[string]*template.Template{}, static: map[string][]byte{}, pageSize: map[string]*atomic.Int64{}, embedded: map[string][]string{}, byRoot: rootSets{after: pagesBeforeSet}}
	for _, kind := range pageKinds {
		var bodies, wheres []string
		for _, name := range pageFiles(kind) {
			body, where, err := text(name)
			if err != nil {
				return nil, err
			}
			bodies, wheres = append(bodies, body), append(wheres, where)
		}
		t, err := parsePage(kind, bodies, wheres)
		if err != nil {
			return nil, err
		}
		if slices.Equal(wheres, pageFiles(kind)) {
			pt.embedded[kind] = bodies
		}
		pt.byKind[kind] = t
		pt.pageSize[kind] = new(atomic.Int64)
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
		data, err := content.ReadTreeFile(src, p, MaxAssetBytes)
		pt.static[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("site assets: %w", err)
	}
	return pt, nil
}

// pageFiles are the template files of a kind of page, in parsing order.
func pageFiles(kind string) []string { return []string{"base.html", "partials.html", kind + ".html"} }

// parsePage parses a kind's template files, given their texts and where
// each comes from (for errors).
func parsePage(kind string, bodies, wheres []string) (*template.Template, error) {
	t := template.New("base")
	for i, name := range pageFiles(kind) {
		if _, err := t.New(name).Parse(bodies[i]); err != nil {
			return nil, fmt.Errorf("%s: %w", wheres[i], err)
		}
	}
	if t.Lookup("base") == nil || t.Lookup("main") == nil {
		return nil, fmt.Errorf("template %s.html: the page needs \"base\" (base.html) and \"main\" defined", kind)
	}
	return t, nil
}

// Embedded reports whether a kind of page is made by the embedded
// templates alone: what they do with each field of the data is known.
func (pt *Templates) Embedded(kind string) bool { return pt.embedded[kind] != nil }

// StaticPaths lists the assets' output paths in order.
func (pt *Templates) StaticPaths() []string {
	ps := make([]string, 0, len(pt.static))
	for p := range pt.static {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// Render executes the page template of a kind.
func (pt *Templates) Render(kind string, data *PageData) ([]byte, error) {
	size := pt.pageSize[kind]
	page, err := pt.AppendRender(make([]byte, 0, size.Load()), kind, data)
	if err != nil {
		return nil, err
	}
	for n := min(int64(len(page)), maxPageSizeHint); ; {
		old := size.Load()
		if n <= old || size.CompareAndSwap(old, n) {
			break
		}
	}
	return page, nil
}

// AppendRender is Render appending the page to dst: a caller that keeps
// its buffer from page to page renders without allocating a page each time.
func (pt *Templates) AppendRender(dst []byte, kind string, data *PageData) ([]byte, error) {
	b := bytes.NewBuffer(dst)
	if err := pt.templateFor(kind, data).ExecuteTemplate(b, "base", data); err != nil {
		return dst, fmt.Errorf("page %s: %w", kind, err)
	}
	return b.Bytes(), nil
}

// maxPageSizeHint caps the buffer a page starts with: one huge page (a
// 400 KB title) must not make every later page of its kind that large.
const maxPageSizeHint = 1 << 18

// Fingerprint hashes the parsed page templates (parse trees, before any
// execution changes them), so that a site's own templates count in memo
// keys; the embedded ones count through the program's fingerprint anyway.
func (pt *Templates) Fingerprint() string {
	k := key.New("", "templates")
	for _, kind := range slices.Sorted(maps.Keys(pt.byKind)) {
		k.String(kind)
		ts := pt.byKind[kind].Templates()
		sort.Slice(ts, func(i, j int) bool { return ts[i].Name() < ts[j].Name() })
		for _, t := range ts {
			k.String(t.Name())
			if t.Tree != nil && t.Tree.Root != nil {
				k.String(t.Tree.Root.String())
			}
		}
	}
	return k.Sum()
}
