package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/grade"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/validate"
)

// checkCommand validates puzzle files: `nonopress check [-json] [-strict]
// [-timeout 10s] [-explain] PATH...`.
type checkCommand struct{ stdout, stderr io.Writer }

// checkResult is one line of `check -json`: a puzzle, or (index -1) a file
// that could not be read, or the part of a file that could not. A puzzle's
// summary is its entry, as the site's catalogue has it (site.Entry; only
// what is published is left out: no page, no files).
type checkResult struct {
	File  string `json:"file"`
	Index int    `json:"index"` // which of its file's puzzles, -1 for the file
	site.Entry
	// ColorNames are the colours' names (the file's or the nearest
	// well-known), background left out.
	ColorNames []string `json:"color_names"`
	// Verdict and Difficulty are null when the puzzle was not solved (the
	// entry's are "").
	Verdict    *string          `json:"verdict"`
	Difficulty *string          `json:"difficulty"`
	Errors     []jsonDiagnostic `json:"errors"`
	Warnings   []jsonDiagnostic `json:"warnings"`
	Seconds    float64          `json:"seconds"`
	// count is how many puzzles the file holds (0 for the unreadable part):
	// puzzles are numbered in messages only when there are several.
	count int
	// untitled is set when neither the puzzle nor its note gives it a
	// title: the entry's is its file's name, as the site's, and the line
	// check prints for a person says "(untitled)".
	untitled bool
	// diffGrid shows where two solutions differ, for an ambiguous puzzle.
	diffGrid string
}

// jsonDiagnostic is a diagnostic as `check -json` writes it: line and
// message as before, col and hint since diag carries them (0 and "" when
// unknown).
type jsonDiagnostic struct {
	// File is set when the diagnostic is about another file than the
	// object's (the puzzle's note, the folder note that gave its license).
	File    string `json:"file,omitempty"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
	Hint    string `json:"hint"`
	// d is the diagnostic itself, for the human output.
	d diag.Diagnostic
}

// fileResult is the result (index -1) of a file, or a part of one, that is
// no puzzle, with its errors and warnings: its lists are [] in JSON, never
// null, as a puzzle's are, so that a script may take their length.
func fileResult(file string, errs, warns diag.List) *checkResult {
	return &checkResult{File: file, Index: -1, Errors: jsonDiagnostics(errs), Warnings: jsonDiagnostics(warns), ColorNames: []string{}}
}

// jsonDiagnostics converts a list, never returning nil (JSON gets []).
func jsonDiagnostics(l diag.List) []jsonDiagnostic {
	out := make([]jsonDiagnostic, 0, len(l))
	for _, d := range l {
		out = append(out, jsonDiagnostic{Line: d.Line, Col: d.Col, Message: d.Message, Hint: d.Hint, d: d})
	}
	return out
}

func (c *checkCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("check")
	asJSON := fs.Bool("json", false, "print one JSON object per puzzle per line")
	strict := fs.Bool("strict", false, "treat warnings as errors")
	timeout := fs.Duration("timeout", validate.DefaultTimeout, "solver budget per puzzle")
	explain := fs.Bool("explain", false, "also print each puzzle's solving path (line steps, probes, guesses)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return noPathGiven("check")
	}
	if *timeout <= 0 {
		return usageError{"-timeout must be positive"}
	}
	if *explain && *asJSON {
		return usageError{"-explain prints text: use it without -json"}
	}
	paths, unusable := fs.Args(), []checkResult(nil)
	var found collected
	var err error
	if *asJSON {
		found, paths, unusable, err = collectUsable(paths, c.stderr)
	} else {
		found, err = collectPuzzleFiles(paths)
	}
	if err != nil {
		return err
	}
	files := found.files
	notes := content.NewFolderNotes(paths)
	results, done := checkFiles(ctx, files, notes, validate.Options{Timeout: *timeout})
	giveFolderNoteLicenses(results, files, notes)
	results = slices.Concat(unusable, settingsResults(paths, newSiteFinder()), emptyFolderResults(found.empty), folderNoteResults(found.folders, notes), results)
	markDuplicates(results)

	var nErr, nWarn, nPuzzles int
	verdicts := map[string]int{}
	enc := json.NewEncoder(c.stdout)
	hinted := diag.Hints{} // the fixes printed in full, and the files they were printed for
	var nFiles int
	for i, r := range results {
		if i == 0 || r.File != results[i-1].File {
			nFiles++
		}
		nErr += len(r.Errors)
		nWarn += len(r.Warnings)
		if r.Index >= 0 {
			nPuzzles++
			if r.Verdict != nil {
				verdicts[*r.Verdict]++
			}
		}
		if *asJSON {
			r.nameOtherFiles()
			if err := enc.Encode(r); err != nil {
				return err
			}
			continue
		}
		c.printHuman(r, hinted)
	}
	if !*asJSON {
		fmt.Fprintf(c.stdout, "%s in %s: %d unique, %d multiple, %d without solution, %d unknown; %s, %s\n",
			puzzle.Plural(nPuzzles, "puzzle"), puzzle.Plural(len(files), "file"), verdicts["unique"], verdicts["multiple"],
			verdicts["none"], verdicts["unknown"], puzzle.Plural(nErr, "error"), puzzle.Plural(nWarn, "warning"))
	}
	if *explain {
		if err := explainFiles(ctx, c.stdout, files, *timeout); err != nil {
			return err
		}
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

// markDuplicates warns of each puzzle checked that is an earlier one's
// copy (the same id), naming the first, as the build does: a site would
// publish both, and they would share a player's progress.
func markDuplicates(results []checkResult) {
	first := map[string]int{}
	for i := range results {
		r := &results[i]
		if r.Index < 0 || r.ID == "" {
			continue
		}
		j, seen := first[r.ID]
		if !seen {
			first[r.ID] = i
			continue
		}
		place := results[j].File
		if results[j].count > 1 {
			place = fmt.Sprintf("%s #%d", place, results[j].Index+1) // as check's line names it
		}
		r.Warnings = append(r.Warnings, jsonDiagnostics(diag.List{build.Duplicate(r.File, place, r.ID, diag.Warning)})...)
	}
}

// difficultyWords says how a unique puzzle was solved, in an author's words
// (-json keeps the grade's key: line, probe, search).
func difficultyWords(key string) string {
	if g, ok := grade.Of(key); ok {
		return g.Solved
	}
	return key
}

// printHuman prints a result for a person: the puzzle's verdict line and
// its diagnostics. A diagnostic whose fix was printed in full for another
// file (hinted) names that file instead (diag.Hints, as build and print
// do): "no license" and its fix across a folder of .nin files, said in
// full a hundred times, hid the other warnings.
func (c *checkCommand) printHuman(r checkResult, hinted diag.Hints) {
	if r.Index >= 0 {
		verdict := "not solved"
		if r.Verdict != nil {
			verdict = *r.Verdict
			if r.Difficulty != nil {
				verdict += ", " + difficultyWords(*r.Difficulty)
			}
		}
		title := r.Title
		if r.untitled {
			title = "(untitled)"
		}
		name := r.File
		if r.count > 1 {
			name = fmt.Sprintf("%s #%d", r.File, r.Index+1) // numbered as the site numbers a bundle's puzzles
		}
		colours := puzzle.Plural(r.Colors, "colour")
		if len(r.ColorNames) > 1 {
			colours += " (" + strings.Join(r.ColorNames, ", ") + ")"
		}
		fmt.Fprintf(c.stdout, "%s: %q %s, %s: %s (%.3fs)\n", name, title, r.size(), colours, verdict, r.Seconds)
	}
	all := append(append(diag.List{}, diagsOf(r.Errors)...), diagsOf(r.Warnings)...)
	all.Sort()
	grid := r.diffGrid // under the warning it shows, else last
	for _, d := range all {
		d = hinted.Shorten(d)
		fmt.Fprintln(c.stdout, d.Labelled())
		if strings.HasPrefix(d.Message, "multiple solutions") {
			fmt.Fprint(c.stdout, grid)
			grid = ""
		}
	}
	fmt.Fprint(c.stdout, grid)
}

// nameOtherFiles sets the File of r's diagnostics that are about another
// file than r's, for -json.
func (r *checkResult) nameOtherFiles() {
	for _, l := range [][]jsonDiagnostic{r.Errors, r.Warnings} {
		for i := range l {
			if f := l[i].d.File; f != "" && f != r.File {
				l[i].File = f
			}
		}
	}
}

// diagsOf returns the diagnostics of a result's JSON form.
func diagsOf(js []jsonDiagnostic) diag.List {
	out := make(diag.List, len(js))
	for i, j := range js {
		out[i] = j.d
	}
	return out
}

// collectUsable is collectPuzzleFiles for -json: it gives an error object
// (index -1) for each of the paths that cannot be checked at all
// (statPath: "no such file or directory", "not a regular file (a named
// pipe)"), and collects the others, which are checked still, and returns
// them (rest): a script reading check -json's output gets the mistake
// there, where it got nothing on standard output. The person who typed
// the path still gets the line check without -json prints on standard
// error (where it stops), written to stderr. Each path is looked at once.
func collectUsable(paths []string, stderr io.Writer) (c collected, rest []string, unusable []checkResult, err error) {
	for _, p := range paths {
		info, err := statPath(p)
		if err != nil {
			if u, ok := err.(unusablePath); ok {
				err = u.d
			}
			d := diag.FromError(p, err)
			unusable = append(unusable, *fileResult(p, diag.List{d}, nil))
			fmt.Fprintf(stderr, "nonopress check: %s\n", d)
			continue
		}
		if err := c.add(p, info); err != nil {
			return c, rest, unusable, err
		}
		rest = append(rest, p)
	}
	return c, rest, unusable, nil
}

// emptyFolderResults warns of each folder named on the command line that
// holds no puzzle file: a mistyped folder, or files of a format nonopress
// does not read.
func emptyFolderResults(folders []emptyFolder) []checkResult {
	var out []checkResult
	for _, f := range folders {
		w := diag.Diagnostic{File: f.path, Severity: diag.Warning, Message: "no puzzle files in this folder", Hint: build.NoPuzzlesHint}
		if pic := f.picture; pic != "" {
			note := strings.TrimSuffix(pic, filepath.Ext(pic)) + ".md"
			w.Hint = fmt.Sprintf("%s is a picture without a note: add %s beside it, even empty, to make it a puzzle", filepath.ToSlash(pic), filepath.ToSlash(note))
		}
		out = append(out, *fileResult(f.path, nil, diag.List{w}))
	}
	return out
}

// checkFiles reads and validates every file, in parallel, and returns the
// results in file order, then puzzle order, and how many files were checked
// fully: when ctx is done, no further file is started and a puzzle being
// solved ends with an "interrupted" warning.
func checkFiles(ctx context.Context, files []string, notes *content.FolderNotes, opt validate.Options) (results []checkResult, done int) {
	perFile := make([][]checkResult, len(files))
	work := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				perFile[i] = checkFile(ctx, files[i], notes, opt)
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

// readAndCheck reads one file and validates each of its puzzles, titled
// and credited as the site build does (content.Titled, content.Credit): by
// the note beside the file and by those of its folders up to the site's
// root (notes, content.FolderNotes, read once for the files of a run).
// unreadable is non-nil when part or all of the file could not be read.
func readAndCheck(ctx context.Context, file string, notes *content.FolderNotes, opt validate.Options) (unreadable *checkResult, checked []checkedPuzzle) {
	start := time.Now()
	puzzles, err := formats.ReadFile(file)
	if err != nil {
		unreadable = fileResult(file, formats.Diagnostics(file, err), formats.Warnings(err))
		unreadable.Seconds = time.Since(start).Seconds()
	}
	own, _, err := readNoteBeside(file)
	if err != nil {
		own = content.Note{} // a broken note says nothing (checkNote reports it)
	}
	folders := notes.Fronts(file)
	for _, p := range puzzles {
		p = content.Credit(content.Titled(p, own.Front, len(puzzles) > 1), own.Front, folders)
		if err := content.CheckTitle(p.Meta.Title); err != nil {
			// The build leaves such a puzzle out without solving it: so
			// does check, saying why.
			d := diag.Diagnostic{File: file, Line: p.Origin.Line, Severity: diag.Error, Message: err.Error()}
			checked = append(checked, checkedPuzzle{p, validate.Report{Errors: diag.List{d}}})
			continue
		}
		checked = append(checked, checkedPuzzle{p, validate.Check(ctx, p, opt)})
	}
	return unreadable, checked
}

// checkFile is readAndCheck as `check` prints it: the unreadable part first,
// then each puzzle.
func checkFile(ctx context.Context, file string, notes *content.FolderNotes, opt validate.Options) []checkResult {
	unreadable, checked := readAndCheck(ctx, file, notes, opt)
	var out []checkResult
	if unreadable != nil {
		out = append(out, *unreadable)
	}
	if note := checkNote(file, notes); note != nil {
		out = append(out, *note)
	}
	for _, c := range checked {
		out = append(out, c.result(file, len(checked)))
	}
	return out
}

// result is the check result of the puzzle of file, one of count: its
// entry titled as the site titles it, an untitled puzzle by its file's
// name ("data001", "minis #2"), as catalogue.json gives it.
func (c checkedPuzzle) result(file string, count int) checkResult {
	p, rep := c.puzzle, c.report
	fallback := site.FileFallbackTitle(file, p.Origin.Index, count)
	r := checkResult{
		File: file, Index: p.Origin.Index, Entry: *site.NewEntry(p, content.FrontMatter{}, fallback), ColorNames: []string{},
		Errors: jsonDiagnostics(rep.Errors), Warnings: jsonDiagnostics(rep.Warnings), Seconds: rep.Seconds,
		count: count, untitled: strings.TrimSpace(p.Meta.Title) == "",
	}
	for i := 1; i < len(p.Palette); i++ {
		r.ColorNames = append(r.ColorNames, p.Palette[i].DisplayName())
	}
	if len(rep.Solutions) == 2 {
		r.diffGrid = differenceGrid(p, rep.Solutions[0], rep.Solutions[1])
	}
	if rep.Verdict != "" {
		r.Verdict = &rep.Verdict
	}
	if rep.Difficulty != "" {
		r.Difficulty = &rep.Difficulty
	}
	return r
}
