package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestCheckExplain(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "dancer.non", dancerNon)
	code, out, stderr := runCLI(t, "check", "-explain", p)
	if code != 0 {
		t.Fatalf("check -explain: exit %d\n%s%s", code, out, stderr)
	}
	head := regexp.MustCompile(`(?m)^path of .*dancer\.non "Demo Puzzle from Front Page": (\d+) line steps$`).FindStringSubmatch(out)
	if head == nil {
		t.Fatalf("no path header in\n%s", out)
	}
	steps := regexp.MustCompile(`(?m)^  \d+\. (row|column) \d+ \([0-9,]+\): `).FindAllString(out, -1)
	if n := len(steps); head[1] != strconv.Itoa(n) || n == 0 {
		t.Errorf("header says %s line steps, %d listed\n%s", head[1], n, out)
	}
	if !strings.Contains(out, "1 puzzle in 1 file: 1 unique") {
		t.Errorf("the check report is missing:\n%s", out)
	}
	// A bundle's puzzles are named as check's lines name them, from #1; an
	// untitled one as check calls it.
	pack := writeFile(t, dir, "pair.nonpack", "license CC0-1.0\n====\ntitle \"Ant\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n====\nwidth 1\nheight 1\nrows\n0\ncolumns\n0\n")
	if _, out, _ := runCLI(t, "check", "-explain", pack); !strings.Contains(out, `pair.nonpack #1 "Ant": `) || !strings.Contains(out, `pair.nonpack #2 "(untitled)": `) {
		t.Errorf("a bundle's paths are not named as check names its puzzles:\n%s", out)
	}
	if code, _, stderr := runCLI(t, "check", "-explain", "-json", p); code != 2 || !strings.Contains(stderr, "-explain") {
		t.Errorf("-explain with -json: exit %d, %q", code, stderr)
	}
}
