package build

import (
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/render"
)

// bookletCover is what a collection's booklet cover says: the collection's
// title as its page has it (Heading: after the wrapper folders above it)
// and its note's summary (its description, else its first line).
func (r *run) bookletCover(c *content.Collection) render.Cover {
	return render.Cover{Title: c.Heading(r.pub.Title), Note: site.Summary(c)}
}

// bookletDate is the date of a booklet of the entries: the newest of their
// dates and last modifications (front matter, else git), as a day in the
// zone each was written in; zero when none has one. Never the clock.
func bookletDate(entries []*site.Entry) time.Time {
	var newest time.Time
	for _, e := range entries {
		newest = content.NewestDay(newest, e.Date, e.Lastmod)
	}
	return newest
}

// bookletWarning is the summary's warning, at the booklet's path, of what
// render warned of while making a collection's booklet (a
// *render.MissingGlyphsError: text of its cover no font draws); false for
// a warning about a puzzle, which the puzzle's own warning says once, at
// its file (sheetWarnings).
func bookletWarning(path string, err error) (diag.Diagnostic, bool) {
	var mg *render.MissingGlyphsError
	if errors.As(err, &mg) && mg.Puzzle != nil {
		return diag.Diagnostic{}, false
	}
	d := diag.FromError(path, err)
	d.File, d.Line, d.Col, d.Severity = path, 0, 0, diag.Warning
	return d, true
}

// bookletPath is where the booklet of collection c is published.
func (r *run) bookletPath(c *content.Collection) string {
	return filepath.Join(r.cfg.Out, filepath.FromSlash(c.URL), "booklet.pdf")
}

// warningsKey is the asset cache's key of the warnings of the booklet of
// key: a booklet reused by a warm build warns as when it was made.
func warningsKey(key string) string { return key + " warnings" }

// keepBookletWarnings adds the warnings of the booklet of key, published
// at path, to the build's, and keeps their messages and hints in the asset
// cache with the booklet (the path is the build's: -out may change).
func (r *run) keepBookletWarnings(key, path string, warnings diag.List) {
	if len(warnings) > 0 {
		kept := make(map[string]string, 2*len(warnings))
		for i, w := range warnings {
			kept[strconv.Itoa(i)] = w.Message
			kept[strconv.Itoa(i)+" hint"] = w.Hint
		}
		r.assets.store(warningsKey(key), kept)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, w := range warnings {
		w.File = path
		if !slices.Contains(r.bookletWarnings, w) {
			r.bookletWarnings = append(r.bookletWarnings, w)
		}
	}
}

// replayBookletWarnings gives again the warnings of the reused booklet of
// key, published at path.
func (r *run) replayBookletWarnings(key, path string) {
	kept, ok := r.assets.lookup(warningsKey(key))
	if !ok {
		return
	}
	warnings := make(diag.List, len(kept)/2)
	for i := range warnings {
		warnings[i] = diag.Diagnostic{Severity: diag.Warning, Message: kept[strconv.Itoa(i)], Hint: kept[strconv.Itoa(i)+" hint"]}
	}
	r.keepBookletWarnings(key, path, warnings)
}

// takeBookletWarnings returns the booklets' warnings, sorted (booklets are
// made in parallel).
func (r *run) takeBookletWarnings() diag.List {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bookletWarnings.Sort()
	return r.bookletWarnings
}
