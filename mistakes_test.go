package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/pixeltest"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/mistakes.txt")

// mistakeCase is one author mistake of testdata/mistakes.txt: the files of a
// small tree and what `check` prints about them.
type mistakeCase struct {
	title string
	files [][2]string // name, content
	want  string
}

var caseHeader = regexp.MustCompile(`^#\d+ `)

// parseMistakes reads testdata/mistakes.txt: each case starts with "#N
// title", then "-- name --" sections hold its files, then "== check" is
// followed by the expected output.
func parseMistakes(t *testing.T, text string) []mistakeCase {
	t.Helper()
	var cases []mistakeCase
	var cur *mistakeCase
	var body *strings.Builder
	inWant := false
	flush := func() {
		if cur == nil {
			return
		}
		if inWant {
			cur.want = strings.TrimRight(body.String(), "\n") + "\n"
		} else if len(cur.files) > 0 {
			cur.files[len(cur.files)-1][1] = body.String()
		}
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		bare := strings.TrimSuffix(line, "\n")
		switch {
		case caseHeader.MatchString(bare):
			flush()
			cases = append(cases, mistakeCase{title: bare})
			cur, body, inWant = &cases[len(cases)-1], &strings.Builder{}, false
		case cur != nil && !inWant && strings.HasPrefix(bare, "-- ") && strings.HasSuffix(bare, " --"):
			flush()
			cur.files = append(cur.files, [2]string{strings.TrimSuffix(strings.TrimPrefix(bare, "-- "), " --"), ""})
			body = &strings.Builder{}
		case cur != nil && bare == "== check":
			flush()
			inWant, body = true, &strings.Builder{}
		case body != nil:
			body.WriteString(line)
		}
	}
	flush()
	if len(cases) == 0 {
		t.Fatal("no case in testdata/mistakes.txt")
	}
	return cases
}

// fileBytes makes a case file's bytes: a .png section is a picture drawn
// with one character per pixel (see pictureColors), or "size WxH" for a
// black picture of that size, or "bytes TEXT" for a file of that text.
func fileBytes(t *testing.T, name, content string) []byte {
	t.Helper()
	if !strings.HasSuffix(name, ".png") {
		return []byte(content)
	}
	content = strings.TrimRight(content, "\n")
	if rest, ok := strings.CutPrefix(content, "bytes "); ok {
		return []byte(rest)
	}
	rows := strings.Split(content, "\n")
	if rest, ok := strings.CutPrefix(content, "size "); ok {
		w, h, _ := strings.Cut(rest, "x")
		wn, _ := strconv.Atoi(w)
		hn, _ := strconv.Atoi(h)
		rows = make([]string, hn)
		for i := range rows {
			rows[i] = strings.Repeat("#", wn)
		}
	}
	return pixeltest.PNG(t, pictureColors, rows...)
}

// pictureColors are the pixels of the case pictures.
var pictureColors = map[rune]color.NRGBA{
	'.': {255, 255, 255, 255}, '#': {0, 0, 0, 255}, 'r': {214, 40, 40, 255}, 's': {218, 44, 42, 255},
	'y': {255, 204, 0, 255}, ' ': {}, '~': {0, 0, 0, 100},
}

var seconds = regexp.MustCompile(`\(\d+\.\d+s\)`)

// TestAuthorMistakes runs `check` on each case of testdata/mistakes.txt and
// compares what it prints (file:line:col: severity: message (hint), the
// puzzle lines and the summary; timings blanked) with the expected output.
// -update rewrites the file's expected outputs.
func TestAuthorMistakes(t *testing.T) {
	path := filepath.Join("testdata", "mistakes.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cases := parseMistakes(t, string(data))
	if len(cases) < 30 {
		t.Errorf("only %d cases: the table should hold at least 30 mistakes", len(cases))
	}
	var out strings.Builder
	for i, c := range cases {
		dir := filepath.Join(t.TempDir(), fmt.Sprint(i))
		var args []string
		for _, f := range c.files {
			p := filepath.Join(dir, filepath.FromSlash(f[0]))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, fileBytes(t, f[0], f[1]), 0o644); err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(f[0], ".md") && f[0] != "nonopress.toml" { // notes and the site's settings are read beside the puzzles
				args = append(args, p)
			}
		}
		var stdout, stderr bytes.Buffer
		run(context.Background(), append([]string{"check", "-timeout", "5s"}, args...), &stdout, &stderr)
		got := strings.ReplaceAll(stdout.String()+stderr.String(), dir+string(filepath.Separator), "")
		got = seconds.ReplaceAllString(got, "(…s)")
		if *update {
			out.WriteString(c.title + "\n")
			for _, f := range c.files {
				fmt.Fprintf(&out, "-- %s --\n%s", f[0], f[1])
			}
			fmt.Fprintf(&out, "== check\n%s\n", got)
			continue
		}
		if got != c.want {
			t.Errorf("%s:\n--- got\n%s--- want\n%s", c.title, got, c.want)
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(strings.TrimRight(out.String(), "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
