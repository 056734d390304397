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
	Paper string `toml:"paper"`
	// Font is a TrueType file for text the Go fonts lack, made relative to
	// the working folder when read (it is relative to the file).
	Font string `toml:"font"`
	// GitInfo dates a collection folder's puzzles by their last commit
	// when their notes do not, as the site does (readFolderCover).
	GitInfo bool `toml:"git_info"`
	// MonoSafe and NameLine draw print's sheets as the site draws its own:
	// a glyph per colour, a line for the solver's name and the date.
	MonoSafe bool `toml:"mono_safe"`
	NameLine bool `toml:"name_line"`
	// Title is the site's title, which titles a booklet of its content
	// folder, dir (absolute; "" without a nonopress.toml), as its home
	// page (folderTitle).
	Title string `toml:"title"`
	dir   string
}

// readPrintSettings reads the print settings of the nonopress.toml in the
// folder of path (path itself when it is a folder) or the nearest folder
// above it (siteFolder); none found gives the zero settings. Other keys
// are left to build, which checks them.
func readPrintSettings(path string) (printSettings, error) {
	var s printSettings
	dir, err := siteFolder(path)
	if dir == "" || err != nil {
		return s, err
	}
	file := filepath.Join(dir, content.ConfigFile)
	data, err := os.ReadFile(file)
	if err != nil {
		return s, fmt.Errorf("read site configuration: %w", err)
	}
	if err := content.DecodeSettings(file, data, &s, false); err != nil {
		return s, err
	}
	s.dir = dir
	if s.Font != "" && !filepath.IsAbs(s.Font) {
		s.Font = filepath.Join(dir, s.Font)
	}
	return s, nil
}

// siteFolder returns the nearest folder, absolute, at or above path (its
// folder when path is a file) that holds nonopress.toml, or "" when none
// does. A nonopress.toml that cannot be looked at counts as one, so that
// reading it gives the error.
func siteFolder(path string) (string, error) {
	return newSiteFinder().siteFolder(path)
}

// siteFinder is siteFolder for many paths: it looks at each folder once,
// however many of the paths are in or below it, so that check of
// content/*/*.non walks up from each folder once and from the content
// folder once, not from each file.
type siteFinder struct {
	stat  func(string) (os.FileInfo, error) // os.Stat
	found map[string]string                 // folder (absolute) → its site folder, "" for none
}

func newSiteFinder() *siteFinder {
	return &siteFinder{stat: os.Stat, found: map[string]string{}}
}

// siteFolder is siteFolder of path.
func (f *siteFinder) siteFolder(path string) (string, error) {
	dir, err := filepath.Abs(path)
	if err != nil {
		return "", err
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
