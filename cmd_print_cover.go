package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/gitdate"
	"github.com/nonopress/nonopress/nav"
)

// folderCover is what the site's booklet of a collection folder says on
// its cover, so that `nonopress print FOLDER` agrees with it: the folder
// note's title (found is false without one), its description else first
// line, and the newest date or lastmod in the front matter of its puzzles'
// notes, else (git_info) of their last commits (zero when none has one:
// never the clock).
type folderCover struct {
	Title, Note string
	Date        time.Time
}

// readFolderCover reads the cover of the collection folder dir (ok false
// when dir is not a folder); with gitInfo, a puzzle whose note gives no
// date is dated by the last commit of its file or note, as on the site. A
// note that cannot be parsed is an error naming it.
func readFolderCover(ctx context.Context, dir string, gitInfo bool) (fc folderCover, ok bool, err error) {
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fc, false, nil
	}
	root, files, err := content.Scan(dir)
	if err != nil {
		return fc, false, err
	}
	var commits gitdate.Dates
	if gitInfo {
		if commits, err = gitdate.Read(ctx, dir); err != nil && !errors.Is(err, gitdate.ErrNoGit) {
			return fc, false, fmt.Errorf("git_info: %w", err)
		}
	}
	fc.Title = root.Note.Front.Title
	fc.Note = root.Note.Front.Description
	if fc.Note == "" {
		fc.Note = nav.FirstLine(root.Note.Body)
	}
	for _, f := range files {
		front, err := noteFront(f)
		if err != nil {
			return fc, false, err
		}
		commit := lastCommit(commits, dir, f)
		date := cmp.Or(front.DateRFC3339, commit)
		fc.Date = newerDay(fc.Date, date, cmp.Or(front.LastmodRFC3339, commit, date))
	}
	return fc, true, nil
}

// noteFront is the front matter of a puzzle file's note; none without one.
func noteFront(f *content.PuzzleFile) (content.FrontMatter, error) {
	if f.NotePath == "" {
		return content.FrontMatter{}, nil
	}
	data, err := os.ReadFile(f.NotePath)
	if err != nil {
		return content.FrontMatter{}, fmt.Errorf("read note: %w", err)
	}
	n, err := content.ParseNote(f.NotePath, data)
	return n.Front, err
}

// lastCommit is the date (RFC 3339) of the last commit of the file or of
// its note, the later; "" when neither was committed.
func lastCommit(commits gitdate.Dates, dir string, f *content.PuzzleFile) string {
	when := commits[f.Rel]
	if f.NotePath != "" {
		if rel, err := filepath.Rel(dir, f.NotePath); err == nil && commits[filepath.ToSlash(rel)].After(when) {
			when = commits[filepath.ToSlash(rel)]
		}
	}
	if when.IsZero() {
		return ""
	}
	return when.Format(time.RFC3339)
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
