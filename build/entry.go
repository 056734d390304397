package build

import (
	"strings"

	"github.com/nonopress/nonopress/build/content"

	"github.com/nonopress/nonopress/puzzle"
)

// entry is what the site keeps of a published puzzle once its own page and
// files are written: enough for cards, lists, the catalogue and the feed, and
// nothing heavy (no clues, no rendered page), so that a large archive builds
// in bounded memory.
type entry struct {
	ID, Title                          string
	Author, Copyright, License, Source string
	Width, Height, Colors              int
	Verdict, Difficulty                string
	Warnings                           []string
	Tags                               []string
	Date                               string // front matter date (RFC 3339) or ""
	Weight                             int
	dir                                string // the page's folder from the site root: "a/b/slug/"
	sourceFile                         string // the original file's path from the site root
	hasSheet, hasSolution              bool
	thumb                              string // the thumbnail's path from the site root, or ""
	coll                               *content.Collection
	file                               *content.PuzzleFile // where it was read from,
	index                              int                 // and which of the file's puzzles it is
	order                              int                 // position in path order over the whole site

	// The key of its rendered files in the asset cache and those files,
	// which the file memo (memo.go) keeps.
	assetKey string
	assets   map[string]string
	// bookletPart is what the puzzle adds to its collection's booklet key.
	bookletPart string
}

// page returns the path of the puzzle's page from the site root.
func (e *entry) page() string { return e.dir + "index.html" }

// badge names the uniqueness badge of a verdict: a CSS class suffix.
func badge(verdict string) string {
	switch verdict {
	case "unique", "multiple", "unknown", "none":
		return verdict
	}
	return "unchecked"
}

// badgeText is the badge's words.
func badgeText(verdict string) string {
	switch verdict {
	case "unique":
		return "unique solution"
	case "multiple":
		return "several solutions"
	case "unknown":
		return "uniqueness unknown"
	case "none":
		return "no solution"
	}
	return "not checked"
}

// difficultyRank orders difficulties for sorting cards: easiest first, then
// puzzles whose difficulty is not known.
func difficultyRank(d string) int {
	switch d {
	case "line":
		return 1
	case "probe":
		return 2
	case "search":
		return 3
	}
	return 4
}

// newEntry collects a puzzle's metadata, the note's front matter taking
// precedence over the file's.
func newEntry(p *puzzle.Puzzle, fm content.FrontMatter, fallbackTitle string) *entry {
	e := &entry{
		ID:        p.ID(),
		Title:     firstNonEmpty(fm.Title, p.Meta.Title, fallbackTitle),
		Author:    strings.TrimSpace(p.Meta.Author),
		Copyright: strings.TrimSpace(p.Meta.Copyright),
		License:   strings.TrimSpace(p.Meta.License),
		Source:    strings.TrimSpace(p.Meta.Catalogue),
		Width:     p.Width,
		Height:    p.Height,
		Colors:    p.Colors(),
		Tags:      fm.Tags,
		Date:      fm.DateRFC3339,
		Weight:    fm.Weight,
	}
	return e
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if t := strings.TrimSpace(v); t != "" {
			return t
		}
	}
	return ""
}
