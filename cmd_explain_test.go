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
	head := regexp.MustCompile(`(?m)^path of .*dancer\.non#0 "Demo Puzzle from Front Page": (\d+) line steps$`).FindStringSubmatch(out)
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
	if code, _, stderr := runCLI(t, "check", "-explain", "-json", p); code != 2 || !strings.Contains(stderr, "-explain") {
		t.Errorf("-explain with -json: exit %d, %q", code, stderr)
	}
}
