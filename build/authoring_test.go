package build

import (
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/pixeltest"
)

// TestCollectionTagsAndSetTitle: tags in a collection note's front matter
// reach its puzzles (tag pages, catalogue), and a bundle's leading block of
// keys titles its page.
func TestCollectionTagsAndSetTitle(t *testing.T) {
	s := newSite(t, `
-- animals/_index.md --
---
tags: [fauna, Easy]
---
Animals.
-- animals/dot.non --
license CC0-1.0
width 1
height 1
rows
1
columns
1
-- animals/dot.md --
---
tags: [easy, round]
---
-- animals/pack.nonpack --
title "Small beasts"
license CC0-1.0
====
width 1
height 1
rows
1
columns
1
====
width 2
height 1
rows
2
columns
1
1
`)
	s.mustBuild(Config{})
	cat := s.read("catalogue.json")
	if !strings.Contains(cat, `"easy","round","fauna"`) {
		t.Errorf("catalogue: the dot's tags are not its own then its collection's (without the duplicate Easy):\n%s", cat)
	}
	if !s.exists("tags/fauna/index.html") || !strings.Contains(s.read("tags/fauna/index.html"), "pack/1/") {
		t.Errorf("the collection's tag has no page listing the bundle's puzzles")
	}
	if page := s.read("animals/pack/index.html"); !strings.Contains(page, "Small beasts") {
		t.Errorf("bundle page not titled by its block of keys:\n%s", page)
	}
}

// TestPicturePuzzle: a PNG beside a note of the same name is a puzzle; one
// without a note stays a resource.
func TestPicturePuzzle(t *testing.T) {
	s := newSite(t, "-- art/heart.md --\n---\ntitle: A heart\n---\nDrawn in an editor.\n")
	colors := map[rune]color.NRGBA{'.': {255, 255, 255, 255}, 'r': {214, 40, 40, 255}}
	heart := pixeltest.PNG(t, colors, ".....", ".r.r.", ".rrr.", "..r..", ".....")
	if err := os.WriteFile(filepath.Join(s.src, "art", "heart.png"), heart, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.src, "art", "cover.png"), heart, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := s.mustBuild(Config{})
	if sum.Puzzles != 1 || !strings.Contains(s.read("art/heart/index.html"), "A heart") {
		t.Fatalf("%d puzzles; the picture with a note is not a puzzle page", sum.Puzzles)
	}
	if !s.exists("art/cover.png") || s.exists("art/cover/index.html") {
		t.Errorf("the picture without a note is not published as a resource")
	}
}

// TestNoContentFolder: build where there is no content folder says what to
// do; an empty tree builds with a warning.
func TestNoContentFolder(t *testing.T) {
	dir := t.TempDir()
	_, err := New(Config{Src: filepath.Join(dir, "content"), Out: filepath.Join(dir, "public")})
	if err == nil || !strings.Contains(err.Error(), "content/ here: run in a site folder or pass -src") {
		t.Errorf("err = %v", err)
	}
	s := newSite(t, "-- README.md --\nNothing yet.\n")
	sum := s.mustBuild(Config{})
	if len(sum.Warnings) != 1 || !strings.Contains(sum.Warnings[0], "no puzzle files found") {
		t.Errorf("warnings = %q", sum.Warnings)
	}
	// Logged as check prints a problem: the folder first, then the severity.
	if len(sum.Diagnostics) != 1 || !strings.HasPrefix(sum.Diagnostics[0].Labelled(), s.src+": warning: no puzzle files found (") {
		t.Errorf("diagnostics = %q", sum.Diagnostics)
	}
}

// TestNoPuzzlesWarningOnlyWhenNone: puzzles left out with their
// collection, for a mistake in its note, are not "no puzzle files found".
func TestNoPuzzlesWarningOnlyWhenNone(t *testing.T) {
	s := newSite(t, "-- README.md --\n---\nweight: \"x\"\n---\nRoot.\n"+
		"-- a/README.md --\n---\nweight: \"x\"\n---\nA.\n"+
		"-- a/p.non --\n"+tinyNon("P", 0))
	sum, err := s.build(Config{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range sum.Warnings {
		if strings.Contains(w, "no puzzle files found") {
			t.Errorf("warning %q, but a/p.non was left out with its collection", w)
		}
	}
	if len(sum.Skipped()) != 2 {
		t.Errorf("skipped = %q, want the two notes", sum.Skipped())
	}
}

// TestSkipInvalidCountsPuzzles: a puzzle with several problems is one
// skipped puzzle.
func TestSkipInvalidCountsPuzzles(t *testing.T) {
	s := newSite(t, smallSite+"-- two.non --\nlicense CC0-1.0\nwidth 2\nheight 1\nrows\n3\ncolumns\n3\n3\n")
	_, err := s.build(Config{})
	var berr *Error
	if !errors.As(err, &berr) || len(berr.Problems) < 2 {
		t.Fatalf("err = %v, want several problems", err)
	}
	sum, err := s.build(Config{SkipInvalid: true})
	if err != nil || len(sum.Skipped()) != 1 || !strings.Contains(sum.Skipped()[0], "more problems") {
		t.Errorf("err %v, skipped %q: want one line for the one puzzle", err, sum.Skipped())
	}
}
