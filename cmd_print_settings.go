package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nonopress/nonopress/build/content"
)

// printSettings are the settings of a site's nonopress.toml that print
// follows, so that a booklet made by `nonopress print` is set like the
// site's own.
type printSettings struct {
	Paper string
	// Font is a TrueType file for text the Go fonts lack, made relative to
	// the working folder when read (it is relative to the file).
	Font string
	// GitInfo dates a collection folder's puzzles by their last commit
	// when their notes do not, as the site does (readFolderCover).
	GitInfo bool
	// MonoSafe and NameLine draw print's sheets as the site draws its own:
	// a glyph per colour, a line for the solver's name and the date.
	MonoSafe bool
	NameLine bool
	// Title is the site's title, which titles a booklet of its content
	// folder, dir (absolute; "" without a nonopress.toml), as its home
	// page (folderTitle).
	Title string
	dir   string
}

// readPrintSettings reads the print settings of the nonopress.toml in the
// folder of path (path itself when it is a folder) or the nearest folder
// above it (siteFinder); none found gives the zero settings. The file is
// read as build and check read it (content.ReadSettings): a mistake in
// it, a misspelt key among them, is the same error at its line, naming the
// file as check names it (siteFolderOf), where a booklet would otherwise
// be printed quietly without the setting meant.
func readPrintSettings(path string) (printSettings, error) {
	wd, _ := os.Getwd()
	dir, name, err := siteFolderOf(newSiteFinder(), wd, path) // named as check names it
	if dir == "" || err != nil {
		return printSettings{}, err
	}
	cfg, err := content.ReadSettings(name)
	if err != nil {
		return printSettings{}, err
	}
	s := printSettings{Paper: cfg.Paper, Font: cfg.Font, GitInfo: cfg.GitInfo, MonoSafe: cfg.MonoSafe,
		NameLine: cfg.NameLine, Title: cfg.Title, dir: dir}
	if s.Font != "" && !filepath.IsAbs(s.Font) {
		s.Font = filepath.Join(dir, s.Font)
	}
	return s, nil
}

// siteFinder finds the nearest folder, absolute, at or above a path (its
// folder when the path is a file) that holds nonopress.toml ("" when none
// does; a nonopress.toml that cannot be looked at counts as one, so that
// reading it gives the error), for many paths: it looks at each folder
// once, however many of the paths are in or below it, so that check of
// content/*/*.non walks up from each folder once and from the content
// folder once, not from each file.
type siteFinder struct {
	stat  func(string) (os.FileInfo, error) // os.Stat
	found map[string]string                 // folder (absolute) → its site folder, "" for none
}

func newSiteFinder() *siteFinder {
	return &siteFinder{stat: os.Stat, found: map[string]string{}}
}

// siteFolder is the site folder of path. A path that cannot be made
// absolute (the working folder deleted) is an error naming it.
func (f *siteFinder) siteFolder(path string) (string, error) {
	dir, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("%s: cannot look for the site's %s: %w", path, content.ConfigFile, err)
	}
	if info, err := f.stat(dir); err != nil || !info.IsDir() {
		dir = filepath.Dir(dir)
	}
	return f.of(dir), nil
}

// of is the site folder of folder dir (absolute): dir when it holds
// nonopress.toml, else its parent's.
func (f *siteFinder) of(dir string) string {
	if site, ok := f.found[dir]; ok {
		return site
	}
	site := ""
	if _, err := f.stat(filepath.Join(dir, content.ConfigFile)); !errors.Is(err, os.ErrNotExist) {
		site = dir
	} else if up := filepath.Dir(dir); up != dir {
		site = f.of(up)
	}
	f.found[dir] = site
	return site
}
