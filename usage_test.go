package main

import (
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
)

// The usage text names every flag of every command on the command's line:
// each command's own -h lists its flags, and each must appear there.
func TestUsageListsEveryFlag(t *testing.T) {
	lines := map[string]string{}
	for _, l := range strings.Split(usage, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "nonopress" {
			lines[f[1]] = l
		}
	}
	flagName := regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`)
	for _, cmd := range []string{"build", "serve", "check", "convert", "print"} {
		var help strings.Builder
		run(context.Background(), []string{cmd, "-h"}, io.Discard, &help)
		names := flagName.FindAllStringSubmatch(help.String(), -1)
		if len(names) == 0 {
			t.Errorf("%s -h lists no flags:\n%s", cmd, help.String())
		}
		for _, m := range names {
			if !strings.Contains(lines[cmd], "[-"+m[1]+" ") && !strings.Contains(lines[cmd], "[-"+m[1]+"]") && !strings.Contains(lines[cmd], " -"+m[1]+" ") {
				t.Errorf("the usage line of %s lacks -%s: %q", cmd, m[1], lines[cmd])
			}
		}
	}
}

// Each command's -h starts with its own line of the usage, so that its
// arguments (PATH..., FILE...) are shown with its flags.
func TestCommandHelpShowsItsUsageLine(t *testing.T) {
	for _, cmd := range []string{"build", "serve", "check", "convert", "print"} {
		var help strings.Builder
		run(context.Background(), []string{cmd, "-h"}, io.Discard, &help)
		if want := "Usage:\n" + commandLine(cmd) + "\n\nFlags:\n  -"; !strings.HasPrefix(help.String(), want) || !strings.Contains(commandLine(cmd), "nonopress "+cmd+" ") {
			t.Errorf("%s -h begins %.80q, want %q", cmd, help.String(), want)
		}
	}
}
