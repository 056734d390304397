package site

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A page starts in a buffer the size of the largest page of its kind so far:
// the same bytes as the first render, never the previous page's memory.
func TestRenderReusesPageSizeNotPages(t *testing.T) {
	pt, page := collectionPage(t)
	first, err := pt.Render("collection", page.Data())
	if err != nil {
		t.Fatal(err)
	}
	if got := pt.pageSize["collection"].Load(); got != int64(len(first)) {
		t.Errorf("size hint after a %d-byte page: %d", len(first), got)
	}
	kept := bytes.Clone(first)
	second, err := pt.Render("collection", page.Data())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(second, kept) || cap(second) < len(kept) {
		t.Errorf("second render: %d bytes (cap %d), want the first's %d", len(second), cap(second), len(kept))
	}
	second[0] = 'X'
	if first[0] == 'X' {
		t.Error("two renders share a buffer")
	}
}

// collectionPage is the built-in templates and the one page of testSite's
// collection a.
func collectionPage(t *testing.T) (*Templates, Page) {
	t.Helper()
	pt, err := LoadTemplates(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s, a := testSite()
	pages, err := s.CollectionPages(a)
	if err != nil || len(pages) != 1 {
		t.Fatalf("%d pages of a (%v), want 1", len(pages), err)
	}
	return pt, pages[0]
}

// AppendRender appends to its buffer the page Render makes.
func TestAppendRenderAppendsRender(t *testing.T) {
	pt, err := LoadTemplates(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	data := benchPuzzlePage()
	want, err := pt.Render("puzzle", data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pt.AppendRender([]byte("kept|"), "puzzle", data)
	if err != nil || string(got) != "kept|"+string(want) {
		t.Errorf("AppendRender = %d bytes, %v; want \"kept|\" and Render's %d", len(got), err, len(want))
	}
}

// A kind of page is Embedded unless the site has its own copy of one of
// its template files.
func TestEmbeddedKinds(t *testing.T) {
	src := t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "templates"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "templates", "puzzle.html"), []byte(`{{define "main"}}own{{end}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	pt, err := LoadTemplates(src)
	if err != nil {
		t.Fatal(err)
	}
	if pt.Embedded("puzzle") || !pt.Embedded("home") {
		t.Errorf("Embedded: puzzle %v, home %v; want false, true", pt.Embedded("puzzle"), pt.Embedded("home"))
	}
	if err := os.WriteFile(filepath.Join(src, "templates", "base.html"), []byte(`{{define "base"}}{{template "main" .}}{{end}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if pt, err = LoadTemplates(src); err != nil || pt.Embedded("home") {
		t.Errorf("a site's own base.html: Embedded(home) = %v (%v), want false", pt != nil && pt.Embedded("home"), err)
	}
}

// A page rendered by the set with its Root, site title and language
// written in (templateFor) is the page the kind's own set renders: for
// every kind, a few depths, and titles plain or not.
func TestRootWrittenInRendersTheSamePage(t *testing.T) {
	pt, err := LoadTemplates(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pt.byRoot.after = 0
	s, a := testSite()
	pages, err := s.CollectionPages(a)
	if err != nil {
		t.Fatal(err)
	}
	home, err := s.CollectionPages(s.Root)
	if err != nil {
		t.Fatal(err)
	}
	pages = append(append(append(pages, home...), s.TagPages()...), s.NotFoundPage(), s.SearchPage())
	pages = append(append(pages, s.AuthorsPages()...), s.LicensesPages()...)
	all := []*PageData{benchPuzzlePage()}
	for _, pg := range pages {
		all = append(all, pg.Data())
	}
	kinds := map[string]bool{}
	sites := []SiteView{{Title: "T", Language: "en"}, {Title: "Puzzles: 100% ?#/=;, é – ok", Language: "pt-BR"},
		{Title: `Tom & Jerry's "best" <b>+1</b> {{.}}`, Language: `e"n`}, {Title: "", Language: ""}}
	for _, d := range all {
		kinds[d.Kind] = true
		for i, root := range []string{"", "../", "../../../", "../../../"} {
			d.Root, d.Site = root, sites[i]
			var want bytes.Buffer
			if err := pt.byKind[d.Kind].ExecuteTemplate(&want, "base", d); err != nil {
				t.Fatal(err)
			}
			got, err := pt.AppendRender(nil, d.Kind, d)
			if err != nil || !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%s page with Root %q written in: %v\n%s\nwant\n%s", d.Kind, root, err, got, want.Bytes())
			}
		}
	}
	if len(kinds) != len(pageKinds) || len(pt.byRoot.sets) != 4*len(pageKinds) {
		t.Errorf("%d kinds of %d rendered, %d sets made", len(kinds), len(pageKinds), len(pt.byRoot.sets))
	}
}

// Of several static assets the minifier refuses, the error names the first
// by path, every time (not the first met in map order).
func TestMinifiedStaticErrorNamesFirstAsset(t *testing.T) {
	refuse := func(string, []byte) ([]byte, error) { return nil, errors.New("refused") }
	for range 20 {
		pt, err := LoadTemplates(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		paths := pt.StaticPaths()
		if len(paths) < 2 {
			t.Fatalf("static assets %v: want several", paths)
		}
		want := "minify " + paths[0] + ": refused"
		if _, err := pt.MinifiedStatic(refuse); err == nil || err.Error() != want {
			t.Fatalf("error %v, want %s", err, want)
		}
	}
}
