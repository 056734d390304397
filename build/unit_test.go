package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/diag"
)

func TestProgressSilentUnlessTerminal(t *testing.T) {
	var buf strings.Builder
	p := newProgress(&buf, false, 10)
	p.done()
	p.stop()
	if buf.Len() != 0 || p.active {
		t.Errorf("progress wrote %q to a non-terminal", buf.String())
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("a regular file taken for a terminal")
	}
}

func TestSummaryLine(t *testing.T) {
	s := newSite(t, smallSite)
	var log strings.Builder
	s.mustBuild(Config{Log: &log})
	if !strings.HasPrefix(log.String(), "built 4 puzzles into 20 pages: ") || strings.Count(log.String(), "\n") != 1 {
		t.Errorf("log = %q, want one summary line", log.String())
	}
}

func TestLogListsWarnings(t *testing.T) {
	s := newSite(t, smallSite+"-- free.non --\ntitle \"Free\"\nwidth 1\nheight 2\n\nrows\n1\n1\n\ncolumns\n2\n")
	var log strings.Builder
	s.mustBuild(Config{Log: &log})
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], filepath.Join(s.src, "free.non")+":1: warning: no license: ") ||
		!strings.Contains(lines[1], "1 warning,") {
		t.Errorf("log = %q", log.String())
	}
}

func TestLandscape(t *testing.T) {
	for svg, want := range map[string]bool{
		`<svg width="420mm" height="297mm" viewBox="0 0 42e3 29700">`: true,
		`<svg width="210mm" height="297mm">`:                          false,
		`<svg height="10mm" width="20mm">`:                            false, // not render's order: no claim
		`<rect width="420mm" height="1mm"/>`:                          false,
	} {
		if got := landscape([]byte(svg)); got != want {
			t.Errorf("landscape(%s) = %v", svg, got)
		}
	}
}

func TestLogListIsCapped(t *testing.T) {
	var b strings.Builder
	list := make([]string, logListMax+7)
	for i := range list {
		list[i] = "w"
	}
	logList(&b, list, "warning: ", "more warning")
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != logListMax+1 || lines[0] != "warning: w" || lines[logListMax] != "... and 7 more warnings" {
		t.Errorf("capped list: %d lines, last %q", len(lines), lines[len(lines)-1])
	}
}

// TestLogWarningsGroupsRepeats checks that a warning many files share is
// written in full once, with one line naming the other files, that the
// warnings that differ are all written, that a few repeats are written
// each on its own line, and that a hint is written in full the first time
// only, later as "(as for FILE)", as check and print write it.
func TestLogWarningsGroupsRepeats(t *testing.T) {
	var sum Summary
	add := func(d diag.Diagnostic) {
		d.Severity = diag.Warning
		sum.Diagnostics = append(sum.Diagnostics, d)
		sum.Warnings = append(sum.Warnings, d.String())
	}
	for i := range 100 {
		add(diag.Diagnostic{File: fmt.Sprintf("d/%03d.nin", i), Line: 1, Message: "no license", Hint: "add one"})
	}
	add(diag.Diagnostic{File: "d/050.nin", Line: 1, Message: "multiple solutions"})
	add(diag.Diagnostic{File: "e.non", Line: 2, Message: "twice"})
	add(diag.Diagnostic{File: "f.non", Line: 2, Message: "twice"})
	add(diag.Diagnostic{File: "g.non", Message: "duplicate of a.non", Hint: "they share progress"})
	add(diag.Diagnostic{File: "h.non", Message: "duplicate of b.non", Hint: "they share progress"})
	sum.warnAt(diag.Warningf("public/x/booklet.pdf", "too large")) // a site-wide warning, at its output path
	var b strings.Builder
	logWarnings(&b, sum)
	want := `d/000.nin:1: warning: no license (add one)
  the same in 99 more files: d/001.nin, d/002.nin, d/003.nin, …
d/050.nin:1: warning: multiple solutions
e.non:2: warning: twice
f.non:2: warning: twice
g.non: warning: duplicate of a.non (they share progress)
h.non: warning: duplicate of b.non (as for g.non)
public/x/booklet.pdf: warning: too large
`
	if b.String() != want {
		t.Errorf("logged\n%s\nwant\n%s", b.String(), want)
	}
}

// TestLogWarningsIsCapped checks that the grouped log stops at logListMax
// lines and counts the warnings it left out.
func TestLogWarningsIsCapped(t *testing.T) {
	var sum Summary
	for i := range logListMax + 7 {
		d := diag.Diagnostic{File: fmt.Sprintf("p%02d.non", i), Line: 1, Severity: diag.Warning, Message: fmt.Sprintf("odd %d", i)}
		sum.Diagnostics = append(sum.Diagnostics, d)
		sum.Warnings = append(sum.Warnings, d.String())
	}
	var b strings.Builder
	logWarnings(&b, sum)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != logListMax+1 || lines[0] != "p00.non:1: warning: odd 0" || lines[logListMax] != "... and 7 more warnings" {
		t.Errorf("capped log: %d lines, first %q, last %q", len(lines), lines[0], lines[len(lines)-1])
	}
}

// TestLogWarningsWritesErrorsLeftNowhereElse checks that the log writes an
// error the summary counts as a warning (a duplicate id, a note's license,
// which -strict makes errors that leave nothing out), and leaves the
// errors that left a puzzle out to the skipped lines.
func TestLogWarningsWritesErrorsLeftNowhereElse(t *testing.T) {
	var sum Summary
	sum.warnAt(diag.Diagnostic{File: "b.non", Severity: diag.Error, Message: "duplicate of a.non"})
	left := diag.Diagnostic{File: "c.non", Line: 3, Severity: diag.Error, Message: "no solution"}
	sum.Diagnostics = append(sum.Diagnostics, left)
	sum.skip(Skip{Problems: diag.List{left}})
	var b strings.Builder
	logWarnings(&b, sum)
	if want := "b.non: error: duplicate of a.non\n"; b.String() != want {
		t.Errorf("logged %q, want %q", b.String(), want)
	}
}

// TestLogWarningsTellsDiagnosticsApartByValue: an error of a puzzle left
// out that prints as a warning of the build does (the same place and
// message: the severity is not in the printed text) is left to the
// skipped lines, and the warning is written once; the two were told apart
// by their text, which wrote the error among the warnings too.
func TestLogWarningsTellsDiagnosticsApartByValue(t *testing.T) {
	var sum Summary
	left := diag.Diagnostic{File: "c.non", Line: 3, Severity: diag.Error, Message: "odd"}
	sum.Diagnostics = append(sum.Diagnostics, left)
	sum.skip(Skip{Problems: diag.List{left}})
	warning := left
	warning.Severity = diag.Warning
	sum.warnAt(warning)
	var b strings.Builder
	logWarnings(&b, sum)
	if want := "c.non:3: warning: odd\n"; b.String() != want {
		t.Errorf("logged %q, want %q", b.String(), want)
	}
}
