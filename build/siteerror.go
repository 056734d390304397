package build

import (
	"fmt"
	"path/filepath"

	"github.com/nonopress/nonopress/build/content"
)

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
