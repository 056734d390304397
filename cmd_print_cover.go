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
// notes, else (git_info) of their commits as the site dates them (zero
// when none has one: never the clock).
type folderCover struct {
	Title, Note string
	Date        time.Time
}

// readFolderCover reads the cover of the collection folder dir (ok false
// when dir is not a folder); with gitInfo, a puzzle whose note gives no
// date is dated by the commit that added its file, and one whose note gives
// no lastmod by the last commit of its file or note, as on the site. A
// note that cannot be parsed is an error naming it.
func readFolderCover(ctx context.Context, dir string, gitInfo bool) (fc folderCover, ok bool, err error) {
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fc, false, nil
	}
	root, files, err := content.Scan(dir)
	if err != nil {
		return fc, false, err
	}
	if len(root.Broken) > 0 {
		return fc, false, root.Broken[0].NoteErr
	}
	if gitInfo {
		commits, err := gitdate.Read(ctx, dir)
		if err != nil && !errors.Is(err, gitdate.ErrNoGit) {
			return fc, false, fmt.Errorf("git_info: %w", err)
		}
		content.SetGitDates(commits, dir, files) // none outside a repository
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
		// As the site dates an entry (site.FileEntry).
		date := cmp.Or(front.DateRFC3339, f.GitAdded)
		fc.Date = content.NewestDay(fc.Date, date, cmp.Or(front.LastmodRFC3339, f.GitChanged, date))
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

// folderTitle is the title the site gives folder dir: for the content
// folder (the one with nonopress.toml) the site's title, as its home page
// shows it; else its note's title; else its name as a reader would write
// it ("02_not_so_tough" reads "Not so tough"). Printing two collections of
// a site is thus titled by the site, not by the content folder's name.
// site is the settings print read: the site's title is taken from them,
// not read again; only a folder with a nonopress.toml of its own above
// the one read (a site in a site) has its own read.
func folderTitle(dir string, site printSettings) string {
	if dir == site.dir {
		if site.Title != "" {
			return site.Title
		}
	} else if settings, err := content.ReadSettings(dir); err == nil && settings.Title != "" {
		return settings.Title
	}
	if fc, ok, err := readFolderCover(context.Background(), dir, false); ok && err == nil && fc.Title != "" {
		return fc.Title
	}
	return content.FolderTitle(filepath.Base(dir))
}
