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
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
	"github.com/nonopress/nonopress/validate"
)

// printCommand makes a PDF booklet: `nonopress print [-paper a4|letter]
// [-o FILE] PATH...`. Puzzles come in the order of the files (folders walked
// in name order); the answer key holds each puzzle's goal or unique solution.
// Puzzles are treated as the site build treats them: one with errors is
// named and no PDF is written (exit status 1) unless -skip-invalid prints
// the rest; warnings are printed, and a puzzle with several solutions is
// marked "(ambiguous)" in its title, on its sheet and in the answer key.
type printCommand struct{ stdout, stderr io.Writer }

func (c *printCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("print", c.stderr)
	paper := fs.String("paper", "a4", "paper size: a4 or letter")
	out := fs.String("o", "booklet.pdf", "output PDF file")
	title := fs.String("title", "", "booklet title (default: the first PATH's name)")
	mono := fs.Bool("mono", false, "mono-safe colour clues (a glyph per colour) for black-and-white printers")
	timeout := fs.Duration("timeout", validate.DefaultTimeout, "solver budget per puzzle")
	skipInvalid := fs.Bool("skip-invalid", false, "print the valid puzzles and list the invalid ones")
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
	invalid := 0
	for _, f := range files {
		unreadable, checked := readAndCheck(ctx, f, validate.Options{Timeout: *timeout})
		if unreadable != nil {
			c.report(diagsOf(unreadable.Errors), *skipInvalid)
			invalid++
		}
		for _, cp := range checked {
			c.report(cp.report.Diagnostics(), *skipInvalid)
			if cp.report.HasErrors() {
				invalid++
				continue
			}
			p := cp.puzzle
			if cp.report.Verdict == "multiple" {
				q := *p
				q.Meta.Title = strings.TrimSpace(p.Meta.Title + " (ambiguous)")
				p = &q
			}
			entries = append(entries, render.BookletEntry{Puzzle: p, Solution: cp.report.Solution})
		}
	}
	if invalid > 0 && !*skipInvalid {
		fmt.Fprintf(c.stderr, "no PDF written: %s with errors (fix them, or pass -skip-invalid to print the rest)\n",
			puzzle.Plural(invalid, "puzzle"))
		return errFailed
	}
	if len(entries) == 0 {
		return fmt.Errorf("no printable puzzle in %s", strings.Join(fs.Args(), " "))
	}
	var buf bytes.Buffer
	if err := render.Booklet(&buf, *title, entries, render.Options{Paper: render.Paper(*paper), MonoSafe: *mono}); err != nil {
		return err
	}
	if err := atomicfile.Write(*out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(c.stderr, "wrote %s: %s", *out, puzzle.Plural(len(entries), "puzzle"))
	if invalid > 0 {
		fmt.Fprintf(c.stderr, ", %d left out", invalid)
	}
	fmt.Fprintln(c.stderr)
	return nil
}

// report prints a puzzle's diagnostics; with -skip-invalid its errors are
// marked as leaving it out of the booklet.
func (c *printCommand) report(ds diag.List, skipping bool) {
	for _, d := range ds {
		line := humanDiagnostic(d)
		if skipping && d.Severity == diag.Error {
			line += " (left out of the booklet)"
		}
		fmt.Fprintln(c.stderr, line)
	}
}
