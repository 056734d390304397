package site

import (
	"fmt"
	"html/template"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/validate"
)

// Entry is what the site keeps of a published puzzle once its own page and
// files are written: enough for cards, lists, the catalogue and the feed, and
// nothing heavy (no clues, no rendered page), so that a large archive builds
// in bounded memory. It is the one summary of a puzzle: catalogue.json lists
// entries as they are (the fields with a JSON name, in this order), the
// build's store keeps them as they are (the exported fields), views wrap
// them and `check -json` prints them, so that a field added here is in all.
// Paths are from the site root.
type Entry struct {
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
	Page        string            `json:"page,omitempty"`
	Sheet       string            `json:"sheet,omitempty"`    // "" when render could not draw it
	Solution    string            `json:"solution,omitempty"` // "" when there is none
	PDF         string            `json:"pdf,omitempty"`      // the sheet PDF (answer on page 2); "" without a sheet
	Source      string            `json:"source,omitempty"`   // the published copy of its file
	Warnings    []string          `json:"-"`
	Tags        []string          `json:"tags,omitempty"` // its note's, then its collections' notes'
	Date        string            `json:"-"`              // front matter date, else the file's last commit (RFC 3339), or ""
	Lastmod     string            `json:"-"`              // front matter lastmod, else the last commit, else Date, or ""
	Weight      int               `json:"-"`
	Swatches    []Swatch          `json:"-"` // the colours but the background
	Dir         string            `json:"-"` // the page's folder: "a/b/slug/"
	Thumb       string            `json:"-"` // the thumbnail, or ""
	Index       int               `json:"-"` // which of its file's puzzles it is
	AssetKey    string            `json:"-"` // the key of its rendered files in the asset cache,
	Assets      map[string]string `json:"-"` // and those files
	BookletPart string            `json:"-"` // what it adds to its collection's booklet key

	// Where it was read from, set anew by every build (Place): never
	// persisted.
	coll  *content.Collection
	file  *content.PuzzleFile
	order int // position in path order over the whole site
	// booklet is what its collection's booklet draws of it, kept by this
	// build's publish step, which had it parsed and checked: the booklet
	// then neither reads nor checks it again. nil when the build reused
	// its file's record without parsing it.
	booklet *BookletPart
}

// Place records where the puzzle was read from in this build: its
// collection, its file and its position in path order over the whole site.
func (e *Entry) Place(coll *content.Collection, file *content.PuzzleFile, order int) {
	e.coll, e.file, e.order = coll, file, order
}

// File is the file the puzzle was read from (nil before Place).
func (e *Entry) File() *content.PuzzleFile { return e.file }

// SetBooklet keeps what the booklet draws of the puzzle, for its
// collection's booklet; nil lets it go.
func (e *Entry) SetBooklet(b *BookletPart) { e.booklet = b }

// Booklet is what SetBooklet kept, or nil: the booklet then reads the
// puzzle from its file.
func (e *Entry) Booklet() *BookletPart { return e.booklet }

// BookletTitle is the title a booklet gives the entry's puzzle p: the
// entry's title (its note's over its file's, else its file's name), marked
// as BookletTitle marks it.
func (e *Entry) BookletTitle(p *puzzle.Puzzle) string {
	return markAmbiguous(FirstNonEmpty(e.Title, p.Meta.Title), e.Verdict)
}

// BookletTitle is the title a booklet (the site's or print's) gives puzzle
// p of verdict: its own, as its sheet has it, else fallback (FallbackTitle:
// never "Untitled" for a puzzle the site names), marked (markAmbiguous).
func BookletTitle(p *puzzle.Puzzle, fallback, verdict string) string {
	return markAmbiguous(FirstNonEmpty(p.Meta.Title, fallback), verdict)
}

// markAmbiguous marks the title of a puzzle of verdict "(ambiguous)" when
// it has several solutions.
func markAmbiguous(title, verdict string) string {
	if verdict == "multiple" {
		return title + " (ambiguous)"
	}
	return title
}

// FallbackTitle is how the site names the i-th puzzle of a file called
// name (its base name) when the puzzle has no title: by the file, and in a
// bundle (a file of several puzzles) by its place too, "minis #2".
func FallbackTitle(name string, i int, bundled bool) string {
	if bundled {
		return fmt.Sprintf("%s #%d", name, i+1)
	}
	return name
}

// FileFallbackTitle is FallbackTitle of the i-th of the count puzzles of
// the file at path, as check and print name one they read from a path the
// user gave: "minis.nonpack.gz" names its second "minis #2".
func FileFallbackTitle(path string, i, count int) string {
	return FallbackTitle(content.BaseName(filepath.Base(path)), i, count > 1)
}

// HasSheet reports whether the puzzle has a printable sheet.
func (e *Entry) HasSheet() bool { return e.Sheet != "" }

// NewEntry collects a puzzle's metadata, the note's front matter taking
// precedence over the file's.
func NewEntry(p *puzzle.Puzzle, fm content.FrontMatter, fallbackTitle string) *Entry {
	e := &Entry{
		ID:        p.ID(),
		Title:     FirstNonEmpty(fm.Title, p.Meta.Title, fallbackTitle),
		Author:    p.Meta.AuthorName(),
		Copyright: p.Meta.CopyrightNotice(),
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
		e.Swatches = append(e.Swatches, Swatch{Name: name, Hex: p.Palette[c].RGB.Hex()})
	}
	e.setTriddler(p)
	return e
}

// FileEntry makes the entry of the i-th puzzle of file f, checked (rep),
// whose file's note has the front matter fm: its metadata (NewEntry), the
// tags of its collections, its verdict and warnings, its dates (else its
// file's from git) and its place. A file of several puzzles is a bundle
// (bundled): each puzzle is then named by the file and its number, and
// its page is in a folder of the bundle's.
func FileEntry(f *content.PuzzleFile, i int, bundled bool, p *puzzle.Puzzle, rep *validate.Report, fm content.FrontMatter) *Entry {
	title := FallbackTitle(f.Name, i, bundled)
	if bundled {
		fm.Title = "" // a bundle's note titles the bundle, not each puzzle
	}
	e := NewEntry(p, fm, title)
	e.Tags = mergeTags(e.Tags, f.Coll.Tags())
	e.Verdict, e.Difficulty = rep.Verdict, rep.Difficulty
	e.Date = FirstNonEmpty(e.Date, f.GitAdded)
	e.Lastmod = FirstNonEmpty(e.Lastmod, f.GitChanged, e.Date)
	for _, d := range rep.Warnings {
		e.Warnings = append(e.Warnings, d.Message)
	}
	e.Place(f.Coll, f, f.Order<<20|i)
	e.Dir = f.Coll.URL + f.Slug + "/"
	if bundled {
		e.Dir += strconv.Itoa(i+1) + "/"
	}
	e.Page = e.Dir + "index.html"
	e.Source = f.Coll.URL + f.Original
	e.Index = i
	return e
}

// mergeTags returns a puzzle's own tags followed by those of its
// collections that it lacks (compared without case).
func mergeTags(own, inherited []string) []string {
	if len(inherited) == 0 {
		return own
	}
	out := append([]string(nil), own...)
	for _, t := range inherited {
		dup := false
		for _, o := range out {
			dup = dup || strings.EqualFold(o, t)
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

// FirstNonEmpty returns the first of its strings that is not blank, trimmed.
func FirstNonEmpty(s ...string) string {
	for _, v := range s {
		if t := strings.TrimSpace(v); t != "" {
			return t
		}
	}
	return ""
}

// setTriddler records that p is a triddler and how many triangles it has:
// a triddler has no width and height.
func (e *Entry) setTriddler(p *puzzle.Puzzle) {
	if p.Kind != puzzle.Triddler {
		return
	}
	e.Kind = string(puzzle.Triddler)
	if g, err := p.TriddlerGeometry(); err == nil {
		e.Cells = len(g.Cells)
	}
}

// CellCount is the puzzle's number of cells, by which cards sort by size.
func (e *Entry) CellCount() int {
	if e.Kind == string(puzzle.Triddler) {
		return e.Cells
	}
	return e.Width * e.Height
}

// TitleHTML is the puzzle's title as its card shows it, with a
// line-break opportunity after each underscore and dot (wordBreaks).
func (e *Entry) TitleHTML() template.HTML { return wordBreaks(e.Title) }
