package main

import (
	"fmt"
	"os"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/nav"
)

// folderCover is what the site's booklet of a collection folder says on
// its cover, so that `nonopress print FOLDER` agrees with it: the folder
// note's title (found is false without one), its description else first
// line, and the newest date or lastmod in the front matter of its puzzles'
// notes (zero when none has one: never the clock).
type folderCover struct {
	Title, Note string
	Date        time.Time
}

// readFolderCover reads the cover of the collection folder dir (ok false
// when dir is not a folder). A note that cannot be parsed is an error
// naming it.
func readFolderCover(dir string) (fc folderCover, ok bool, err error) {
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fc, false, nil
	}
	root, files, err := content.Scan(dir)
	if err != nil {
		return fc, false, err
	}
	fc.Title = root.Note.Front.Title
	fc.Note = root.Note.Front.Description
	if fc.Note == "" {
		fc.Note = nav.FirstLine(root.Note.Body)
	}
	for _, f := range files {
		if f.NotePath == "" {
			continue
		}
		data, err := os.ReadFile(f.NotePath)
		if err != nil {
			return fc, false, fmt.Errorf("read note: %w", err)
		}
		n, err := content.ParseNote(f.NotePath, data)
		if err != nil {
			return fc, false, err
		}
		fc.Date = newerDay(fc.Date, n.Front.DateRFC3339, n.Front.LastmodRFC3339)
	}
	return fc, true, nil
}

// newerDay is the newest of day and the days of dates (RFC 3339, in the
// zone each was written in); "" and malformed dates are passed over.
func newerDay(day time.Time, dates ...string) time.Time {
	for _, s := range dates {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			continue
		}
		y, m, d := t.Date()
		if at := time.Date(y, m, d, 0, 0, 0, 0, time.UTC); at.After(day) {
			day = at
		}
	}
	return day
}
