package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nonopress/nonopress/build/content"
	"github.com/pelletier/go-toml/v2"
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
}

// siteConfigFile is the site configuration's name (build.ConfigFile).
const siteConfigFile = "nonopress.toml"

// readPrintSettings reads the print settings of the nonopress.toml in the
// folder of path (path itself when it is a folder) or the nearest folder
// above it; none found gives the zero settings. Other keys are left to
// build, which checks them.
func readPrintSettings(path string) (printSettings, error) {
	var s printSettings
	dir, err := filepath.Abs(path)
	if err != nil {
		return s, err
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		dir = filepath.Dir(dir)
	}
	for {
		file := filepath.Join(dir, siteConfigFile)
		data, err := os.ReadFile(file)
		switch {
		case err == nil:
			if err := toml.Unmarshal(data, &s); err != nil {
				var derr *toml.DecodeError
				if errors.As(err, &derr) {
					row, _ := derr.Position()
					if d := content.TOMLLineError(file, row, data, row, "", s); d != nil {
						return s, d
					}
					return s, fmt.Errorf("%s:%d: %s", file, row, derr.Error())
				}
				return s, fmt.Errorf("%s: %w", file, err)
			}
			if s.Font != "" && !filepath.IsAbs(s.Font) {
				s.Font = filepath.Join(dir, s.Font)
			}
			return s, nil
		case !errors.Is(err, os.ErrNotExist):
			return s, fmt.Errorf("read site configuration: %w", err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return s, nil
		}
		dir = parent
	}
}
