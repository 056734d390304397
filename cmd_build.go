package main

import (
	"context"
	"io"

	"github.com/nonopress/nonopress/build"
)

// buildCommand is the main job: `nonopress build [-src content] [-out public]
// [-base-url URL] [-strict] [-skip-invalid] [-quiet]`.
type buildCommand struct{ stdout, stderr io.Writer }

func (c *buildCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("build", c.stderr)
	cfg := build.Config{Log: c.stderr}
	fs.StringVar(&cfg.Src, "src", "content", "content tree")
	fs.StringVar(&cfg.Out, "out", "public", "output folder")
	fs.StringVar(&cfg.BaseURL, "base-url", "", "the site's public URL (enables sitemap.xml and the Atom feed)")
	fs.BoolVar(&cfg.Strict, "strict", false, "fail on warnings too (multiple solutions, unknown, no license)")
	fs.BoolVar(&cfg.SkipInvalid, "skip-invalid", false, "publish the valid puzzles and list the invalid ones")
	fs.BoolVar(&cfg.Quiet, "quiet", false, "no progress line")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"build takes no arguments (use -src)"}
	}
	b, err := build.New(cfg)
	if err != nil {
		return err
	}
	_, err = b.Build(ctx)
	return err
}
