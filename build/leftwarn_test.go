package build

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// undeclaredColour is a site with a puzzle whose warning says why it is in
// error: its third row names a colour "y" with no color line (line 11),
// so the clue sums disagree (errors at the rows block, line 8).
func undeclaredColour(t *testing.T) string {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "undeclared-colour.non"))
	if err != nil {
		t.Fatal(err)
	}
	return smallSite + "-- p/undecl.non --\n" + string(data)
}

// TestFailedBuildListsTheWarningsOfItsPuzzles: a build that fails lists
// the warnings of the puzzle in error with its errors, in line order as
// check does, and counts them apart from the problems.
func TestFailedBuildListsTheWarningsOfItsPuzzles(t *testing.T) {
	s := newSite(t, undeclaredColour(t))
	undecl, err := failedBuildOf(t, s, "undecl.non")
	if len(undecl) != 3 || undecl[2].Severity != diag.Warning || !strings.Contains(undecl[2].Message, "'y' has no color line") ||
		undecl[0].Line != 8 || undecl[1].Line != 8 || undecl[2].Line != 11 {
		t.Fatalf("problems of undecl.non = %v, want its two errors at line 8, then its warning at line 11", undecl)
	}
	if msg := err.Error(); !strings.Contains(msg, "2 problems, with 1 warning of their puzzles:") ||
		!strings.Contains(msg, "undecl.non:11:1: warning: colour 'y' has no color line") {
		t.Errorf("error:\n%s\nwant the count of each and the warning labelled", msg)
	}
}

// TestStrictBuildFailsOnTheWarningsOfAPuzzleInError: with Strict the
// warning is one of the problems, as before.
func TestStrictBuildFailsOnTheWarningsOfAPuzzleInError(t *testing.T) {
	s := newSite(t, undeclaredColour(t))
	_, err := s.build(Config{Strict: true})
	var berr *Error
	if !errors.As(err, &berr) {
		t.Fatalf("err = %v, want a build error", err)
	}
	if n := berr.Diagnostics.Count(diag.Warning); n != 0 {
		t.Errorf("%d warnings among the problems, want the warning made an error", n)
	}
	if !strings.Contains(err.Error(), "undecl.non:11:1: error: colour 'y' has no color line") {
		t.Errorf("error:\n%s\nwant the warning as an error", err)
	}
}

// TestSkipInvalidLogsTheWarningsOfAPuzzleLeftOut: with SkipInvalid the log
// lists the puzzle's warning under the line that says it was left out,
// once, and the summary counts it with the warnings it printed.
func TestSkipInvalidLogsTheWarningsOfAPuzzleLeftOut(t *testing.T) {
	s := newSite(t, undeclaredColour(t))
	var log bytes.Buffer
	sum, err := s.build(Config{SkipInvalid: true, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Skipped()) != 1 || !strings.Contains(sum.Skipped()[0], "(left out, with 1 more problem)\n  ") ||
		!strings.HasSuffix(sum.Skipped()[0], "undecl.non:11:1: warning: colour 'y' has no color line, unlike the others: nonopress picks a colour for it "+
			"(add a line \"color y #rrggbb\" after line 6, with the other color lines; or use a declared colour)") {
		t.Errorf("skipped = %q, want the puzzle's line, then its warning", sum.Skipped())
	}
	if len(sum.LeftOut()) != 1 || sum.LeftOut()[0].Line != 11 {
		t.Errorf("LeftOut = %v, want the warning of line 11", sum.LeftOut())
	}
	out := log.String()
	if n := strings.Count(out, "has no color line"); n != 1 {
		t.Errorf("the warning is in the log %d times, want once:\n%s", n, out)
	}
	if !strings.Contains(out, "(left out, with 1 more problem)\n  ") {
		t.Errorf("log:\n%s\nwant the warning under the puzzle's line", out)
	}
	warnings := len(sum.Warnings)
	if !strings.Contains(out, puzzle.Plural(warnings, "warning")+", 1 left out") || !containsWarning(sum.Warnings, "has no color line") {
		t.Errorf("log:\n%s\nwant the summary to count the %d warnings, the left-out puzzle's among them", out, warnings)
	}
	// The next build takes the file's result from the store: the same.
	s.forgetStamp()
	again, err := s.build(Config{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(again.Skipped(), "\n") != strings.Join(sum.Skipped(), "\n") || len(again.LeftOut()) != 1 || len(again.Warnings) != warnings {
		t.Errorf("from the store: skipped %q, left-out warnings %v, %d warnings; want %q, 1, %d", again.Skipped(), again.LeftOut(), len(again.Warnings), sum.Skipped(), warnings)
	}
}

// failedBuildOf builds s, which must fail, and returns its problems about
// the file whose path ends in name, in their order, and its error.
func failedBuildOf(t *testing.T, s *testSite, name string) (diag.List, error) {
	t.Helper()
	_, err := s.build(Config{})
	var berr *Error
	if !errors.As(err, &berr) {
		t.Fatalf("err = %v, want a build error", err)
	}
	var of diag.List
	for _, d := range berr.Diagnostics {
		if strings.HasSuffix(d.File, name) {
			of = append(of, d)
		}
	}
	return of, err
}

// containsWarning reports whether one of the warnings ws says part.
func containsWarning(ws []string, part string) bool {
	return slices.ContainsFunc(ws, func(w string) bool { return strings.Contains(w, part) })
}

// TestUnreadableFileListsTheWarningsBeforeItsError: a file whose reading
// stops at an error (an unknown colour name, line 8) has its warning of
// the line above (the misspelt color key that would declare the colour,
// line 5) listed with the error, in line order, in a failed build and
// under the file's line with SkipInvalid.
func TestUnreadableFileListsTheWarningsBeforeItsError(t *testing.T) {
	const file = "license CC0-1.0\nwidth 2\nheight 2\ncolor red #ff0000\ncolr green #00aa00\nrows\nred 2\ngreen 2\ncolumns\nred 1 green 1\nred 1 green 1\n"
	s := newSite(t, smallSite+"-- p/names.non --\n"+file)
	names, _ := failedBuildOf(t, s, "names.non")
	if len(names) != 2 || names[0].Severity != diag.Warning || names[0].Line != 5 || !strings.Contains(names[0].Message, `unknown key "colr"`) ||
		names[1].Severity != diag.Error || names[1].Line != 8 {
		t.Fatalf("problems of names.non = %v, want its warning at line 5, then its error at line 8", names)
	}

	sum, err := s.build(Config{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Skipped()) != 1 || !strings.Contains(sum.Skipped()[0], "names.non:8:1: error: unknown colour name \"green\" (left out)\n  ") ||
		!strings.HasSuffix(sum.Skipped()[0], "names.non:5:1: warning: unknown key \"colr\" (did you mean \"color\"?)") {
		t.Errorf("skipped = %q, want the file's line, then its warning", sum.Skipped())
	}
	if len(sum.LeftOut()) != 1 || sum.LeftOut()[0].Line != 5 {
		t.Errorf("LeftOut = %v, want the warning of line 5", sum.LeftOut())
	}
}

// TestSkipInvalidLinesNameAFixGivenBefore: the lines of the puzzles
// -skip-invalid leaves out name a fix given in full on a line above
// "(as for a.non)", as check and the other lines of the log do, from the
// store and from the stamp too; the summary keeps each in full.
func TestSkipInvalidLinesNameAFixGivenBefore(t *testing.T) {
	const bad = "license CC0-1.0\nwidht 2\nheight 2\nrows\n2\n2\ncolumns\n2\n2\n"
	s := newSite(t, smallSite+"-- p/a.non --\n"+bad+"-- p/b.non --\n"+bad)
	for i, from := range []string{"a first build", "the store", "the stamp"} {
		var log bytes.Buffer
		sum := mustBuildWith(t, stampedBuilder(s, Config{SkipInvalid: true, Log: &log}))
		out := log.String()
		if strings.Count(out, `(did you mean "width"?)`) != 1 || !strings.Contains(out, "b.non:2:1: error: unknown key \"widht\" (as for a.non) (left out") {
			t.Errorf("%s: log:\n%s\nwant the fix in full for a.non, and named for b.non", from, out)
		}
		if n := strings.Count(strings.Join(sum.Skipped(), "\n"), `(did you mean "width"?)`); n != 2 {
			t.Errorf("%s: skipped %q: the fix in full %d times, want in each", from, sum.Skipped(), n)
		}
		if i == 0 {
			s.forgetStamp()
		}
		if sum.Unchanged != (i == 2) {
			t.Errorf("%s: unchanged %v", from, sum.Unchanged)
		}
	}
}

// TestSkipInvalidSaysATitleTooLongLeftOut: a puzzle whose title is beyond
// the cap is left out with a line that says so, and counted, as every
// puzzle left out; it was left out without a word.
func TestSkipInvalidSaysATitleTooLongLeftOut(t *testing.T) {
	long := "title " + strings.Repeat("x", content.MaxTitleBytes+1) + "\nlicense CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"
	s := newSite(t, smallSite+"-- p/long.non --\n"+long)
	var log bytes.Buffer
	sum, err := s.build(Config{SkipInvalid: true, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("long.non:1: error: title of %d bytes: at most %d (left out)", content.MaxTitleBytes+1, content.MaxTitleBytes)
	if len(sum.Skipped()) != 1 || !strings.HasSuffix(sum.Skipped()[0], want) || !strings.Contains(log.String(), want+"\n") {
		t.Errorf("skipped %q, log:\n%s\nwant the puzzle's line, %q", sum.Skipped(), log.String(), want)
	}
}
