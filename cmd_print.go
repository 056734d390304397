package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
	"github.com/nonopress/nonopress/validate"
)

// printCommand makes a PDF booklet: `nonopress print [-paper a3|a4|a5|letter]
// [-o FILE] PATH...`. Puzzles come in the order of the PATHs, a folder's in
// the site's order (printFiles); the answer key holds each puzzle's goal or
// unique solution.
// Puzzles are treated as the site build treats them: one with errors is
// named and no PDF is written (exit status 1) unless -skip-invalid prints
// the rest; warnings are printed, and a puzzle with several solutions is
// marked "(ambiguous)" in its title, on its sheet and in the answer key.
// Without -paper, the paper is the `paper` setting of the nonopress.toml of
// the content tree PATH is in (printSettings), else A4. A collection folder
// printed alone gets the cover the site gives its booklet (readFolderCover).
type printCommand struct{ stdout, stderr io.Writer }

func (c *printCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("print")
	paper := fs.String("paper", "", "paper `SIZE`: "+render.Papers+" (default: the paper of the site's nonopress.toml, else a4)")
	out := fs.String("o", "booklet.pdf", "the PDF `FILE` to write")
	title := fs.String("title", "", "the cover's `TITLE` (default: a collection folder's or set file's own title, as on the site, else the name of the file, or of the folder the files are in)")
	note := fs.String("note", "", "a paragraph of `TEXT` on the cover, under the title (default: a collection folder's note description, else its first line)")
	date := fs.String("date", "", "the `YYYY-MM-DD` date on the cover and in the PDF (default: a collection folder's newest puzzle date, as on the site; for files, the newest one's modification date)")
	font := fs.String("font", "", "a TrueType font `FILE` for text the Go fonts cannot draw (default: the site's font setting, else an installed font)")
	mono := fs.Bool("mono", false, "mono-safe colour clues (a glyph per colour) for black-and-white printers")
	nameLine := fs.Bool("name-line", false, "a line for the solver's name and the date on each sheet and on a booklet's cover (default: the site's name_line setting)")
	timeout := fs.Duration("timeout", validate.DefaultTimeout, "solver budget per puzzle")
	skipInvalid := fs.Bool("skip-invalid", false, "print the valid puzzles and list the invalid ones")
	noAnswers := fs.Bool("no-answers", false, "leave out the answers (a sheet's answer page, a booklet's answer key): copies to hand out")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return noPathGiven("print")
	}
	coverAsked := *title != "" || *note != ""
	site, err := readPrintSettings(fs.Arg(0))
	if err != nil {
		return err
	}
	opt := render.Options{MonoSafe: *mono || site.MonoSafe, NameLine: *nameLine || site.NameLine, NoAnswerKey: *noAnswers}
	if *paper == "" {
		*paper = site.Paper
	}
	fontNamed, fontSubject := *font != "", "-font "+*font // what a warning of the font is about
	if !fontNamed {
		*font, fontSubject = site.Font, site.Font
	}
	opt.Fonts = render.NewFonts(*font)
	opt.Warn = func(err error) { fmt.Fprintln(c.stderr, renderWarning(*out, err).Labelled()) }
	if opt.Paper, err = render.ParsePaper(*paper); err != nil {
		return usageError{fmt.Sprintf("-paper %q: want %s", *paper, render.Papers)}
	}
	if *date != "" {
		if opt.Date, err = time.Parse(time.DateOnly, *date); err != nil {
			return usageError{fmt.Sprintf("-date %q: want YYYY-MM-DD", *date)}
		}
	}
	if fontNamed {
		// A font named on the command line that cannot be used is an
		// error at once, as a file named that does not exist is (exit 1),
		// not a warning when some text needs it.
		if err := opt.Fonts.Check(); err != nil {
			return fmt.Errorf("%s: %w", fontSubject, fontProblem(err))
		}
	}
	files, err := printFiles(fs.Args())
	if err != nil {
		return err
	}
	folder, isFolder, err := c.folderCover(ctx, fs.Args(), site.GitInfo)
	if err != nil {
		return err
	}
	if *note == "" {
		*note = folder.Note
	}
	switch {
	case *date != "":
	case isFolder:
		opt.Date = folder.Date // the site's rule: the content's dates, or none
	default:
		opt.Date = newestModDate(files)
	}
	entries, found, invalid := c.checkAll(ctx, files, content.NewFolderNotes(fs.Args()), *timeout)
	// One puzzle, named by its file, prints as its sheet (below).
	sheet := len(entries) == 1 && !coverAsked && !isFolder
	for _, e := range entries {
		if d := render.TooSmallToPrint(e.Puzzle, opt); d != nil {
			found = append(found, *d)
		}
		if d := render.LargerPaper(e.Puzzle, opt, !sheet); d != nil {
			found = append(found, *d)
		}
	}
	c.report(found, *skipInvalid)
	if *title == "" {
		*title = cmp.Or(folder.Title, ownSetTitle(fs.Args(), entries), pathsTitle(fs.Args(), site))
	}
	if invalid > 0 && !*skipInvalid {
		// -skip-invalid is offered only when it would print something:
		// a sheet whose one puzzle is in error has no rest to print.
		fix := "fix them, or pass -skip-invalid to print the rest"
		if len(entries) == 0 {
			fix = "fix them: there is no other puzzle to print"
		}
		fmt.Fprintf(c.stderr, "no PDF written: %s with errors (%s)\n", puzzle.Plural(invalid, "puzzle"), fix)
		return errFailed
	}
	if len(entries) == 0 {
		return fmt.Errorf("no printable puzzle in %s", strings.Join(fs.Args(), " "))
	}
	var buf bytes.Buffer
	if sheet {
		// One puzzle, named by its file, prints as its sheet, as the
		// site's sheet PDF: the puzzle, then its answer; a cover and a
		// contents page of one line would be two pages of nothing. A
		// collection folder prints as the site's booklet of it.
		e := &entries[0]
		if *noAnswers {
			e.Solution = nil // no answer page
		}
		opt.Difficulty = e.Difficulty
		err = render.SheetPDF(&buf, e.Puzzle, e.Solution, opt)
	} else {
		err = render.CoverBooklet(&buf, render.Cover{Title: *title, Note: *note}, entries, opt)
	}
	if err != nil {
		return err
	}
	if err := opt.Fonts.Problem(); err != nil {
		fmt.Fprintln(c.stderr, diag.Warningf(fontSubject, "%v", fontProblem(err)).Labelled())
	}
	if err := atomicfile.Replace(*out, buf.Bytes()); err != nil {
		return err
	}
	if sheet {
		fmt.Fprintf(c.stderr, "wrote %s: the sheet of %q", *out, entries[0].Puzzle.Meta.Title)
		if entries[0].Solution != nil {
			fmt.Fprint(c.stderr, ", its answer on the last page")
		}
	} else {
		fmt.Fprintf(c.stderr, "wrote %s: %s", *out, puzzle.Plural(len(entries), "puzzle"))
		if *noAnswers {
			fmt.Fprint(c.stderr, ", without the answer key")
		}
	}
	if invalid > 0 {
		fmt.Fprintf(c.stderr, ", %d left out", invalid)
	}
	fmt.Fprintln(c.stderr)
	return nil
}

// renderWarning is the warning of what render warned of while making the
// PDF out: at the puzzle's file and line (text no font draws), else at out
// (the cover's text).
func renderWarning(out string, err error) diag.Diagnostic {
	d := diag.FromError(out, err)
	d.Severity = diag.Warning
	if d.File == "" {
		d.File = out
	}
	return d
}

// fontProblem is why a font file cannot be used, without its name, which
// the warning or error names as the subject.
func fontProblem(err error) error {
	var fe *render.FontError
	if errors.As(err, &fe) {
		return unwrapPathError(fe.Err)
	}
	return err
}

// folderCover is the cover the site gives the collection folder that is
// the only PATH (readFolderCover); isFolder is false for anything else.
func (c *printCommand) folderCover(ctx context.Context, paths []string, gitInfo bool) (fc folderCover, isFolder bool, err error) {
	if len(paths) != 1 {
		return fc, false, nil
	}
	return readFolderCover(ctx, paths[0], gitInfo)
}

// checkAll reads and checks the files' puzzles, in order, and returns the
// printable ones (titled as the site titles them, an ambiguous puzzle's
// title marked), their diagnostics for report, and how many puzzles or
// unreadable parts errors keep out.
func (c *printCommand) checkAll(ctx context.Context, files []string, notes *content.FolderNotes, timeout time.Duration) (entries []render.BookletEntry, found diag.List, invalid int) {
	for _, f := range files {
		unreadable, checked := readAndCheck(ctx, f, notes, validate.Options{Timeout: timeout})
		if unreadable != nil {
			found = append(found, diagsOf(unreadable.Errors)...)
			invalid++
		}
		for i, cp := range checked {
			found = append(found, cp.report.Diagnostics()...)
			if cp.report.HasErrors() {
				invalid++
				continue
			}
			p := cp.puzzle
			fallback := site.FileFallbackTitle(f, i, len(checked))
			if title := site.BookletTitle(p, fallback, cp.report.Verdict); title != p.Meta.Title {
				q := *p
				q.Meta.Title = title
				p = &q
			}
			entries = append(entries, render.BookletEntry{Puzzle: p, Solution: cp.report.Solution, Difficulty: cp.report.Difficulty})
		}
	}
	return entries, found, invalid
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

// report prints the puzzles' diagnostics, those that many files share
// once with a line naming the others (diag.Grouped), a fix given in full
// for another file as "(as for a.non)" (diag.Hints, as build and check);
// with -skip-invalid errors are marked as leaving their puzzles out of the
// booklet.
func (c *printCommand) report(ds diag.List, skipping bool) {
	hinted := diag.Hints{}
	for _, g := range diag.Grouped(ds, diag.Listed) {
		line := hinted.Shorten(g.First).Labelled()
		if skipping && g.First.Severity == diag.Error {
			line += " (left out of the booklet)"
		}
		fmt.Fprintln(c.stderr, line)
		if len(g.Others) > 0 {
			fmt.Fprintln(c.stderr, "  "+g.Same(diag.Listed))
		}
	}
}

// pathsTitle is a booklet's title from what it prints: one file's or
// folder's name, or for several in one folder that folder's title (not the
// first file's); for paths in several folders, the first one's name. A
// folder is titled as the site titles it (folderTitle), site being the
// settings print read.
func pathsTitle(paths []string, site printSettings) string {
	name := func(p string) string {
		abs, err := filepath.Abs(p)
		if err != nil {
			abs = filepath.Clean(p)
		}
		if info, err := os.Stat(abs); err == nil && info.IsDir() {
			return folderTitle(abs, site)
		}
		return content.BaseName(filepath.Base(abs))
	}
	if len(paths) > 1 {
		dir := filepath.Dir(filepath.Clean(paths[0]))
		for _, p := range paths[1:] {
			if filepath.Dir(filepath.Clean(p)) != dir {
				return name(paths[0])
			}
		}
		return name(dir)
	}
	return name(paths[0])
}

// ownSetTitle is the title a single set file (a .nonpack's shared keys, an
// XML <puzzleset>) gives itself, as the site titles its page: "" for
// several paths or puzzles from no set.
func ownSetTitle(paths []string, entries []render.BookletEntry) string {
	if len(paths) != 1 || len(entries) == 0 {
		return ""
	}
	var title string
	for i, e := range entries {
		set := e.Puzzle.Origin.Set
		if set == nil || (i > 0 && set.Title != title) {
			return ""
		}
		title = set.Title
	}
	return strings.TrimSpace(title)
}
