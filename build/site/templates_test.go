package site

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// A page starts in a buffer the size of the largest page of its kind so far:
// the same bytes as the first render, never the previous page's memory.
func TestRenderReusesPageSizeNotPages(t *testing.T) {
	pt, err := LoadTemplates(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s, a := testSite()
	pages, err := s.CollectionPages(a)
	if err != nil || len(pages) != 1 {
		t.Fatalf("%d pages of a (%v), want 1", len(pages), err)
	}
	first, err := pt.Render("collection", pages[0].Data())
	if err != nil {
		t.Fatal(err)
	}
	if got := pt.pageSize["collection"].Load(); got != int64(len(first)) {
		t.Errorf("size hint after a %d-byte page: %d", len(first), got)
	}
	kept := bytes.Clone(first)
	second, err := pt.Render("collection", pages[0].Data())
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
