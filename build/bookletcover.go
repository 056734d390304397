package build

import (
	"errors"
	"slices"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/render"
)

// bookletCover is what a collection's booklet cover says: the collection's
// title and its note's summary (its description, else its first line).
func (r *run) bookletCover(c *content.Collection) render.Cover {
	return render.Cover{Title: c.Title(r.title), Note: summary(c)}
}

// bookletDate is the date of a booklet of the entries: the newest of their
// dates and last modifications (front matter, else git), as a day in the
// zone each was written in; zero when none has one. Never the clock.
func bookletDate(entries []*entry) time.Time {
	var newest time.Time
	for _, e := range entries {
		for _, s := range []string{e.Date, e.Lastmod} {
			t, err := time.Parse(time.RFC3339, s)
			if err != nil {
				continue // "" or not a date: the entry has none
			}
			y, m, d := t.Date()
			if day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC); day.After(newest) {
				newest = day
			}
		}
	}
	return newest
}

// bookletWarner returns the render.Options.Warn of the booklet of the
// collection titled title: it keeps each warning render gives (a
// *render.MissingGlyphsError: text no font draws, naming the puzzle and the
// characters) for the build's summary. Safe for concurrent use.
func (r *run) bookletWarner(title string) func(error) {
	return func(err error) { r.noteBookletWarning(title, err) }
}

// noteBookletWarning keeps a booklet's warning; one about its cover is
// given the collection's title.
func (r *run) noteBookletWarning(title string, err error) {
	var mg *render.MissingGlyphsError
	msg := err.Error()
	if !errors.As(err, &mg) || mg.Puzzle == nil {
		msg = "booklet of " + title + ": " + msg
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !slices.Contains(r.bookletWarnings, msg) {
		r.bookletWarnings = append(r.bookletWarnings, msg)
	}
}

// takeBookletWarnings returns the booklets' warnings, sorted (booklets are
// made in parallel).
func (r *run) takeBookletWarnings() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	slices.Sort(r.bookletWarnings)
	return r.bookletWarnings
}
