package build

import (
	"fmt"
	"path/filepath"

	"github.com/nonopress/nonopress/build/content"
)

// SourceError is a failure to publish one source file (its output could not
// be written, say): File names the file of the content tree it came from,
// so that an error about an output path can be traced to its cause.
type SourceError struct {
	File string // as opened: the content folder joined with its path
	Err  error
}

func (e *SourceError) Error() string { return fmt.Sprintf("%s: %v", e.File, e.Err) }

// Unwrap returns the underlying error.
func (e *SourceError) Unwrap() error { return e.Err }

// fromSource wraps err (if any) with the source file it came from.
func fromSource(f *content.PuzzleFile, err error) error {
	if err == nil {
		return nil
	}
	return &SourceError{File: f.Abs, Err: err}
}

// SiteError is a failure to publish a site-wide output, one made from many
// sources (a collection's pages or booklet, the authors, licenses and tag
// pages, catalogue.json, a static asset): Page names the output and From
// what it is built from, so that an error about an output path can be
// traced to its cause.
type SiteError struct {
	Page string // the output path, slash-separated from the site root
	From string // what it is built from: a note and a folder's puzzles, every puzzle...
	Err  error
}

func (e *SiteError) Error() string {
	return fmt.Sprintf("site-wide page %s built from %s: %v", e.Page, e.From, e.Err)
}

// Unwrap returns the underlying error.
func (e *SiteError) Unwrap() error { return e.Err }

// Sources of site-wide outputs, for SiteError.From.
const (
	fromEveryPuzzle = "every published puzzle"
	fromTemplates   = "the site's templates"
	fromSizes       = "the grid sizes of the site's puzzles"
)

// collectionSource says what a collection's pages and booklet are built
// from: its note, if any, and the puzzles of its folder.
func (r *run) collectionSource(c *content.Collection) string {
	dir := filepath.Join(r.cfg.Src, filepath.FromSlash(c.Dir))
	if c.NotePath != "" {
		return c.NotePath + " and the puzzles of " + dir
	}
	return "the puzzles of " + dir
}
