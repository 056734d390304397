package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckCreditsAsTheBuild checks that `check` credits a puzzle as the
// site build does: a .nin file (which has no place for a license) under a
// folder whose README.md gives one is not warned about a missing license
// when that folder is checked, nor within a site (nonopress.toml) when the
// file alone is, and is when nothing above it gives one.
func TestCheckCreditsAsTheBuild(t *testing.T) {
	dir := t.TempDir()
	nin := "2 2\n1\n1\n1\n1\n"
	writeFile(t, dir, "wilk/README.md", "---\nlicense: MIT\nauthor: Jakub Wilk\n---\n")
	file := writeFile(t, dir, "wilk/data/a.nin", nin)
	bare := writeFile(t, dir, "bare/b.nin", nin)
	for _, c := range []struct {
		args []string
		warn bool
	}{
		{[]string{filepath.Join(dir, "wilk")}, false},
		{[]string{file}, true}, // no site root above: its own folder's note only
		{[]string{bare}, true},
	} {
		code, out, stderr := runCLI(t, append([]string{"check", "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("check %v: exit %d: %s", c.args, code, stderr)
		}
		if warned := strings.Contains(out, "no license"); warned != c.warn {
			t.Errorf("check %v: warned of no license: %v, want %v\n%s", c.args, warned, c.warn, out)
		}
		if !c.warn && !strings.Contains(out, `"license":"MIT"`) {
			t.Errorf("check %v: the folder's license is not the puzzle's: %s", c.args, out)
		}
	}
	writeFile(t, dir, "nonopress.toml", "title = \"Site\"\n")
	if _, out, _ := runCLI(t, "check", file); strings.Contains(out, "no license") {
		t.Errorf("check of one file in a site: warned of no license:\n%s", out)
	}
}
