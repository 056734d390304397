package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/pixeltest"
	"github.com/nonopress/nonopress/puzzle"
)

const dancerNon = `catalogue "webpbn.com #1"
title "Demo Puzzle from Front Page"
by "Jan Wolter"
copyright "&copy; Copyright 2004 by Jan Wolter"
license CC-BY-3.0
width 5
height 10

rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2

columns
2,1
2,1,3
7
1,3
2,1

goal "01100011010010101110101001010000110010100101111000"
`

// runCLI runs one command line and returns its exit status and outputs.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestUsageErrorsExit2(t *testing.T) {
	for _, args := range [][]string{
		{}, {"frobnicate"}, {"check"}, {"check", "-nope", "x"}, {"convert", "x.non"},
		{"convert", "-to", "png", "x.non"}, {"print", "-paper", "a2", "x"}, {"print", "-date", "23.11.2026", "x"}, {"version", "extra"},
		{"build", "stray"}, {"check", "-timeout", "0s", "x"},
		{"serve", "-addr", "8080"}, {"serve", "-addr", "127.0.0.1:99999"}, {"version", "-bogus"}, {"-src", "content", "build"},
		{"help", "build", "check"}, {"biuld"},
	} {
		if code, _, stderr := runCLI(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", args, code, stderr)
		}
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "version")
	if code != 0 || !strings.HasPrefix(out, "nonopress "+version) {
		t.Errorf("version: exit %d, %q", code, out)
	}
}

func TestCheckJSON(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a/dancer.non", dancerNon)
	writeFile(t, dir, "a/broken.non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n")
	writeFile(t, dir, "a/notes.md", "not a puzzle")
	bad := strings.Replace(dancerNon, `goal "0110`, `goal "1110`, 1)
	writeFile(t, dir, "b/contradicts.non", bad)

	code, out, _ := runCLI(t, "check", "-json", dir)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d JSON lines, want 3:\n%s", len(lines), out)
	}
	var objs []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		for _, key := range []string{"file", "index", "id", "title", "author", "license", "width", "height", "colors", "verdict", "difficulty", "errors", "warnings", "seconds"} {
			if _, ok := m[key]; !ok {
				t.Errorf("line %s lacks %q", l, key)
			}
		}
		objs = append(objs, m)
	}
	// Files come in path order: a/broken.non, a/dancer.non, b/contradicts.non.
	if objs[0]["index"] != -1.0 || !strings.HasSuffix(objs[0]["file"].(string), "broken.non") || len(objs[0]["errors"].([]any)) == 0 {
		t.Errorf("unreadable file: %v", objs[0])
	}
	d := objs[1]
	if d["verdict"] != "unique" || d["difficulty"] != "line" || d["width"] != 5.0 || d["height"] != 10.0 || d["colors"] != 1.0 ||
		d["title"] != "Demo Puzzle from Front Page" || d["license"] != "CC-BY-3.0" || len(d["errors"].([]any)) != 0 {
		t.Errorf("dancer: %v", d)
	}
	c := objs[2]
	errs := c["errors"].([]any)
	if c["verdict"] != nil || len(errs) == 0 || !strings.Contains(errs[0].(map[string]any)["message"].(string), "goal contradicts clues") {
		t.Errorf("contradicting goal: %v", c)
	}
}

func TestCheckHumanAndStrict(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "nolicense.non", strings.Replace(dancerNon, "license CC-BY-3.0\n", "", 1))
	code, out, _ := runCLI(t, "check", p)
	if code != 0 || !strings.Contains(out, "warning: no license") || !strings.Contains(out, "1 puzzle in 1 file: 1 unique") {
		t.Errorf("check: exit %d\n%s", code, out)
	}
	if code, _, _ := runCLI(t, "check", "-strict", p); code != 1 {
		t.Errorf("check -strict with a warning: exit %d, want 1", code)
	}
	if code, _, stderr := runCLI(t, "check", filepath.Join(dir, "missing.non")); code != 1 || !strings.Contains(stderr, "missing.non") {
		t.Errorf("missing file: exit %d, %q", code, stderr)
	}
}

func TestConvertRoundTrip(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "dancer.non", dancerNon)
	_, idOut, _ := runCLI(t, "check", "-json", src)
	var orig map[string]any
	json.Unmarshal([]byte(idOut), &orig)

	for _, to := range []string{"non", "xml", "nonpack"} {
		out := filepath.Join(dir, "out."+to)
		if code, _, stderr := runCLI(t, "convert", "-to", to, "-o", out, src); code != 0 {
			t.Fatalf("convert -to %s: exit %d: %s", to, code, stderr)
		}
		_, js, _ := runCLI(t, "check", "-json", out)
		var got map[string]any
		if err := json.Unmarshal([]byte(js), &got); err != nil {
			t.Fatalf("%s: %v: %s", to, err, js)
		}
		for _, k := range []string{"id", "title", "author", "license", "verdict"} {
			if got[k] != orig[k] {
				t.Errorf("%s: %s = %v, want %v", to, k, got[k], orig[k])
			}
		}
	}
	// Two inputs make a bundle; -to non refuses them.
	if code, out, _ := runCLI(t, "convert", "-to", "xml", src, src); code != 0 || strings.Count(out, "<puzzle ") != 2 || !strings.Contains(out, "<puzzleset>") {
		t.Errorf("xml of two puzzles: exit %d\n%s", code, out)
	}
	if code, _, _ := runCLI(t, "convert", "-to", "non", src, src); code != 2 {
		t.Errorf("-to non with two puzzles: exit %d, want 2", code)
	}
	// A bad input writes nothing.
	bad := writeFile(t, dir, "bad.non", "width x\n")
	target := filepath.Join(dir, "never.xml")
	if code, _, stderr := runCLI(t, "convert", "-to", "xml", "-o", target, src, bad); code != 1 || !strings.Contains(stderr, "bad.non") {
		t.Errorf("bad input: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(target); err == nil {
		t.Error("a failed conversion wrote its output")
	}
}

func TestPrintBooklet(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "set/dancer.non", dancerNon)
	writeFile(t, dir, "set/second.non", strings.Replace(dancerNon, "Demo Puzzle", "Second Puzzle", 1))
	out := filepath.Join(dir, "booklet.pdf")
	code, _, stderr := runCLI(t, "print", "-paper", "letter", "-o", out, filepath.Join(dir, "set"))
	if code != 0 {
		t.Fatalf("print: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("booklet: %v, starts %q", err, data[:min(8, len(data))])
	}
	pdfinfo, err := exec.LookPath("pdfinfo")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdfinfo missing in CI")
		}
		t.Skip("pdfinfo not installed")
	}
	info, err := exec.Command(pdfinfo, out).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(info), "612 x 792 pts") {
		t.Errorf("booklet is not Letter:\n%s", info)
	}
	if !strings.Contains(string(info), "Title:           set\n") {
		t.Errorf("booklet title is not the folder's name:\n%s", info)
	}

	// -title names the booklet; -mono draws a glyph per colour, so a
	// multicolour booklet changes with it.
	colour := filepath.Join("content", "colour", "ladybug.non")
	plain, mono := filepath.Join(dir, "plain.pdf"), filepath.Join(dir, "mono.pdf")
	if code, _, stderr := runCLI(t, "print", "-title", "Bugs & Co", "-o", plain, colour); code != 0 {
		t.Fatalf("print: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "print", "-title", "Bugs & Co", "-mono", "-o", mono, colour); code != 0 {
		t.Fatalf("print -mono: exit %d: %s", code, stderr)
	}
	if info, _ := exec.Command(pdfinfo, plain).Output(); !strings.Contains(string(info), "Title:           Bugs & Co\n") {
		t.Errorf("-title not used:\n%s", info)
	}
	a, _ := os.ReadFile(plain)
	b, _ := os.ReadFile(mono)
	if len(a) == 0 || bytes.Equal(a, b) {
		t.Error("-mono made no difference to a multicolour booklet")
	}
}

func TestBuildDemoContent(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	code, _, stderr := runCLI(t, "build", "-src", "content", "-out", out, "-strict", "-quiet")
	if code != 0 {
		t.Fatalf("build of the demo content: exit %d\n%s", code, stderr)
	}
	for _, f := range []string{"index.html", "catalogue.json", "404.html"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	var cat struct {
		Puzzles []map[string]any `json:"puzzles"`
	}
	data, _ := os.ReadFile(filepath.Join(out, "catalogue.json"))
	if err := json.Unmarshal(data, &cat); err != nil {
		var list []map[string]any
		if json.Unmarshal(data, &list) != nil {
			t.Fatalf("catalogue.json: %v", err)
		}
		cat.Puzzles = list
	}
	if len(cat.Puzzles) != 15 {
		t.Errorf("catalogue lists %d puzzles, want the demo's 15", len(cat.Puzzles))
	}
}

func TestBuildCPUProfile(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "content")
	writeFile(t, src, "dancer.non", dancerNon)
	prof := filepath.Join(dir, "cpu.prof")
	code, _, stderr := runCLI(t, "build", "-src", src, "-out", filepath.Join(dir, "public"), "-quiet", "-cpuprofile", prof)
	if code != 0 {
		t.Fatalf("build -cpuprofile: exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	// A pprof profile is a gzip stream, even when it holds no samples.
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("cpu.prof is %d bytes and not gzip: not a profile", len(data))
	}
	code, _, _ = runCLI(t, "build", "-src", src, "-out", filepath.Join(dir, "public"), "-quiet", "-cpuprofile", filepath.Join(dir, "no", "such", "cpu.prof"))
	if code != 1 {
		t.Errorf("build -cpuprofile into a missing folder: exit %d, want 1", code)
	}
}

// TestPrintFollowsSitePaper checks that print takes the paper of the site's
// nonopress.toml unless -paper says otherwise, and that -date dates the PDF.
func TestPrintFollowsSitePaper(t *testing.T) {
	pdfinfo, err := exec.LookPath("pdfinfo")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdfinfo missing in CI")
		}
		t.Skip("pdfinfo not installed")
	}
	dir := t.TempDir()
	writeFile(t, dir, "site/nonopress.toml", "title = \"Club\"\npaper = \"A5\"\n")
	puzzle := writeFile(t, dir, "site/set/dancer.non", dancerNon)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "419.53 x 595.28 pts"},
		{[]string{"-paper", "a3"}, "841.89 x 1190.55 pts (A3)"},
		{[]string{"-date", "2026-11-02"}, "CreationDate:    Mon Nov  2"},
	} {
		out := filepath.Join(dir, "b.pdf")
		args := append(append([]string{"print", "-o", out}, c.args...), puzzle)
		if code, _, stderr := runCLI(t, args...); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		info, err := exec.Command(pdfinfo, out).Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(info), c.want) {
			t.Errorf("%q: pdfinfo lacks %q:\n%s", args, c.want, info)
		}
	}
}

// TestPrintWarnsOfMissingGlyphs checks that print names the puzzle and the
// characters no font can draw, and a site font it cannot use.
func TestPrintWarnsOfMissingGlyphs(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "site/nonopress.toml", "font = \"fonts/none.otf\"\n")
	writeFile(t, dir, "site/fonts/none.otf", "OTTO")
	// A character of the Private Use Area: no installed font has it.
	puzzle := writeFile(t, dir, "site/set/odd.non", strings.Replace(dancerNon, "Demo Puzzle", "Odd \uE123 title", 1))
	code, _, stderr := runCLI(t, "print", "-o", filepath.Join(dir, "b.pdf"), puzzle)
	if code != 0 {
		t.Fatalf("print: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"odd.non", `puzzle "Odd `, "U+E123", filepath.Join("fonts", "none.otf")} {
		if !strings.Contains(stderr, want) {
			t.Errorf("print's warnings lack %q:\n%s", want, stderr)
		}
	}
}

// TestPrintWarningsNameTheirSubject: every warning print gives is in the
// form README promises, "subject: warning: message (hint)": text no font
// draws at the puzzle's file and line, or at the PDF for its cover; a site
// font print cannot use at its path. None starts "warning:".
func TestPrintWarningsNameTheirSubject(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "site/nonopress.toml", "font = \"fonts/none.otf\"\n")
	font := writeFile(t, dir, "site/fonts/none.otf", "OTTO")
	puzzle := writeFile(t, dir, "site/set/odd.non", strings.Replace(dancerNon, "Demo Puzzle", "Odd \uE123 title", 1))
	out := filepath.Join(dir, "b.pdf")
	code, _, stderr := runCLI(t, "print", "-o", out, "-title", "Cover \uE124", puzzle)
	if code != 0 {
		t.Fatalf("print: exit %d: %s", code, stderr)
	}
	lines := strings.Split(stderr, "\n")
	for _, want := range []string{
		puzzle + `:1: warning: puzzle "Odd \ue123 title from Front Page": no font can draw "\ue123"`,
		out + `: warning: the cover: no font can draw "\ue124"`,
		font + ": warning: not a TrueType (glyf) font: a PDF can embed only those",
	} {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, want) }) {
			t.Errorf("no line starts %q:\n%s", want, stderr)
		}
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "warning:") {
			t.Errorf("a warning without its subject: %q", l)
		}
	}
}

// TestPrintFontFlagMustBeUsable: a -font FILE that does not exist, cannot
// be read or is no TrueType font is an error at once naming it (exit 1, as
// for a puzzle file named that does not exist), though no text needs it,
// and nothing is written.
func TestPrintFontFlagMustBeUsable(t *testing.T) {
	dir := t.TempDir()
	puzzle := writeFile(t, dir, "dancer.non", dancerNon)
	otf := writeFile(t, dir, "cff.otf", "OTTO")
	for _, c := range []struct{ font, want string }{
		{filepath.Join(dir, "none.ttf"), "no such file or directory"},
		{dir, "is a directory"},
		{otf, "not a TrueType (glyf) font: a PDF can embed only those"},
	} {
		out := filepath.Join(dir, "b.pdf")
		code, _, stderr := runCLI(t, "print", "-font", c.font, "-o", out, puzzle)
		if want := "nonopress print: -font " + c.font + ": " + c.want + "\n"; code != 1 || stderr != want {
			t.Errorf("-font %s: exit %d, stderr %q; want 1 and %q", c.font, code, stderr, want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("-font %s: %s written (%v)", c.font, out, err)
		}
	}
}

// TestFlagsAfterFileNames: `convert -to xml FILE -o out.xml` reads -o as a
// flag, not as a file; "--" makes what follows names even when it starts
// with "-".
func TestFlagsAfterFileNames(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "a.non")
	if err := os.WriteFile(in, []byte("width 1\nheight 1\nrows\n1\ncolumns\n1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.xml")
	if code, _, stderr := runCLI(t, "convert", "-to", "xml", in, "-o", out); code != 0 {
		t.Fatalf("convert with -o after the file: exit %d\n%s", code, stderr)
	}
	if data, err := os.ReadFile(out); err != nil || !strings.Contains(string(data), "<puzzleset>") {
		t.Fatalf("out.xml: %v\n%s", err, data)
	}
	if code, _, stderr := runCLI(t, "check", in, "-json", "--", "-strict"); code != 1 || !strings.Contains(stderr, "-strict") {
		t.Errorf("check FILE -json -- -strict: exit %d, want 1 (no file named -strict)\n%s", code, stderr)
	}
	code, stdout, _ := runCLI(t, "check", in, "-json")
	if code != 0 || !strings.HasPrefix(stdout, "{") {
		t.Errorf("check FILE -json: exit %d, output %q", code, stdout)
	}
}

// TestPrintTreatsPuzzlesAsBuildDoes: an invalid puzzle is an error (exit 1,
// no PDF) unless -skip-invalid prints the rest; an ambiguous one warns and
// is marked; an untitled one is named as on the site, by its file (and its
// place in a bundle).
func TestPrintTreatsPuzzlesAsBuildDoes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "set/dancer.non", dancerNon)
	writeFile(t, dir, "set/bad.non", "license CC0-1.0\nwidth 2\nheight 1\nrows\n3\ncolumns\n1\n1\n")
	writeFile(t, dir, "set/two.non", "license CC0-1.0\ntitle \"Two ways\"\nwidth 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
	dot := "license CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"
	writeFile(t, dir, "set/plain.non", dot)
	writeFile(t, dir, "set/dots.nonpack", dot+"====\n"+dot)
	out := filepath.Join(dir, "booklet.pdf")
	code, _, stderr := runCLI(t, "print", "-o", out, filepath.Join(dir, "set"))
	if code != 1 || !strings.Contains(stderr, "bad.non:5: error: row 1: clue 3 needs 3 cells") || !strings.Contains(stderr, "no PDF written: 1 puzzle with errors") {
		t.Errorf("print with an invalid puzzle: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("print wrote a PDF despite an invalid puzzle")
	}
	code, _, stderr = runCLI(t, "print", filepath.Join(dir, "set"), "-skip-invalid", "-o", out)
	if code != 0 || !strings.Contains(stderr, "(left out of the booklet)") || !strings.Contains(stderr, "wrote "+out+": 5 puzzles, 1 left out") {
		t.Errorf("print -skip-invalid: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "two.non:5: warning: multiple solutions") {
		t.Errorf("the ambiguous puzzle's warning is not printed:\n%s", stderr)
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext missing in CI")
		}
		t.Skip("pdftotext not installed")
	}
	text, err := exec.Command(pdftotext, out, "-").Output()
	if err != nil || !strings.Contains(string(text), "Two ways (ambiguous)") {
		t.Errorf("the booklet does not mark the ambiguous puzzle (%v):\n%s", err, text)
	}
	for _, title := range []string{"plain", "dots #1", "dots #2"} {
		if !strings.Contains(string(text), title) || strings.Contains(string(text), "Untitled") {
			t.Errorf("the booklet does not title an untitled puzzle %q by its file:\n%s", title, text)
		}
	}
}

// TestCheckJSONCarriesColumnAndHint: check -json keeps line and message and
// adds col and hint.
func TestCheckJSONCarriesColumnAndHint(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "typo.non", "license CC0-1.0\nheight 1\nwidht 1\nrows\n1\ncolumns\n1\n")
	writeFile(t, dir, "junk.non", "license CC0-1.0\nwidth 1\nheight 1\nrows\n1 x\ncolumns\n1\n")
	code, out, _ := runCLI(t, "check", "-json", filepath.Join(dir, "typo.non"), filepath.Join(dir, "junk.non"))
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var typo, junk map[string]any
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || json.Unmarshal([]byte(lines[0]), &typo) != nil || json.Unmarshal([]byte(lines[1]), &junk) != nil {
		t.Fatalf("output:\n%s", out)
	}
	e := typo["errors"].([]any)[0].(map[string]any)
	if e["line"] != 3.0 || e["col"] != 1.0 || e["message"] != `unknown key "widht"` || e["hint"] != `did you mean "width"?` {
		t.Errorf("typo error = %v", e)
	}
	w := junk["warnings"].([]any)[0].(map[string]any)
	if w["line"] != 5.0 || w["col"] != 3.0 || !strings.Contains(w["message"].(string), `"x" in a clue line`) {
		t.Errorf("junk warning = %v", w)
	}
	if names, ok := junk["color_names"].([]any); !ok || len(names) != 1 || names[0] != "black" {
		t.Errorf("color_names = %v", junk["color_names"])
	}
}

// TestBuildWithoutContentSaysWhatToDoOnce: a -src that does not exist is
// named as the flag given (it said "no nowhere/ here: ... or pass -src"
// to one who had passed it), with the folder meant when one a slip away
// is there; without -src, in a folder with no content/, the message says
// to run in a site folder or pass -src, and names "contents" if there.
func TestBuildWithoutContentSaysWhatToDoOnce(t *testing.T) {
	site := t.TempDir()
	if err := os.Mkdir(filepath.Join(site, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(site)
	for _, cmd := range []string{"build", "serve"} {
		for _, c := range []struct{ args, want string }{
			{"-src nowhere", "-src nowhere: no such folder"},
			{"-src contnet", "-src contnet: no such folder (did you mean -src content?)"},
		} {
			code, _, stderr := runCLI(t, append([]string{cmd}, strings.Fields(c.args)...)...)
			if want := "nonopress " + cmd + ": " + c.want + "\n"; code != 1 || stderr != want {
				t.Errorf("%s %s: exit %d, stderr %q; want 1 and %q", cmd, c.args, code, stderr, want)
			}
		}
	}
	if err := os.Rename(filepath.Join(site, "content"), filepath.Join(site, "contents")); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "build")
	if want := "nonopress build: no content/ here: run in a site folder or pass -src (did you mean -src contents?)\n"; code != 1 || stderr != want {
		t.Errorf("build without content/: exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
}

func TestCheckWarnsOfAFolderWithoutPuzzles(t *testing.T) {
	empty := t.TempDir()
	writeFile(t, empty, "notes.txt", "not a puzzle")
	code, stdout, _ := runCLI(t, "check", empty)
	if code != 0 || !strings.Contains(stdout, empty+": warning: no puzzle files in this folder ("+build.NoPuzzlesHint+")") || !strings.Contains(stdout, "1 warning") {
		t.Errorf("check of a folder without puzzles: exit %d, output %q", code, stdout)
	}
	if code, _, _ := runCLI(t, "check", "-strict", empty); code != 1 {
		t.Errorf("check -strict of a folder without puzzles: exit %d, want 1", code)
	}
	full := t.TempDir()
	writeFile(t, full, "sub/dancer.non", dancerNon)
	t.Chdir(full)
	for _, path := range []string{".", "./", "sub", full} {
		if code, stdout, _ := runCLI(t, "check", path); code != 0 || strings.Contains(stdout, "no puzzle files") {
			t.Errorf("check %s: exit %d, output %q", path, code, stdout)
		}
	}
}

// TestConvertNamesThePuzzleItCannotWrite: a puzzle the target format cannot
// hold is named by its file (and its place in a bundle), with the formats
// that can hold it, not "puzzle 2" of all those given.
func TestConvertNamesThePuzzleItCannotWrite(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "dancer.non", dancerNon)
	g := puzzle.TriddlerHexagon(1)
	var b strings.Builder
	if err := formats.WriteOlsak(&b, g.TriddlerOf(puzzle.NewImage(g.Width, g.Height), puzzle.DefaultPalette())); err != nil {
		t.Fatal(err)
	}
	tri := writeFile(t, dir, "hex.g", b.String())
	for _, args := range [][]string{{"-to", "non", tri}, {"-to", "nonpack", src, tri}} {
		code, _, stderr := runCLI(t, append([]string{"convert"}, args...)...)
		want := tri + ":1: error: a triddler cannot be written as .non: unsupported (write XML or Olšák's .g, which hold triangles)\n" +
			"nonopress convert: nothing written: a puzzle cannot be written as ." + args[1] + "\n"
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("convert %v: exit %d, stderr %q; want 1 and %q", args, code, stderr, want)
		}
	}
}

// TestCheckJSONNamesANotesFile: a diagnostic -json gives a puzzle about
// another file (the folder note whose license the puzzle takes) names that
// file, so that its line is not read as the puzzle file's.
func TestCheckJSONNamesANotesFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "README.md", "---\nauthor: Ann\nlicense: CC BY 4.0\n---\n")
	writeFile(t, dir, "a.nin", "1 1\n1\n1\n")
	_, out, _ := runCLI(t, "check", "-json", filepath.Join(dir, "a.nin"))
	var r struct {
		File     string
		Warnings []struct {
			File    string
			Line    int
			Message string
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Warnings) != 1 {
		t.Fatalf("output %s: %v", out, err)
	}
	if w := r.Warnings[0]; w.File != filepath.Join(dir, "README.md") || w.Line != 3 || !strings.Contains(w.Message, "written with spaces") {
		t.Errorf("warning %+v, want README.md line 3 (object's file %s)", w, r.File)
	}
}

// TestDifficultyWords: check's verdict line says each solver grade in an
// author's words, and a grade it does not know as it is.
func TestDifficultyWords(t *testing.T) {
	for grade, want := range map[string]string{
		"line": "solved line by line", "probe": "solved with look-ahead", "search": "solved by trial and error", "other": "other",
	} {
		if got := difficultyWords(grade); got != want {
			t.Errorf("difficultyWords(%q) = %q, want %q", grade, got, want)
		}
	}
}

// TestCheckNoteLicenseSaidOnce: a license a folder's note gets wrong is
// said once, at the note's line, whether the puzzle files or their folder
// are named, in the text (and its count) and in -json, and alone it fails
// `check -strict` (exit 1) as a puzzle's own license warning does.
func TestCheckNoteLicenseSaidOnce(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "README.md", "---\nauthor: Ann\nlicense: CC BY 4.0\n---\n")
	a := writeFile(t, dir, "a.nin", "1 1\n1\n1\n")
	b := writeFile(t, dir, "b.nin", "2 1\n2\n1\n1\n")
	const said = `README.md:3: warning: license "CC BY 4.0" is an SPDX identifier written with spaces`
	for _, args := range [][]string{{a, b}, {dir}} {
		code, out, _ := runCLI(t, append([]string{"check"}, args...)...)
		if code != 0 || strings.Count(out, said) != 1 || !strings.Contains(out, "0 errors, 1 warning\n") {
			t.Errorf("check %v: exit %d, want 0 and the note's warning once, counted once:\n%s", args, code, out)
		}
		if code, _, _ := runCLI(t, append([]string{"check", "-strict"}, args...)...); code != 1 {
			t.Errorf("check -strict %v with only the note's license warning: exit %d, want 1", args, code)
		}
		_, out, _ = runCLI(t, append([]string{"check", "-json"}, args...)...)
		if n := strings.Count(out, `"file":"`+filepath.Join(dir, "README.md")+`","line":3`); n != 1 {
			t.Errorf("check -json %v: the note's warning in %d objects, want 1:\n%s", args, n, out)
		}
	}
}

// A diagnostic that reaches main as it is, or wrapped without words, is
// printed labelled; one wrapped with words of their own keeps them, as
// "nonopress CMD: words: …", and so does an error that is no diagnostic.
func TestIsDiagnosticOnlyWithNoWordsAdded(t *testing.T) {
	d := &diag.Diagnostic{File: "content/nonopress.toml", Line: 2, Severity: diag.Error, Message: `unknown key "per_pgae"`}
	for _, c := range []struct {
		err  error
		want bool
	}{
		{d, true},
		{fmt.Errorf("%w", d), true},
		{fmt.Errorf("read settings: %w", d), false},
		{errors.New(d.Error()), false},
	} {
		if got := isDiagnostic(c.err); got != c.want {
			t.Errorf("isDiagnostic(%q) = %v, want %v", c.err, got, c.want)
		}
	}
}

// TestCheckWithoutPathNamesContent: check or print with no path, in a
// site folder, says what to type for its content folder; elsewhere, only
// that a path is wanted. Both are usage mistakes (exit 2).
func TestCheckWithoutPathNamesContent(t *testing.T) {
	site := t.TempDir()
	t.Chdir(site)
	for _, withContent := range []bool{false, true} {
		if withContent {
			if err := os.Mkdir(filepath.Join(site, "content"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		for _, cmd := range []string{"check", "print"} {
			code, _, stderr := runCLI(t, cmd)
			want := "nonopress " + cmd + ": no PATH given: name puzzle files or folders\n"
			if withContent {
				want = "nonopress " + cmd + ": no PATH given: name puzzle files or folders, as in: nonopress " + cmd + " content\n"
			}
			if first, _, _ := strings.Cut(stderr, "Usage:"); code != 2 || first != want {
				t.Errorf("%s (content/ %v): exit %d, stderr %q; want 2 and %q", cmd, withContent, code, stderr, want)
			}
		}
	}
}

// TestCheckNamesAPictureWithoutNote: a folder of no puzzle that holds a
// picture is told which picture, and the note that would make it a
// puzzle, where the hint listed the formats.
func TestCheckNamesAPictureWithoutNote(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "pics/heart.png", string(pixeltest.PNG(t, pictureColors, "#.#", "###", ".#.")))
	code, stdout, _ := runCLI(t, "check", filepath.Join(dir, "pics"))
	pic, note := filepath.ToSlash(filepath.Join(dir, "pics", "heart.png")), filepath.ToSlash(filepath.Join(dir, "pics", "heart.md"))
	want := ": warning: no puzzle files in this folder (" + pic + " is a picture without a note: add " + note + " beside it, even empty, to make it a puzzle)"
	if code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("exit %d, output:\n%s\nwant %q in it", code, stdout, want)
	}
}
