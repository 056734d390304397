package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// badInputs are malformed files of every kind we could think of; each must be
// reported as an error naming the file (and a line where one applies), never
// a crash or a hang.
var badInputs = []struct {
	name, data string
	line       bool // the error has a line number
}{
	{"no-size.non", "rows\n1\ncolumns\n1\n", false},
	{"no-rows.non", "width 1\nheight 1\ncolumns\n1\n", false},
	{"negative.non", "width -3\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n1\n", true},
	{"zero.non", "width 0\nheight 0\nrows\ncolumns\n", true},
	{"huge.non", "width 100000\nheight 100000\nrows\n", true},
	{"not-a-number.non", "width many\nheight 2\n", true},
	{"block-too-short.non", "width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n", true},
	{"clue-too-long.non", "width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", true},
	{"goal-length.non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"100\"\n", true},
	{"goal-contradicts.non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"01\"\n", true},
	{"unsolvable.non", "width 3\nheight 3\nrows\n0\n0\n1,1\ncolumns\n0\n0\n1,1\n", true},
	{"unknown-colour.xml", `<puzzleset><puzzle><clues type="rows"><line><count color="purple">1</count></line></clues><clues type="columns"><line><count color="purple">1</count></line></clues></puzzle></puzzleset>`, false},
	{"unknown-goal-char.xml", `<puzzleset><puzzle><solution type="goal"><image>|X.|Q.|</image></solution></puzzle></puzzleset>`, false},
	{"garbage.non", "\x00\x01\x02\xff\xfe binary \x00\x00 garbage", false},
	{"truncated.xml", `<?xml version="1.0"?><puzzleset><puzzle><clues type="rows"><line><count>1`, false},
	{"malformed.xml", `<puzzleset><puzzle><clues type="rows"><line><count>x</count></line></clues></puzzle></puzzleset>`, false},
	{"laughs.xml", `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><puzzleset><puzzle><title>&lol3;</title></puzzle></puzzleset>`, false},
	{"external.xml", `<?xml version="1.0"?><!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><puzzleset><puzzle><title>&xxe;</title></puzzle></puzzleset>`, false},
	{"nested.xml", "<puzzleset>" + strings.Repeat("<a>", 100000) + strings.Repeat("</a>", 100000) + "</puzzleset>", false},
}

func TestBadInputIsReportedNeverFatal(t *testing.T) {
	dir := t.TempDir()
	for _, c := range badInputs {
		writeFile(t, dir, c.name, c.data)
	}
	// A gzip bomb: 200 MiB of zeros in a few hundred kilobytes.
	var bomb bytes.Buffer
	zw := gzip.NewWriter(&bomb)
	zero := make([]byte, 1<<20)
	for range 200 {
		zw.Write(zero)
	}
	zw.Close()
	writeFile(t, dir, "bomb.nonpack.gz", bomb.String())
	cases := append(badInputs, struct {
		name, data string
		line       bool
	}{name: "bomb.nonpack.gz"})

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name)
			code, out, stderr := runCLI(t, "check", "-json", path)
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", code, out, stderr)
			}
			var sawError, sawLine bool
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				var r checkResult
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatalf("%v: %q", err, l)
				}
				if r.File != path {
					t.Errorf("result names %q, not the file", r.File)
				}
				for _, e := range r.Errors {
					sawError = true
					sawLine = sawLine || e.Line > 0
					if strings.Contains(e.Message, "root:") {
						t.Errorf("an external entity was fetched: %q", e.Message)
					}
				}
			}
			if !sawError {
				t.Errorf("no error reported:\n%s", out)
			}
			if c.line && !sawLine {
				t.Errorf("no error carries a line number:\n%s", out)
			}
			// The human form prefixes each error with path:line.
			_, human, _ := runCLI(t, "check", path)
			if !strings.Contains(human, path+":") {
				t.Errorf("human output does not name the file:\n%s", human)
			}
		})
	}
}

func TestFolderWalkSkipsSymlinksAndKeepsOddNames(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	writeFile(t, outside, "secret.non", dancerNon)
	root := filepath.Join(dir, "content")
	writeFile(t, root, "with space/ünïcode #1?&.non", dancerNon)
	writeFile(t, root, ".hidden/skipped.non", dancerNon)
	writeFile(t, root, ".skipped.non", dancerNon)
	if err := os.Symlink(outside, filepath.Join(root, "link-to-outside")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.non"), filepath.Join(root, "linked.non")); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI(t, "check", "-json", root)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "with space/ünïcode #1?") {
		t.Errorf("want only the odd-named file (no link, nothing hidden), got:\n%s", out)
	}
}
