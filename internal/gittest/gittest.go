// Package gittest makes throwaway git repositories for tests: git commands
// with a fixed identity and fixed dates, so that what a test reads back
// from history never depends on the machine or the clock.
package gittest

import (
	"os"
	"os/exec"
	"testing"
)

// Need skips the test when git is not installed, or fails it when CI=true.
func Need(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("git is needed with CI=true")
		}
		t.Skip("git not installed")
	}
}

// Run runs git with args in dir, as author and committer "T" at date (RFC
// 3339), and fails the test if git fails.
func Run(t testing.TB, dir, date string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_COMMITTER_DATE="+date, "GIT_AUTHOR_DATE="+date)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}
