package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// twoNon is a licensed 2×1 puzzle, a second one for a booklet.
const twoNon = "title \"Two\"\nlicense CC0-1.0\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n"

// print -no-answers makes copies to hand out: a sheet without its answer
// page, a booklet without its answer key or the key's line in the
// contents; the puzzles are the same.
func TestPrintNoAnswersLeavesTheAnswersOut(t *testing.T) {
	dir := t.TempDir()
	sheet := writeFile(t, dir, "class/dancer.non", dancerNon)
	writeFile(t, dir, "class/two.non", twoNon)
	folder := filepath.Join(dir, "class")
	pages := func(text string) int { return strings.Count(strings.TrimRight(text, "\f"), "\f") + 1 }
	if with, without := printedText(t, sheet), printedText(t, "-no-answers", sheet); pages(with) != 2 || pages(without) != 1 {
		t.Errorf("the sheet has %d pages, %d with -no-answers; want 2 (the answer on page 2) and 1", pages(with), pages(without))
	}
	with, without := printedText(t, folder), printedText(t, "-no-answers", folder)
	if !strings.Contains(with, "Answers") || strings.Contains(without, "Answers") || pages(without) != pages(with)-1 {
		t.Errorf("the booklet with its answers:\n%s\nwith -no-answers:\n%s\nwant the same but for the answer key and its line in the contents", with, without)
	}
	out := filepath.Join(dir, "hand-out.pdf")
	if code, _, stderr := runCLI(t, "print", "-no-answers", "-o", out, folder); code != 0 || stderr != "wrote "+out+": 2 puzzles, without the answer key\n" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
