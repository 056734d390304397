package build

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// Summary says what a build did.
type Summary struct {
	Puzzles int // puzzles published
	Pages   int // HTML pages in the site
	// Written and Removed count the output files that are new or changed, and
	// gone, compared with the previous output.
	Written, Removed int
	// Skips are the puzzles (unreadable parts of files, notes) left out
	// (SkipInvalid), with the reason; their lines are Skipped.
	Skips    []Skip
	Warnings []string // "path:line: message", in path order
	// Diagnostics are the same problems as values (file, line, column,
	// severity, message, hint), in path order: every warning, and the
	// errors that left puzzles out. Site-wide warnings (booklets, files in
	// the output folder) are at the output path they are about.
	Diagnostics diag.List
	Changed     []string // output paths (slash-separated) written or removed, sorted
	// Deferred counts what BuildQuick left to the next Build: the files it
	// kept as they were published instead of making them again (booklets
	// and site-wide lists), and the caches it did not save; 0 after Build.
	Deferred int
	// Repaired counts the published files that were gone or replaced by
	// hand since the last build (`rm -rf public/*`), which this one wrote
	// again.
	Repaired int
	// Unchanged: nothing the site depends on had changed since the last
	// build, which this one found by its stamp (stamp.go) without reading a
	// file; the counts and messages are the last build's.
	Unchanged bool
}

// warnAt adds warnings to the summary, each at its place (a file, a line;
// a site-wide one at the output path it is about): logged as
// "file:line: warning: message (hint)", as check prints them.
func (s *Summary) warnAt(ds ...diag.Diagnostic) {
	for _, d := range ds {
		s.Diagnostics = append(s.Diagnostics, d)
		s.Warnings = append(s.Warnings, d.String())
	}
}

// skip adds the puzzles (or parts, or notes) left out to the summary.
func (s *Summary) skip(skips ...Skip) {
	s.Skips = append(s.Skips, skips...)
}

// LeftOut returns the warnings of the puzzles left out (in Warnings and
// Diagnostics too, and counted with them), in the order of Diagnostics,
// which often say why: the log lists them under their puzzle's line in
// Skipped, not again with the warnings of what was published. They are
// those of Diagnostics that Skips hold among their warnings.
func (s Summary) LeftOut() diag.List {
	warnings := map[diag.Diagnostic]bool{}
	for _, sk := range s.Skips {
		for _, d := range sk.Warnings {
			warnings[d] = true
		}
	}
	var l diag.List
	for _, d := range s.Diagnostics {
		if d.Severity != diag.Error && warnings[d] {
			l = append(l, d)
		}
	}
	return l
}

// Skipped is a line for each of the puzzles left out (Skips), with the
// reason, each fix in full; the log writes them naming a fix given before
// "(as for a.non)".
func (s Summary) Skipped() []string {
	return skippedLines(s.Skips, nil)
}

// logSummary logs a build's warnings, skipped puzzles and summary line.
func (b *Builder) logSummary(sum Summary, start time.Time) {
	hinted := logWarnings(b.log, sum)
	logList(b.log, skippedLines(sum.Skips, hinted), "", "more left out")
	if sum.Repaired > 0 {
		were := "were"
		if sum.Repaired == 1 {
			were = "was"
		}
		fmt.Fprintf(b.log, "%s of the published site %s gone or changed by hand since the last build: written again\n", puzzle.Plural(sum.Repaired, "file"), were)
	}
	fmt.Fprintf(b.log, "built %s into %s: %s changed, %d removed, %s, %d left out (%.1fs)\n",
		puzzle.Plural(sum.Puzzles, "puzzle"), puzzle.Plural(sum.Pages, "page"), puzzle.Plural(sum.Written, "file"), sum.Removed,
		puzzle.Plural(len(sum.Warnings), "warning"), len(sum.Skips), time.Since(start).Seconds())
}

// Error is a build that failed because puzzles or notes are invalid.
type Error struct {
	// Diagnostics are every problem, in path order, with the warnings of
	// the puzzles in error, which often say the cause, among their errors
	// in line order (as check lists them).
	Diagnostics diag.List
	// Problems are the same as "path:line: error: message (hint)"
	// (Labelled), a hint given in full for an earlier file named as "(as
	// for a.non)", as the log and check write them (diag.Hints).
	Problems []string
}

// newError makes the Error of a build's problems.
func newError(problems diag.List) *Error {
	e := &Error{Diagnostics: problems}
	hinted := diag.Hints{}
	for _, d := range problems {
		e.Problems = append(e.Problems, hinted.Shorten(d).Labelled())
	}
	return e
}

// Error says how many problems failed the build, and how many warnings of
// their puzzles are listed with them: "3 problems, with 1 warning of their
// puzzles".
func (e *Error) Error() string {
	n := puzzle.Plural(e.Diagnostics.Count(diag.Error), "problem")
	if w := e.Diagnostics.Count(diag.Warning); w > 0 {
		n += ", with " + puzzle.Plural(w, "warning") + " of their puzzles"
	}
	return fmt.Sprintf("build failed, the output was left as it was: %s:\n%s", n, strings.Join(e.Problems, "\n"))
}

// logListMax is how many warnings (or skipped puzzles) the log lists; the
// Summary has them all.
const logListMax = 50

// logList writes the first logListMax lines of a list, each as prefix
// makes it, and how many more there are, "... and 7 more puzzles left out"
// (more, a singular noun).
func logList(w io.Writer, list []string, prefix, more string) {
	for i, m := range list {
		if i == logListMax {
			fmt.Fprintf(w, "... and %s\n", puzzle.Plural(len(list)-i, more))
			return
		}
		fmt.Fprintf(w, "%s%s\n", prefix, m)
	}
}

// logWarnings writes the build's warnings as check and print do
// (diag.Diagnostic.Labelled: "file:line: warning: message"), up to
// logListMax lines; a warning that many files share (the same message and
// hint, such as "no license" across a folder of .nin files) in full once,
// followed by one line that names the others (diag.Grouped): one line
// repeated a hundred times hides the warnings that differ. A hint (the
// fix) is written in full the first time only, later for another file as
// "(as for a.non)", as check and print write it (diag.Hints): twenty
// duplicates need not each say that players' progress is kept by id, nor
// leave the reader of one of them without a fix. The Summary keeps every
// warning in full. One rule says what is written: every diagnostic of the
// summary (every warning, and an error that -strict made of a warning
// that leaves nothing out: a duplicate id, a note's license, which
// -skip-invalid lists nowhere else) but those of the puzzles left out,
// their errors and their warnings, which the skipped puzzles' lines list;
// told apart as values (file, line, column, severity, message, hint), not
// by their printed text, which an error may share with a warning. It
// returns the fixes it gave, for the skipped puzzles' lines that follow.
func logWarnings(w io.Writer, sum Summary) diag.Hints {
	leftOut := map[diag.Diagnostic]bool{}
	for _, s := range sum.Skips {
		for _, d := range s.Problems {
			leftOut[d] = true
		}
		for _, d := range s.Warnings {
			leftOut[d] = true
		}
	}
	var ds diag.List
	for _, d := range sum.Diagnostics {
		if !leftOut[d] {
			ds = append(ds, d)
		}
	}
	lines, shown := 0, 0
	hinted := diag.Hints{} // hints written in full: later warnings name their file
	for _, g := range diag.Grouped(ds, diag.Listed) {
		if lines == logListMax {
			fmt.Fprintf(w, "... and %s\n", puzzle.Plural(len(ds)-shown, "more warning"))
			return hinted
		}
		fmt.Fprintln(w, hinted.Shorten(g.First).Labelled())
		lines, shown = lines+1, shown+1
		if len(g.Others) > 0 {
			fmt.Fprintf(w, "  %s\n", g.Same(diag.Listed))
			lines, shown = lines+1, shown+len(g.Others)
		}
	}
	return hinted
}
