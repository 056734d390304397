package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/pprof"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/build/content"
)

// buildCommand is the main job: `nonopress build [-src content] [-out public]
// [-base-url URL] [-strict] [-skip-invalid] [-quiet]`.
type buildCommand struct{ stdout, stderr io.Writer }

func (c *buildCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("build")
	cfg := build.Config{Log: c.stderr}
	fs.StringVar(&cfg.Src, "src", defaultSrc, "the `FOLDER` of puzzles, notes and nonopress.toml to build")
	fs.StringVar(&cfg.Out, "out", "public", "the `FOLDER` the site is written to")
	fs.StringVar(&cfg.BaseURL, "base-url", "", "the site's public `URL`, such as https://example.org/puzzles/ (adds sitemap.xml and atom.xml; overrides base_url of nonopress.toml)")
	fs.BoolVar(&cfg.Strict, "strict", false, "fail on warnings too (multiple solutions, unknown, no license)")
	fs.BoolVar(&cfg.SkipInvalid, "skip-invalid", false, "publish the valid puzzles and list the invalid ones")
	fs.BoolVar(&cfg.Quiet, "quiet", false, "no progress line (the summary is still printed)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the build to `FILE` (for go tool pprof)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"build takes no arguments (use -src)"}
	}
	if err := checkFolderFlags(cfg.Src, cfg.Out); err != nil {
		return err
	}
	if cfg.BaseURL != "" {
		if err := content.CheckBaseURL(cfg.BaseURL); err != nil {
			return usageError{"-base-url: " + err.Error()}
		}
	}
	if err := checkSrcExists(cfg.Src); err != nil {
		return err
	}
	b, err := build.New(cfg)
	if err != nil {
		return err
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	_, err = b.Build(ctx)
	return err
}

// startCPUProfile profiles the process into path until the returned function
// is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile %s: %w", path, err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// checkFolderFlags refuses an empty -src or -out, which would otherwise
// mean the current folder or fail deep inside the build.
func checkFolderFlags(src, out string) error {
	if src == "" {
		return usageError{"-src is empty: name the content folder"}
	}
	if out == "" {
		return usageError{"-out is empty: name the output folder"}
	}
	return nil
}

// checkSrcExists refuses a -src that does not exist, once the flags are
// known to be right: one given is named as the flag, with the folder a
// slip away that was most likely meant ("-src contnet: no such folder (did
// you mean -src content?)"); the default, content, gets that hint too when
// a folder of a name a slip away is there.
func checkSrcExists(src string) error {
	_, err := os.Stat(src)
	if !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	msg := fmt.Sprintf("-src %s: no such folder", src)
	if src == defaultSrc {
		msg = fmt.Sprintf("no %s/ here: run in a site folder or pass -src", src)
	}
	if meant := missingPathMeant(src, err); meant != "" {
		msg += fmt.Sprintf(" (did you mean -src %s?)", meant)
	}
	return errors.New(msg)
}

// defaultSrc is the content folder of build and serve without -src.
const defaultSrc = "content"
