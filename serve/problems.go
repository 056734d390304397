package serve

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/treefile"
	"github.com/nonopress/nonopress/puzzle"
)

// problem is a diagnostic as the browsers' panel gets it: where (file, line
// and column when known), how bad, what, and how to fix it.
type problem struct {
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Col      int    `json:"col,omitempty"`
	Severity string `json:"severity"` // "error" or "warning"
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
	// Same names the other files the problem is about, when many share
	// it ("the same in 77 more files: ..."; diag.Grouped).
	Same string `json:"same,omitempty"`
}

// groupedProblems turns diagnostics into problems, those that many files
// share as one with its Same line, in their order.
func groupedProblems(l diag.List) []problem {
	gs := diag.Grouped(l, diag.Listed)
	out := make([]problem, 0, len(gs))
	for _, g := range gs {
		p := problemsOf(diag.List{g.First})[0]
		if len(g.Others) > 0 {
			p.Same = g.Same(diag.Listed)
		}
		out = append(out, p)
	}
	return out
}

// problemsOf turns diagnostics into problems, in their order.
func problemsOf(l diag.List) []problem {
	out := make([]problem, 0, len(l))
	for _, d := range l {
		out = append(out, problem{File: d.File, Line: d.Line, Col: d.Col, Severity: d.Severity.String(), Message: d.Message, Hint: d.Hint})
	}
	return out
}

// failureDiagnostics are the diagnostics of a build that failed: its
// problems when puzzles are in error (the errors, and the warnings of the
// puzzles in error alone), else the error itself: a mistake in the site's
// nonopress.toml at its line, as check gives it, an output that cannot be
// written, a template that does not parse.
func failureDiagnostics(err error) diag.List {
	var be *build.Error
	if errors.As(err, &be) && len(be.Diagnostics) > 0 {
		return be.Diagnostics
	}
	return diag.List{diag.FromError("", err)}
}

// settingsMistake reports whether err is a mistake in the nonopress.toml
// of the content tree src, which content.ReadSettings gives as a
// diagnostic of that file (diag.FromError then has it at its line).
func settingsMistake(src string, err error) bool {
	var d *diag.Diagnostic
	return errors.As(err, &d) && d.File == filepath.Join(src, content.ConfigFile)
}

// split separates the errors, with the warnings of the puzzles they leave
// out (leftOut, which often say the cause: a colour with no color line,
// then clue sums that disagree), from the other warnings, each in the
// order of l. The build knows leftOut by puzzle: in a bundle, the warnings
// of a puzzle it published stay with the other warnings.
func split(l, leftOut diag.List) (errs, warnings diag.List) {
	withErrors := make(map[diag.Diagnostic]bool, len(leftOut))
	for _, d := range leftOut {
		withErrors[d] = true
	}
	for _, d := range l {
		if d.Severity == diag.Error || withErrors[d] {
			errs = append(errs, d)
		} else {
			warnings = append(warnings, d)
		}
	}
	return errs, warnings
}

// problemEvent is the event that tells browsers a build's problems, l,
// of which leftOut are the warnings of the puzzles left out: a
// "builderror" while puzzles are left out (the rest of the site is up to
// date) or the build failed, else "ok", with the warnings either way (one
// that many files share once, and how many there are in all). The
// problems are the errors with the warnings of their puzzles among them,
// in the build's order (a puzzle's in line order); warning_count counts
// the others. Its message says the same as text, for a reader of the raw
// stream.
func problemEvent(failed bool, l, leftOut diag.List) event {
	errs, warnings := split(l, leftOut)
	data := map[string]any{"warnings": groupedProblems(warnings), "warning_count": len(warnings)}
	if !failed && len(errs) == 0 {
		return event{Name: "ok", Data: data}
	}
	head := "build failed; the site is as it was before this change:"
	if !failed {
		head = puzzle.Plural(errs.Count(diag.Error), "problem") + " left puzzles out until fixed; the rest of the site is up to date:"
	}
	lines := make([]string, 0, len(errs))
	for _, d := range errs {
		if d.Severity == diag.Warning {
			lines = append(lines, d.Labelled()) // "warning:" sets it apart
			continue
		}
		lines = append(lines, d.String())
	}
	data["message"] = head + "\n\n" + strings.Join(lines, "\n")
	data["problems"] = problemsOf(errs)
	return event{Name: "builderror", Data: data}
}

// problemLog prints each problem once: a line is printed when it appears,
// not again while it stays, and again if it comes back after it was fixed.
type problemLog struct {
	shown map[string]bool
	// built is what the last build that did not fail logged, which a
	// failed build leaves as it was.
	built map[string]bool
	// worst is the worst severity of each file's problems since the last
	// build that did not fail: a file whose worst is less bad in the next
	// (an error gone, or its warnings) is logged as fixed.
	worst map[string]diag.Severity
}

// print logs the lines of l that the last call did not, those that many
// files share once with a line naming the others (diag.Grouped), and
// forgets those that are gone.
// unread are the folders whose puzzles the build left out without reading
// them (a collection's note in error: unreadFolders): their files are not
// fixed for being silent, and keep what they had.
func (p *problemLog) print(w io.Writer, l diag.List, unread []string) { p.log(w, l, false, unread) }

// add logs the lines of l not logged yet, as print does, for a build that
// failed, which left the site, and so its warnings, as they were: it
// forgets the lines of a failure before, not those of the last build.
func (p *problemLog) add(w io.Writer, l diag.List) { p.log(w, l, true, nil) }

func (p *problemLog) log(w io.Writer, l diag.List, keep bool, unread []string) {
	now := make(map[string]bool, len(l))
	worst := map[string]diag.Severity{}
	var fresh diag.List
	for _, d := range l {
		if d.File != "" {
			if s, ok := worst[d.File]; !ok || d.Severity < s { // Error is the least
				worst[d.File] = d.Severity
			}
		}
		line := d.Labelled()
		if now[line] {
			continue
		}
		now[line] = true
		if !p.shown[line] {
			fresh = append(fresh, d)
		}
	}
	if keep {
		for line := range p.built {
			now[line] = true
		}
		for f, s := range p.worst {
			if old, ok := worst[f]; !ok || s < old {
				worst[f] = s
			}
		}
	} else {
		for f, s := range p.worst {
			if old, ok := worst[f]; inAny(unread, f) && (!ok || s < old) {
				worst[f] = s
			}
		}
		p.logFixed(w, worst)
		p.built = now
	}
	for _, g := range diag.Grouped(fresh, diag.Listed) {
		fmt.Fprintln(w, g.First.Labelled())
		if len(g.Others) > 0 {
			fmt.Fprintln(w, "  "+g.Same(diag.Listed))
		}
	}
	p.worst = worst
	p.shown = now
}

// logFixed says which files are better than they were: an error gone, or
// all their warnings ("fixed: a.non"; the log names each problem once,
// and said nothing when it went), a few by name. A file removed is not
// fixed: nothing is said of it.
func (p *problemLog) logFixed(w io.Writer, now map[string]diag.Severity) {
	var fixed []string
	for f, was := range p.worst {
		if s, ok := now[f]; ok && s <= was {
			continue
		}
		if _, err := os.Stat(f); err == nil {
			fixed = append(fixed, f)
		}
	}
	if len(fixed) == 0 {
		return
	}
	sort.Strings(fixed)
	line := "fixed: " + strings.Join(fixed[:min(len(fixed), 3)], ", ")
	if len(fixed) > 3 {
		line += " and " + puzzle.Plural(len(fixed)-3, "more file")
	}
	fmt.Fprintln(w, line)
}

// unreadFolders are the folders a build left out unread (build.Skip.Unread:
// a collection whose note is in error): it says nothing of the puzzles in
// them, which are no better for it.
func unreadFolders(skips []build.Skip) []string {
	var dirs []string
	for _, sk := range skips {
		if dir := sk.Unread(); dir != "" {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// inAny says whether file is in one of dirs (or below).
func inAny(dirs []string, file string) bool {
	for _, d := range dirs {
		if _, ok := treefile.Inside(d, file); ok {
			return true
		}
	}
	return false
}
