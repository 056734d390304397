package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/render"
	"github.com/nonopress/nonopress/validate"
)

// printCommand makes a PDF booklet: `nonopress print [-paper a3|a4|a5|letter]
// [-o FILE] PATH...`. Puzzles come in the order of the files (folders walked
// in name order); the answer key holds each puzzle's goal or unique solution.
// A puzzle with errors is left out and named, and the exit status is 1.
// Without -paper, the paper is the `paper` setting of the nonopress.toml of
// the content tree PATH is in (printSettings), else A4.
type printCommand struct{ stdout, stderr io.Writer }

func (c *printCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("print", c.stderr)
	paper := fs.String("paper", "", "paper size: "+render.Papers+" (default: the site's paper setting, else a4)")
	out := fs.String("o", "booklet.pdf", "output PDF file")
	title := fs.String("title", "", "booklet title (default: the first PATH's name)")
	note := fs.String("note", "", "a paragraph for the cover, under the title")
	date := fs.String("date", "", "the booklet's date, YYYY-MM-DD, on its cover and in the PDF (default: the newest puzzle file's modification date)")
	font := fs.String("font", "", "TrueType font file for text the Go fonts cannot draw (default: the site's font setting, else an installed font)")
	mono := fs.Bool("mono", false, "mono-safe colour clues (a glyph per colour) for black-and-white printers")
	timeout := fs.Duration("timeout", validate.DefaultTimeout, "solver budget per puzzle")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{"no PATH given: name puzzle files or folders"}
	}
	opt := render.Options{MonoSafe: *mono}
	site, err := readPrintSettings(fs.Arg(0))
	if err != nil {
		return err
	}
	if *paper == "" {
		*paper = site.Paper
	}
	if *font == "" {
		*font = site.Font
	}
	opt.Fonts = render.NewFonts(*font)
	opt.Warn = func(err error) { fmt.Fprintf(c.stderr, "warning: %v\n", err) }
	if opt.Paper, err = render.ParsePaper(*paper); err != nil {
		return usageError{fmt.Sprintf("-paper %q: want %s", *paper, render.Papers)}
	}
	if *date != "" {
		if opt.Date, err = time.Parse(time.DateOnly, *date); err != nil {
			return usageError{fmt.Sprintf("-date %q: want YYYY-MM-DD", *date)}
		}
	}
	if *title == "" {
		*title = strings.TrimSuffix(filepath.Base(filepath.Clean(fs.Arg(0))), filepath.Ext(fs.Arg(0)))
	}
	files, err := collectPuzzleFiles(fs.Args())
	if err != nil {
		return err
	}
	if opt.Date.IsZero() {
		opt.Date = newestModDate(files)
	}
	entries, failed := c.checkAll(ctx, files, *timeout)
	if len(entries) == 0 {
		return fmt.Errorf("no printable puzzle in %s", strings.Join(fs.Args(), " "))
	}
	var buf bytes.Buffer
	if err := render.CoverBooklet(&buf, render.Cover{Title: *title, Note: *note}, entries, opt); err != nil {
		return err
	}
	if err := opt.Fonts.Problem(); err != nil {
		fmt.Fprintf(c.stderr, "warning: %v\n", err)
	}
	if err := atomicfile.Replace(*out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(c.stderr, "wrote %s: %d puzzles\n", *out, len(entries))
	if failed {
		return errFailed
	}
	return nil
}

// checkAll reads and checks the files' puzzles, in order, and returns the
// printable ones; failed is set when one was left out (and named).
func (c *printCommand) checkAll(ctx context.Context, files []string, timeout time.Duration) (entries []render.BookletEntry, failed bool) {
	for _, f := range files {
		unreadable, checked := readAndCheck(ctx, f, validate.Options{Timeout: timeout})
		if unreadable != nil {
			c.reportLeftOut(diagsOf(unreadable.Errors))
			failed = true
		}
		for _, cp := range checked {
			if cp.report.HasErrors() {
				c.reportLeftOut(cp.report.Errors)
				failed = true
				continue
			}
			entries = append(entries, render.BookletEntry{Puzzle: cp.puzzle, Solution: cp.report.Solution, Difficulty: cp.report.Difficulty})
		}
	}
	return entries, failed
}

// newestModDate is the day, in UTC, the newest of the files was last
// modified: the date of the content a booklet is made from. Zero when none
// can be read.
func newestModDate(files []string) time.Time {
	var newest time.Time
	for _, f := range files {
		if info, err := os.Stat(f); err == nil && info.ModTime().After(newest) {
			newest = info.ModTime()
		}
	}
	if newest.IsZero() {
		return newest
	}
	y, m, d := newest.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func (c *printCommand) reportLeftOut(errs diag.List) {
	for _, d := range errs {
		fmt.Fprintf(c.stderr, "%s (left out of the booklet)\n", humanDiagnostic(d))
	}
}
