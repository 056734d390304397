package build

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dotPuzzle is a puzzle of one filled cell.
const dotPuzzle = "license CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"

// notesSite is a collection whose notes link what authors link: puzzles,
// notes, folders, pictures, with mistakes among them.
const notesSite = `
-- animals/README.md --
---
title: Animals
---
See [the cat](cat.non) and [its hints](cat.md#hints), [the folder](./)
and ![a photo](photo.png).

A typo: [cat](../animls/cat.non), and ![](phto.png).
Out of the tree: [up](../../elsewhere.html); a site: [web](https://example.org/).

Footnote[^1].

[^1]: The text.
-- animals/photo.png --
not really a picture
-- animals/cat.non --
` + dotPuzzle + `-- animals/cat.md --
## Hints

See [the dog](dog.md) and [the folder](README.md).

## Main

## Np play

## Pistes de résolution
`

// missingFiles are the puzzle and note cat.md links to, and the picture
// README.md shows, that are not there at first.
var missingFiles = map[string]string{
	"animals/dog.non":  dotPuzzle,
	"animals/dog.md":   "A dog.\n",
	"animals/phto.png": "not really a picture either",
}

// TestNoteLinksLeadingNowhere: a note's link or image that leads to nothing
// the site publishes is a warning naming the note's file and line, with the
// published path meant as hint; links that work, to a page or outside the
// site, are not. Once the missing file is added, the next build (reusing
// the unchanged puzzle's work) has no warning about it left.
func TestNoteLinksLeadingNowhere(t *testing.T) {
	s := newSite(t, notesSite)
	sum := s.mustBuild(Config{})
	readme := filepath.Join(s.src, "animals", "README.md")
	cat := filepath.Join(s.src, "animals", "cat.md")
	want := []string{
		readme + ":7: link to ../animls/cat.non leads nowhere (did you mean ../animals/cat.non?)",
		readme + ":7: image phto.png leads nowhere (did you mean photo.png?)",
		readme + ":8: link to ../../elsewhere.html leads nowhere (it climbs out of the content folder: give a full URL)",
		cat + ":3: link to dog.md leads nowhere (remove the link, fix the path, or add the file it names)",
	}
	var got []string
	for _, w := range sum.Warnings {
		if strings.Contains(w, "leads nowhere") {
			got = append(got, w)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for name, body := range missingFiles {
		if err := os.WriteFile(filepath.Join(s.src, filepath.FromSlash(name)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s.forgetStamp()
	sum = s.mustBuild(Config{})
	for _, w := range sum.Warnings {
		if strings.Contains(w, "cat.md") || strings.Contains(w, "phto.png") {
			t.Errorf("the file is there now, yet: %s", w)
		}
	}
	if page := s.read("animals/cat/index.html"); !strings.Contains(page, `href="../dog/index.html"`) {
		t.Errorf("cat's page does not link the dog's:\n%s", page)
	}
}

// TestNoteLinksIntoALeftOutCollection: with SkipInvalid, a collection
// whose note has a mistake is left out, and a link to it from another note
// leads nowhere: its hint names the note to fix, not the path, which is
// right.
func TestNoteLinksIntoALeftOutCollection(t *testing.T) {
	s := newSite(t, `
-- README.md --
See [the birds](birds/).
-- birds/README.md --
---
tags: "a, b"
---
-- birds/owl.non --
`+dotPuzzle)
	sum := s.mustBuild(Config{SkipInvalid: true})
	want := filepath.Join(s.src, "README.md") + ":1: link to birds/ leads nowhere (birds/ is left out of the site until the mistake in its note birds/README.md is fixed)"
	if !slices.Contains(sum.Warnings, want) {
		t.Errorf("warnings:\n%s\nwant among them:\n%s", strings.Join(sum.Warnings, "\n"), want)
	}
}

// TestNoteHeadingsAndFootnotes: a note's headings have ids that links with
// a fragment reach (checkLinks checks every fragment), letters beyond ASCII
// kept, never one the page has (#main, where "Skip to content" leads, and
// np-play, the player's, as every id of the page's own starting np-), and
// its footnotes are footnotes, not brackets.
func TestNoteHeadingsAndFootnotes(t *testing.T) {
	s := newSite(t, notesSite)
	s.mustBuild(Config{})
	page := s.read("animals/cat/index.html")
	for _, h := range []string{`<h2 id="hints">Hints</h2>`, `<h2 id="main-1">Main</h2>`, `<h2 id="note-np-play">Np play</h2>`, `<h2 id="pistes-de-résolution">`} {
		if !strings.Contains(page, h) {
			t.Errorf("the note's heading is not %s:\n%s", h, page)
		}
	}
	coll := s.read("animals/index.html")
	if !strings.Contains(coll, `href="cat/index.html#hints"`) {
		t.Errorf("the link to cat.md#hints does not lead to its page's heading:\n%s", coll)
	}
	if strings.Contains(coll, "[^1]") || !strings.Contains(coll, `id="fn:1"`) {
		t.Errorf("the footnote is not rendered as one:\n%s", coll)
	}
	checkLinks(t, s.out, "../animls/cat.non", "phto.png", "../../elsewhere.html", "dog.md")
}

// TestNoteFragmentFollowsHeading: a puzzle's note linking a heading of its
// collection's note is warned of once the heading is renamed, though the
// puzzle and its note are unchanged (the heading ids are in its work's
// key), and not once the link follows.
func TestNoteFragmentFollowsHeading(t *testing.T) {
	s := newSite(t, `
-- animals/README.md --
## Owls
-- animals/cat.non --
`+dotPuzzle+`-- animals/cat.md --
Cats chase [owls](README.md#owls).
`)
	edit := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(s.src, filepath.FromSlash(name)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		s.forgetStamp()
	}
	warned := func(sum Summary) []string {
		var out []string
		for _, w := range sum.Warnings {
			if strings.Contains(w, "heading") {
				out = append(out, w)
			}
		}
		return out
	}
	if w := warned(s.mustBuild(Config{})); len(w) != 0 {
		t.Errorf("the heading is there, yet: %v", w)
	}
	edit("animals/README.md", "## Birds of prey\n")
	want := filepath.Join(s.src, "animals", "cat.md") + ":1: link to README.md#owls leads to no heading of its note (link one of its headings: #birds-of-prey)"
	if w := warned(s.mustBuild(Config{})); !slices.Equal(w, []string{want}) {
		t.Errorf("heading renamed: %q, want %q", w, want)
	}
	edit("animals/cat.md", "Cats chase [owls](README.md#birds-of-prey).\n")
	if w := warned(s.mustBuild(Config{})); len(w) != 0 {
		t.Errorf("the link follows the heading, yet: %v", w)
	}
}

// TestHeadingRenameRemakesOnlyWhatNamesIt: renaming a heading of a
// collection's note that no link names makes no puzzle's work again (their
// records say which headings their notes name), though their notes link
// the collection's note; only the collection's page, which shows the
// heading, changes. Renaming the heading a puzzle's note names makes that
// puzzle's work again, with the warning, and no other's.
func TestHeadingRenameRemakesOnlyWhatNamesIt(t *testing.T) {
	s := newSite(t, `
-- animals/README.md --
## Owls

## Foxes
-- animals/cat.non --
`+dotPuzzle+`-- animals/cat.md --
Cats chase [owls](README.md#owls).
-- animals/dog.non --
license CC0-1.0
width 2
height 1
rows
2
columns
1
1
-- animals/dog.md --
Dogs read [the folder](README.md) and [its note](./).
`)
	edit := func(body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(s.src, "animals", "README.md"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if hits := memoBuild(t, s); hits != 0 {
		t.Fatalf("first build took %d files from the memo", hits)
	}
	before := snapshot(t, s.out)

	edit("## Owls\n\n## Wolves\n")
	if hits := memoBuild(t, s); hits != 2 {
		t.Errorf("a heading no link names renamed: %d files from the memo, want both", hits)
	}
	after := snapshot(t, s.out)
	var changed []string
	for p, data := range after {
		if !bytes.Equal(before[p], data) && !strings.HasPrefix(p, ".nonopress") {
			changed = append(changed, p)
		}
	}
	slices.Sort(changed)
	if !slices.Contains(changed, "animals/index.html") || slices.ContainsFunc(changed, func(p string) bool {
		return strings.HasPrefix(p, "animals/cat/") || strings.HasPrefix(p, "animals/dog/")
	}) {
		t.Errorf("a heading no link names renamed: changed %q, want the collection's page, no puzzle's", changed)
	}

	edit("## Owl\n\n## Wolves\n")
	hits, sum := memoBuildSummary(t, s)
	if hits != 1 {
		t.Errorf("the heading cat.md names renamed: %d files from the memo, want dog's alone", hits)
	}
	want := filepath.Join(s.src, "animals", "cat.md") + ":1: link to README.md#owls leads to no heading of its note (did you mean #owl?)"
	if !slices.Contains(sum.Warnings, want) {
		t.Errorf("the heading cat.md names renamed: warnings %q, want %q", sum.Warnings, want)
	}
}

// TestHeadingRenameRemakesABrokenLinksHint: a puzzle's note whose link
// names no heading of its collection's note is warned with the headings it
// has; renaming one of them, though no link names it, makes that puzzle's
// work again, so that the warning lists the headings as they are now.
func TestHeadingRenameRemakesABrokenLinksHint(t *testing.T) {
	s := newSite(t, `
-- animals/README.md --
## Owls

## Wolves
-- animals/cat.non --
`+dotPuzzle+`-- animals/cat.md --
Cats chase [badgers](README.md#badgers).
`)
	if hits := memoBuild(t, s); hits != 0 {
		t.Fatalf("first build took %d files from the memo", hits)
	}
	if err := os.WriteFile(filepath.Join(s.src, "animals", "README.md"), []byte("## Owls\n\n## Foxes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hits, sum := memoBuildSummary(t, s)
	if hits != 0 {
		t.Errorf("a heading the broken link's hint lists renamed: %d files from the memo, want none", hits)
	}
	want := filepath.Join(s.src, "animals", "cat.md") + ":1: link to README.md#badgers leads to no heading of its note (link one of its headings: #owls or #foxes)"
	if !slices.Contains(sum.Warnings, want) {
		t.Errorf("warnings %q, want %q", sum.Warnings, want)
	}
}

// TestNoteLinkToADeletedPuzzle: once a puzzle a puzzle's note and its
// folder's note link is deleted, the next build (by the same builder, as
// serve's, and by a new one) warns of both links with what to do, never
// "did you mean" the note's own puzzle, which is only a name as short.
func TestNoteLinkToADeletedPuzzle(t *testing.T) {
	tree := "-- classics/README.md --\nAlso [six](6.non).\n-- classics/1.md --\nSee [x](6.non).\n"
	for i := 1; i <= 6; i++ {
		tree += fmt.Sprintf("-- classics/%d.non --\ntitle \"P%d\"\n%s", i, i, dotPuzzle)
	}
	s := newSite(t, tree)
	b := s.builder(Config{})
	mustBuildWith(t, b)
	if err := os.Remove(filepath.Join(s.src, "classics", "6.non")); err != nil {
		t.Fatal(err)
	}
	const hint = " leads nowhere (remove the link, or restore 6.non; if it was renamed, link its new name)"
	want := []string{
		filepath.Join(s.src, "classics", "1.md") + ":1: link to 6.non" + hint,
		filepath.Join(s.src, "classics", "README.md") + ":1: link to 6.non" + hint,
	}
	for _, built := range []func() Summary{func() Summary { return mustBuildWith(t, b) }, func() Summary { s.forgetStamp(); return s.mustBuild(Config{}) }} {
		var got []string
		for _, w := range built().Warnings {
			if strings.Contains(w, "leads nowhere") {
				got = append(got, w)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
