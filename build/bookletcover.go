package build

import (
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
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

// bookletWarning is the summary's line for a warning render gave while
// making the booklet of the collection titled title (a
// *render.MissingGlyphsError: text no font draws), given the collection's
// title; "" for one about a puzzle, which the puzzle's own warning says
// once, at its file (sheetWarnings).
func bookletWarning(title string, err error) string {
	var mg *render.MissingGlyphsError
	if errors.As(err, &mg) && mg.Puzzle != nil {
		return ""
	}
	return "booklet of " + title + ": " + err.Error()
}

// warningsKey is the asset cache's key of the warnings of the booklet of
// key: a booklet reused by a warm build warns as when it was made.
func warningsKey(key string) string { return key + " warnings" }

// keepBookletWarnings adds a booklet's warnings to the build's, and keeps
// them in the asset cache with the booklet of key.
func (r *run) keepBookletWarnings(key string, warnings []string) {
	if len(warnings) > 0 {
		kept := make(map[string]string, len(warnings))
		for i, w := range warnings {
			kept[strconv.Itoa(i)] = w
		}
		r.assets.store(warningsKey(key), kept)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, w := range warnings {
		if !slices.Contains(r.bookletWarnings, w) {
			r.bookletWarnings = append(r.bookletWarnings, w)
		}
	}
}

// replayBookletWarnings gives again the warnings of the reused booklet of
// key.
func (r *run) replayBookletWarnings(key string) {
	kept, ok := r.assets.lookup(warningsKey(key))
	if !ok {
		return
	}
	warnings := make([]string, len(kept))
	for i := range warnings {
		warnings[i] = kept[strconv.Itoa(i)]
	}
	r.keepBookletWarnings(key, warnings)
}

// takeBookletWarnings returns the booklets' warnings, sorted (booklets are
// made in parallel).
func (r *run) takeBookletWarnings() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	slices.Sort(r.bookletWarnings)
	return r.bookletWarnings
}
