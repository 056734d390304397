package build

import (
	"strings"

	"github.com/nonopress/nonopress/build/content"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
)

// entry is what the site keeps of a published puzzle once its own page and
// files are written: enough for cards, lists, the catalogue and the feed, and
// nothing heavy (no clues, no rendered page), so that a large archive builds
// in bounded memory. It is the one summary of a puzzle: catalogue.json lists
// entries as they are (the fields with a JSON name, in this order), and the
// file memo keeps them as they are (the exported fields), so that a field
// added here is in both. Paths are from the site root.
type entry struct {
	ID          string            `json:"id"`
	Title       string            `json:"title"`
	Author      string            `json:"author"`
	Copyright   string            `json:"-"`
	License     string            `json:"license"`
	Catalogue   string            `json:"-"` // the file's catalogue number or source
	Width       int               `json:"width"`
	Height      int               `json:"height"`
	Colors      int               `json:"colors"`
	Kind        string            `json:"kind,omitempty"`  // "triddler"; "" for a grid
	Cells       int               `json:"cells,omitempty"` // a triddler's triangles
	Verdict     string            `json:"verdict"`
	Difficulty  string            `json:"difficulty"`
	Page        string            `json:"page"`
	Sheet       string            `json:"sheet,omitempty"`    // "" when render could not draw it
	Solution    string            `json:"solution,omitempty"` // "" when there is none
	Source      string            `json:"source"`             // the published copy of its file
	Warnings    []string          `json:"-"`
	Tags        []string          `json:"tags,omitempty"` // its note's, then its collections' notes'
	Date        string            `json:"-"`              // front matter date, else the file's last commit (RFC 3339), or ""
	Lastmod     string            `json:"-"`              // front matter lastmod, else the last commit, else Date, or ""
	Weight      int               `json:"-"`
	Swatches    []legendView      `json:"-"` // the colours but the background
	Dir         string            `json:"-"` // the page's folder: "a/b/slug/"
	Thumb       string            `json:"-"` // the thumbnail, or ""
	Index       int               `json:"-"` // which of its file's puzzles it is
	AssetKey    string            `json:"-"` // the key of its rendered files in the asset cache,
	Assets      map[string]string `json:"-"` // and those files
	BookletPart string            `json:"-"` // what it adds to its collection's booklet key

	// Where it was read from, set anew by every build.
	coll  *content.Collection
	file  *content.PuzzleFile
	order int // position in path order over the whole site
	// drawn is its grid as this build's sheet PDF drew it (a few KB), which
	// its collection's booklet places again; nil when the sheet was reused.
	drawn *render.DrawnGrid
}

// hasSheet reports whether the puzzle has a printable sheet.
func (e *entry) hasSheet() bool { return e.Sheet != "" }

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
		return "Unique solution"
	case "multiple":
		return "Several solutions"
	case "unknown":
		return "Uniqueness not proven"
	case "none":
		return "No solution"
	}
	return "Not checked"
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
		Catalogue: strings.TrimSpace(p.Meta.Catalogue),
		Width:     p.Width,
		Height:    p.Height,
		Colors:    p.Colors(),
		Tags:      fm.Tags,
		Date:      fm.DateRFC3339,
		Lastmod:   fm.LastmodRFC3339,
		Weight:    fm.Weight,
	}
	for c := 1; c < len(p.Palette); c++ {
		name := p.Palette[c].Name
		if name == "" {
			name = p.Palette[c].RGB.Hex()
		}
		e.Swatches = append(e.Swatches, legendView{Name: name, Hex: p.Palette[c].RGB.Hex()})
	}
	e.setTriddler(p) // triddler.go
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
