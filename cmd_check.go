package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/validate"
)

// checkCommand validates puzzle files: `nonopress check [-json] [-strict]
// [-timeout 10s] PATH...`.
type checkCommand struct{ stdout, stderr io.Writer }

// checkResult is one line of `check -json`: a puzzle, or (index -1) a file
// that could not be read, or the part of a file that could not.
type checkResult struct {
	File       string              `json:"file"`
	Index      int                 `json:"index"`
	ID         string              `json:"id"`
	Title      string              `json:"title"`
	Author     string              `json:"author"`
	License    string              `json:"license"`
	Width      int                 `json:"width"`
	Height     int                 `json:"height"`
	Colors     int                 `json:"colors"`
	Verdict    *string             `json:"verdict"`
	Difficulty *string             `json:"difficulty"`
	Errors     []puzzle.Diagnostic `json:"errors"`
	Warnings   []puzzle.Diagnostic `json:"warnings"`
	Seconds    float64             `json:"seconds"`
}

func (c *checkCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("check", c.stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per puzzle per line")
	strict := fs.Bool("strict", false, "treat warnings as errors")
	timeout := fs.Duration("timeout", validate.DefaultTimeout, "solver budget per puzzle")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{"no PATH given: name puzzle files or folders"}
	}
	if *timeout <= 0 {
		return usageError{"-timeout must be positive"}
	}
	files, err := collectPuzzleFiles(fs.Args())
	if err != nil {
		return err
	}
	results, done := checkFiles(ctx, files, validate.Options{Timeout: *timeout})

	var nErr, nWarn, nPuzzles int
	verdicts := map[string]int{}
	enc := json.NewEncoder(c.stdout)
	for _, r := range results {
		nErr += len(r.Errors)
		nWarn += len(r.Warnings)
		if r.Index >= 0 {
			nPuzzles++
			if r.Verdict != nil {
				verdicts[*r.Verdict]++
			}
		}
		if *asJSON {
			if err := enc.Encode(r); err != nil {
				return err
			}
			continue
		}
		c.printHuman(r)
	}
	if !*asJSON {
		fmt.Fprintf(c.stdout, "%d puzzles in %d files: %d unique, %d multiple, %d without solution, %d unknown; %d errors, %d warnings\n",
			nPuzzles, len(files), verdicts["unique"], verdicts["multiple"], verdicts["none"], verdicts["unknown"], nErr, nWarn)
	}
	if ctx.Err() != nil {
		// A check that was stopped proved nothing about what it did not
		// reach: never report success (a CI job killed mid-check).
		fmt.Fprintf(c.stderr, "check interrupted: the results above are incomplete; %d of %d files were not checked\n", len(files)-done, len(files))
		return errFailed
	}
	if nErr > 0 || (*strict && nWarn > 0) {
		return errFailed
	}
	return nil
}

func (c *checkCommand) printHuman(r checkResult) {
	if r.Index >= 0 {
		verdict := "not solved"
		if r.Verdict != nil {
			verdict = *r.Verdict
			if r.Difficulty != nil {
				verdict += ", " + *r.Difficulty
			}
		}
		title := r.Title
		if title == "" {
			title = "(untitled)"
		}
		fmt.Fprintf(c.stdout, "%s#%d: %q %dx%d, %d colour(s): %s (%.3fs)\n", r.File, r.Index, title, r.Width, r.Height, r.Colors, verdict, r.Seconds)
	}
	for _, d := range r.Errors {
		fmt.Fprintf(c.stdout, "%s: error: %s\n", position(r.File, d.Line), d.Message)
	}
	for _, d := range r.Warnings {
		fmt.Fprintf(c.stdout, "%s: warning: %s\n", position(r.File, d.Line), d.Message)
	}
}

func position(file string, line int) string {
	if line > 0 {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return file
}

// checkFiles reads and validates every file, in parallel, and returns the
// results in file order, then puzzle order, and how many files were checked
// fully: when ctx is done, no further file is started and a puzzle being
// solved ends with an "interrupted" warning.
func checkFiles(ctx context.Context, files []string, opt validate.Options) (results []checkResult, done int) {
	perFile := make([][]checkResult, len(files))
	work := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				perFile[i] = checkFile(ctx, files[i], opt)
			}
		}()
	}
	for i := range files {
		if ctx.Err() != nil {
			break
		}
		work <- i
		done++
	}
	close(work)
	wg.Wait()
	for _, rs := range perFile {
		results = append(results, rs...)
	}
	if ctx.Err() != nil {
		done = completed(results, done)
	}
	return results, done
}

// completed counts, of the first started files, those none of whose
// puzzles was interrupted.
func completed(results []checkResult, started int) int {
	cut := map[string]bool{}
	for _, r := range results {
		for _, w := range r.Warnings {
			if strings.HasPrefix(w.Message, validate.InterruptedPrefix) {
				cut[r.File] = true
			}
		}
	}
	return started - len(cut)
}

// checkedPuzzle is a puzzle with the report of its validation.
type checkedPuzzle struct {
	puzzle *puzzle.Puzzle
	report validate.Report
}

// readAndCheck reads one file and validates each of its puzzles. unreadable is
// non-nil when part or all of the file could not be read.
func readAndCheck(ctx context.Context, file string, opt validate.Options) (unreadable *checkResult, checked []checkedPuzzle) {
	start := time.Now()
	puzzles, err := formats.ReadFile(file)
	if err != nil {
		unreadable = &checkResult{File: file, Index: -1, Errors: diagnostics(err), Warnings: []puzzle.Diagnostic{}}
		unreadable.Seconds = time.Since(start).Seconds()
	}
	for _, p := range puzzles {
		checked = append(checked, checkedPuzzle{p, validate.Check(ctx, p, opt)})
	}
	return unreadable, checked
}

// checkFile is readAndCheck as `check` prints it: the unreadable part first,
// then each puzzle.
func checkFile(ctx context.Context, file string, opt validate.Options) []checkResult {
	unreadable, checked := readAndCheck(ctx, file, opt)
	var out []checkResult
	if unreadable != nil {
		out = append(out, *unreadable)
	}
	for _, c := range checked {
		out = append(out, c.result(file))
	}
	return out
}

func (c checkedPuzzle) result(file string) checkResult {
	p, rep := c.puzzle, c.report
	r := checkResult{
		File: file, Index: p.Origin.Index, ID: rep.ID,
		Title: p.Meta.Title, Author: p.Meta.Author, License: p.Meta.License,
		Width: p.Width, Height: p.Height, Colors: p.Colors(),
		Errors: rep.Errors, Warnings: rep.Warnings, Seconds: rep.Seconds,
	}
	if rep.Verdict != "" {
		r.Verdict = &rep.Verdict
	}
	if rep.Difficulty != "" {
		r.Difficulty = &rep.Difficulty
	}
	if r.Errors == nil {
		r.Errors = []puzzle.Diagnostic{}
	}
	if r.Warnings == nil {
		r.Warnings = []puzzle.Diagnostic{}
	}
	return r
}

// diagnostics turns a reading error (possibly several joined) into messages
// with their lines.
func diagnostics(err error) []puzzle.Diagnostic {
	var out []puzzle.Diagnostic
	var walk func(error)
	walk = func(err error) {
		if joined, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range joined.Unwrap() {
				walk(e)
			}
			return
		}
		var pe *formats.ParseError
		if errors.As(err, &pe) {
			out = append(out, puzzle.Diagnostic{Line: pe.Line, Message: pe.Err.Error()})
			return
		}
		out = append(out, puzzle.Diagnostic{Message: err.Error()})
	}
	walk(err)
	return out
}
