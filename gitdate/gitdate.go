// Package gitdate reads, once for a whole content tree, the dates of the
// first and the last commit that changed each file, as Hugo's enableGitInfo
// does: one `git log` for the tree rather than one per file.
package gitdate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ErrNoGit is returned when git cannot be run or dir is in no git
// repository; a site then simply has no dates from git.
var ErrNoGit = errors.New("gitdate: not in a git repository, or git is not installed")

// Dates maps a file's path, slash-separated and relative to the folder read,
// to the commit dates of the first and the last commits that changed it.
type Dates map[string]Span

// A Span is when a file was first committed (under its present path: a
// rename starts it afresh) and when it was last changed, in UTC.
type Span struct{ First, Last time.Time }

// Read returns the first and last commit dates of every committed file
// under dir.
// Files never committed are absent. The answer depends only on the
// repository's history, never on the clock or file times.
func Read(ctx context.Context, dir string) (Dates, error) {
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "log", "-z", "--name-only", "--relative", "--no-renames",
		"--format=%x1e%cI", "--", ".")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && !strings.Contains(stderr.String(), "not a git repository") {
			return nil, fmt.Errorf("gitdate: git log in %s: %s", dir, strings.TrimSpace(stderr.String()))
		}
		return nil, ErrNoGit
	}
	return parse(out)
}

// parse reads the output of `git log -z --name-only --format=%x1e%cI`:
// records "\x1e<date>\x00\n<file>\x00<file>\x00...", newest first, so that
// a file's first record is its last commit.
func parse(out []byte) (Dates, error) {
	dates := Dates{}
	for _, rec := range bytes.Split(out, []byte{0x1e}) {
		fields := bytes.Split(rec, []byte{0})
		head := strings.TrimSpace(string(fields[0]))
		if head == "" {
			continue
		}
		when, err := time.Parse(time.RFC3339, head)
		if err != nil {
			return nil, fmt.Errorf("gitdate: bad commit date %q: %w", head, err)
		}
		when = when.UTC()
		for _, f := range fields[1:] {
			name := strings.TrimLeft(string(f), "\n")
			if name == "" {
				continue
			}
			// git log lists the newest commit first: the first seen is
			// the last change, and each older one moves First back.
			span, seen := dates[name]
			if !seen {
				span.Last = when
			}
			span.First = when
			dates[name] = span
		}
	}
	return dates, nil
}

// Head returns the commit dir's repository is at, for a build stamp that
// must change when history does; "" when there is none.
func Head(ctx context.Context, dir string) string {
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// Last returns the latest commit date of the files at paths (under dir, the
// folder Read was given; "" entries are passed over): a puzzle file and its
// note, say. It is zero when none of them was committed.
func (d Dates) Last(dir string, paths ...string) time.Time {
	var last time.Time
	for _, p := range paths {
		if when := d.span(dir, p).Last; when.After(last) {
			last = when
		}
	}
	return last
}

// First returns the date of the commit that added the file at path (under
// dir, the folder Read was given); zero when it was never committed.
func (d Dates) First(dir, path string) time.Time { return d.span(dir, path).First }

// span is the commit dates of the file at path under dir; zero for ""
// and for a file never committed.
func (d Dates) span(dir, path string) Span {
	if path == "" {
		return Span{}
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return Span{}
	}
	return d[filepath.ToSlash(rel)]
}
