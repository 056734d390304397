package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/render"
	"github.com/nonopress/nonopress/validate"
)

// printCommand makes a PDF booklet: `nonopress print [-paper a4|letter]
// [-o FILE] PATH...`. Puzzles come in the order of the files (folders walked
// in name order); the answer key holds each puzzle's goal or unique solution.
// A puzzle with errors is left out and named, and the exit status is 1.
type printCommand struct{ stdout, stderr io.Writer }

func (c *printCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("print", c.stderr)
	paper := fs.String("paper", "a4", "paper size: a4 or letter")
	out := fs.String("o", "booklet.pdf", "output PDF file")
	title := fs.String("title", "", "booklet title (default: the first PATH's name)")
	mono := fs.Bool("mono", false, "mono-safe colour clues (a glyph per colour) for black-and-white printers")
	timeout := fs.Duration("timeout", validate.DefaultTimeout, "solver budget per puzzle")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *paper != "a4" && *paper != "letter" {
		return usageError{fmt.Sprintf("-paper %q: want a4 or letter", *paper)}
	}
	if fs.NArg() == 0 {
		return usageError{"no PATH given: name puzzle files or folders"}
	}
	if *title == "" {
		*title = strings.TrimSuffix(filepath.Base(filepath.Clean(fs.Arg(0))), filepath.Ext(fs.Arg(0)))
	}
	files, err := collectPuzzleFiles(fs.Args())
	if err != nil {
		return err
	}
	var entries []render.BookletEntry
	failed := false
	for _, f := range files {
		unreadable, checked := readAndCheck(ctx, f, validate.Options{Timeout: *timeout})
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
			entries = append(entries, render.BookletEntry{Puzzle: cp.puzzle, Solution: cp.report.Solution})
		}
	}
	if len(entries) == 0 {
		return fmt.Errorf("no printable puzzle in %s", strings.Join(fs.Args(), " "))
	}
	var buf bytes.Buffer
	if err := render.Booklet(&buf, *title, entries, render.Options{Paper: render.Paper(*paper), MonoSafe: *mono}); err != nil {
		return err
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

func (c *printCommand) reportLeftOut(errs diag.List) {
	for _, d := range errs {
		fmt.Fprintf(c.stderr, "%s (left out of the booklet)\n", humanDiagnostic(d))
	}
}
