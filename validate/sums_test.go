package validate

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
)

func TestSumFixesChangeOneBlockByTheDifference(t *testing.T) {
	got := sumFixes(line(2, 1), 1, -1)
	// 2 one shorter; 1 one shorter would empty it, so it is removed.
	want := []puzzle.Line{line(1, 1), line(2)}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("sumFixes(2,1, -1) = %v, want %v", got, want)
	}
	got = sumFixes(line(2), 1, 1)
	want = []puzzle.Line{line(3), line(1, 2), line(2, 1)}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("sumFixes(2, +1) = %v, want %v", got, want)
	}
}

func TestSumsDifferNamesTheOneColourAndByHowMuch(t *testing.T) {
	p := withClues([]puzzle.Line{line(3), line(1)}, []puzzle.Line{line(1), line(1), line(1)})
	if ms := p.SumsMismatches(); len(ms) != 1 || ms[0].Color != 1 || ms[0].Rows-ms[0].Cols != 1 {
		t.Errorf("SumsMismatches = %+v, want colour 1, 1 more in the rows", ms)
	}
	p.Rows[0] = line(2)
	if ms := p.SumsMismatches(); len(ms) != 0 {
		t.Errorf("SumsMismatches = %+v: equal sums reported as different", ms)
	}
}

func TestSumsHintNamesTheClueOneOff(t *testing.T) {
	// The 7×7 picture of mistakes.txt #55: row 4's 4,1 written 4,2.
	rows := []puzzle.Line{line(1, 2), line(5, 1), line(3), line(4, 2), line(1, 1, 1, 1), line(3, 1, 1), line(1)}
	cols := []puzzle.Line{line(2, 2), line(3, 1), line(5), line(4), line(2, 3), nil, line(1, 4)}
	p := withClues(rows, cols)
	errs := []diag.Diagnostic{{Message: "row clues fill 28 cells of black but column clues fill 27", Hint: "before"}}
	sumsHint(p, errs)
	if want := "look at row 4 (line 1) first: the other clues fit together without it; if they are right, change its clue to 4,1"; errs[0].Hint != want {
		t.Errorf("hint %q, want %q", errs[0].Hint, want)
	}
	// Another error alone keeps its hint, and a goal decides instead.
	other := []diag.Diagnostic{{Message: "row 1: clue 9 needs 9 cells but the puzzle is 7 cells wide", Hint: "before"}}
	sumsHint(p, other)
	p.Goal = puzzle.NewImage(7, 7)
	goalErrs := []diag.Diagnostic{{Message: "row clues fill 28 cells", Hint: "before"}}
	sumsHint(p, goalErrs)
	if other[0].Hint != "before" || goalErrs[0].Hint != "before" {
		t.Errorf("hints %q, %q rewritten", other[0].Hint, goalErrs[0].Hint)
	}
}

func TestSumsHintListsCluesAsLikely(t *testing.T) {
	// 2×2: rows 1 and 2, columns 2 and 2; row 1 one longer, or either
	// column one shorter, would do, and each makes a puzzle line logic
	// solves: the hint names the change to each.
	p := withClues([]puzzle.Line{line(1), line(2)}, []puzzle.Line{line(2), line(2)})
	errs := []diag.Diagnostic{{Message: "row clues fill 3 cells of black but column clues fill 4"}}
	sumsHint(p, errs)
	if want := "look at row 1 (line 1), column 1 (line 1) or column 2 (line 1): the wrong clue is likely one of them, " +
		"as the clues solve line by line with row 1 changed to 2, column 1 to 1 or column 2 to 1"; errs[0].Hint != want {
		t.Errorf("hint %q, want %q", errs[0].Hint, want)
	}
}

// TestSumsHintBlankLastLine: a .non block one clue line short that took
// the blank line after it as its last, empty row or column is named as
// such, for rows and for columns alike, and a 0 written there is not.
func TestSumsHintBlankLastLine(t *testing.T) {
	const short, full = "1\n3\n5\n1 1\n\n", "1\n4\n3\n4\n1\n"
	for _, c := range []struct{ src, want string }{
		{"width 5\nheight 5\nrows\n" + short + "columns\n" + full,
			"the rows block has 4 clue lines and the blank line 8 after them, read as an empty row 5"},
		{"width 5\nheight 5\ncolumns\n" + short + "rows\n" + full,
			"the columns block has 4 clue lines and the blank line 8 after them, read as an empty column 5"},
		{"width 5\nheight 5\ncolumns\n" + strings.Replace(short, "\n\n", "\n0\n", 1) + "rows\n" + full, ""},
	} {
		ps, err := formats.Read("house.non", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		r := Check(context.Background(), ps[0], Options{})
		if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "clues fill") {
			t.Fatalf("%q: errors %v, want the sums' alone", c.src, r.Errors)
		}
		if got := r.Errors[0].Hint; c.want == "" && strings.Contains(got, "blank line") || !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: hint %q, want it to start %q", c.src, got, c.want)
		}
	}
}

// TestSumsHintMissingLine: in a format whose size is its count of clue
// lines, a column clue line left out is named by its place and the clue
// that makes the others solve, before or after the columns; a .non file,
// whose size is written, gets no such hint.
func TestSumsHintMissingLine(t *testing.T) {
	const rows = ": rows\n2a\n2a 1a\n1a 1a\n3a\n1a 1a\n1a 1a\n2a\n1a 1a\n1a 2a\n2a\n"
	const palette = "#d\n   0:.  #FFFFFF   white\n   a:X  #000000   black\n"
	cols := []string{"2a 1a", "2a 1a 3a", "7a", "1a 3a", "2a 1a"}
	without := func(i int) string {
		return ": columns\n" + strings.Join(slices.Delete(slices.Clone(cols), i, i+1), "\n") + "\n"
	}
	hint := func(name, src string) string {
		ps, err := formats.Read(name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		r := Check(context.Background(), ps[0], Options{})
		if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "clues fill") {
			t.Fatalf("%s: errors %v, want the sums' alone", name, r.Errors)
		}
		return r.Errors[0].Hint
	}
	for _, c := range []struct{ src, want string }{
		{palette + rows + without(0), "the column clues lack 3 cells, and a column 2,1 added before column 1 (line 16) makes clues that solve line by line: if a clue line was left out there, add it"},
		{palette + rows + without(4), "the column clues lack 3 cells, and a column 2,1 added after column 4 (line 19) makes clues that solve line by line: if a clue line was left out there, add it"},
	} {
		if got := hint("lost.g", c.src); got != c.want {
			t.Errorf("hint %q, want %q", got, c.want)
		}
	}
	non := "width 4\nheight 10\nrows\n2\n2,1\n1,1\n3\n1,1\n1,1\n2\n1,1\n1,2\n2\ncolumns\n2,1,3\n7\n1,3\n2,1\n"
	if got := hint("lost.non", non); strings.Contains(got, "added") {
		t.Errorf(".non: hint %q names a line to add", got)
	}
}

// TestLineHintsOfMismatchedCounts: the hints of a clue line missing or one
// too many give nothing, without a panic, for a puzzle whose clue counts
// do not match its size or that has no clue on the side that is short.
func TestLineHintsOfMismatchedCounts(t *testing.T) {
	p := withClues([]puzzle.Line{line(1)}, []puzzle.Line{line(1), line(1)})
	p.Height = 3
	p.Origin.Places = &puzzle.Places{Spare: line(1), SpareLine: 9}
	if line, hint := spareLineHint(p); line != 0 || hint != "" {
		t.Errorf("spareLineHint = %d %q, want nothing", line, hint)
	}
	q := withClues([]puzzle.Line{line(1)}, nil)
	q.Origin.SizeFromClues = true
	if hint := missingLineHint(q, puzzle.SumsMismatch{Color: 1, Rows: 1}); hint != "" {
		t.Errorf("missingLineHint = %q, want nothing", hint)
	}
}

// TestMissingLinePlaces: a clue line that may be left out at two places
// is named at the first when the two make the same puzzle (it goes beside
// a line of its clue), and not at all when they make two.
func TestMissingLinePlaces(t *testing.T) {
	// Columns 2,2,1 with a 2 left out: before or after the other 2.
	p := withClues([]puzzle.Line{line(2), line(3)}, []puzzle.Line{line(2), line(1)})
	p.Origin.SizeFromClues = true
	if hint := missingLineHint(p, puzzle.SumsMismatch{Color: 1, Rows: 5, Cols: 3}); !strings.Contains(hint, "a column 2 added before column 1") {
		t.Errorf("beside its copy: hint %q, want column 2 added before column 1", hint)
	}
	// Columns 1 and none with the 1 left out, or none and 1: two puzzles.
	q := withClues([]puzzle.Line{line(1)}, []puzzle.Line{line()})
	q.Origin.SizeFromClues = true
	if hint := missingLineHint(q, puzzle.SumsMismatch{Color: 1, Rows: 1, Cols: 0}); hint != "" {
		t.Errorf("two places, two puzzles: hint %q, want none", hint)
	}
}
